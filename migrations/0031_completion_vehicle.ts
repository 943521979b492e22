import { sql, type Kysely } from "kysely";

/**
 * The van that collected a job (issue 33; docs/rules.md#job-completion): its registration as the
 * crew gave it, printed on the waste transfer note; null on notes from before, or when not given.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE job_completions ADD COLUMN vehicle_registration TEXT
    CHECK (vehicle_registration IS NULL OR length(vehicle_registration) BETWEEN 2 AND 10)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error("0031_completion_vehicle cannot be undone: restore the backup taken before it.");
}
