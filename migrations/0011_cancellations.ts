import { sql, type Kysely } from "kysely";

/**
 * Customers cancel their own booking (issue 18;
 * docs/decisions/024-self-service-cancellation.md), written once for both engines:
 *
 * - orders.cancelled_at: when the booking was cancelled (NULL while it stands).
 *   A cancelled order keeps its history but is no longer a job and frees its day.
 * - orders.refund_pence / refund_reference: what went back to the customer and
 *   the gateway's id of that refund (NULL when nothing was refunded).
 * - orders.cancel_started_at: a cancellation is talking to the gateway (set before
 *   the refund is asked for, cleared when it answers), so a second submit waits.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN cancelled_at TEXT`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN refund_pence INTEGER
    CHECK (refund_pence IS NULL OR refund_pence >= 0)`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN refund_reference TEXT`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN cancel_started_at TEXT`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("0011_cancellations cannot be undone: restore the backup taken before it.");
}
