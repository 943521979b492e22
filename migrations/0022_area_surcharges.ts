import { sql, type Kysely } from "kysely";

/**
 * An extra charge for collecting from some of the area served (issue 31; docs/rules.md#the-area-served):
 * staff set it per postcode area or district in Settings (the setting `service_area_surcharges`),
 * and a web booking from there carries it in its total. `area_surcharge_pence` keeps what the order
 * was charged for it, VAT-inclusive like every price, already in total_pence, so every page, email
 * and receipt can show it as its own line, whatever the setting says later. The same words for both
 * engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN area_surcharge_pence INTEGER NOT NULL DEFAULT 0
    CHECK (area_surcharge_pence >= 0)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("0022_area_surcharges cannot be undone: restore the backup taken before it.");
}
