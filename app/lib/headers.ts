import type { HeadersFunction } from "@remix-run/node";

/**
 * For document routes whose actions answer with headers that matter
 * (Retry-After on a 429, Connection: close on a refused upload): Remix only
 * sends a route's headers when it exports a `headers` function.
 */
export const passActionHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const merged = new Headers(loaderHeaders);
  actionHeaders.forEach((value, key) => merged.set(key, value));
  return merged;
};

/**
 * A customer's page whose address carries its token (a quote, a job, a booking): never sent on
 * to other sites (same-origin keeps the Origin header our POST check needs), never kept by a
 * shared cache. A refusal's Retry-After is kept.
 */
export const privateLinkHeaders: HeadersFunction = ({ errorHeaders }) => {
  const retryAfter = errorHeaders?.get("Retry-After");
  return {
    "Referrer-Policy": "same-origin",
    "Cache-Control": "private, no-store",
    ...(retryAfter ? { "Retry-After": retryAfter } : {}),
  };
};
