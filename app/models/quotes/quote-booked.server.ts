import type { Transaction } from "kysely";
import type { DB } from "~/services/schema";

// A quote's offers and state as another change moves them, inside that change's transaction:
// an open offer closed (a new price, a withdrawal, a booking), a quote booked.

/**
 * Closes a quote's offer still open (at most one is), inside the transaction of what closes it:
 * "replaced" by a newer price (keepId, the new one, stays), "withdrawn" by staff or by a booking
 * from another price. Answers how many were closed.
 */
export async function closeOpenOffers(
  trx: Transaction<DB>,
  quoteId: number,
  closed: { status: "replaced" | "withdrawn"; decided_at: string; decline_reason?: string },
  keepId?: number,
): Promise<number> {
  let query = trx
    .updateTable("quote_offers")
    .set(closed)
    .where("quote_id", "=", quoteId)
    .where("status", "=", "sent");
  if (keepId !== undefined) query = query.where("id", "<>", keepId);
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}

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
  await closeOpenOffers(trx, order.quote_id, {
    status: "withdrawn",
    decided_at: at,
    decline_reason: "booked from another price",
  });
  await trx
    .updateTable("quotes")
    .set({ state: "booked", responded: "yes", updated_at: at })
    .where("id", "=", order.quote_id)
    .execute();
}
