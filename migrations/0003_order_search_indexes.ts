import { sql, type Kysely } from "kysely";

/**
 * Indexes for the staff order search at tens of thousands of orders
 * (docs/decisions/009-order-search-at-scale.md). A contains-search
 * (LIKE '%text%') cannot seek in any B-tree index, so these make the scans
 * cheap instead: a narrow covering index is read in place of the table.
 *
 * - orders(created_at DESC, id DESC) replaces orders(created_at DESC): the
 *   list's full ORDER BY is served by the index, no temporary sort.
 * - order_items(product_name COLLATE NOCASE, order_id) replaces
 *   order_items(product_name COLLATE NOCASE): a product search reads only
 *   this index to find the order ids.
 * (orders(email COLLATE NOCASE) from 0001 already covers the email search.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX orders_created_id ON orders(created_at DESC, id DESC)`.execute(db);
  await sql`DROP INDEX orders_created`.execute(db);
  await sql`CREATE INDEX order_items_product_name_order
    ON order_items(product_name COLLATE NOCASE, order_id)`.execute(db);
  await sql`DROP INDEX order_items_product_name`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX order_items_product_name ON order_items(product_name COLLATE NOCASE)`.execute(
    db,
  );
  await sql`DROP INDEX order_items_product_name_order`.execute(db);
  await sql`CREATE INDEX orders_created ON orders(created_at DESC)`.execute(db);
  await sql`DROP INDEX orders_created_id`.execute(db);
}
