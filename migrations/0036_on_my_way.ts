import { sql, type Kysely } from "kysely";

/**
 * "On my way" (issue 34; docs/rules.md#on-my-way): when the crew set off for a job, and when they
 * said they would arrive (null when the route could not say); once a job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN on_my_way_at TEXT`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN arriving_by TEXT`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("0036_on_my_way cannot be undone: restore the backup taken before it.");
}
