import type { Transaction } from "kysely";
import { pickWindow, type WindowChoice } from "~/lib/capacity";
import type { PaymentRefused } from "~/lib/domain";
import { formatLongDate, formatPence } from "~/lib/format";
import { todayInLondon } from "~/lib/london-clock.server";
import { holdEndsAt, holdLapsed } from "~/lib/payment-hold";
import { config } from "~/services/config.server";
import { db, type DB } from "~/services/db.server";
import { lockKeys } from "~/services/dialect.server";
import { refundPayment } from "~/services/payments.server";
import { orderNeed } from "../bookings/booking-facts.server";
import { dayAvailability } from "../checkout/availability.server";
import { recordOrderEvent } from "../checkout/order-history.server";
import { refundRefusedEmail } from "../bookings/booking-change-emails.server";
import { customerEmail } from "../messages/email-layout.server";
import { enqueueEmail, type OutgoingEmail } from "../messages/outbox.server";
import { businessProfile } from "~/models/shop/business-profile.server";

/**
 * Payments that arrive when they should no longer be possible
 * (docs/decisions/032-one-quote-one-booking.md): the gateway closes a payment
 * when its hold lapses or staff change its quote, but a payment taken a moment
 * before (or reported late) still reaches completePayment. Two rules, both
 * decided inside completePayment's transaction under the order's, day's and
 * quote's locks:
 *
 * - a quote's price that is no longer on offer (withdrawn, revised, declined,
 *   expired) or a quote already booked: the payment is refunded in full,
 *   nothing is booked, and the customer and the office are told;
 * - a payment whose hold had lapsed, on a day that filled meanwhile: the
 *   booking stands (the customer paid), and staff see it under "Payments to
 *   review" as over capacity, to move or refund it.
 */

type Trx = Transaction<DB>;

/** Why a quote's price could no longer be paid (orders.payment_refused). */
export type QuoteGone = PaymentRefused;

const GONE_WORDS: Record<QuoteGone, string> = {
  withdrawn: "the quote was withdrawn",
  replaced: "the quote was replaced by a newer price",
  declined: "the quote was declined",
  expired: "the quote had expired",
  booked: "the job was already booked",
};

interface PayingOrder {
  id: number;
  created_at: string;
  quote_id: number | null;
  quote_offer_id: number | null;
}

/**
 * Is the price this order pays still on offer? null when it is, else why not.
 * "Expired" is judged on the day the hold ended (or now, if sooner): a
 * customer who started paying on the last day is not refused for a payment
 * that finished after midnight within the hold.
 */
export async function quotePriceGone(
  trx: Trx,
  order: PayingOrder,
  now: Date,
): Promise<QuoteGone | null> {
  if (!order.quote_id) return null;
  const quote = await trx
    .selectFrom("quotes")
    .select("state")
    .where("id", "=", order.quote_id)
    .executeTakeFirst();
  if (quote?.state === "booked") return "booked";
  if (!order.quote_offer_id) return null;
  const offer = await trx
    .selectFrom("quote_offers")
    .select(["status", "valid_until"])
    .where("id", "=", order.quote_offer_id)
    .executeTakeFirst();
  if (!offer || offer.status === "withdrawn") return "withdrawn";
  if (offer.status !== "sent") return offer.status;
  const asOf = Math.min(now.getTime(), holdEndsAt(order.created_at).getTime());
  return offer.valid_until < todayInLondon(new Date(asOf)) ? "expired" : null;
}

interface RefusedOrder {
  id: number;
  full_name: string;
  email: string;
  phone_number: string;
  collection_date: string;
  total_pence: number;
  quote_id: number | null;
}

