import { sql, type Kysely } from "kysely";

/**
 * A tip run's hand-off (issue 33; docs/rules.md#tip-runs): the secret address of its Defra records,
 * which the receiving site scans from the crew's screen or the run's printed sheet (null for runs
 * recorded before: given one when first shown); and the weighbridge ticket's photo, when taken.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE tip_runs ADD COLUMN handoff_token TEXT`.execute(db);
  await sql`CREATE UNIQUE INDEX tip_runs_handoff ON tip_runs (handoff_token)`.execute(db);
  await sql`ALTER TABLE tip_runs ADD COLUMN ticket_image_id TEXT REFERENCES images (id)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error("0032_tip_run_handoff cannot be undone: restore the backup taken before it.");
}
