import { sql, type Kysely } from "kysely";

/**
 * Arrival windows (issue 19; docs/decisions/028-arrival-windows.md), written
 * once for both engines:
 *
 * - orders.arrival_window: the window the collection was booked for, morning,
 *   afternoon or evening, or "any" time of the day (what every booking made
 *   before windows existed becomes: the crew came when it could).
 * - orders.window_discount_pence: the "any time" discount (10% off a bag of
 *   Outside items, spec §9), VAT-inclusive, already taken off total_pence.
 * - booking_changes.to_window: the window a paid rearrangement moves to
 *   (NULL: the booking keeps its window).
 *
 * The daily_capacity setting stays, read from now on as the most collections
 * a day takes whatever their load (a crew's travel between addresses).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`ALTER TABLE orders ADD COLUMN arrival_window TEXT NOT NULL DEFAULT 'any'
    CHECK (arrival_window IN ('morning', 'afternoon', 'evening', 'any'))`);
  await run(`ALTER TABLE orders ADD COLUMN window_discount_pence INTEGER NOT NULL DEFAULT 0
    CHECK (window_discount_pence >= 0)`);
  await run(`ALTER TABLE booking_changes ADD COLUMN to_window TEXT
    CHECK (to_window IS NULL OR to_window IN ('morning', 'afternoon', 'evening', 'any'))`);
}

export async function down(): Promise<void> {
  throw new Error("0014_arrival_windows cannot be undone: restore the backup taken before it.");
}
