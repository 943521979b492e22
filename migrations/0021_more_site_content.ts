import { sql, type Kysely } from "kysely";
import { engineOf, TABLE_SQL } from "./dialect";

/**
 * More of the shop's own words as data (issue 31; docs/rules.md#content): site_content also
 * holds the reasons to choose the business (kind 'reason', with an `icon` from the shop's own
 * set), the services it offers ('service': a title, a drawing of the shop's in `icon`, and an
 * optional caption in `body`, which may now be empty), the questions and answers of the FAQ
 * ('faq') and the steps of how booking works ('step').
 * They were compiled in, and several are promises ("price promise", "24/7 support", "fully
 * insured") an owner must be able to change or remove.
 *
 * SQLite cannot change a CHECK in place: the table is made again with the wider kind and the new
 * column, its rows copied with their ids, its index and triggers made again. PostgreSQL changes
 * the constraint and adds the column. Either way `icon` ends the row.
 */
const KINDS = `'claim', 'testimonial', 'reason', 'service', 'faq', 'step'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  if (engineOf(db) === "postgres") {
    await run(`ALTER TABLE site_content DROP CONSTRAINT site_content_kind_check`);
    await run(`ALTER TABLE site_content ADD CONSTRAINT site_content_kind_check
      CHECK (kind IN (${KINDS}))`);
    await run(`ALTER TABLE site_content DROP CONSTRAINT site_content_body_check`);
    await run(`ALTER TABLE site_content ADD CONSTRAINT site_content_body_check
      CHECK (length(body) <= 1000)`);
    await run(`ALTER TABLE site_content
      ADD COLUMN icon TEXT NOT NULL DEFAULT '' CHECK (length(icon) <= 40)`);
    return;
  }
  const { id, strict, now } = TABLE_SQL.sqlite;
  await run(`CREATE TABLE site_content_new (
    ${id},
    kind TEXT NOT NULL CHECK (kind IN (${KINDS})),
    sort_order INTEGER NOT NULL CHECK (sort_order >= 0),
    title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 80),
    body TEXT NOT NULL CHECK (length(body) <= 1000),
    place TEXT NOT NULL DEFAULT '' CHECK (length(place) <= 80),
    service TEXT NOT NULL DEFAULT '' CHECK (length(service) <= 80),
    rating INTEGER CHECK (rating BETWEEN 1 AND 5),
    demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1)),
    created_at TEXT NOT NULL DEFAULT ${now},
    updated_at TEXT NOT NULL DEFAULT ${now},
    icon TEXT NOT NULL DEFAULT '' CHECK (length(icon) <= 40),
    CHECK ((kind = 'testimonial') = (rating IS NOT NULL))
  )${strict}`);
  await run(`INSERT INTO site_content_new
      (id, kind, sort_order, title, body, place, service, rating, demo, created_at, updated_at)
    SELECT id, kind, sort_order, title, body, place, service, rating, demo, created_at, updated_at
    FROM site_content`);
  await run(`DROP TABLE site_content`);
  await run(`ALTER TABLE site_content_new RENAME TO site_content`);
  await run(`CREATE INDEX site_content_kind ON site_content (kind, sort_order)`);
  for (const event of ["INSERT", "UPDATE", "DELETE"])
    await run(`CREATE TRIGGER site_content_${event.toLowerCase()}_shared_pages
      AFTER ${event} ON site_content
      BEGIN UPDATE shared_pages_version SET version = version + 1 WHERE id = 1; END`);
  await run(`UPDATE shared_pages_version SET version = version + 1 WHERE id = 1`);
}

export async function down(): Promise<void> {
  throw new Error("0021_more_site_content cannot be undone: restore the backup taken before it.");
}
