import { sql, type Kysely } from "kysely";

/**
 * What the crew added on the day is charged (issue 32; docs/rules.md#job-completion):
 * `extras_pence` is the added items' price, already in the completion's `total_pence` and printed
 * as "Added on the day" lines of its receipt; `extras_taken` says it was taken in cash on the
 * spot (its day is the completion's), null while it is still due. The same words for both
 * engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE job_completions ADD COLUMN extras_pence INTEGER NOT NULL DEFAULT 0
    CHECK (extras_pence >= 0)`.execute(db);
  await sql`ALTER TABLE job_completions ADD COLUMN extras_taken TEXT
    CHECK (extras_taken IS NULL OR extras_taken = 'cash_payment')`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("0025_job_extras cannot be undone: restore the backup taken before it.");
}
