import { sql, type Kysely } from "kysely";
import { engineOf, TABLE_SQL } from "./dialect";

/**
 * The shop's own words as data (issue 31; docs/rules.md#content), written once for both engines:
 *
 * - site_content: the home page's headline figures (kind 'claim': `title` the figure, "13,000+",
 *   `body` what it counts, "reviews") and customers' reviews (kind 'testimonial': `title` the
 *   customer's name, `body` their words, `place`, `service`, `rating` 1–5), in `sort_order` order.
 *   `demo` marks the spec's demo content, seeded only with SEED_DEMO, so the dashboard can show it
 *   as demo and an owner can remove it before going live.
 *
 * Like the catalogue (0015), a change moves the shared pages' version by trigger, so every
 * writer and every process is seen at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { id, strict, now } = TABLE_SQL[engineOf(db)];
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`CREATE TABLE site_content (
    ${id},
    kind TEXT NOT NULL CHECK (kind IN ('claim', 'testimonial')),
    sort_order INTEGER NOT NULL CHECK (sort_order >= 0),
    title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 80),
    body TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 1000),
    place TEXT NOT NULL DEFAULT '' CHECK (length(place) <= 80),
    service TEXT NOT NULL DEFAULT '' CHECK (length(service) <= 80),
    rating INTEGER CHECK (rating BETWEEN 1 AND 5),
    demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1)),
    created_at TEXT NOT NULL DEFAULT ${now},
    updated_at TEXT NOT NULL DEFAULT ${now},
    CHECK ((kind = 'testimonial') = (rating IS NOT NULL))
  )${strict}`);
  await run(`CREATE INDEX site_content_kind ON site_content (kind, sort_order)`);
  if (engineOf(db) === "sqlite") {
    for (const event of ["INSERT", "UPDATE", "DELETE"])
      await run(`CREATE TRIGGER site_content_${event.toLowerCase()}_shared_pages
        AFTER ${event} ON site_content
        BEGIN UPDATE shared_pages_version SET version = version + 1 WHERE id = 1; END`);
    return;
  }
  // shared_pages_changed() is 0015's.
  await run(`CREATE TRIGGER site_content_shared_pages
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_content
    FOR EACH STATEMENT EXECUTE FUNCTION shared_pages_changed()`);
}

export async function down(): Promise<void> {
  throw new Error("0019_site_content cannot be undone: restore the backup taken before it.");
}
