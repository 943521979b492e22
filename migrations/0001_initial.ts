import { sql, type Kysely } from "kysely";

/**
 * The first schema: the tables of docs/architecture.md#data. Written as plain SQL so the
 * constraints read as a DBA would write them. STRICT tables make SQLite
 * enforce column types. Never edit this file once it has landed: add 0002.
 */

const NOW = "(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))";
const ISO_DAY = (column: string) => `${column} GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'`;

const statements = [
  `CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    username TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(username) BETWEEN 3 AND 40),
    password_hash TEXT NOT NULL CHECK (password_hash LIKE 'scrypt$%'),
    created_at TEXT NOT NULL DEFAULT ${NOW},
    updated_at TEXT NOT NULL DEFAULT ${NOW}
  ) STRICT`,

  `CREATE TABLE images (
    id TEXT PRIMARY KEY CHECK (length(id) = 64),
    content_type TEXT NOT NULL CHECK (content_type IN
      ('image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/heic', 'image/heif')),
    width INTEGER CHECK (width IS NULL OR width > 0),
    height INTEGER CHECK (height IS NULL OR height > 0),
    byte_size INTEGER NOT NULL CHECK (byte_size > 0),
    bytes BLOB NOT NULL,
    original_id TEXT REFERENCES images(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL DEFAULT ${NOW},
    CHECK (byte_size = length(bytes))
  ) STRICT`,
  `CREATE INDEX images_original ON images(original_id, width) WHERE original_id IS NOT NULL`,

  `CREATE TABLE products (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND 120),
    description TEXT NOT NULL CHECK (length(trim(description)) BETWEEN 1 AND 2000),
    category TEXT NOT NULL CHECK (category IN ('Sofa & Chair Removal', 'Old Batteries Removal',
      'Office Removal', 'Garden Waste Removal', 'Furniture Removal', 'Fridge Removal',
      'Electronic Removal', 'Home Removal', 'Appliance Removal')),
    price_pence INTEGER NOT NULL CHECK (price_pence > 0),
    inside_dismantle_pence INTEGER NOT NULL DEFAULT 0 CHECK (inside_dismantle_pence >= 0),
    inside_no_dismantle_pence INTEGER NOT NULL DEFAULT 0 CHECK (inside_no_dismantle_pence >= 0),
    outside_pence INTEGER NOT NULL DEFAULT 0 CHECK (outside_pence >= 0),
    image_id TEXT NOT NULL REFERENCES images(id),
    retired_at TEXT,
    created_at TEXT NOT NULL DEFAULT ${NOW},
    updated_at TEXT NOT NULL DEFAULT ${NOW}
  ) STRICT`,
  `CREATE INDEX products_category_name ON products(category, name) WHERE retired_at IS NULL`,
  `CREATE INDEX products_name ON products(name COLLATE NOCASE) WHERE retired_at IS NULL`,
  `CREATE INDEX products_image ON products(image_id)`,

  `CREATE TABLE quotes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at TEXT NOT NULL DEFAULT ${NOW},
    updated_at TEXT NOT NULL DEFAULT ${NOW},
    full_name TEXT NOT NULL CHECK (length(trim(full_name)) > 0),
    email TEXT NOT NULL CHECK (length(trim(email)) > 0),
    phone_number TEXT NOT NULL CHECK (length(trim(phone_number)) > 0),
    address_1 TEXT NOT NULL CHECK (length(trim(address_1)) > 0),
    town TEXT NOT NULL CHECK (length(trim(town)) > 0),
    postcode TEXT NOT NULL CHECK (length(trim(postcode)) > 0),
    comments TEXT NOT NULL CHECK (length(trim(comments)) > 0),
    responded TEXT NOT NULL DEFAULT 'no' CHECK (responded IN ('yes', 'no'))
  ) STRICT`,
  `CREATE INDEX quotes_email ON quotes(email COLLATE NOCASE)`,
  `CREATE INDEX quotes_responded_created ON quotes(responded, created_at DESC)`,

  `CREATE TABLE quote_images (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    quote_id INTEGER NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
    image_id TEXT NOT NULL REFERENCES images(id),
    original_filename TEXT,
    sort_order INTEGER NOT NULL DEFAULT 0 CHECK (sort_order >= 0),
    UNIQUE (quote_id, sort_order)
  ) STRICT`,
  `CREATE INDEX quote_images_image ON quote_images(image_id)`,

  `CREATE TABLE orders (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at TEXT NOT NULL DEFAULT ${NOW},
    updated_at TEXT NOT NULL DEFAULT ${NOW},
    full_name TEXT NOT NULL CHECK (length(trim(full_name)) > 0),
    email TEXT NOT NULL CHECK (length(trim(email)) > 0),
    phone_number TEXT NOT NULL CHECK (length(trim(phone_number)) > 0),
    address_1 TEXT NOT NULL CHECK (length(trim(address_1)) > 0),
    town TEXT NOT NULL CHECK (length(trim(town)) > 0),
    postcode TEXT NOT NULL CHECK (length(trim(postcode)) > 0),
    collection_date TEXT NOT NULL CHECK (${ISO_DAY("collection_date")}),
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'complete')),
    booking_status TEXT NOT NULL DEFAULT 'pending' CHECK (booking_status IN ('pending', 'complete')),
    payment_method TEXT NOT NULL CHECK (payment_method IN ('card', 'cash_payment', 'bank_transfer')),
    total_pence INTEGER NOT NULL CHECK (total_pence >= 0),
    payment_session_id TEXT UNIQUE,
    checkout_token TEXT UNIQUE,
    source TEXT NOT NULL CHECK (source IN ('web', 'manual', 'quote')),
    quote_id INTEGER REFERENCES quotes(id) ON DELETE SET NULL,
    paid_at TEXT,
    CHECK (source <> 'web' OR payment_method = 'card')
  ) STRICT`,
  `CREATE INDEX orders_collection_date ON orders(collection_date, status)`,
  `CREATE INDEX orders_status_created ON orders(status, created_at DESC)`,
  `CREATE INDEX orders_email ON orders(email COLLATE NOCASE)`,
  `CREATE INDEX orders_created ON orders(created_at DESC)`,

  `CREATE TABLE order_items (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    product_id INTEGER REFERENCES products(id) ON DELETE SET NULL,
    product_name TEXT NOT NULL,
    product_description TEXT NOT NULL,
    image_id TEXT REFERENCES images(id),
    position TEXT NOT NULL CHECK (position IN ('inside_dismantle', 'inside_no_dismantle', 'outside')),
    unit_price_pence INTEGER NOT NULL CHECK (unit_price_pence >= 0),
    quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99)
  ) STRICT`,
  `CREATE INDEX order_items_order ON order_items(order_id)`,
  `CREATE INDEX order_items_product ON order_items(product_id)`,
  `CREATE INDEX order_items_product_name ON order_items(product_name COLLATE NOCASE)`,

  `CREATE TABLE order_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL DEFAULT ${NOW},
    field TEXT NOT NULL,
    old_value TEXT,
    new_value TEXT,
    actor TEXT NOT NULL
  ) STRICT`,
  `CREATE INDEX order_events_order ON order_events(order_id, created_at)`,

  `CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at TEXT NOT NULL DEFAULT ${NOW},
    kind TEXT NOT NULL,
    to_address TEXT NOT NULL CHECK (length(trim(to_address)) > 0),
    subject TEXT NOT NULL,
    text_body TEXT NOT NULL,
    html_body TEXT,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at TEXT NOT NULL DEFAULT ${NOW},
    last_error TEXT,
    sent_at TEXT,
    CHECK (status <> 'sent' OR sent_at IS NOT NULL)
  ) STRICT`,
  `CREATE INDEX outbox_due ON outbox(next_attempt_at) WHERE status = 'pending'`,

  `CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    updated_at TEXT NOT NULL DEFAULT ${NOW}
  ) STRICT`,
  `INSERT INTO settings (key, value) VALUES
    ('daily_capacity', '8'),
    ('same_day_cutoff', '12:00'),
    ('booking_window_days', '90'),
    ('vat_rate_percent', '20')`,
];

const tables = [
  "settings",
  "outbox",
  "order_events",
  "order_items",
  "orders",
  "quote_images",
  "quotes",
  "products",
  "images",
  "users",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
}
