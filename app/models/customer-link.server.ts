import { clientNetwork } from "~/lib/client-network";
import { config } from "~/services/config.server";
import { reserveAttempt, retryAfterText, type RateLimit } from "./rate-limit.server";

/**
 * The customers' own links (docs/rules.md#customer-links): a quote's, a
 * booking's and a completed job's pages, their photos and PDFs, each at an
 * unguessable token. The holder of a link is always served: a route looks
 * the token up first, and only a link that found nothing comes here, to be
 * counted against its network. So strangers guessing from a customer's
 * network never lock the customer out of their own link.
 */

/**
 * Links from one network that found nothing: a customer with a mistyped link
 * needs a few, a guesser thousands. Counted per network (an IPv6 /64 is one).
 */
export function linkMissLimit(clientIp: string): RateLimit {
  return {
    bucket: `customer-link-miss:${clientNetwork(clientIp)}`,
    max: 30,
    windowMs: 3_600_000,
  };
}

export const LINK_MESSAGES = {
  tooMany: (retryAfterSeconds: number, phone: string) =>
    `Too many links that do not exist were opened from your connection. Please try again ${retryAfterText(retryAfterSeconds)}, or call us on ${phone}.`,
} as const;

/**
 * What a link that found nothing answers: 404 with `notFound`, counted
 * (reserved under the network's lock, so a parallel burst counts every
 * miss), or 429 with Retry-After once the network has had its 30 misses in
 * the hour. A route throws or returns it.
 */
export async function linkMissResponse(
  clientIp: string,
  notFound: string,
  now = new Date(),
): Promise<Response> {
  const reserved = await reserveAttempt(linkMissLimit(clientIp), now);
  const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  if (reserved.allowed) return new Response(notFound, { status: 404, headers });
  return new Response(LINK_MESSAGES.tooMany(reserved.retryAfterSeconds, config().business.phone), {
    status: 429,
    headers: { ...headers, "Retry-After": String(reserved.retryAfterSeconds) },
  });
}
