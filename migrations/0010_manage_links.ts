import { sql, type Kysely } from "kysely";

/**
 * Customers manage their own bookings (issue 18):
 *
 * - orders.manage_token: the "Manage your booking" link, an unguessable token
 *   made when it is first needed (the confirmation email, or a lookup by
 *   reference and postcode), so older orders get one too.
 * - orders.early_start_requested: the customer asked us to collect within
 *   their 14-day cancellation period (Consumer Contracts Regulations 2013,
 *   reg. 36): the tick at checkout, kept as the record of their request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN manage_token TEXT`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN early_start_requested INTEGER NOT NULL DEFAULT 0
    CHECK (early_start_requested IN (0, 1))`.execute(db);
  await sql`CREATE UNIQUE INDEX orders_manage_token ON orders (manage_token)
    WHERE manage_token IS NOT NULL`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("0010_manage_links cannot be undone: restore the backup taken before it.");
}
