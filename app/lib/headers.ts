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
