import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { clientNetwork } from "~/lib/client-network";
import { askedPhotoWidth, privatePhotoResponse } from "~/lib/photo-response";
import { db, type DB } from "~/services/db.server";
import { isServablePhoto, photoThumbnail } from "~/services/images.server";
import { reserveAttempt, retryAfterText, type RateLimit } from "../shop/rate-limit.server";
import { businessProfile } from "~/models/shop/business-profile.server";

/**
 * The customers' own links (docs/rules.md#customer-links): a quote's, a
 * booking's and a completed job's pages, their photos and PDFs, each at an
 * unguessable token. The holder of a link is always served: a model looks
 * the token up here first (findByCustomerLink), and only a link that found
 * nothing is answered here, counted against its network (linkMissResponse).
 * So strangers guessing from a customer's network never lock the customer
 * out of their own link.
 */

/**
 * The kinds of link, each the token of one table's row: an order, a quote offer, a job completion;
 * and, the same way, a tip run's hand-off to the receiving site (its Defra records).
 */
export type CustomerLinkKind = "booking" | "quote" | "job" | "handoff";

/** What every link token looks like (24 random bytes, base64url; older ones up to 64 characters). */
const LINK_TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

/** A new link token: 24 random bytes, base64url. */
export function newLinkToken(): string {
  return crypto.randomBytes(24).toString("base64url");
}

/**
 * The id of the row a customer's link opens (the order of a booking link, the
 * offer of a quote link, the completion of a job link), or undefined when the
 * token is not shaped like one or opens nothing. Inside the caller's
 * transaction when there is one. Whether the row may be shown is the model's
 * to say.
 */
export async function findByCustomerLink(
  kind: CustomerLinkKind,
  token: string,
  executor: Kysely<DB> = db(),
): Promise<number | undefined> {
  if (!LINK_TOKEN.test(token)) return undefined;
  const row = await (
    kind === "booking"
      ? executor.selectFrom("orders").select("id").where("manage_token", "=", token)
      : kind === "quote"
        ? executor.selectFrom("quote_offers").select("id").where("token", "=", token)
        : kind === "job"
          ? executor.selectFrom("job_completions").select("id").where("photo_token", "=", token)
          : executor.selectFrom("tip_runs").select("id").where("handoff_token", "=", token)
  ).executeTakeFirst();
  return row?.id;
}

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
  return countedMissResponse(
    linkMissLimit(clientIp),
    notFound,
    (retryAfterSeconds) => LINK_MESSAGES.tooMany(retryAfterSeconds, businessProfile().phone),
    now,
  );
}

/**
 * A photo for the holder of a customer's link (a quote's, a job's) as the answer: the JPEG, or
 * its thumbnail when the address asks for one (`?w=`); anything else is a miss, and counts.
 */
export async function linkPhotoResponse(
  photo: { content_type: string; bytes: Buffer } | undefined,
  request: Request,
  clientIp: string,
): Promise<Response> {
  if (!photo || !isServablePhoto(photo.content_type, photo.bytes))
    return linkMissResponse(clientIp, "Photo not found");
  const width = askedPhotoWidth(request.url);
  return privatePhotoResponse(width ? await photoThumbnail(photo.bytes, width) : photo.bytes);
}

/**
 * THE answer of a secret address that found nothing (a customer's link, the
 * staff calendar feed): the miss is reserved against `limit`; 404 with
 * `notFound` while the limit allows, then 429 with `tooMany` and Retry-After.
 */
export async function countedMissResponse(
  limit: RateLimit,
  notFound: string,
  tooMany: (retryAfterSeconds: number) => string,
  now = new Date(),
): Promise<Response> {
  const reserved = await reserveAttempt(limit, now);
  const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  if (reserved.allowed) return new Response(notFound, { status: 404, headers });
  return new Response(tooMany(reserved.retryAfterSeconds), {
    status: 429,
    headers: { ...headers, "Retry-After": String(reserved.retryAfterSeconds) },
  });
}
