import crypto from "node:crypto";
import { ANY_TIME_DISCOUNT_PERCENT, unitDiscountPence } from "~/lib/capacity";
import { ORDER_CONTACT_NAMES } from "~/lib/contact-details";
import type { PaymentClosed } from "~/lib/domain";
import { holdEndsAt } from "~/lib/payment-hold";
import { lineName } from "~/lib/positions";
import { areaSurchargeName } from "~/lib/service-area";
import { config } from "~/services/config.server";
import { db } from "~/services/db.server";
import { lockKeys } from "~/services/dialect.server";
import {
  paymentGateway,
  type GatewayKind,
  type GatewaySession,
  type PaymentEvent,
  type PaymentGateway,
  type UiMode,
} from "~/services/payments.server";
import {
  bookingConfirmationEmail,
  bookingNotificationEmail,
  paymentReviewEmail,
} from "../bookings/booking-emails.server";
import { orderLines } from "../bookings/booking-facts.server";
import { recordOrderEvent } from "../checkout/order-history.server";
import { enqueueEmail } from "../messages/outbox.server";
import { bookingReceipt } from "../bookings/manage-link.server";
import { completeExtrasPayment, type ExtrasOutcome } from "./extras-payment.server";
import { recordLinkPayment } from "./link-payment.server";
import {
  flagOverCapacity,
  overCapacityAfterHold,
  markOrderPaid,
  quotePriceGone,
  recordRefusedQuotePayment,
  refundOutstanding,
  refundRefusedPayment,
} from "./late-payment.server";
import { markQuoteBooked } from "../quotes/quote-booked.server";
import {
  closeChange,
  completeChangePayment,
  type ChangeOutcome,
} from "../bookings/rearrange-booking.server";
import { vatStatus } from "../shop/settings.server";

/**
 * A card order's payment (docs/decisions/010-checkout-and-payments.md): the
 * gateway's session is asked for, completed by one idempotent function
 * (whoever reports the payment first: the /payment page, a gateway's webhook
 * or the demo page), or closed, which frees the order's slot. Gateways are
 * reached only through the interface of services/payments.server.ts.
 */

/** How long after a checkout its page may still empty the bag or refill the form for "Try again". */
export const RECENT_CHECKOUT_MS = 2 * 60 * 60 * 1000;

/** What the customer typed at checkout, to fill the form again when a payment did not go through. */
const DETAIL_COLUMNS = [
  ...Object.values(ORDER_CONTACT_NAMES),
  "collection_date",
  "business_name",
  "sic_code",
  "notes",
] as const;

type DetailColumn = (typeof DETAIL_COLUMNS)[number];

function checkoutDetails(
  order: Record<Exclude<DetailColumn, "business_name" | "sic_code" | "notes">, string> &
    Record<"business_name" | "sic_code" | "notes", string | null>,
): Record<string, string> {
  const { full_name, email, phone_number, address_1, town, postcode, collection_date } = order;
  const { business_name, sic_code, notes } = order;
  return {
    full_name,
    email,
    phone_number,
    address_1,
    town,
    postcode,
    date: collection_date,
    ...(business_name && sic_code ? { business: "on", business_name, sic_code } : {}),
    ...(notes ? { notes } : {}),
  };
}

// ---------------------------------------------------------------------------
// Starting a payment

/**
 * What lets a customer give up their own unpaid checkout (and nobody else's):
 * a keyed hash of the order, carried in the provider's "back" link and in
 * the embedded form's Cancel button.
 */
export function abandonKey(order: { id: number; created_at: string }): string {
  return crypto
    .createHmac("sha256", config().sessionSecret)
    .update(`abandon-checkout:${order.id}:${order.created_at}`)
    .digest("base64url")
    .slice(0, 22);
}

/**
 * Asks the gateway for a pending order's payment session and remembers its
 * id. The idempotency key and lifetime come from the order, so asking again
 * gets the same session.
 */
