import { sql, type Kysely } from "kysely";
import { engineOf, TABLE_SQL } from "./dialect";

/**
 * Where postcodes are (issue 34; docs/rules.md#the-run-sheet): each postcode the run sheet has
 * needed, looked up once from a postcodes.io-compatible service and kept, its centre in whole
 * millionths of a degree (exact on both engines); a postcode the service did not know is kept
 * too, without a place, so it is not asked again for a week.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { strict } = TABLE_SQL[engineOf(db)];
  await sql
    .raw(
      `CREATE TABLE postcode_places (
    postcode TEXT PRIMARY KEY,
    lat_micro INTEGER CHECK (lat_micro IS NULL OR lat_micro BETWEEN -90000000 AND 90000000),
    lng_micro INTEGER CHECK (lng_micro IS NULL OR lng_micro BETWEEN -180000000 AND 180000000),
    looked_up_at TEXT NOT NULL
  )${strict}`,
    )
    .execute(db);
}

export async function down(): Promise<void> {
  throw new Error("0035_postcode_places cannot be undone: restore the backup taken before it.");
}
