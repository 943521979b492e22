import { sql, type Kysely } from "kysely";
import { engineOf, TABLE_SQL } from "./dialect";

/**
 * Photos kept while a form is sent back (docs/decisions/034-photos-kept-across-a-returned-form.md),
 * written once for both engines:
 *
 * - pending_uploads: one photo of a quote request or a job completion that came back with an
 *   error, already re-encoded and stored as an image (content-addressed, so shared with the
 *   quote or job it ends up on). `id` is an unguessable token; `scope` names the form it
 *   belongs to ("quote:<form token>" or "job:<order id>:<staff user id>"), so nobody else can
 *   attach or view it. `field` is the form's photo field. Rows older than a day are pruned by
 *   the hourly housekeeping job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { strict, now } = TABLE_SQL[engineOf(db)];
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`CREATE TABLE pending_uploads (
    id TEXT PRIMARY KEY CHECK (length(id) BETWEEN 20 AND 64),
    scope TEXT NOT NULL CHECK (length(scope) BETWEEN 5 AND 100),
    field TEXT NOT NULL CHECK (field IN ('images', 'before', 'after')),
    image_id TEXT NOT NULL REFERENCES images(id),
    original_filename TEXT,
    byte_size INTEGER NOT NULL CHECK (byte_size >= 0),
    sort_order INTEGER NOT NULL CHECK (sort_order >= 0),
    created_at TEXT NOT NULL DEFAULT ${now}
  )${strict}`);
  await run(`CREATE INDEX pending_uploads_scope ON pending_uploads (scope, sort_order)`);
  await run(`CREATE INDEX pending_uploads_created ON pending_uploads (created_at)`);
  await run(`CREATE INDEX pending_uploads_image ON pending_uploads (image_id)`);
}

export async function down(): Promise<void> {
  throw new Error("0018_pending_uploads cannot be undone: restore the backup taken before it.");
}
