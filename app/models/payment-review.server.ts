import { db } from "~/services/db.server";

/**
 * Payments to review: a card payment that did not match its order (amount or
 * currency) leaves the order unpaid and flagged (payment.server.ts,
 * completePayment) until staff have checked it.
 */

export interface PaymentToReview {
  orderId: number;
  fullName: string;
  collectionDate: string;
  totalPence: number;
  flaggedAt: string;
}

/** Unpaid orders whose payment did not match, for the staff dashboard (oldest first). */
export async function paymentsToReview(limit = 20): Promise<{
  count: number;
  orders: PaymentToReview[];
}> {
  const base = db()
    .selectFrom("orders")
    .where("payment_review_at", "is not", null)
    .where("status", "=", "pending");
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .select(["id", "full_name", "collection_date", "total_pence", "payment_review_at"])
      .orderBy("payment_review_at")
      .limit(limit)
      .execute(),
  ]);
  return {
    count: Number(counted.n),
    orders: rows.map((r) => ({
      orderId: r.id,
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
      await trx
        .insertInto("order_events")
        .values({
          order_id: orderId,
          field: "payment_review",
          old_value: "to review",
          new_value: "checked",
          actor,
        })
        .execute();
      return true;
    });
}
