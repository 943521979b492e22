import { sql, type Kysely } from "kysely";
import { engineOf, TABLE_SQL } from "./dialect";

/**
 * What a van can carry (issue 19; docs/decisions/027-capacity-by-load.md),
 * written once for both engines:
 *
 * - products.load_hundredths: the product's share of a van in hundredths of a
 *   cubic yard (100 = 1.00 yd³); products.handling_minutes: the minutes to
 *   carry it out and load it. Existing products get values by category.
 * - order_items and quote_offer_lines carry both, snapshot when booked or
 *   priced; NULL on a free line until staff give it one. Existing order lines
 *   take their product's values.
 * - fleet_days: vans working on each weekday (Sunday 0), Mon–Sat 2, Sun 1.
 * - blocked_days: days the business takes no collections, with a reason.
 * - day_overrides: a day's van count where it differs from its weekday's.
 * - settings: a van's load per trip, trips per day, a crew's working minutes
 *   and the three arrival windows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  const { strict, now } = TABLE_SQL[engine];
  const run = (text: string) => sql.raw(text).execute(db);

  await run(`ALTER TABLE products ADD COLUMN load_hundredths INTEGER NOT NULL DEFAULT 100
    CHECK (load_hundredths >= 1)`);
  await run(`ALTER TABLE products ADD COLUMN handling_minutes INTEGER NOT NULL DEFAULT 15
    CHECK (handling_minutes BETWEEN 1 AND 600)`);
  await run(`UPDATE products SET
    load_hundredths = CASE category
      WHEN 'Sofa & Chair Removal' THEN 250
      WHEN 'Old Batteries Removal' THEN 10
      WHEN 'Office Removal' THEN 150
      WHEN 'Garden Waste Removal' THEN 200
      WHEN 'Furniture Removal' THEN 150
      WHEN 'Fridge Removal' THEN 150
      WHEN 'Electronic Removal' THEN 30
      WHEN 'Home Removal' THEN 800
      WHEN 'Appliance Removal' THEN 100
      ELSE 100 END,
    handling_minutes = CASE category
      WHEN 'Sofa & Chair Removal' THEN 20
      WHEN 'Old Batteries Removal' THEN 5
      WHEN 'Office Removal' THEN 20
      WHEN 'Garden Waste Removal' THEN 30
      WHEN 'Furniture Removal' THEN 20
      WHEN 'Fridge Removal' THEN 20
      WHEN 'Electronic Removal' THEN 10
      WHEN 'Home Removal' THEN 120
      WHEN 'Appliance Removal' THEN 15
      ELSE 15 END`);

  await run(`ALTER TABLE order_items ADD COLUMN load_hundredths INTEGER
    CHECK (load_hundredths IS NULL OR load_hundredths >= 1)`);
  await run(`ALTER TABLE order_items ADD COLUMN handling_minutes INTEGER
    CHECK (handling_minutes IS NULL OR handling_minutes BETWEEN 1 AND 600)`);
  await run(`UPDATE order_items SET
    load_hundredths = (SELECT p.load_hundredths FROM products p WHERE p.id = order_items.product_id),
    handling_minutes = (SELECT p.handling_minutes FROM products p WHERE p.id = order_items.product_id)
    WHERE product_id IS NOT NULL`);

  await run(`ALTER TABLE quote_offer_lines ADD COLUMN load_hundredths INTEGER
    CHECK (load_hundredths IS NULL OR load_hundredths >= 1)`);
  await run(`ALTER TABLE quote_offer_lines ADD COLUMN handling_minutes INTEGER
    CHECK (handling_minutes IS NULL OR handling_minutes BETWEEN 1 AND 600)`);

  await run(`CREATE TABLE fleet_days (
    weekday INTEGER PRIMARY KEY CHECK (weekday BETWEEN 0 AND 6),
    vans INTEGER NOT NULL CHECK (vans >= 0)
  )${strict}`);
  await run(`INSERT INTO fleet_days (weekday, vans) VALUES
    (0, 1), (1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2)`);

  await run(`CREATE TABLE blocked_days (
    day TEXT PRIMARY KEY CHECK (length(day) = 10),
    reason TEXT NOT NULL CHECK (length(trim(reason)) > 0),
    created_by TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT ${now}
  )${strict}`);

  await run(`CREATE TABLE day_overrides (
    day TEXT PRIMARY KEY CHECK (length(day) = 10),
    vans INTEGER NOT NULL CHECK (vans >= 0),
    reason TEXT NOT NULL DEFAULT '',
    created_by TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT ${now}
  )${strict}`);

  await run(`INSERT INTO settings (key, value) VALUES
    ('van_load_hundredths', '1000'),
    ('van_trips_per_day', '2'),
    ('crew_minutes_per_day', '600'),
    ('window_morning', '07:00-12:00'),
    ('window_afternoon', '12:00-17:00'),
    ('window_evening', '17:00-22:00')
    ON CONFLICT (key) DO NOTHING`);
}

export async function down(): Promise<void> {
  throw new Error("0013_loads_and_fleet cannot be undone: restore the backup taken before it.");
}
