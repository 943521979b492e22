import { sql, type Kysely } from "kysely";

/**
 * Staff sessions kept on the server, so signing out, a password change or
 * `npm run admin -- sign-out-everywhere` ends them. The cookie carries a
 * random token; only its sha256 is stored here.
 *
 * Known sign-in sources: the addresses a staff member has signed in from.
 * A correct password from one of them is let through while strangers are
 * guessing that username from elsewhere.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE staff_sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    token_hash TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    seen_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ) STRICT`.execute(db);
  await sql`CREATE INDEX staff_sessions_user ON staff_sessions(user_id)`.execute(db);
  await sql`CREATE TABLE staff_login_sources (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    address TEXT NOT NULL CHECK (length(address) BETWEEN 1 AND 100),
    first_seen_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    last_seen_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    PRIMARY KEY (user_id, address)
  ) STRICT`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE staff_login_sources`.execute(db);
  await sql`DROP TABLE staff_sessions`.execute(db);
}
