import crypto from "node:crypto";
import type { Transaction } from "kysely";
import { changeTerms, type ChangeTerms } from "~/lib/cancellation";
import { clientNetwork } from "~/lib/client-network";
import { PAYMENT_METHOD_LABELS, type PaymentMethod, type Position } from "~/lib/domain";
import { formatPence } from "~/lib/format";
import { todayInLondon } from "~/lib/london-clock.server";
import { config } from "~/services/config.server";
import { db } from "~/services/db.server";
import { lockKeys } from "~/services/dialect.server";
import { paymentGateway, type RefundResult } from "~/services/payments.server";
import type { DB } from "~/services/schema";
import {
  cancellationConfirmationEmail,
  cancellationNotificationEmail,
  refundRefusedEmail,
  type Cancellation,
} from "./emails.server";
import { jobPhotosPath } from "./job-completion.server";
import { enqueueEmail } from "./outbox.server";
import { checkRateLimit, recordAttempt, retryAfterText } from "./rate-limit.server";

/**
 * "Manage your booking" (issue 18): the customer reaches their booking by
 * the link in their confirmation email, or by its reference and postcode,
 * without an account. See docs/rules.md#manage-your-booking.
 */

type Executor = Transaction<DB> | ReturnType<typeof db>;

const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;
export const managePath = (token: string) => `/booking/${token}`;

/**
 * The order's manage token, made now if it has none yet (24 random bytes).
 * Inside the caller's transaction when there is one.
 */
export async function manageToken(orderId: number, executor: Executor = db()): Promise<string> {
  await executor
    .updateTable("orders")
    .set({ manage_token: crypto.randomBytes(24).toString("base64url") })
    .where("id", "=", orderId)
    .where("manage_token", "is", null)
    .execute();
  const row = await executor
    .selectFrom("orders")
    .select("manage_token")
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  return row.manage_token!;
}

/** "HB123", "hb 123", "123" → 123; null when it is no reference. */
export function parseReference(text: string): number | null {
  const match = /^\s*(?:HB)?\s*#?\s*(\d{1,9})\s*$/i.exec(text);
  if (!match) return null;
  const id = Number(match[1]);
  return id >= 1 && Number.isSafeInteger(id) ? id : null;
}

/** "rg1 4qx" → "RG14QX": postcodes compare without spaces or case. */
const postcodeKey = (text: string) => text.replace(/\s+/g, "").toUpperCase();

/**
 * Lookups that found nothing: a customer who mistypes needs a few, a guesser
 * thousands. Counted per network (10 an hour) and per reference (5 an hour,
 * so one booking cannot be tried against every postcode from many networks).
 */
const lookupLimits = (clientIp: string, reference: number | null) => [
  { bucket: `booking-lookup:${clientNetwork(clientIp)}`, max: 10, windowMs: 3_600_000 },
  ...(reference
    ? [{ bucket: `booking-lookup-ref:${reference}`, max: 5, windowMs: 3_600_000 }]
    : []),
];

export const LOOKUP_MESSAGES = {
  missing: "Please enter your booking reference and the postcode of the collection address",
  notFound:
    "We could not find a booking with that reference and postcode. Please check both, as they are on your confirmation email.",
} as const;

export type LookupResult =
  | { ok: true; token: string }
  | { ok: false; status: 400 | 404 | 429; message: string; retryAfterSeconds?: number };

/**
 * THE rule for finding a booking without its link: the reference and the
 * collection postcode must both match; a miss says so without saying which
 * half was wrong, and counts towards both limits; a refused address or
 * reference is told when to try again.
 */
export async function lookUpBooking(
  referenceText: string,
  postcodeText: string,
  clientIp: string,
  now = new Date(),
): Promise<LookupResult> {
  if (!referenceText.trim() || !postcodeText.trim())
    return { ok: false, status: 400, message: LOOKUP_MESSAGES.missing };
  const reference = parseReference(referenceText);
  const limits = lookupLimits(clientIp, reference);
  for (const limit of limits) {
    const check = await checkRateLimit(limit, now);
    if (!check.allowed)
      return {
        ok: false,
        status: 429,
        retryAfterSeconds: check.retryAfterSeconds,
        message: `Too many booking look-ups that found nothing. Please try again ${retryAfterText(check.retryAfterSeconds)}, or call us on ${config().business.phone}.`,
      };
  }
  const order = reference
    ? await db()
        .selectFrom("orders")
        .select(["id", "postcode", "status", "payment_method"])
        .where("id", "=", reference)
        .executeTakeFirst()
    : undefined;
  // Only a booking counts: an unpaid card checkout is not one yet.
  const found =
    order &&
    postcodeKey(order.postcode) === postcodeKey(postcodeText) &&
    (order.status === "complete" || order.payment_method !== "card");
  if (!found) {
    for (const limit of limits) await recordAttempt(limit.bucket, now);
    return { ok: false, status: 404, message: LOOKUP_MESSAGES.notFound };
  }
  return { ok: true, token: await manageToken(order.id) };
}

