import { sql, type Kysely } from "kysely";
import { engineOf } from "./dialect";

/**
 * The generation of what the shared public pages show (issue 20;
 * docs/decisions/029-shared-page-cache.md), written once for both engines.
 *
 * - shared_pages_version: one row whose `version` moves on whenever a table the
 *   cached public pages are rendered from changes. Today that is the products
 *   table (the catalogue, its prices and pictures); the rest of those pages is
 *   the code's own content and the start-up configuration.
 *
 * The database moves it on, by trigger, so every writer is covered: the staff
 * pages, the /api, the owner's commands, and every process of a PostgreSQL shop.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`CREATE TABLE shared_pages_version (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL CHECK (version >= 1)
  )`);
  await run(`INSERT INTO shared_pages_version (id, version) VALUES (1, 1)`);
  if (engineOf(db) === "sqlite") {
    for (const event of ["INSERT", "UPDATE", "DELETE"])
      await run(`CREATE TRIGGER products_${event.toLowerCase()}_shared_pages
        AFTER ${event} ON products
        BEGIN UPDATE shared_pages_version SET version = version + 1 WHERE id = 1; END`);
    return;
  }
  await run(`CREATE FUNCTION shared_pages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE shared_pages_version SET version = version + 1 WHERE id = 1;
      RETURN NULL;
    END $$`);
  await run(`CREATE TRIGGER products_shared_pages
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION shared_pages_changed()`);
}

export async function down(): Promise<void> {
  throw new Error("0015_shared_pages cannot be undone: restore the backup taken before it.");
}
