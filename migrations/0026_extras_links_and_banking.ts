import { sql, type Kysely } from "kysely";
import { engineOf, TABLE_SQL } from "./dialect";

/**
 * The rest of the office's money (issue 32; docs/rules.md#job-completion, #takings), written once
 * for both engines:
 *
 * - job_completions.extras_link_at: what the crew added on the day is to be paid by card from the
 *   booking's own page (the completion email links it); extras_session_id the gateway session
 *   last opened for it, extras_paid_at when it was paid;
 * - cash_bankings: each amount of cash the office paid in to the bank, so takings can say how much
 *   cash taken by the crews is still waiting to be banked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { id, strict, now } = TABLE_SQL[engineOf(db)];
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`ALTER TABLE job_completions ADD COLUMN extras_link_at TEXT`);
  await run(`ALTER TABLE job_completions ADD COLUMN extras_session_id TEXT`);
  await run(`ALTER TABLE job_completions ADD COLUMN extras_paid_at TEXT`);
  await run(
    `CREATE UNIQUE INDEX job_completions_extras_session ON job_completions (extras_session_id)`,
  );
  await run(`CREATE TABLE cash_bankings (
    ${id},
    banked_on TEXT NOT NULL CHECK (length(banked_on) = 10),
    amount_pence INTEGER NOT NULL CHECK (amount_pence > 0),
    note TEXT NOT NULL DEFAULT '' CHECK (length(note) <= 200),
    created_by TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT ${now}
  )${strict}`);
  await run(`CREATE INDEX cash_bankings_day ON cash_bankings (banked_on)`);
}

export async function down(): Promise<void> {
  throw new Error(
    "0026_extras_links_and_banking cannot be undone: restore the backup taken before it.",
  );
}
