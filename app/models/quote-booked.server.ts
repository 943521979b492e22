import type { Transaction } from "kysely";
import type { DB } from "~/services/schema";

/**
 * An order from a quote became a booking (its card payment arrived, or staff
 * booked it by hand): its offer and its quote are "booked". Inside the
 * transaction that made the booking.
 */
export async function markQuoteBooked(
  trx: Transaction<DB>,
  order: { quote_id: number | null; quote_offer_id: number | null },
  at: string,
): Promise<void> {
  if (!order.quote_id) return;
  if (order.quote_offer_id)
    await trx
      .updateTable("quote_offers")
      .set({ status: "booked", decided_at: at })
      .where("id", "=", order.quote_offer_id)
      .execute();
  // A newer price still open can no longer be paid: the job is booked.
  await trx
    .updateTable("quote_offers")
    .set({ status: "withdrawn", decided_at: at, decline_reason: "booked from another price" })
    .where("quote_id", "=", order.quote_id)
    .where("status", "=", "sent")
    .execute();
  await trx
    .updateTable("quotes")
    .set({ state: "booked", responded: "yes", updated_at: at })
    .where("id", "=", order.quote_id)
    .execute();
}
