import { sql, type Kysely } from "kysely";
import { engineOf, TABLE_SQL } from "./dialect";

/**
 * Blog posts as data (issue 31; docs/rules.md#content), written once for both engines:
 *
 * - blog_posts: the title (unique whatever its case: the spec's links find an article by
 *   `?title=`), the `slug` made from the first title and kept when the title changes (so a
 *   shared link keeps working), the summary the cards show, the `body` in Markdown (rendered
 *   on the server, app/lib/markdown.server.ts), the day it is dated, and its picture: an
 *   uploaded one (`image_id`, like a product's) or, for the spec's demo posts, a drawing the
 *   shop carries (`illustration`, a public path). `demo` marks the demo posts, seeded only with
 *   SEED_DEMO.
 *
 * Like site_content (0019), a change moves the shared pages' version by trigger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { id, strict, now } = TABLE_SQL[engineOf(db)];
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`CREATE TABLE blog_posts (
    ${id},
    slug TEXT NOT NULL UNIQUE CHECK (length(slug) BETWEEN 1 AND 100),
    title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
    summary TEXT NOT NULL CHECK (length(summary) BETWEEN 1 AND 300),
    body TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 20000),
    published_on TEXT NOT NULL CHECK (length(published_on) = 10),
    image_id TEXT REFERENCES images (id),
    illustration TEXT CHECK (illustration LIKE '/illustrations/%'),
    demo INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1)),
    created_at TEXT NOT NULL DEFAULT ${now},
    updated_at TEXT NOT NULL DEFAULT ${now}
  )${strict}`);
  // Unique whatever the case, each engine in its own words (as users.username, 0001 and 0006).
  await run(
    engineOf(db) === "sqlite"
      ? `CREATE UNIQUE INDEX blog_posts_title ON blog_posts (title COLLATE NOCASE)`
      : `CREATE UNIQUE INDEX blog_posts_title ON blog_posts (lower(title))`,
  );
  await run(`CREATE INDEX blog_posts_published ON blog_posts (published_on)`);
  if (engineOf(db) === "sqlite") {
    for (const event of ["INSERT", "UPDATE", "DELETE"])
      await run(`CREATE TRIGGER blog_posts_${event.toLowerCase()}_shared_pages
        AFTER ${event} ON blog_posts
        BEGIN UPDATE shared_pages_version SET version = version + 1 WHERE id = 1; END`);
    return;
  }
  // shared_pages_changed() is 0015's.
  await run(`CREATE TRIGGER blog_posts_shared_pages
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blog_posts
    FOR EACH STATEMENT EXECUTE FUNCTION shared_pages_changed()`);
}

export async function down(): Promise<void> {
  throw new Error("0020_blog_posts cannot be undone: restore the backup taken before it.");
}
