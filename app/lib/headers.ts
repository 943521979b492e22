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

/**
 * Marks a response as a public page that is the same for every visitor sharing its key
 * (app/models/shop/shared-pages.server.ts): the server keeps a copy and answers the next such visitor
 * with it (server/page-cache.ts), then removes this header. Never sent to a browser.
 */
export const SHARED_PAGE_HEADER = "X-Shared-Page";

/**
 * For a public page whose loader reads nothing of the visitor's but the splash cookie: the same
 * page for everyone without a bag or a session, so one rendered copy serves them all. An action's
 * own headers (Retry-After on a refusal) are kept; only a GET's 200 is ever kept by the server.
 */
export const sharedPageHeaders: HeadersFunction = (args) => {
  const merged = new Headers(passActionHeaders(args) as HeadersInit);
  merged.set(SHARED_PAGE_HEADER, "1");
  return merged;
};