/** The customer: their payment came too late for the quote, and all of it goes back. */
export function quotePaymentRefundedEmail(order: RefusedOrder, gone: QuoteGone): OutgoingEmail {
  const total = formatPence(order.total_pence);
  return customerEmail({
    kind: "quote_payment_refunded",
    to: order.email,
    subject: `Your payment of ${total} is being refunded in full`,
    name: order.full_name,
    body: [
      `We received your card payment of ${total} for quote Q${order.quote_id}, but by then ${GONE_WORDS[gone]}.`,
      `So no collection is booked for ${formatLongDate(order.collection_date)}, and we are refunding the full ${total} to your card.`,
      "Refunds usually reach your account within 5 to 10 working days. You do not need to do anything.",
      "",
      `If you still need a collection, call us on ${businessProfile().phone} or reply to this email and we will sort it out.`,
    ],
  });
}

/** The office: a payment for a quote that was no longer on offer, refunded automatically. */
export function quotePaymentRefundedNotice(order: RefusedOrder, gone: QuoteGone): OutgoingEmail {
  const business = businessProfile();
  const { publicUrl } = config();
  return {
    kind: "quote_payment_refunded_notice",
    to: business.email,
    subject: `Late payment refunded: order HB${order.id} for quote Q${order.quote_id}`,
    text: [
      `A card payment of ${formatPence(order.total_pence)} for quote Q${order.quote_id} arrived after ${GONE_WORDS[gone]}.`,
      "It was not booked: the order is cancelled and the full amount is being refunded to the card.",
      "The customer has been emailed.",
      "",
      `Customer: ${order.full_name}, ${order.email}, ${order.phone_number}`,
      `Date they asked for: ${formatLongDate(order.collection_date)}`,
      "",
      `Open the order: ${publicUrl}/dashboard/orders/${order.id}`,
      `Open the quote: ${publicUrl}/dashboard/quotes/${order.quote_id}`,
    ].join("\n"),
  };
}

/**
 * Records, in completePayment's transaction, a payment that cannot be booked:
 * the order is paid and cancelled at once (never a booking, its history
 * kept), the full amount is due back (refund_pence; refund_reference stays
 * empty until the gateway answers), and both emails join the outbox.
 */
/** An order's columns once its payment (the gateway's session) arrived. */
export const paidOrder = (sessionId: string, at: string) =>
  ({
    status: "complete",
    paid_at: at,
    payment_session_id: sessionId,
    payment_closed: null,
  }) as const;

/**
 * Marks a pending order paid by a gateway's session, with its history entry, in the caller's
 * transaction: false when it was paid already (a second report of one payment).
 */
