import { sql, type Kysely } from "kysely";
import { engineOf, TABLE_SQL } from "./dialect";

/**
 * The office's inbox (issue 32; docs/rules.md#the-inbox), written once for both engines:
 *
 * - contact_messages: what the website's contact form sent (name, email, message), kept so no
 *   lead is lost to a mailbox, and `handled_at`/`handled_by` once the office has dealt with it;
 * - contact_replies: each answer sent from the dashboard (its words, who sent it, and the outbox
 *   row that carries it);
 * - quote_offers.nudged_at: when the customer was last reminded of a price they have not
 *   answered, so the inbox lists each quote to follow up once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { id, strict, now } = TABLE_SQL[engineOf(db)];
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`CREATE TABLE contact_messages (
    ${id},
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    email TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 200),
    message TEXT NOT NULL CHECK (length(message) BETWEEN 1 AND 2000),
    created_at TEXT NOT NULL DEFAULT ${now},
    handled_at TEXT,
    handled_by TEXT
  )${strict}`);
  await run(`CREATE INDEX contact_messages_handled ON contact_messages (handled_at, created_at)`);
  await run(`CREATE TABLE contact_replies (
    ${id},
    message_id INTEGER NOT NULL REFERENCES contact_messages (id) ON DELETE CASCADE,
    body TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 5000),
    sent_by TEXT NOT NULL,
    outbox_id INTEGER REFERENCES outbox (id) ON DELETE SET NULL,
    created_at TEXT NOT NULL DEFAULT ${now}
  )${strict}`);
  await run(`CREATE INDEX contact_replies_message ON contact_replies (message_id)`);
  await run(`ALTER TABLE quote_offers ADD COLUMN nudged_at TEXT`);
}

export async function down(): Promise<void> {
  throw new Error("0024_inbox cannot be undone: restore the backup taken before it.");
}
