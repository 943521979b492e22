import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";

/**
 * Search parameters that only open or close an overlay
 * (docs/decisions/005-overlays-in-the-url.md).
 */
const OVERLAY_PARAMS = [
  "bag",
  "faq",
  "item",
  "qty",
  "bag_error",
  "scene",
  "contact",
  "menu",
  "new",
  "book",
  "delete",
] as const;

function withoutOverlays(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const name of OVERLAY_PARAMS) params.delete(name);
  params.sort();
  return `${url.pathname}?${params}`;
}

/** Opening or closing an overlay needs no new data: skip the loader round trip. */
export function skipRevalidationForOverlays({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  // Same address: an explicit revalidation (another tab changed the bag), so load again.
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  if (withoutOverlays(currentUrl) === withoutOverlays(nextUrl)) return false;
  return defaultShouldRevalidate;
}

/** The current address with an overlay parameter set or removed. */
export function overlayHref(
  location: { pathname: string; search: string },
  name: string,
  value: string | null,
) {
  const params = new URLSearchParams(location.search);
  if (value === null) params.delete(name);
  else params.set(name, value);
  if (name === "bag" && value === null) params.delete("bag_error");
  if (name === "item") params.delete("qty");
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ""}`;
}