export interface ManagedBooking {
  reference: string;
  /** the manage link's token (the page's own address) */
  token: string;
  orderId: number;
  fullName: string;
  address: string;
  collectionDate: string;
  items: {
    name: string;
    position: Position | null;
    quantity: number;
    unitPricePence: number;
  }[];
  totalPence: number;
  paymentMethod: PaymentMethod;
  paymentLabel: string;
  paidPence: number;
  done: boolean;
  /** when the customer (or staff) cancelled it; null while it stands */
  cancelledAt: string | null;
  /** what the cancellation sent back to the card, pence */
  refundPence: number | null;
  /** the customer's page of photos and documents, once the job is done */
  documentsPath: string | null;
  cancel: ChangeTerms;
  rearrange: ChangeTerms;
}

/** The booking behind a manage link; undefined for an unknown link or an unpaid checkout. */
export async function bookingForCustomer(
  token: string,
  now = new Date(),
): Promise<ManagedBooking | undefined> {
  if (!TOKEN.test(token)) return undefined;
  const order = await db()
    .selectFrom("orders")
    .leftJoin("job_completions", "job_completions.order_id", "orders.id")
    .select([
      "orders.id",
      "orders.full_name",
      "orders.address_1",
      "orders.town",
      "orders.postcode",
      "orders.collection_date",
      "orders.total_pence",
      "orders.payment_method",
      "orders.status",
      "orders.booking_status",
      "orders.created_at",
      "orders.paid_at",
      "orders.cancelled_at",
      "orders.refund_pence",
      "job_completions.photo_token",
    ])
    .where("orders.manage_token", "=", token)
    .executeTakeFirst();
  if (!order || (order.payment_method === "card" && order.status !== "complete")) return undefined;
  const items = await db()
    .selectFrom("order_items")
    .select(["product_name", "position", "quantity", "unit_price_pence"])
    .where("order_id", "=", order.id)
    .orderBy("id")
    .execute();
  const paid = order.status === "complete";
  const paidPence = paid ? order.total_pence : 0;
  const done = order.booking_status === "complete";
  const terms = (kind: "cancel" | "rearrange") =>
    changeTerms({
      kind,
      bookedOn: todayInLondon(new Date(order.paid_at ?? order.created_at)),
      collectionDate: order.collection_date,
      today: todayInLondon(now),
      paidPence,
      jobDone: done,
      cancelled: order.cancelled_at !== null,
    });
  const method = PAYMENT_METHOD_LABELS[order.payment_method];
  return {
    reference: `HB${order.id}`,
    token,
    orderId: order.id,
    fullName: order.full_name,
    address: [order.address_1, order.town, order.postcode].join(", "),
    collectionDate: order.collection_date,
    items: items.map((item) => ({
      name: item.product_name,
      position: item.position,
      quantity: item.quantity,
      unitPricePence: item.unit_price_pence,
    })),
    totalPence: order.total_pence,
    paymentMethod: order.payment_method,
    paymentLabel: paid
      ? `Paid (${method.toLowerCase()})`
      : `To pay on the day (${method.toLowerCase()})`,
    paidPence,
    done,
    cancelledAt: order.cancelled_at,
    refundPence: order.refund_pence,
    documentsPath: order.photo_token ? jobPhotosPath(order.photo_token) : null,
    cancel: terms("cancel"),
    rearrange: terms("rearrange"),
  };
}

// ---------------------------------------------------------------------------
// Cancelling (docs/decisions/024-self-service-cancellation.md)

/**
 * How long a cancellation may be talking to the gateway before another may
 * try again: longer than a refund can take (two Stripe calls, each up to 20 s
 * and two retries), so a second submit never overlaps a first that is still
 * running. A process that died mid-refund leaves its marker; after this long a
 * retry repeats the refund with the same idempotency key, which Stripe answers
 * with the first refund instead of making another.
 */
