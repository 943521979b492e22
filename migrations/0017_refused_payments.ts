import { sql, type Kysely } from "kysely";

/**
 * Payments refused for a quote no longer on offer (docs/decisions/032-one-quote-one-booking.md),
 * written once for both engines:
 *
 * - orders.payment_refused: why a card payment that arrived was not booked but refunded in full
 *   (the quote's price was withdrawn, replaced, declined or expired, or the quote was already
 *   booked); NULL for every other order. Such an order is paid and cancelled at once, and was
 *   never a booking (booking.server.ts, wasBooked).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN payment_refused TEXT
    CHECK (payment_refused IN ('withdrawn', 'replaced', 'declined', 'expired', 'booked'))`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error("0017_refused_payments cannot be undone: restore the backup taken before it.");
}