export async function startPayment(
  gateway: PaymentGateway,
  order: { id: number; created_at: string; email: string },
  uiMode: UiMode,
  siteUrl: string,
  /** the page the provider's "back" link returns to (a quote's page, or the checkout) */
  cancelPath = "/checkout",
  /** a booking's payment link opened now: the session lasts the payment window from now */
  linkOpenedAt?: Date,
): Promise<GatewaySession> {
  const items = await orderLines(order.id);
  const {
    window_discount_pence: discountPence,
    area_surcharge_pence: surchargePence,
    postcode,
  } = await db()
    .selectFrom("orders")
    .select(["window_discount_pence", "area_surcharge_pence", "postcode"])
    .where("id", "=", order.id)
    .executeTakeFirstOrThrow();
  const created = Date.parse(order.created_at);
  const session = await gateway.createSession({
    orderId: order.id,
    uiMode,
    // The provider takes no negative line: an "any time" order sends each unit at its discounted
    // price (anyTimeDiscountPence is the sum of those unit discounts, so the totals agree).
    lines: items
      .map((item) => ({
        name:
          discountPence > 0
            ? `${lineName(item.product_name, item.position)}, any time (${ANY_TIME_DISCOUNT_PERCENT}% off)`
            : lineName(item.product_name, item.position),
        unitPence:
          discountPence > 0
            ? item.unit_price_pence - unitDiscountPence(item.unit_price_pence)
            : item.unit_price_pence,
        quantity: item.quantity,
      }))
      .concat(
        surchargePence > 0
          ? [{ name: areaSurchargeName(postcode), unitPence: surchargePence, quantity: 1 }]
          : [],
      ),
    customerEmail: order.email,
    // The session closes when the order's hold on its day ends: never payable after it. A
    // booking's link is opened any day: its session is the link's, from the time it was opened.
    expiresAt: Math.floor(
      holdEndsAt(linkOpenedAt?.toISOString() ?? order.created_at).getTime() / 1000,
    ),
    idempotencyKey: linkOpenedAt
      ? `order-${order.id}-link-${linkOpenedAt.getTime()}-${uiMode}`
      : `order-${order.id}-${created}-${uiMode}`,
    siteUrl,
    cancelUrl: `${siteUrl}${cancelPath}?cancelled=1&order=${order.id}&key=${abandonKey(order)}`,
  });
  await db()
    .updateTable("orders")
    .set({ payment_session_id: session.id, updated_at: new Date().toISOString() })
    .where("id", "=", order.id)
    .execute();
  return session;
}

export type AbandonResult =
  /** the hold is released; the details typed, to fill the form again */
  | { state: "released"; details: Record<string, string> }
  /** it was paid after all: show the payment page */
  | { state: "paid"; sessionId: string }
  /** the provider did not answer: the hold stays until it expires */
  | { state: "unavailable"; details: Record<string, string> }
  | { state: "unknown" };

/**
 * The customer gave up an unpaid checkout (Stripe's "back" link, the Cancel
 * button by the embedded form): the payment session is closed at the
 * provider first, so it can no longer be paid, then the order's hold is
 * released at once. If the payment got there first, the order is completed
 * instead.
 */
export async function abandonCheckout(orderId: unknown, key: unknown): Promise<AbandonResult> {
  const id = Number(orderId);
  if (!Number.isSafeInteger(id) || id < 1 || typeof key !== "string") return { state: "unknown" };
  const order = await db()
    .selectFrom("orders")
    .select([
      "id",
      "created_at",
      "status",
      "payment_closed",
      "payment_session_id",
      ...DETAIL_COLUMNS,
    ])
    .where("id", "=", id)
    .where("payment_method", "=", "card")
    .where("source", "in", ["web", "quote"])
    .executeTakeFirst();
  if (!order) return { state: "unknown" };
  const expected = Buffer.from(abandonKey(order));
  const given = Buffer.from(key);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given))
    return { state: "unknown" };
  const details = checkoutDetails(order);
  if (order.status === "complete" && order.payment_session_id)
    return { state: "paid", sessionId: order.payment_session_id };
  if (order.payment_closed) return { state: "released", details };

  const gateway = paymentGateway();
  if (gateway && order.payment_session_id) {
    try {
      const session = await gateway.expireSession(order.payment_session_id);
      if (session?.paid) {
        await completePayment(session, gateway.kind);
        return { state: "paid", sessionId: session.id };
      }
    } catch (error) {
      console.error(`checkout: could not close the payment of order ${order.id}:`, error);
      return { state: "unavailable", details };
    }
  }
  await closePayment(order.id, "expired");
  return { state: "released", details };
}

/**
 * The details of a checkout whose payment did not go through, to fill the
 * form again for "Try again". Only for an unpaid order of the last two hours,
 * found by its payment session id (which only the customer's browser has).
 */
