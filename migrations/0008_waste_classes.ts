import { sql, type Kysely } from "kysely";

/**
 * Each product's waste class, the facts the waste transfer note prints
 * (issue 17; docs/rules.md#waste-classes), written once for both engines:
 *
 * - products: its waste description, its List of Wastes code (`20 03 07`,
 *   `20 01 23*`; empty until staff give one), whether it contains persistent
 *   organic pollutants (upholstered seating, kept apart for incineration) and
 *   whether it is hazardous (every code ending in `*`).
 * - order_items: the same four as they were when the order was written
 *   (checkout and quote booking), so a later change to the product does not
 *   change an old order's note. NULL on a free quote line and on orders
 *   written before this migration.
 *
 * Existing products are given their category's class (the seed is finer, by
 * name). Old Batteries Removal becomes 20 01 33* hazardous: a category that
 * takes car, leisure and mobility batteries (lead-acid) must be declared at
 * the stricter class until staff split it; a box of alkaline batteries can be
 * changed to 20 01 34 in the product form.
 */
export const BACKFILL: readonly (readonly [
  category: string,
  description: string,
  code: string,
  pops: 0 | 1,
  hazardous: 0 | 1,
])[] = [
  ["Sofa & Chair Removal", "Domestic seating containing POPs (upholstered)", "20 03 07", 1, 0],
  [
    "Fridge Removal",
    "Discarded fridges and freezers containing refrigerant gases",
    "20 01 23*",
    0,
    1,
  ],
  ["Electronic Removal", "Discarded TVs and monitors with hazardous components", "20 01 35*", 0, 1],
  ["Appliance Removal", "Discarded electrical appliances (non-hazardous)", "20 01 36", 0, 0],
  ["Garden Waste Removal", "Garden waste (biodegradable)", "20 02 01", 0, 0],
  ["Home Removal", "Mixed household waste", "20 03 01", 0, 0],
  ["Office Removal", "Mixed office furniture and waste", "20 03 01", 0, 0],
  ["Furniture Removal", "Bulky furniture waste", "20 03 07", 0, 0],
  ["Old Batteries Removal", "Batteries, including lead-acid and NiCd", "20 01 33*", 0, 1],
];

const text = (value: string) => `'${value.replace(/'/g, "''")}'`;

function caseOf(column: 1 | 2 | 3 | 4): string {
  const arms = BACKFILL.map(
    (row) =>
      `WHEN ${text(row[0])} THEN ${typeof row[column] === "number" ? row[column] : text(row[column] as string)}`,
  ).join(" ");
  return `CASE category ${arms} ELSE ${column >= 3 ? "0" : "''"} END`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);

  await run(`ALTER TABLE products ADD COLUMN waste_description TEXT NOT NULL DEFAULT ''`);
  await run(`ALTER TABLE products ADD COLUMN low_code TEXT NOT NULL DEFAULT ''`);
  await run(`ALTER TABLE products ADD COLUMN pops INTEGER NOT NULL DEFAULT 0
    CHECK (pops IN (0, 1))`);
  await run(`ALTER TABLE products ADD COLUMN hazardous INTEGER NOT NULL DEFAULT 0
    CHECK (hazardous IN (0, 1))`);
  await run(`UPDATE products SET
    waste_description = ${caseOf(1)},
    low_code = ${caseOf(2)},
    pops = ${caseOf(3)},
    hazardous = ${caseOf(4)}`);

  await run(`ALTER TABLE order_items ADD COLUMN waste_description TEXT`);
  await run(`ALTER TABLE order_items ADD COLUMN low_code TEXT`);
  await run(`ALTER TABLE order_items ADD COLUMN pops INTEGER CHECK (pops IN (0, 1))`);
  await run(`ALTER TABLE order_items ADD COLUMN hazardous INTEGER CHECK (hazardous IN (0, 1))`);
}

export async function down(): Promise<void> {
  throw new Error("0008_waste_classes cannot be undone: restore the backup taken before it.");
}