export async function markOrderPaid(
  trx: Trx,
  orderId: number,
  sessionId: string,
  actor: string,
  at: string,
): Promise<boolean> {
  const updated = await trx
    .updateTable("orders")
    .set({ ...paidOrder(sessionId, at), updated_at: at })
    .where("id", "=", orderId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  await recordOrderEvent(trx, {
    orderId,
    field: "status",
    oldValue: "pending",
    newValue: "complete",
    actor,
  });
  return true;
}

export async function recordRefusedQuotePayment(
  trx: Trx,
  order: RefusedOrder,
  payment: { id: string },
  gone: QuoteGone,
  actor: string,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const updated = await trx
    .updateTable("orders")
    .set({
      ...paidOrder(payment.id, at),
      cancelled_at: at,
      payment_refused: gone,
      refund_pence: order.total_pence,
      refund_reference: null,
      updated_at: at,
    })
    .where("id", "=", order.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  const events = [
    { field: "status", oldValue: "pending", newValue: "complete" },
    {
      field: "cancelled",
      oldValue: null,
      newValue: `paid after ${GONE_WORDS[gone]}: not booked; full refund of ${formatPence(order.total_pence)} due`,
    },
  ];
  for (const event of events) await recordOrderEvent(trx, { orderId: order.id, actor, ...event });
  await enqueueEmail(trx, quotePaymentRefundedEmail(order, gone));
  await enqueueEmail(trx, quotePaymentRefundedNotice(order, gone));
  return true;
}

/** A refused payment whose refund has not been made yet: its gateway refund is (re)asked for. */
export function refundOutstanding(order: {
  payment_refused: string | null;
  refund_reference: string | null;
  payment_review_at: string | null;
}): boolean {
  return (
    order.payment_refused !== null &&
    order.refund_reference === null &&
    order.payment_review_at === null
  );
}

/**
 * Sends a refused payment back through the gateway (after the transaction
 * that refused it). One idempotency key per order: a repeat (a webhook replay,
 * the customer's return) never refunds twice. If the gateway refuses, the
 * order goes to "Payments to review" and the office is emailed.
 */
export async function refundRefusedPayment(orderId: number): Promise<boolean> {
  const order = await db()
    .selectFrom("orders")
    .select(["payment_session_id", "refund_pence"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order?.payment_session_id || !order.refund_pence) return false;
  const result = await refundPayment(
    order.payment_session_id,
    order.refund_pence,
    `late-payment-refund-${orderId}`,
  );
  return db()
    .transaction()
    .execute(async (trx) => {
      await lockKeys(trx, [`order:${orderId}`]);
      const current = await trx
        .selectFrom("orders")
        .selectAll()
        .where("id", "=", orderId)
        .executeTakeFirstOrThrow();
      if (!refundOutstanding(current)) return current.refund_reference !== null;
      const at = new Date().toISOString();
      const refund = formatPence(current.refund_pence!);
      await trx
        .updateTable("orders")
        .set(
          result.ok
            ? { refund_reference: result.id, updated_at: at }
            : { payment_review_at: at, updated_at: at },
        )
        .where("id", "=", orderId)
        .execute();
      await recordOrderEvent(trx, {
        orderId,
        field: "refund",
        oldValue: null,
        newValue: result.ok
          ? `refunded ${refund} (${result.id})`
          : `refund of ${refund} refused: ${result.reason}`,
        actor: "system",
      });
      if (result.ok) return true;
      await enqueueEmail(
        trx,
        refundRefusedEmail(current, current.refund_pence!, `late payment: ${result.reason}`),
      );
      return false;
    });
}

/**
 * A payment reported after its order's hold lapsed (or was released) holds no
 * place on its day: does the order still fit, counting every other order?
 * Inside completePayment's transaction, holding the day's lock.
 */
export async function overCapacityAfterHold(
  trx: Trx,
  order: {
    id: number;
    created_at: string;
    payment_closed: string | null;
    collection_date: string;
    arrival_window: WindowChoice;
  },
  now: Date,
): Promise<boolean> {
  if (!order.payment_closed && !holdLapsed(order.created_at, now)) return false;
  const need = await orderNeed(order.id, trx);
  const answer = await dayAvailability(order.collection_date, need, {
    now,
    executor: trx,
    excludeOrderId: order.id,
  });
  return !pickWindow(answer, order.arrival_window).ok;
}

/** The office: a paid booking that took its day over capacity, to move or refund. */
export function overCapacityEmail(order: Omit<RefusedOrder, "quote_id">): OutgoingEmail {
  const business = businessProfile();
  const { publicUrl } = config();
  return {
    kind: "payment_over_capacity",
    to: business.email,
    subject: `Over capacity: booking HB${order.id} paid late for ${formatLongDate(order.collection_date)}`,
    text: [
      `Booking HB${order.id} was paid (${formatPence(order.total_pence)}) after its hold on ${formatLongDate(order.collection_date)} had run out,`,
      "and that day filled up meanwhile. The booking stands, so the day is now over capacity.",
      "",
      `Customer: ${order.full_name}, ${order.email}, ${order.phone_number}`,
      "",
      "Move it to a day with room, or refund it, from Payments to review:",
      `${publicUrl}/dashboard/home#payments-to-review`,
    ].join("\n"),
  };
}

/** Flags a booking paid after its hold on a day now full, in completePayment's transaction. */
export async function flagOverCapacity(
  trx: Trx,
  order: Parameters<typeof overCapacityEmail>[0],
  actor: string,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await trx
    .updateTable("orders")
    .set({ payment_review_at: at, updated_at: at })
    .where("id", "=", order.id)
    .execute();
  await recordOrderEvent(trx, {
    orderId: order.id,
    field: "payment_review",
    oldValue: null,
    newValue: "paid after its hold ran out: the day is over capacity",
    actor,
  });
  await enqueueEmail(trx, overCapacityEmail(order));
}