export async function retryDetails(
  sessionId: string | null,
): Promise<Record<string, string> | null> {
  if (!sessionId || sessionId.length > 255) return null;
  const since = new Date(Date.now() - RECENT_CHECKOUT_MS).toISOString();
  const order = await db()
    .selectFrom("orders")
    .select(DETAIL_COLUMNS)
    .where("payment_session_id", "=", sessionId)
    .where("status", "=", "pending")
    .where("source", "=", "web")
    .where("created_at", ">=", since)
    .executeTakeFirst();
  return order ? checkoutDetails(order) : null;
}

// ---------------------------------------------------------------------------
// Completing and closing a payment

export type CompletionOutcome =
  | "paid"
  | "already-paid"
  | "not-paid"
  | "mismatch"
  | "unknown-order"
  /** paid for a quote no longer on offer: refunded in full, nothing booked (late-payment.server.ts) */
  | "refunded";

/** A payment as a gateway reports it: its session, whether it is paid, and what was paid. */
export type PaymentReport = Pick<
  GatewaySession,
  "id" | "orderId" | "changeId" | "extrasId" | "paid" | "amountTotal" | "currency"
>;

/** What was added on the day, paid by card: its outcome in the same words. */
const EXTRAS_OUTCOMES: Record<ExtrasOutcome, CompletionOutcome> = {
  paid: "paid",
  already: "already-paid",
  "not-paid": "not-paid",
  mismatch: "mismatch",
  unknown: "unknown-order",
};

/** A date change's outcome in the words every payment report is answered in. */
const CHANGE_OUTCOMES: Record<ChangeOutcome, CompletionOutcome> = {
  moved: "paid",
  refunded: "paid",
  already: "already-paid",
  "not-paid": "not-paid",
  mismatch: "mismatch",
  unknown: "unknown-order",
};

/**
 * Marks an order paid from a gateway's report: checks the amount and
 * currency against the order, sets status complete, and writes the customer's
 * confirmation and the business's new-booking email to the outbox, all in one
 * transaction. Calling it again changes nothing and sends nothing twice.
 */
