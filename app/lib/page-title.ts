import type { MetaFunction } from "@remix-run/node";

/**
 * Page titles under the business's own name: the root loader hands every page the name staff
 * keep in Settings (app/models/shop/business-profile.server.ts), and each route's meta names
 * its page with it.
 */

type Matches = Parameters<MetaFunction>[0]["matches"];

/** The business's name, as the root loader gave it. */
export function brandIn(matches: Matches): string {
  const root = matches.find((match) => match.id === "root")?.data as { brand?: string } | undefined;
  return root?.brand ?? "";
}

/** "Contact us — Acme Clearances", or on a staff page "Orders — Acme Clearances dashboard". */
export function titleFor(
  matches: Matches,
  page: string,
  where: "site" | "dashboard" = "site",
): string {
  const brand = brandIn(matches);
  return `${page} — ${brand}${where === "dashboard" ? " dashboard" : ""}`;
}

/** A route's meta that gives its page a title and nothing else. */
export function titled(page: string, where: "site" | "dashboard" = "site"): MetaFunction {
  return ({ matches }) => [{ title: titleFor(matches, page, where) }];
}