export const CANCEL_LEASE_MS = 5 * 60_000;

export const CANCEL_MESSAGES = {
  notFound: "We could not find that booking.",
  busy: "Your cancellation is already being processed. Please reload this page in a minute.",
  refused: (phone: string) =>
    `We could not send your refund back automatically, so your booking has not been cancelled. Please call us on ${phone}: we have been told and will sort it out with you.`,
} as const;

export type CancelResult =
  | { ok: true; refundPence: number; feePence: number }
  | { ok: false; status: 404 | 409 | 502; message: string };

/** The refund's idempotency key: one per order, so a repeated request can never refund twice. */
export const cancelIdempotencyKey = (orderId: number) => `cancel-${orderId}`;

async function orderForCancelling(trx: Transaction<DB>, orderId: number) {
  return trx
    .selectFrom("orders")
    .leftJoin("job_completions", "job_completions.order_id", "orders.id")
    .select([
      "orders.id",
      "orders.full_name",
      "orders.email",
      "orders.phone_number",
      "orders.postcode",
      "orders.collection_date",
      "orders.total_pence",
      "orders.payment_method",
      "orders.payment_session_id",
      "orders.status",
      "orders.booking_status",
      "orders.created_at",
      "orders.paid_at",
      "orders.cancelled_at",
      "orders.cancel_started_at",
      "job_completions.id as completion_id",
    ])
    .where("orders.id", "=", orderId)
    .executeTakeFirst();
}
type CancellingOrder = NonNullable<Awaited<ReturnType<typeof orderForCancelling>>>;

function cancelTermsOf(order: CancellingOrder, now: Date) {
  const paidPence = order.status === "complete" ? order.total_pence : 0;
  const terms = changeTerms({
    kind: "cancel",
    bookedOn: todayInLondon(new Date(order.paid_at ?? order.created_at)),
    collectionDate: order.collection_date,
    today: todayInLondon(now),
    paidPence,
    jobDone: order.booking_status === "complete" || order.completion_id !== null,
    cancelled: order.cancelled_at !== null,
  });
  // Only a card payment goes back through the gateway; cash and bank transfers are returned by hand.
  const cardRefundPence = order.payment_method === "card" ? terms.refundPence : 0;
  return { terms, paidPence, cardRefundPence };
}

function cancellationOf(
  order: CancellingOrder,
  now: Date,
  refund: { pence: number; reference: string | null },
): Cancellation {
  const { terms, paidPence } = cancelTermsOf(order, now);
  return {
    id: order.id,
    full_name: order.full_name,
    email: order.email,
    phone_number: order.phone_number,
    postcode: order.postcode,
    collection_date: order.collection_date,
    total_pence: order.total_pence,
    paymentMethod: PAYMENT_METHOD_LABELS[order.payment_method],
    paidPence,
    feePence: terms.feePence,
    refundPence: refund.pence,
    refundReference: refund.reference,
    feeDuePence: terms.feeDuePence,
    returnByHandPence: order.payment_method === "card" ? 0 : terms.refundPence,
  };
}

/** Marks the order cancelled, with its history row and both emails, in the caller's transaction. */
async function recordCancellation(
  trx: Transaction<DB>,
  order: CancellingOrder,
  now: Date,
  refund: { pence: number; reference: string | null },
): Promise<void> {
  const at = now.toISOString();
  await trx
    .updateTable("orders")
    .set({
      cancelled_at: at,
      refund_pence: refund.pence > 0 ? refund.pence : null,
      refund_reference: refund.reference,
      cancel_started_at: null,
      updated_at: at,
    })
    .where("id", "=", order.id)
    .execute();
  const { terms } = cancelTermsOf(order, now);
  await trx
    .insertInto("order_events")
    .values({
      order_id: order.id,
      field: "cancelled",
      old_value: null,
      new_value: [
        `cancelled by the customer (${terms.basis})`,
        `fee ${formatPence(terms.feePence)}`,
        refund.pence > 0
          ? `refunded ${formatPence(refund.pence)} (${refund.reference})`
          : "no refund",
      ].join("; "),
      actor: "customer",
      created_at: at,
    })
    .execute();
  const cancellation = cancellationOf(order, now, refund);
  await enqueueEmail(trx, cancellationConfirmationEmail(cancellation));
  await enqueueEmail(trx, cancellationNotificationEmail(cancellation));
}

