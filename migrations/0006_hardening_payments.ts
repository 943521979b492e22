import { sql, type Kysely } from "kysely";

/**
 * Payments hardening:
 *
 * - orders.client_key: a keyed hash of the address a web checkout came from
 *   (never the address itself), so unpaid checkouts can be counted per
 *   address and day.
 * - orders.payment_review_at: set when a payment arrived that does not match
 *   the order (amount or currency); staff see these on the dashboard.
 * - outbox: a stable Message-ID per email, and a "sending" state written
 *   before the SMTP call, so a restart knows which email may already have
 *   left (docs/decisions/013-email-exactly-once.md). SQLite cannot change a
 *   CHECK constraint in place, so the table is rebuilt (nothing references it).
 * - settings: the largest order the site takes online (total and lines).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN client_key TEXT
    CHECK (client_key IS NULL OR length(client_key) BETWEEN 1 AND 64)`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN payment_review_at TEXT`.execute(db);
  await sql`CREATE INDEX orders_day_client ON orders(collection_date, client_key)`.execute(db);
  await sql`CREATE INDEX orders_payment_review ON orders(payment_review_at)
    WHERE payment_review_at IS NOT NULL`.execute(db);

  await sql`CREATE TABLE outbox_next (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    kind TEXT NOT NULL,
    to_address TEXT NOT NULL CHECK (length(trim(to_address)) > 0),
    subject TEXT NOT NULL,
    text_body TEXT NOT NULL,
    html_body TEXT,
    status TEXT NOT NULL DEFAULT 'pending'
      CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    last_error TEXT,
    sent_at TEXT,
    message_id TEXT UNIQUE CHECK (message_id IS NULL OR length(message_id) BETWEEN 3 AND 250),
    sending_at TEXT,
    CHECK (status <> 'sent' OR sent_at IS NOT NULL),
    CHECK (status <> 'sending' OR (sending_at IS NOT NULL AND message_id IS NOT NULL))
  ) STRICT`.execute(db);
  await sql`INSERT INTO outbox_next (id, created_at, kind, to_address, subject, text_body,
      html_body, status, attempts, next_attempt_at, last_error, sent_at)
    SELECT id, created_at, kind, to_address, subject, text_body,
      html_body, status, attempts, next_attempt_at, last_error, sent_at FROM outbox`.execute(db);
  await sql`DROP TABLE outbox`.execute(db);
  await sql`ALTER TABLE outbox_next RENAME TO outbox`.execute(db);
  await sql`CREATE INDEX outbox_due ON outbox(next_attempt_at) WHERE status = 'pending'`.execute(
    db,
  );
  await sql`CREATE INDEX outbox_sending ON outbox(sending_at) WHERE status = 'sending'`.execute(db);

  await sql`INSERT INTO settings (key, value) VALUES
    ('max_order_total_pence', '500000'),
    ('max_order_lines', '30')
    ON CONFLICT (key) DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM settings WHERE key IN ('max_order_total_pence', 'max_order_lines')`.execute(
    db,
  );
  await sql`CREATE TABLE outbox_prev (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    kind TEXT NOT NULL,
    to_address TEXT NOT NULL CHECK (length(trim(to_address)) > 0),
    subject TEXT NOT NULL,
    text_body TEXT NOT NULL,
    html_body TEXT,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    last_error TEXT,
    sent_at TEXT,
    CHECK (status <> 'sent' OR sent_at IS NOT NULL)
  ) STRICT`.execute(db);
  await sql`INSERT INTO outbox_prev (id, created_at, kind, to_address, subject, text_body,
      html_body, status, attempts, next_attempt_at, last_error, sent_at)
    SELECT id, created_at, kind, to_address, subject, text_body, html_body,
      CASE status WHEN 'sending' THEN 'pending' ELSE status END,
      attempts, next_attempt_at, last_error, sent_at FROM outbox`.execute(db);
  await sql`DROP TABLE outbox`.execute(db);
  await sql`ALTER TABLE outbox_prev RENAME TO outbox`.execute(db);
  await sql`CREATE INDEX outbox_due ON outbox(next_attempt_at) WHERE status = 'pending'`.execute(
    db,
  );

  await sql`DROP INDEX orders_payment_review`.execute(db);
  await sql`DROP INDEX orders_day_client`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN payment_review_at`.execute(db);
  await sql`ALTER TABLE orders DROP COLUMN client_key`.execute(db);
}