export async function completePayment(
  payment: PaymentReport,
  actor: string,
): Promise<{ outcome: CompletionOutcome; orderId: number | null }> {
  const orderId = payment.orderId;
  if (!orderId) return { outcome: "unknown-order", orderId: null };
  // A date change's fee (rearrange-booking.server.ts), not the order's own payment.
  if (payment.changeId)
    return { outcome: CHANGE_OUTCOMES[await completeChangePayment(payment, actor)], orderId };
  // What the crew added on the day (extras-payment.server.ts): the order itself is done.
  if (payment.extrasId)
    return { outcome: EXTRAS_OUTCOMES[await completeExtrasPayment(payment, actor)], orderId };
  // Read before the transaction: inside it, only `trx` may touch the database.
  const vat = await vatStatus();
  const now = new Date();
  // What to lock besides the order: its day (a late payment is counted again) and its quote
  // (staff booking, revising or withdrawing it wait for this payment, and it for them).
  const ties = await db()
    .selectFrom("orders")
    .select(["collection_date", "quote_id"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  const outcome = await db()
    .transaction()
    .execute(async (trx): Promise<CompletionOutcome> => {
      // The webhook, the customer's return and staff's check may report one payment at once.
      await lockKeys(trx, [`order:${orderId}`]);
      if (ties)
        await lockKeys(trx, [
          `day:${ties.collection_date}`,
          ...(ties.quote_id ? [`quote:${ties.quote_id}`] : []),
        ]);
      const order = await trx
        .selectFrom("orders")
        .selectAll()
        .where("id", "=", orderId)
        .where("payment_method", "=", "card")
        .executeTakeFirst();
      if (!order) return "unknown-order";
      // Refused before, its refund not yet made (the gateway failed): asked for again below.
      if (refundOutstanding(order)) return "refunded";
      if (order.status === "complete") return "already-paid";
      if (!payment.paid) return "not-paid";
      if (payment.amountTotal !== order.total_pence || payment.currency?.toLowerCase() !== "gbp") {
        const refusal = `refused: session ${payment.id} paid ${payment.amountTotal} ${payment.currency}`;
        // Reported before (a replay, the customer's return, or staff already checked it): nothing new.
        const seen = await trx
          .selectFrom("order_events")
          .select("id")
          .where("order_id", "=", order.id)
          .where("field", "=", "payment")
          .where("new_value", "=", refusal)
          .executeTakeFirst();
        if (seen) return "mismatch";
        console.error(
          `payment: order ${order.id} expected ${order.total_pence} gbp, session ${payment.id} has ${payment.amountTotal} ${payment.currency}`,
        );
        await recordOrderEvent(trx, {
          orderId: order.id,
          field: "payment",
          oldValue: null,
          newValue: refusal,
          actor,
        });
        // Flag the order for staff, and tell them once per order.
        const flaggedAt = now.toISOString();
        const flagged = await trx
          .updateTable("orders")
          .set({ payment_review_at: flaggedAt, updated_at: flaggedAt })
          .where("id", "=", order.id)
          .where("payment_review_at", "is", null)
          .executeTakeFirst();
        if (Number(flagged.numUpdatedRows) > 0)
          await enqueueEmail(trx, paymentReviewEmail(order, { ...payment, sessionId: payment.id }));
        return "mismatch";
      }
      // A booking staff made, paid from its link: booked already, so only the payment is news.
      if (order.payment_link_at !== null)
        return (await recordLinkPayment(trx, order, payment.id, actor, now, vat))
          ? "paid"
          : "already-paid";
      // One quote, one booking: a price no longer on offer is refunded, never booked.
      const gone = await quotePriceGone(trx, order, now);
      if (gone)
        return (await recordRefusedQuotePayment(trx, order, payment, gone, actor, now))
          ? "refunded"
          : "already-paid";
      const over = await overCapacityAfterHold(trx, order, now);
      const at = now.toISOString();
      if (!(await markOrderPaid(trx, order.id, payment.id, actor, at))) return "already-paid";
      await markQuoteBooked(trx, order, at);
      const receipt = await bookingReceipt(order, vat, trx);
      await enqueueEmail(trx, bookingConfirmationEmail(receipt));
      await enqueueEmail(trx, bookingNotificationEmail(receipt));
      // Paid after its hold, on a day that filled meanwhile: kept, and shown to staff as over.
      if (over) await flagOverCapacity(trx, order, actor, now);
      return "paid";
    });
  if (outcome === "refunded") await refundRefusedPayment(orderId);
  return { outcome, orderId };
}

/** An unpaid card payment ended (expired, declined, or the gateway failed): its slot is free again. */
export async function closePayment(orderId: number, reason: PaymentClosed): Promise<void> {
  await db()
    .updateTable("orders")
    .set({ payment_closed: reason, updated_at: new Date().toISOString() })
    .where("id", "=", orderId)
    // A booking's payment link is a booking already: a session of it that ends changes nothing.
    .where("payment_link_at", "is", null)
    .where("status", "=", "pending")
    .where("payment_closed", "is", null)
    .execute();
}

/**
 * A gateway's verified event. Each event id is handled once: a replay does
 * nothing. The id is remembered after the work, so an event that failed half
 * way is handled again when the provider retries it.
 */
async function handlePaymentEvent(
  event: PaymentEvent,
  gateway: GatewayKind,
): Promise<"done" | "replayed" | "ignored"> {
  const seen = await db()
    .selectFrom("payment_events")
    .select("id")
    .where("id", "=", event.eventId)
    .executeTakeFirst();
  if (seen) return "replayed";
  let result: "done" | "ignored" = "done";
  switch (event.type) {
    case "paid":
    case "pending": {
      const { outcome } = event.sessionId
        ? await completePayment(
            { ...event, id: event.sessionId, paid: event.type === "paid" },
            gateway,
          )
        : { outcome: "unknown-order" };
      if (outcome === "unknown-order") result = "ignored";
      break;
    }
    case "failed":
    case "expired":
      if (event.changeId) await closeChange(event.changeId);
      // An extras session that closed unpaid: the next press of "Pay" opens another.
      else if (event.extrasId) break;
      else if (event.orderId) await closePayment(event.orderId, event.type);
      else result = "ignored";
      break;
    default:
      result = "ignored";
  }
  await db()
    .insertInto("payment_events")
    .values({ id: event.eventId, type: event.providerType })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  return result;
}

/** Does the gateway in use take webhooks from this provider? */
export function paymentWebhooksOpen(provider: GatewayKind): boolean {
  const gateway = paymentGateway();
  return gateway?.kind === provider && gateway.receivesWebhooks;
}

/** A provider's webhook: "invalid" when its signature does not hold, else how it was handled. */
export async function receivePaymentWebhook(
  provider: GatewayKind,
  body: string,
  signature: string,
): Promise<"invalid" | "done" | "replayed" | "ignored"> {
  const gateway = paymentGateway();
  if (gateway?.kind !== provider || !gateway.receivesWebhooks) return "invalid";
  const event = await gateway.verifyWebhook(body, signature);
  return event ? handlePaymentEvent(event, gateway.kind) : "invalid";
}
