import { sql, type Kysely } from "kysely";

/**
 * Card payments: why an unpaid card order's payment ended (its slot is then
 * free again), and the payment provider's webhook events already handled, so
 * a replayed event changes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN payment_closed TEXT
    CHECK (payment_closed IN ('expired', 'declined', 'failed'))`.execute(db);
  await sql`CREATE TABLE payment_events (
    id TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 255),
    type TEXT NOT NULL,
    received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ) STRICT`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE payment_events`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN payment_closed`.execute(db);
}
