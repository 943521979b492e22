import type { Transaction } from "kysely";
import {
  CANCEL_REASON_MAX,
  changeBasisLabel,
  changeTerms,
  refundShares,
  staffCancelTerms,
  type ChangeTerms,
} from "~/lib/cancellation";
import { paidByCard, PAYMENT_METHOD_LABELS, type PaymentMethod } from "~/lib/domain";
import { formatPence } from "~/lib/format";
import { db } from "~/services/db.server";
import { lockKeys } from "~/services/dialect.server";
import type { DB } from "~/services/schema";
import { isUnpaidCheckout, moveFeesPaid, orderChangeFacts } from "./booking-facts.server";
import { settleLinkPayment } from "../payments/link-payment.server";
import {
  NO_REFUNDS,
  recordMoveFeeRefunds,
  refundCancellation,
  refundedPence,
  type CancelRefunds,
} from "./cancel-refunds.server";
import {
  cancellationConfirmationEmail,
  cancellationNotificationEmail,
  refundRefusedEmail,
  type Cancellation,
} from "./booking-change-emails.server";
import { recordOrderEvent } from "../checkout/order-history.server";
import { enqueueEmail } from "../messages/outbox.server";
import type { VatStatus } from "~/lib/vat";
import { vatStatus } from "../shop/settings.server";
import { businessProfile } from "~/models/shop/business-profile.server";

/**
 * Cancelling a booking (issue 18; docs/decisions/024-self-service-cancellation.md), by its
 * customer from the manage link (manage-booking.server.ts#cancelBooking) or by staff from the
 * order page: the terms, the card refund through the gateway, the record and both emails.
 */

type Executor = Transaction<DB> | ReturnType<typeof db>;

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
  staffBusy:
    "This booking's cancellation is already being processed. Please reload the page in a minute.",
  refused: (phone: string) =>
    `We could not send your refund back automatically, so your booking has not been cancelled. Please call us on ${phone}: we have been told and will sort it out with you.`,
  staffRefused: (amount: string, reason: string) =>
    `The card refund of ${amount} was refused (${reason}), so the booking has not been cancelled. The office has been emailed: check the payment in the Stripe dashboard.`,
  notABooking: "This order is an unpaid card checkout, not a booking: there is nothing to cancel.",
  reasonMissing: "Please give the reason for cancelling (the customer does not see it).",
  reasonTooLong: `Please keep the reason to ${CANCEL_REASON_MAX} characters.`,
} as const;

/** Who cancels: the customer from their booking page, or a member of staff from the order page. */
export type CancelActor = { kind: "customer" } | { kind: "staff"; username: string };

export interface CancelOptions {
  actor: CancelActor;
  /** staff only: "Cancel and refund in full" (our side cancels, no fee); else the customer's terms */
  waiveFee?: boolean;
  /** staff only, required: why the booking is cancelled (≤ CANCEL_REASON_MAX characters) */
  reason?: string;
  now?: Date;
}

export type CancelResult =
  | {
      ok: true;
      refundPence: number;
      feePence: number;
      /** the gateway's id of the card refund, if there was one */
      refundReference: string | null;
      /** what was paid by cash or bank transfer, to be returned by hand */
      returnByHandPence: number;
      /** of those sent back through the gateway: the fees paid to move the booking */
      moveFeesRefundPence: number;
      paymentMethod: PaymentMethod;
    }
  | {
      ok: false;
      status: 400 | 404 | 409 | 502;
      message: string;
      errors?: { reason?: string };
    };

export { cancelIdempotencyKey } from "./cancel-refunds.server";

async function orderForCancelling(executor: Executor, orderId: number) {
  return executor
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
      "orders.payment_link_at",
      "orders.payment_session_id",
      "orders.status",
      "orders.booking_status",
      "orders.created_at",
      "orders.paid_at",
      "orders.cancelled_at",
      "orders.cancel_started_at",
      "orders.ics_sequence",
      "job_completions.id as completion_id",
      moveFeesPaid,
    ])
    .where("orders.id", "=", orderId)
    .executeTakeFirst();
}
type CancellingOrder = NonNullable<Awaited<ReturnType<typeof orderForCancelling>>>;

