import { sql, type Kysely } from "kysely";
import { engineOf, TABLE_SQL } from "./dialect";

/**
 * The receiving sites the vans take waste to (issue 33; docs/rules.md#tip-sites): each with its
 * address, postcode and permit or exemption number, as Defra's record names them. A site no
 * longer used is retired, not erased: the tip runs recorded at it keep it. The same words for
 * both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { id, strict, now } = TABLE_SQL[engineOf(db)];
  await sql
    .raw(
      `CREATE TABLE receiving_sites (
    ${id},
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    address TEXT NOT NULL CHECK (length(address) BETWEEN 1 AND 200),
    postcode TEXT NOT NULL CHECK (length(postcode) BETWEEN 5 AND 8),
    authorisation_number TEXT NOT NULL CHECK (length(authorisation_number) BETWEEN 1 AND 40),
    created_at TEXT NOT NULL DEFAULT ${now},
    updated_at TEXT NOT NULL DEFAULT ${now},
    retired_at TEXT
  )${strict}`,
    )
    .execute(db);
}

export async function down(): Promise<void> {
  throw new Error("0028_receiving_sites cannot be undone: restore the backup taken before it.");
}
