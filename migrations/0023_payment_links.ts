import { sql, type Kysely } from "kysely";

/**
 * A booking staff make to be paid by card from a link (issue 32; docs/rules.md#manual-bookings):
 * `payment_link_at` says when its confirmation offered the link. Its payment_method is 'card', so
 * the gateway's completion and refunds treat it as any card payment; the link makes it a booking
 * from the start, where a web checkout's unpaid card order is only a hold. A column rather than a
 * fourth payment method: the method's CHECK is part of the orders table, which SQLite cannot
 * alter without rebuilding it. The same words for both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN payment_link_at TEXT`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("0023_payment_links cannot be undone: restore the backup taken before it.");
}
