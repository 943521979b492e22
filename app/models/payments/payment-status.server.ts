import { ANY_TIME_DISCOUNT_LABEL } from "~/lib/capacity";
import { POSITION_LABELS } from "~/lib/positions";
import { createTtlCache } from "~/lib/ttl-cache";
import { areaSurchargeName } from "~/lib/service-area";
import { db } from "~/services/db.server";
import { paymentGateway, type GatewaySession } from "~/services/payments.server";
import {
  closePayment,
  completePayment,
  RECENT_CHECKOUT_MS,
  type CompletionOutcome,
} from "./payment.server";
import { orderLines } from "../bookings/booking-facts.server";
import { arrivalOf } from "../bookings/fleet.server";
import { changeForPayment, closeChange } from "../bookings/rearrange-booking.server";
import { managePath } from "../bookings/manage-link.server";
import { bookingReference } from "~/lib/references";

/**
 * What the customer's payment pages read: a payment's status (the /payment
 * page and the /api, which also complete or close the order on the way), and
 * the demo gateway's page.
 */

// ---------------------------------------------------------------------------
// A payment's status, for the /payment page and the /api

export interface PaymentStatus {
  /** the gateway's word (open, complete, expired, declined), or "review" (paid, but not what the order costs), "refunded" (paid for a quote no longer on offer: sent back) or "unavailable" (the gateway did not answer) */
  status: string;
  /** where to start again when it did not go through: the quote's page, or the checkout */
  startAgain: string;
  /** a web checkout paid within the last two hours: the bag it came from should be emptied */
  justPaid: boolean;
  order: {
    id: number;
    fullName: string;
    email: string;
    collectionDate: string;
    /** the arrival window as customers read it, "Morning, 7:00 to 12:00" */
    arrival: string;
    totalPence: number;
  } | null;
}

/**
 * Statuses read lately, for the anonymous /api (a page may poll it): the
 * gateway is asked about one session at most once every few seconds, and
 * requests that arrive together share one call. Bounded, so a stream of
 * made-up ids cannot grow it.
 */
const PAYMENT_STATUS_TTL_MS = 4_000;
const recentStatuses = createTtlCache<Promise<PaymentStatus | null>>({
  ttlMs: PAYMENT_STATUS_TTL_MS,
  max: 1_000,
});

/**
 * GET /api/products/payment_status: as readPaymentStatus, from the cache
 * when it was read in the last few seconds. An id that cannot be one of the
 * gateway's sessions is answered without asking the gateway.
 */
export async function cachedPaymentStatus(sessionId: string): Promise<PaymentStatus | null> {
  const gateway = paymentGateway();
  if (!gateway || !gateway.isSessionId(sessionId)) return null;
  const cached = recentStatuses.get(sessionId);
  if (cached) return cached;
  const reading = readPaymentStatus(sessionId);
  recentStatuses.set(sessionId, reading);
  const status = await reading.catch((error: unknown) => {
    recentStatuses.delete(sessionId);
    throw error;
  });
  // A gateway that did not answer is asked again next time.
  if (status?.status === "unavailable") recentStatuses.delete(sessionId);
  return status;
}

/**
 * A payment's status for the /payment page and the /api: asks the gateway,
 * and completes the order when it is paid (the webhook may not have arrived
 * yet) or releases its slot when the session expired. null: no such payment.
 */
export async function readPaymentStatus(sessionId: string): Promise<PaymentStatus | null> {
  const gateway = paymentGateway();
  if (!gateway || !gateway.isSessionId(sessionId)) return null;
  let session: GatewaySession | null;
  try {
    session = await gateway.retrieveSession(sessionId);
  } catch (error) {
    console.error(`payment: could not read session ${sessionId}:`, error);
    return { status: "unavailable", justPaid: false, order: null, startAgain: "/checkout" };
  }
  if (!session) return null;
  let outcome: CompletionOutcome | null = null;
  if (session.paid) outcome = (await completePayment(session, gateway.kind)).outcome;
  else if (session.status === "expired" && session.changeId) await closeChange(session.changeId);
  else if (session.status === "expired" && session.orderId && !session.extrasId)
    await closePayment(session.orderId, "expired");
  const order = session.orderId
    ? await db()
        .selectFrom("orders")
        .select([
          "id",
          "full_name",
          "email",
          "collection_date",
          "arrival_window",
          "total_pence",
          "status",
          "paid_at",
          "source",
          "payment_refused",
          "quote_offer_id",
          "payment_link_at",
          "manage_token",
        ])
        .where("id", "=", session.orderId)
        .executeTakeFirst()
    : undefined;
  const refunded = order?.payment_refused !== null && order?.payment_refused !== undefined;
  const paid = order?.status === "complete" && !refunded;
  const offer = order?.quote_offer_id
    ? await db()
        .selectFrom("quote_offers")
        .select("token")
        .where("id", "=", order.quote_offer_id)
        .executeTakeFirst()
    : undefined;
  const result: PaymentStatus = {
    status: refunded
      ? "refunded"
      : paid
        ? "complete"
        : outcome === "mismatch"
          ? "review"
          : session.status,
    // A quote's payment starts again from its page (which points to a newer price, if any), a
    // booking's payment link from the booking's own page.
    startAgain:
      order?.payment_link_at && order.manage_token
        ? managePath(order.manage_token)
        : offer
          ? `/quote/${offer.token}`
          : `/checkout?retry=${encodeURIComponent(sessionId)}`,
    // A quote's booking was not bought from the bag: the bag stays as it is.
    justPaid:
      paid &&
      order.source === "web" &&
      Boolean(order.paid_at) &&
      Date.now() - Date.parse(order.paid_at!) < RECENT_CHECKOUT_MS,
    order: order
      ? {
          id: order.id,
          fullName: order.full_name,
          email: order.email,
          collectionDate: order.collection_date,
          arrival: (await arrivalOf(order.arrival_window)).arrival,
          totalPence: order.total_pence,
        }
      : null,
  };
  // The /api's recent answers follow what this read found (the page may just have completed it).
  recentStatuses.set(sessionId, Promise.resolve(result));
  return result;
}

