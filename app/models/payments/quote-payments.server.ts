import type { Transaction } from "kysely";
import { db, type DB } from "~/services/db.server";
import { paymentGateway } from "~/services/payments.server";
import { closePayment, completePayment } from "./payment.server";

/**
 * One quote, one booking (docs/decisions/032-one-quote-one-booking.md): when
 * staff book a quote by hand, revise its price or withdraw it (or the customer
 * declines it), any payment still open for it is closed at the gateway, so
 * the customer's open payment page can no longer take the money. Called after
 * the staff change has committed: a gateway that fails does not undo it, and
 * a payment that still gets through is refunded by completePayment.
 */
export async function closeQuotePayments(quoteId: number): Promise<void> {
  try {
    const open = await db()
      .selectFrom("orders")
      .select(["id", "payment_session_id"])
      .where("quote_id", "=", quoteId)
      .where("payment_method", "=", "card")
      // A booking staff made to be paid from its link is the quote's booking, not a payment to close.
      .where("payment_link_at", "is", null)
      .where("status", "=", "pending")
      .where("payment_closed", "is", null)
      .execute();
    const gateway = paymentGateway();
    for (const order of open) {
      if (gateway && order.payment_session_id) {
        try {
          const session = await gateway.expireSession(order.payment_session_id);
          // Paid a moment before: completion refunds it (the quote is no longer on offer).
          if (session?.paid) {
            await completePayment(session, gateway.kind);
            continue;
          }
        } catch (error) {
          console.error(
            `quote Q${quoteId}: could not close the payment of order ${order.id}:`,
            error,
          );
        }
      }
      // Its hold on the day goes now; a payment that still arrives is refunded.
      await closePayment(order.id, "expired");
    }
  } catch (error) {
    console.error(`quote Q${quoteId}: closing its open payments failed:`, error);
  }
}

/** Staff booking a quote by hand: has its customer's payment booked it meanwhile? */
export async function quoteAlreadyBooked(trx: Transaction<DB>, quoteId: number): Promise<boolean> {
  const quote = await trx
    .selectFrom("quotes")
    .select("state")
    .where("id", "=", quoteId)
    .executeTakeFirst();
  return quote?.state === "booked";
}

export const QUOTE_ALREADY_BOOKED =
  "This quote has just been paid and booked by the customer, so it cannot be booked again. Open the quote to see its booking.";
