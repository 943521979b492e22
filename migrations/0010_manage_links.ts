import { sql, type Kysely } from "kysely";

/**
 * The customer's "Manage your booking" link (issue 18): an unguessable token
 * per order, made when it is first needed (the confirmation email, or a
 * lookup by reference and postcode), so older orders get one too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN manage_token TEXT`.execute(db);
  await sql`CREATE UNIQUE INDEX orders_manage_token ON orders (manage_token)
    WHERE manage_token IS NOT NULL`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("0010_manage_links cannot be undone: restore the backup taken before it.");
}
