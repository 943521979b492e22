import { sql, type Kysely } from "kysely";

/**
 * Attempts counted for rate limits (quote requests, staff sign-in). Kept in
 * the database so a restart does not reset a limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE rate_limit_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    bucket TEXT NOT NULL CHECK (length(bucket) BETWEEN 1 AND 200),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ) STRICT`.execute(db);
  await sql`CREATE INDEX rate_limit_events_bucket ON rate_limit_events(bucket, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE rate_limit_events`.execute(db);
}