/**
 * The terms of a cancellation: the customer's own (changeTerms), or what staff
 * chose (staffCancelTerms: the customer's terms, or in full with no fee).
 */
function cancelTermsOf(order: CancellingOrder, now: Date, waiveFee: boolean | undefined) {
  const input = orderChangeFacts(order, now);
  const { paidPence } = input;
  const terms =
    waiveFee === undefined
      ? changeTerms({ kind: "cancel", ...input })
      : staffCancelTerms({ ...input, waiveFee });
  // A card payment goes back through the gateway (and so do move fees, each paid by card);
  // cash and bank transfers are returned by hand.
  const shares = refundShares(terms, paidByCard(order.payment_method));
  const cardRefundPence = shares.toCardPence;
  const returnByHandPence = shares.byHandPence;
  return { terms, paidPence, cardRefundPence, returnByHandPence };
}
type CancelTerms = ReturnType<typeof cancelTermsOf>;

/** Checks what only staff give: the reason. */
function checkReason(reason: string | undefined): string | { error: string } {
  const text = (reason ?? "").trim();
  if (text === "") return { error: CANCEL_MESSAGES.reasonMissing };
  if (text.length > CANCEL_REASON_MAX) return { error: CANCEL_MESSAGES.reasonTooLong };
  return text;
}

interface Cancelling {
  actor: CancelActor;
  waiveFee: boolean | undefined;
  reason: string | null;
}

function cancelledByOf(how: Cancelling): Cancellation["cancelledBy"] {
  return how.actor.kind === "staff"
    ? { kind: "staff", username: how.actor.username, reason: how.reason ?? "" }
    : { kind: "customer" };
}

function cancellationOf(
  order: CancellingOrder,
  { terms, paidPence, returnByHandPence }: CancelTerms,
  how: Cancelling,
  refund: CancelRefunds,
  icsSequence: number,
  vat: VatStatus,
): Cancellation {
  return {
    vat,
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
    moveFeesRefundPence: refundedPence(refund) - refund.pence,
    returnByHandPence,
    icsSequence,
    cancelledBy: cancelledByOf(how),
  };
}

/** The history row's text: who, on what terms, why, the fee and where the money went. */
function historyText(
  order: CancellingOrder,
  { terms, returnByHandPence }: CancelTerms,
  how: Cancelling,
  refund: CancelRefunds,
): string {
  const method = PAYMENT_METHOD_LABELS[order.payment_method].toLowerCase();
  return [
    how.actor.kind === "staff"
      ? how.waiveFee
        ? "cancelled by staff, refunded in full (no fee)"
        : `cancelled by staff on the customer's terms (${changeBasisLabel(terms.basis)})`
      : `cancelled by the customer (${changeBasisLabel(terms.basis)})`,
    ...(how.reason ? [`reason: ${how.reason}`] : []),
    terms.feePence > 0 ? `cancellation fee ${formatPence(terms.feePence)}` : "no cancellation fee",
    refund.pence > 0
      ? `booking refunded ${formatPence(refund.pence)} (${refund.reference})`
      : returnByHandPence > 0
        ? `return ${formatPence(returnByHandPence)} by hand (${method})`
        : refund.moves.length > 0
          ? "nothing to refund of the booking"
          : "no refund",
    ...refund.moves.map(
      (move) => `fee paid to move it refunded ${formatPence(move.pence)} (${move.reference})`,
    ),
  ].join("; ");
}

/**
 * Marks the order cancelled, with its history row and both emails, in the
 * caller's transaction. The calendar event's SEQUENCE moves on by one
 * (orders.ics_sequence), and the customer's cancelled event carries it.
 */
