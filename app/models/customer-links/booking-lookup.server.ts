import { isUnpaidCheckout } from "../bookings/booking-facts.server";
import crypto from "node:crypto";
import { parseBookingReference } from "~/lib/references";
import type { Transaction } from "kysely";
import { clientNetwork } from "~/lib/client-network";
import type { PaymentMethod, PaymentStatus } from "~/lib/domain";
import { now as scheduleClock } from "~/services/clock.server";
import { db } from "~/services/db.server";
import type { DB } from "~/services/schema";
import { bookingLinkEmail } from "./booking-link-email.server";
import { manageLink } from "../bookings/manage-link.server";
import { enqueueEmail } from "../messages/outbox.server";
import { reserveAttemptIn, retryAfterText, type RateLimit } from "../shop/rate-limit.server";
import { businessProfile } from "~/models/shop/business-profile.server";

/**
 * /booking for a customer without their link (docs/rules.md#manage-your-booking;
 * docs/decisions/031-the-lookup-sends-the-link.md): the booking reference and
 * the collection postcode never open a booking. When both match, the manage
 * link is emailed to the address on the booking (by the durable schedule,
 * seconds later); the page answers the same either way, so it says nothing
 * about whether a booking exists.
 */

/** "rg1 4qx" → "RG14QX": postcodes compare without spaces or case. */
const postcodeKey = (text: string) => text.replace(/\s+/g, "").toUpperCase();

/** What the lookup reads of the order a reference names. */
export interface LookedUpOrder {
  postcode: string;
  status: PaymentStatus;
  payment_method: PaymentMethod;
  payment_link_at: string | null;
}

/**
 * THE rule of a match: the postcode typed is the collection postcode (spaces
 * and case ignored), and the order is a booking (an unpaid card checkout is
 * not one yet).
 */
export function lookupMatches(order: LookedUpOrder | undefined, postcodeText: string): boolean {
  if (!order || postcodeKey(postcodeText) === "") return false;
  return postcodeKey(order.postcode) === postcodeKey(postcodeText) && !isUnpaidCheckout(order);
}

/**
 * Lookups from one network, hit or miss alike (each may send an email, and
 * counting only misses would tell a guesser which were hits): a customer
 * needs one or two, a guesser thousands.
 */
export function lookupLimit(clientIp: string): RateLimit {
  return { bucket: `booking-lookup:${clientNetwork(clientIp)}`, max: 10, windowMs: 3_600_000 };
}

/** Emails of one booking's link a day: enough for a customer, too few to flood their inbox. */
export function linkEmailLimit(orderId: number): RateLimit {
  return { bucket: `booking-link-email:${orderId}`, max: 3, windowMs: 86_400_000 };
}

export const LOOKUP_MESSAGES = {
  missing: "Please enter your booking reference and the postcode of the collection address",
  sent: "If that booking exists, we have emailed its link to the address on it.",
  tooMany: (retryAfterSeconds: number, phone: string) =>
    `Too many booking look-ups from your connection. Please try again ${retryAfterText(retryAfterSeconds)}, or call us on ${phone}.`,
} as const;

export type LookupResult =
  { ok: true } | { ok: false; status: 400 | 429; message: string; retryAfterSeconds?: number };

/**
 * Emails the booking's manage link once more, unless it has been sent three
 * times in the last day. Under the booking's lock, in the caller's
 * transaction, so parallel requests from many networks send at most three.
 */
async function sendLinkOnce(trx: Transaction<DB>, orderId: number, now: Date): Promise<boolean> {
  const allowed = await reserveAttemptIn(trx, linkEmailLimit(orderId), now);
  if (!allowed.allowed) return false;
  const order = await trx
    .selectFrom("orders")
    .select(["id", "full_name", "email", "collection_date"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  await enqueueEmail(
    trx,
    bookingLinkEmail({ ...order, manageLink: await manageLink(orderId, trx) }),
  );
  return true;
}

/** The schedule's kind for a link request (schedule.server.ts runs it). */
export const BOOKING_LINK_JOB = "booking-link";

/** What is kept of each field typed: enough for any real reference or postcode. */
const FIELD_MAX = 40;

/**
 * THE lookup by reference and postcode. Both fields are needed (400). Each
 * lookup is reserved against its network's limit first (429 with
 * Retry-After once over it); then what was typed is written to the durable
 * schedule as a link request, in the same transaction. Nothing is looked up
 * here: a match and a miss run the very same statements, so they take the
 * same time. The schedule's next pass (within two seconds) matches it
 * (sendRequestedLink).
 */
export async function requestBookingLink(
  referenceText: string,
  postcodeText: string,
  clientIp: string,
  now = new Date(),
): Promise<LookupResult> {
  if (!referenceText.trim() || !postcodeText.trim())
    return { ok: false, status: 400, message: LOOKUP_MESSAGES.missing };
  const key = [
    crypto.randomUUID(),
    referenceText.trim().slice(0, FIELD_MAX),
    postcodeKey(postcodeText).slice(0, FIELD_MAX),
  ].join("|");
  return db()
    .transaction()
    .execute(async (trx): Promise<LookupResult> => {
      const reserved = await reserveAttemptIn(trx, lookupLimit(clientIp), now);
      if (!reserved.allowed)
        return {
          ok: false,
          status: 429,
          retryAfterSeconds: reserved.retryAfterSeconds,
          message: LOOKUP_MESSAGES.tooMany(reserved.retryAfterSeconds, businessProfile().phone),
        };
      await trx
        .insertInto("scheduled_jobs")
        // Due at once by the schedule's own clock (a test may have moved it).
        .values({ kind: BOOKING_LINK_JOB, job_key: key, run_at: scheduleClock().toISOString() })
        .execute();
      return { ok: true };
    });
}

/**
 * A link request's work, in the schedule's transaction: when the reference
 * and postcode match a booking, its link is emailed (at most three a day).
 * The request's row is deleted with it, so what was typed is not kept.
 */
export async function sendRequestedLink(
  trx: Transaction<DB>,
  job: { id: number; key: string },
  now: Date,
): Promise<{ detail: string }> {
  const [, referenceText = "", postcodeText = ""] = job.key.split("|");
  await trx.deleteFrom("scheduled_jobs").where("id", "=", job.id).execute();
  const reference = parseBookingReference(referenceText);
  const order = reference
    ? await trx
        .selectFrom("orders")
        .select(["id", "postcode", "status", "payment_method", "payment_link_at"])
        .where("id", "=", reference)
        .executeTakeFirst()
    : undefined;
  const sent = lookupMatches(order, postcodeText) && (await sendLinkOnce(trx, order!.id, now));
  return { detail: sent ? "a booking's link emailed" : "nothing sent" };
}
