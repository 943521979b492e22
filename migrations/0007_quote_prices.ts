import { sql, type Kysely } from "kysely";
import { engineOf, TABLE_SQL } from "./dialect";

/**
 * Quotes that become paid bookings (docs/decisions/019-priced-quotes.md),
 * written once for both engines:
 *
 * - quotes.state: new → priced → booked | declined | withdrawn ("expired" is
 *   a priced quote past its last day, worked out when read, never stored).
 *   A quote that staff already turned into a booking by hand is "booked".
 * - quote_offers: each price sent to the customer (a revision is a new row;
 *   the old one becomes "replaced"), with its unguessable link token; an
 *   order booked from one names it (orders.quote_offer_id).
 * - quote_offer_lines: an offer's lines, from the catalogue (product and
 *   position) or free (a description only); prices VAT-inclusive pence.
 * - order_items.position may be empty: an order booked from a quote carries
 *   its free lines. SQLite cannot drop a NOT NULL in place, so that table is
 *   rebuilt there (nothing references it).
 * - outbox_attachments: files sent with an email (the PDF quote), kept with
 *   the email so a retry sends the same bytes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  const { id, bytes, strict, now } = TABLE_SQL[engine];
  const positions = `'inside_dismantle', 'inside_no_dismantle', 'outside'`;
  const run = (text: string) => sql.raw(text).execute(db);

  await run(`ALTER TABLE quotes ADD COLUMN state TEXT NOT NULL DEFAULT 'new'
    CHECK (state IN ('new', 'priced', 'booked', 'declined', 'withdrawn'))`);
  await run(`UPDATE quotes SET state = 'booked'
    WHERE responded = 'yes' AND EXISTS (SELECT 1 FROM orders WHERE orders.quote_id = quotes.id)`);
  await run(`CREATE INDEX quotes_state_created ON quotes (state, created_at)`);

  await run(`CREATE TABLE quote_offers (
    ${id},
    quote_id INTEGER NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
    version INTEGER NOT NULL CHECK (version >= 1),
    created_at TEXT NOT NULL DEFAULT ${now},
    created_by TEXT NOT NULL,
    token TEXT NOT NULL UNIQUE CHECK (length(token) BETWEEN 20 AND 64),
    valid_until TEXT NOT NULL CHECK (length(valid_until) = 10),
    note TEXT NOT NULL DEFAULT '',
    total_pence INTEGER NOT NULL CHECK (total_pence > 0),
    status TEXT NOT NULL DEFAULT 'sent'
      CHECK (status IN ('sent', 'replaced', 'withdrawn', 'declined', 'booked')),
    decided_at TEXT,
    decline_reason TEXT,
    UNIQUE (quote_id, version)
  )${strict}`);
  await run(`ALTER TABLE orders ADD COLUMN quote_offer_id INTEGER
    REFERENCES quote_offers(id) ON DELETE SET NULL`);
  await run(`CREATE INDEX orders_quote_offer ON orders (quote_offer_id)
    WHERE quote_offer_id IS NOT NULL`);

  await run(`CREATE TABLE quote_offer_lines (
    ${id},
    offer_id INTEGER NOT NULL REFERENCES quote_offers(id) ON DELETE CASCADE,
    sort_order INTEGER NOT NULL CHECK (sort_order >= 0),
    product_id INTEGER REFERENCES products(id) ON DELETE SET NULL,
    position TEXT CHECK (position IS NULL OR position IN (${positions})),
    description TEXT NOT NULL CHECK (length(trim(description)) > 0),
    unit_price_pence INTEGER NOT NULL CHECK (unit_price_pence >= 0),
    quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99),
    UNIQUE (offer_id, sort_order)
  )${strict}`);
  await run(`CREATE INDEX quote_offer_lines_product ON quote_offer_lines (product_id)`);

  if (engine === "postgres") {
    await run(`ALTER TABLE order_items ALTER COLUMN position DROP NOT NULL`);
  } else {
    await run(`CREATE TABLE order_items_next (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      product_id INTEGER REFERENCES products(id) ON DELETE SET NULL,
      product_name TEXT NOT NULL,
      product_description TEXT NOT NULL,
      image_id TEXT REFERENCES images(id),
      position TEXT CHECK (position IS NULL OR position IN (${positions})),
      unit_price_pence INTEGER NOT NULL CHECK (unit_price_pence >= 0),
      quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99)
    ) STRICT`);
    await run(`INSERT INTO order_items_next SELECT * FROM order_items`);
    await run(`DROP TABLE order_items`);
    await run(`ALTER TABLE order_items_next RENAME TO order_items`);
    await run(`CREATE INDEX order_items_order ON order_items(order_id)`);
    await run(`CREATE INDEX order_items_product ON order_items(product_id)`);
    await run(`CREATE INDEX order_items_product_name_order
      ON order_items(product_name COLLATE NOCASE, order_id)`);
  }

  await run(`CREATE TABLE outbox_attachments (
    ${id},
    outbox_id INTEGER NOT NULL REFERENCES outbox(id) ON DELETE CASCADE,
    filename TEXT NOT NULL CHECK (length(filename) BETWEEN 1 AND 200),
    content_type TEXT NOT NULL,
    bytes ${bytes} NOT NULL
  )${strict}`);
  await run(`CREATE INDEX outbox_attachments_outbox ON outbox_attachments (outbox_id)`);
}

export async function down(): Promise<void> {
  throw new Error("0007_quote_prices cannot be undone: restore the backup taken before it.");
}