async function recordCancellation(
  trx: Transaction<DB>,
  order: CancellingOrder,
  now: Date,
  how: Cancelling,
  refund: CancelRefunds,
): Promise<CancelTerms> {
  const at = now.toISOString();
  const icsSequence = order.ics_sequence + 1;
  await trx
    .updateTable("orders")
    .set({
      cancelled_at: at,
      refund_pence: refund.pence > 0 ? refund.pence : null,
      refund_reference: refund.reference,
      cancel_started_at: null,
      ics_sequence: icsSequence,
      updated_at: at,
    })
    .where("id", "=", order.id)
    .execute();
  await recordMoveFeeRefunds(trx, refund);
  const terms = cancelTermsOf(order, now, how.waiveFee);
  await recordOrderEvent(trx, {
    orderId: order.id,
    field: "cancelled",
    oldValue: null,
    newValue: historyText(order, terms, how, refund),
    actor: how.actor.kind === "staff" ? how.actor.username : "customer",
    at,
  });
  const cancellation = cancellationOf(order, terms, how, refund, icsSequence, await vatStatus(trx));
  await enqueueEmail(trx, cancellationConfirmationEmail(cancellation));
  await enqueueEmail(trx, cancellationNotificationEmail(cancellation));
  return terms;
}

const done = (order: CancellingOrder, terms: CancelTerms, refund: CancelRefunds): CancelResult => ({
  paymentMethod: order.payment_method,
  ok: true,
  refundPence: refundedPence(refund),
  feePence: terms.terms.feePence,
  refundReference: refund.reference,
  returnByHandPence: terms.returnByHandPence,
  moveFeesRefundPence: refundedPence(refund) - refund.pence,
});

type Claim =
  | { kind: "done"; result: CancelResult }
  | {
      kind: "refund";
      order: CancellingOrder;
      refundPence: number;
      withMoveFees: boolean;
      startedAt: string;
    }
  | { kind: "failed"; status: 404 | 409; message: string };

/**
 * THE cancellation of a booking, by its customer or by staff (issue 18;
 * docs/decisions/024-self-service-cancellation.md): the terms are read again
 * under the order's lock (the customer's changeTerms; staff choose those or a
 * full refund, staffCancelTerms). A card payment's refund goes back through
 * the gateway outside any write transaction, with a marker
 * (cancel_started_at) so a second submit meanwhile is told to wait, and one
 * idempotency key per order so a repeat never refunds twice. If the gateway
 * refuses, the booking stays as it was and the office is emailed.
 */