type Claim =
  | { kind: "done"; refundPence: number; feePence: number }
  | {
      kind: "refund";
      order: CancellingOrder;
      refundPence: number;
      feePence: number;
      startedAt: string;
    }
  | { kind: "failed"; status: 404 | 409; message: string };

/**
 * THE customer's cancellation of their booking (issue 18): the terms are
 * changeTerms's, read again under the order's lock. A card payment's refund
 * goes back through the gateway outside any write transaction, with a
 * marker (cancel_started_at) so a second submit meanwhile is told to wait,
 * and one idempotency key per order so a repeat never refunds twice. If the
 * gateway refuses, the booking stays as it was, the office is emailed, and
 * the customer is asked to call.
 */
export async function cancelBooking(token: string, now = new Date()): Promise<CancelResult> {
  if (!TOKEN.test(token)) return { ok: false, status: 404, message: CANCEL_MESSAGES.notFound };
  const claim = await db()
    .transaction()
    .execute(async (trx): Promise<Claim> => {
      const found = await trx
        .selectFrom("orders")
        .select("id")
        .where("manage_token", "=", token)
        .executeTakeFirst();
      if (!found) return { kind: "failed", status: 404, message: CANCEL_MESSAGES.notFound };
      await lockKeys(trx, [`order:${found.id}`]);
      const order = await orderForCancelling(trx, found.id);
      if (!order || (order.payment_method === "card" && order.status !== "complete"))
        return { kind: "failed", status: 404, message: CANCEL_MESSAGES.notFound };
      const { terms, cardRefundPence } = cancelTermsOf(order, now);
      if (!terms.allowed) return { kind: "failed", status: 409, message: terms.explanation };
      if (
        order.cancel_started_at &&
        now.getTime() - Date.parse(order.cancel_started_at) < CANCEL_LEASE_MS
      )
        return { kind: "failed", status: 409, message: CANCEL_MESSAGES.busy };
      if (cardRefundPence === 0) {
        await recordCancellation(trx, order, now, { pence: 0, reference: null });
        return { kind: "done", refundPence: 0, feePence: terms.feePence };
      }
      const startedAt = now.toISOString();
      await trx
        .updateTable("orders")
        .set({ cancel_started_at: startedAt })
        .where("id", "=", order.id)
        .execute();
      return {
        kind: "refund",
        order,
        refundPence: cardRefundPence,
        feePence: terms.feePence,
        startedAt,
      };
    });
  if (claim.kind === "failed") return { ok: false, status: claim.status, message: claim.message };
  if (claim.kind === "done") return { ok: true, refundPence: 0, feePence: claim.feePence };

  const { order, refundPence, startedAt } = claim;
  const refund = await refundThroughGateway(order, refundPence);
  const phone = config().business.phone;
  return db()
    .transaction()
    .execute(async (trx): Promise<CancelResult> => {
      await lockKeys(trx, [`order:${order.id}`]);
      const current = await orderForCancelling(trx, order.id);
      if (!current) return { ok: false, status: 404, message: CANCEL_MESSAGES.notFound };
      // Another attempt finished after our lease ran out: its result stands (same refund, same key).
      if (current.cancelled_at)
        return refund.ok
          ? { ok: true, refundPence, feePence: claim.feePence }
          : { ok: false, status: 409, message: "This booking is cancelled." };
      const ours = current.cancel_started_at === startedAt;
      if (!refund.ok) {
        if (ours)
          await trx
            .updateTable("orders")
            .set({ cancel_started_at: null })
            .where("id", "=", order.id)
            .execute();
        await enqueueEmail(trx, refundRefusedEmail(current, refundPence, refund.reason));
        return { ok: false, status: 502, message: CANCEL_MESSAGES.refused(phone) };
      }
      await recordCancellation(trx, current, now, { pence: refundPence, reference: refund.id });
      return { ok: true, refundPence, feePence: claim.feePence };
    });
}

async function refundThroughGateway(
  order: CancellingOrder,
  amountPence: number,
): Promise<RefundResult> {
  const gateway = paymentGateway();
  const reference = order.payment_session_id;
  if (!gateway) return { ok: false, reason: "card payments are not set up on this site" };
  if (!reference || !gateway.isSessionId(reference))
    return {
      ok: false,
      reason: `the order's payment (${reference ?? "none"}) was not made through the ${gateway.kind} gateway in use`,
    };
  try {
    return await gateway.refund(reference, amountPence, {
      idempotencyKey: cancelIdempotencyKey(order.id),
    });
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
