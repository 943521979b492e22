import { sql, type Kysely } from "kysely";

/**
 * What each line of waste handed over weighed (issue 33; docs/rules.md#job-completion): the crew's
 * estimate in grams for the whole line, from the product's weight of one unless they corrected it;
 * 0 when nobody knew. Defra's record sends it as an estimate until a weighbridge says otherwise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE job_waste_lines ADD COLUMN weight_grams INTEGER NOT NULL DEFAULT 0
    CHECK (weight_grams >= 0)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("0029_waste_line_weights cannot be undone: restore the backup taken before it.");
}