export async function cancelOrder(orderId: number, options: CancelOptions): Promise<CancelResult> {
  const { actor, now = new Date() } = options;
  const staff = actor.kind === "staff";
  let reason: string | null = null;
  if (staff) {
    const checked = checkReason(options.reason);
    if (typeof checked !== "string")
      return { ok: false, status: 400, message: checked.error, errors: { reason: checked.error } };
    reason = checked;
  }
  const how: Cancelling = {
    actor,
    waiveFee: staff ? options.waiveFee === true : undefined,
    reason,
  };
  if (!Number.isSafeInteger(orderId) || orderId < 1)
    return { ok: false, status: 404, message: CANCEL_MESSAGES.notFound };
  // A payment link still open is closed first: paid meanwhile, the cancellation refunds it.
  await settleLinkPayment(orderId);

  const claim = await db()
    .transaction()
    .execute(async (trx): Promise<Claim> => {
      await lockKeys(trx, [`order:${orderId}`]);
      const order = await orderForCancelling(trx, orderId);
      if (!order) return { kind: "failed", status: 404, message: CANCEL_MESSAGES.notFound };
      if (isUnpaidCheckout(order))
        return staff
          ? { kind: "failed", status: 409, message: CANCEL_MESSAGES.notABooking }
          : { kind: "failed", status: 404, message: CANCEL_MESSAGES.notFound };
      const terms = cancelTermsOf(order, now, how.waiveFee);
      if (!terms.terms.allowed)
        return { kind: "failed", status: 409, message: terms.terms.explanation };
      if (
        order.cancel_started_at &&
        now.getTime() - Date.parse(order.cancel_started_at) < CANCEL_LEASE_MS
      )
        return {
          kind: "failed",
          status: 409,
          message: staff ? CANCEL_MESSAGES.staffBusy : CANCEL_MESSAGES.busy,
        };
      const withMoveFees = terms.terms.moveFeesRefundPence > 0;
      if (terms.cardRefundPence === 0 && !withMoveFees) {
        const recorded = await recordCancellation(trx, order, now, how, NO_REFUNDS);
        return { kind: "done", result: done(order, recorded, NO_REFUNDS) };
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
        refundPence: terms.cardRefundPence,
        withMoveFees,
        startedAt,
      };
    });
  if (claim.kind === "failed") return { ok: false, status: claim.status, message: claim.message };
  if (claim.kind === "done") return claim.result;

  const { order, refundPence, withMoveFees, startedAt } = claim;
  const refund = await refundCancellation(order, refundPence, withMoveFees);
  const phone = businessProfile().phone;
  return db()
    .transaction()
    .execute(async (trx): Promise<CancelResult> => {
      await lockKeys(trx, [`order:${order.id}`]);
      const current = await orderForCancelling(trx, order.id);
      if (!current) return { ok: false, status: 404, message: CANCEL_MESSAGES.notFound };
      // Another attempt finished after our lease ran out: its result stands (same refund, same key).
      if (current.cancelled_at)
        return refund.ok
          ? done(order, cancelTermsOf(order, now, how.waiveFee), refund.refunds)
          : { ok: false, status: 409, message: "This booking is cancelled." };
      const ours = current.cancel_started_at === startedAt;
      if (!refund.ok) {
        if (ours)
          await trx
            .updateTable("orders")
            .set({ cancel_started_at: null })
            .where("id", "=", order.id)
            .execute();
        await enqueueEmail(
          trx,
          refundRefusedEmail(current, refund.pence, refund.reason, cancelledByOf(how)),
        );
        return {
          ok: false,
          status: 502,
          message: staff
            ? CANCEL_MESSAGES.staffRefused(formatPence(refund.pence), refund.reason)
            : CANCEL_MESSAGES.refused(phone),
        };
      }
      const refunds = refund.refunds;
      return done(current, await recordCancellation(trx, current, now, how, refunds), refunds);
    });
}

/** What the staff order page offers: both choices' terms, and how the money goes back. */
export interface StaffCancelOptions {
  orderId: number;
  collectionDate: string;
  paymentMethod: PaymentMethod;
  /** "card", "cash", "bank transfer" */
  paymentLabel: string;
  paidPence: number;
  /** "Cancel with the customer's terms" (not allowed once the collection date has passed) */
  customerTerms: ChangeTerms;
  /** "Cancel and refund in full" */
  fullTerms: ChangeTerms;
}

/**
 * The staff order page's cancel choices, or undefined when the order cannot
 * be cancelled (no such order, an unpaid card checkout, the job done, or
 * already cancelled).
 */
export async function staffCancelOptions(
  orderId: number,
  now = new Date(),
): Promise<StaffCancelOptions | undefined> {
  if (!Number.isSafeInteger(orderId) || orderId < 1) return undefined;
  const order = await orderForCancelling(db(), orderId);
  if (!order || isUnpaidCheckout(order)) return undefined;
  const full = cancelTermsOf(order, now, true);
  if (!full.terms.allowed) return undefined;
  return {
    orderId,
    collectionDate: order.collection_date,
    paymentMethod: order.payment_method,
    paymentLabel: PAYMENT_METHOD_LABELS[order.payment_method].toLowerCase(),
    paidPence: full.paidPence,
    customerTerms: cancelTermsOf(order, now, false).terms,
    fullTerms: full.terms,
  };
}
