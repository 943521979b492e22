import { sql, type Kysely } from "kysely";

/**
 * A product's waste facts for Defra's waste tracking (issue 33; docs/rules.md#waste-facts),
 * besides its List of Wastes code: its physical form and container (Defra's values), the
 * estimated weight of one in grams (0 until given), how its POPs are known and which they are
 * (Defra's codes, comma-separated), and the hazardous properties of a hazardous one. Every
 * product starts as a solid loaded loose, its weight not given; the same words for both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`ALTER TABLE products ADD COLUMN physical_form TEXT NOT NULL DEFAULT 'Solid'
    CHECK (physical_form IN ('Solid', 'Mixed', 'Liquid', 'Sludge', 'Powder', 'Gas'))`);
  await run(`ALTER TABLE products ADD COLUMN container_type TEXT NOT NULL DEFAULT 'LOO'
    CHECK (container_type IN ('LOO', 'BAG', 'BOX', 'BAL', 'CAN', 'CAR', 'CAS', 'CON', 'DRU',
      'FIB', 'IBC', 'PAL', 'ROR', 'SKI', 'TAN', 'WBI'))`);
  await run(`ALTER TABLE products ADD COLUMN weight_grams INTEGER NOT NULL DEFAULT 0
    CHECK (weight_grams BETWEEN 0 AND 5000000)`);
  await run(`ALTER TABLE products ADD COLUMN pops_source TEXT
    CHECK (pops_source IS NULL OR pops_source IN ('GUIDANCE', 'OWN_TESTING',
      'PROVIDED_WITH_WASTE', 'NOT_PROVIDED'))`);
  await run(`ALTER TABLE products ADD COLUMN pop_codes TEXT NOT NULL DEFAULT ''`);
  await run(`ALTER TABLE products ADD COLUMN hp_codes TEXT NOT NULL DEFAULT ''`);
  // Products already marked POPs are upholstered seating (the only POPs the shop names): their
  // POPs as the Environment Agency's guidance lists them. The common hazardous entries get their
  // usual properties; staff review both on the product form.
  await run(`UPDATE products SET pops_source = 'GUIDANCE',
    pop_codes = 'DECABDE,HBCD,PENTABDE,TETRABDE' WHERE pops = 1`);
  await run(`UPDATE products SET hp_codes = 'HP_14' WHERE low_code IN ('20 01 23*', '20 01 35*')`);
  await run(`UPDATE products SET hp_codes = 'HP_8,HP_10,HP_14' WHERE low_code = '20 01 33*'`);
}

export async function down(): Promise<void> {
  throw new Error("0027_waste_facts cannot be undone: restore the backup taken before it.");
}
