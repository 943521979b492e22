import type { ExpressionBuilder, Kysely } from "kysely";
import type { ChangeFacts } from "~/lib/cancellation";
import { orderLoad, type Load } from "~/lib/capacity";
import { todayInLondon } from "~/lib/london-clock.server";
import type { BookingStatus, PaymentMethod, PaymentStatus } from "~/lib/domain";
import { db, type DB } from "~/services/db.server";

/**
 * What a booking's own page, its cancellation and its move all read of the order alike: the
 * facts its change terms are decided from (lib/cancellation.ts), whether it is a booking at all,
 * and what it takes of a day.
 */

export interface OrderForTerms {
  created_at: string;
  paid_at: string | null;
  collection_date: string;
  total_pence: number;
  status: PaymentStatus;
  booking_status: BookingStatus;
  cancelled_at: string | null;
  /** the job's completion, when the caller read it (a completed job is done, whatever its status) */
  completion_id?: number | null;
  /** fees paid to move the booking, not sent back (moveFeesPaid), when the caller read them */
  move_fees_paid_pence?: number | string | null;
}

/**
 * The fees a customer paid to move the order, not yet sent back, as a column of a select from
 * `orders` (PostgreSQL answers a sum as text; orderChangeFacts reads it as a number).
 */
export function moveFeesPaid(eb: ExpressionBuilder<DB, "orders">) {
  return eb
    .selectFrom("booking_changes")
    .select((c) => c.fn.sum<number | string>("booking_changes.fee_pence").as("n"))
    .whereRef("booking_changes.order_id", "=", "orders.id")
    .where("booking_changes.status", "=", "applied")
    .where("booking_changes.fee_pence", ">", 0)
    .where("booking_changes.refund_reference", "is", null)
    .as("move_fees_paid_pence");
}

/** The move fees to send back with a cancellation: each change's fee, to its own payment. */
export async function moveFeePayments(orderId: number, executor: Kysely<DB> = db()) {
  return executor
    .selectFrom("booking_changes")
    .select(["id", "fee_pence", "payment_session_id"])
    .where("order_id", "=", orderId)
    .where("status", "=", "applied")
    .where("fee_pence", ">", 0)
    .where("refund_reference", "is", null)
    .orderBy("id")
    .execute();
}

/** The order's facts today: booked on the UK day it was paid (or made), paid in full once complete. */
export function orderChangeFacts(order: OrderForTerms, now: Date): ChangeFacts {
  return {
    bookedOn: todayInLondon(new Date(order.paid_at ?? order.created_at)),
    collectionDate: order.collection_date,
    today: todayInLondon(now),
    paidPence: order.status === "complete" ? order.total_pence : 0,
    moveFeesPaidPence: Number(order.move_fees_paid_pence ?? 0),
    jobDone: order.booking_status === "complete" || (order.completion_id ?? null) !== null,
    cancelled: order.cancelled_at !== null,
  };
}

/**
 * An unpaid card checkout is no booking: its customer has nothing to change or cancel. (A booking
 * staff made to be paid from a link is one, paid or not.)
 */
export const isUnpaidCheckout = (order: {
  payment_method: PaymentMethod;
  payment_link_at: string | null;
  status: PaymentStatus;
}) =>
  order.payment_method === "card" && order.payment_link_at === null && order.status !== "complete";

/** What an order's lines take of a day (orderLoad of its items), in the caller's transaction if any. */
export async function orderNeed(orderId: number, executor: Kysely<DB> = db()): Promise<Load> {
  const items = await executor
    .selectFrom("order_items")
    .select(["quantity", "load_hundredths", "handling_minutes"])
    .where("order_id", "=", orderId)
    .execute();
  const load = orderLoad(
    items.map((i) => ({
      quantity: i.quantity,
      loadHundredths: i.load_hundredths,
      handlingMinutes: i.handling_minutes,
    })),
  );
  return { loadHundredths: load.loadHundredths, minutes: load.minutes };
}

/** The order's lines as its emails and its page list them, in the order they were added. */
export async function orderLines(orderId: number, executor: Kysely<DB> = db()) {
  return executor
    .selectFrom("order_items")
    .select(["product_name", "position", "unit_price_pence", "quantity"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
}
