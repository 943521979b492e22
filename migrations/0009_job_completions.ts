import { sql, type Kysely } from "kysely";
import { engineOf, TABLE_SQL } from "./dialect";

/**
 * A job's completion and the documents it gives (issue 17;
 * docs/decisions/021-job-completion.md), written once for both engines:
 *
 * - orders.business_name / sic_code: a booking made for a business (NULL for
 *   a household); the SIC 2007 code goes on the waste transfer note.
 * - orders.notes: what the customer (or staff, on a manual booking) wrote for
 *   the crew.
 * - job_completions: one per completed order. It copies the transferor, the
 *   carrier and the money as they were at the transfer, so the note and the
 *   receipt stay true (and are kept two years, `keep_until`) even if the
 *   order is changed or deleted afterwards. `receipt_number` is the shop's
 *   sequential receipt number; `photo_token` the customer's photo link.
 * - job_waste_lines: the waste actually collected, one row per line of the
 *   note (the Defra export is one record per row).
 * - job_receipt_lines: what was charged, as the receipt prints it.
 * - job_photos: before and after photos (images we re-encoded).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  const { id, strict, now } = TABLE_SQL[engine];
  const run = (text: string) => sql.raw(text).execute(db);
  const flag = (name: string) => `${name} INTEGER NOT NULL CHECK (${name} IN (0, 1))`;

  await run(`ALTER TABLE orders ADD COLUMN business_name TEXT`);
  await run(`ALTER TABLE orders ADD COLUMN sic_code TEXT
    CHECK (sic_code IS NULL OR length(sic_code) = 5)`);
  await run(`ALTER TABLE orders ADD COLUMN notes TEXT`);

  await run(`CREATE TABLE job_completions (
    ${id},
    order_id INTEGER UNIQUE REFERENCES orders(id) ON DELETE SET NULL,
    receipt_number INTEGER NOT NULL UNIQUE CHECK (receipt_number >= 1),
    photo_token TEXT NOT NULL UNIQUE CHECK (length(photo_token) BETWEEN 20 AND 64),
    completed_at TEXT NOT NULL DEFAULT ${now},
    transferred_at TEXT NOT NULL,
    collection_date TEXT NOT NULL CHECK (length(collection_date) = 10),
    handed_over_by TEXT NOT NULL CHECK (length(trim(handed_over_by)) > 0),
    crew_name TEXT NOT NULL CHECK (length(trim(crew_name)) > 0),
    crew_user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    containment TEXT NOT NULL,
    customer_name TEXT NOT NULL,
    customer_email TEXT NOT NULL,
    customer_phone TEXT NOT NULL,
    address_1 TEXT NOT NULL,
    town TEXT NOT NULL,
    postcode TEXT NOT NULL,
    business_name TEXT,
    sic_code TEXT,
    carrier_name TEXT NOT NULL,
    carrier_address TEXT NOT NULL,
    carrier_registration TEXT NOT NULL,
    vat_number TEXT NOT NULL,
    vat_rate_percent INTEGER NOT NULL CHECK (vat_rate_percent >= 0),
    total_pence INTEGER NOT NULL CHECK (total_pence >= 0),
    payment_method TEXT NOT NULL,
    payment_collected TEXT
      CHECK (payment_collected IS NULL OR payment_collected IN ('cash_payment', 'bank_transfer')),
    payment_note TEXT NOT NULL DEFAULT '',
    keep_until TEXT NOT NULL CHECK (length(keep_until) = 10)
  )${strict}`);
  await run(`CREATE INDEX job_completions_transferred ON job_completions (transferred_at)`);

  await run(`CREATE TABLE job_waste_lines (
    ${id},
    completion_id INTEGER NOT NULL REFERENCES job_completions(id) ON DELETE CASCADE,
    sort_order INTEGER NOT NULL CHECK (sort_order >= 0),
    source TEXT NOT NULL CHECK (source IN ('booked', 'catalogue', 'free')),
    product_id INTEGER REFERENCES products(id) ON DELETE SET NULL,
    name TEXT NOT NULL CHECK (length(trim(name)) > 0),
    waste_description TEXT NOT NULL CHECK (length(trim(waste_description)) > 0),
    low_code TEXT NOT NULL CHECK (length(low_code) BETWEEN 8 AND 9),
    ${flag("pops")},
    ${flag("hazardous")},
    quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99),
    UNIQUE (completion_id, sort_order)
  )${strict}`);

  await run(`CREATE TABLE job_receipt_lines (
    ${id},
    completion_id INTEGER NOT NULL REFERENCES job_completions(id) ON DELETE CASCADE,
    sort_order INTEGER NOT NULL CHECK (sort_order >= 0),
    description TEXT NOT NULL,
    detail TEXT,
    quantity INTEGER NOT NULL CHECK (quantity >= 1),
    unit_price_pence INTEGER NOT NULL,
    UNIQUE (completion_id, sort_order)
  )${strict}`);

  await run(`CREATE TABLE job_photos (
    ${id},
    completion_id INTEGER NOT NULL REFERENCES job_completions(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('before', 'after')),
    image_id TEXT NOT NULL REFERENCES images(id),
    sort_order INTEGER NOT NULL CHECK (sort_order >= 0),
    UNIQUE (completion_id, kind, sort_order)
  )${strict}`);
  await run(`CREATE INDEX job_photos_image ON job_photos (image_id)`);
}

export async function down(): Promise<void> {
  throw new Error("0009_job_completions cannot be undone: restore the backup taken before it.");
}