// ---------------------------------------------------------------------------
// The demo gateway's page

/** An open demo payment: what it is for. null when the demo gateway is not in use or the id is unknown. */
export async function demoPayment(sessionId: string) {
  const gateway = paymentGateway();
  if (gateway?.kind !== "demo") return null;
  const session = await gateway.retrieveSession(sessionId);
  if (!session?.orderId) return null;
  if (session.changeId) {
    const change = await changeForPayment(session.changeId);
    if (!change) return null;
    return {
      status: session.status,
      totalPence: change.fee_pence,
      collectionDate: change.to_date,
      arrival: change.to_window ? (await arrivalOf(change.to_window)).arrival : null,
      items: [
        {
          name: `Date change fee, booking HB${change.order_id}`,
          positionLabel: "",
          quantity: 1,
          lineTotalPence: change.fee_pence,
        },
      ],
      returnTo: `/booking/${change.manage_token}?session_id=${encodeURIComponent(sessionId)}`,
    };
  }
  if (session.extrasId) {
    const extras = await db()
      .selectFrom("job_completions")
      .innerJoin("orders", "orders.id", "job_completions.order_id")
      .select(["extras_pence", "orders.collection_date", "orders.manage_token"])
      .where("job_completions.id", "=", session.extrasId)
      .executeTakeFirst();
    if (!extras?.manage_token) return null;
    return {
      status: session.status,
      totalPence: extras.extras_pence,
      collectionDate: extras.collection_date,
      arrival: null,
      items: [
        {
          name: `Added on the day, booking ${bookingReference(session.orderId)}`,
          positionLabel: "",
          quantity: 1,
          lineTotalPence: extras.extras_pence,
        },
      ],
      returnTo: `${managePath(extras.manage_token)}?session_id=${encodeURIComponent(sessionId)}`,
    };
  }
  const order = await db()
    .selectFrom("orders")
    .select([
      "collection_date",
      "arrival_window",
      "total_pence",
      "window_discount_pence",
      "area_surcharge_pence",
      "postcode",
    ])
    .where("id", "=", session.orderId)
    .executeTakeFirstOrThrow();
  const items = await orderLines(session.orderId);
  return {
    status: session.status,
    totalPence: order.total_pence,
    collectionDate: order.collection_date,
    arrival: (await arrivalOf(order.arrival_window)).arrival,
    returnTo: `/payment?session_id=${encodeURIComponent(sessionId)}`,
    items: [
      ...items.map((item) => ({
        name: item.product_name,
        positionLabel: item.position ? POSITION_LABELS[item.position] : "",
        quantity: item.quantity,
        lineTotalPence: item.unit_price_pence * item.quantity,
      })),
      ...(order.area_surcharge_pence > 0
        ? [
            {
              name: areaSurchargeName(order.postcode),
              positionLabel: "",
              quantity: 1,
              lineTotalPence: order.area_surcharge_pence,
            },
          ]
        : []),
      ...(order.window_discount_pence > 0
        ? [
            {
              name: ANY_TIME_DISCOUNT_LABEL,
              positionLabel: "",
              quantity: 1,
              lineTotalPence: -order.window_discount_pence,
              discount: true,
            },
          ]
        : []),
    ],
  };
}

/** Pay or Decline on the demo page: the same completion as a real payment. */
export async function finishDemoPayment(
  sessionId: string,
  choice: "pay" | "decline",
): Promise<boolean> {
  const gateway = paymentGateway();
  if (gateway?.kind !== "demo") return false;
  const session = await gateway.retrieveSession(sessionId);
  if (!session?.orderId) return false;
  if (session.status !== "open") return true;
  if (choice === "decline" && session.changeId) await closeChange(session.changeId);
  // Declined extras stay to pay: the booking's page offers the payment again.
  else if (choice === "decline" && session.extrasId) return true;
  else if (choice === "decline") await closePayment(session.orderId, "declined");
  else await completePayment({ ...session, paid: true }, "demo");
  return true;
}
