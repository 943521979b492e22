import { formatPence } from "~/lib/format";
import { db } from "~/services/db.server";
import { cancelOrder } from "../bookings/cancel-booking.server";
import { recordOrderEvent } from "../checkout/order-history.server";
import { bookingReference } from "~/lib/references";

/**
 * Payments to review, oldest first, each flagged by payment_review_at:
 * - "mismatch": a card payment that did not match its order (amount or
 *   currency) leaves the order unpaid (payment.server.ts, completePayment);
 * - "over-capacity": a booking paid after its hold lapsed, on a day that filled
 *   meanwhile (late-payment.server.ts): kept, to be moved or refunded;
 * - "refund-refused": a payment refused for a quote no longer on offer whose
 *   automatic refund the gateway refused.
 * Each stays listed until staff have dealt with it.
 */

export type ReviewKind = "mismatch" | "over-capacity" | "refund-refused";

export interface PaymentToReview {
  orderId: number;
  kind: ReviewKind;
  fullName: string;
  collectionDate: string;
  totalPence: number;
  flaggedAt: string;
}

/** Which kind of review an order's flag is, from what is stored (no column of its own). */
const kindOf = (r: { status: string; payment_refused: string | null }): ReviewKind =>
  r.status === "pending" ? "mismatch" : r.payment_refused ? "refund-refused" : "over-capacity";

/** Orders whose payment staff must check, for the staff dashboard (oldest first). */
export async function paymentsToReview(limit = 20): Promise<{
  count: number;
  orders: PaymentToReview[];
}> {
  const base = db().selectFrom("orders").where("payment_review_at", "is not", null);
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .select([
        "id",
        "status",
        "payment_refused",
        "full_name",
        "collection_date",
        "total_pence",
        "payment_review_at",
      ])
      .orderBy("payment_review_at")
      .limit(limit)
      .execute(),
  ]);
  return {
    count: Number(counted.n),
    orders: rows.map((r) => ({
      orderId: r.id,
      kind: kindOf(r),
      fullName: r.full_name,
      collectionDate: r.collection_date,
      totalPence: r.total_pence,
      flaggedAt: r.payment_review_at!,
    })),
  };
}

/**
 * Staff have checked a flagged payment (refunded it, or dealt with it with
 * the customer): it leaves "Payments to review", and an unpaid order stops
 * holding its day. Written to the order's history.
 */
export async function clearPaymentReview(orderId: number, actor: string): Promise<boolean> {
  if (!Number.isSafeInteger(orderId) || orderId < 1) return false;
  return db()
    .transaction()
    .execute(async (trx) => {
      const now = new Date().toISOString();
      const cleared = await trx
        .updateTable("orders")
        .set({ payment_review_at: null, updated_at: now })
        .where("id", "=", orderId)
        .where("payment_review_at", "is not", null)
        .executeTakeFirst();
      if (Number(cleared.numUpdatedRows) === 0) return false;
      await recordOrderEvent(trx, {
        orderId,
        field: "payment_review",
        oldValue: "to review",
        newValue: "checked",
        actor,
      });
      return true;
    });
}

export type ReviewRefund = { ok: true; refundPence: number } | { ok: false; message: string };

/**
 * "Refund it" for a booking paid late on a day over capacity: THE
 * cancellation (cancelOrder, staff, in full: the refund goes through the
 * gateway once and the customer is emailed), then the order leaves the list.
 */
export async function refundOverCapacity(orderId: number, actor: string): Promise<ReviewRefund> {
  if (!Number.isSafeInteger(orderId) || orderId < 1)
    return { ok: false, message: "Order not found" };
  const order = await db()
    .selectFrom("orders")
    .select(["status", "payment_refused", "cancelled_at", "payment_review_at"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order?.payment_review_at || order.cancelled_at || kindOf(order) !== "over-capacity")
    return {
      ok: false,
      message: `Order ${bookingReference(orderId)} is not waiting for a move or a refund.`,
    };
  const result = await cancelOrder(orderId, {
    actor: { kind: "staff", username: actor },
    waiveFee: true,
    reason: "paid after its hold ran out, on a day already full",
  });
  if (!result.ok) return { ok: false, message: result.message };
  await clearPaymentReview(orderId, actor);
  return { ok: true, refundPence: result.refundPence };
}

export const refundedText = (pence: number) =>
  `Refunded ${formatPence(pence)} in full; the customer has been emailed.`;
