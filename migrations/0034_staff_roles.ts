import { sql, type Kysely } from "kysely";

/**
 * Staff roles (issue 34; docs/rules.md#staff-roles): each account is an owner, the office or a
 * crew member; every account there is now is an owner, as it could reach everything before. An
 * account the owner disables keeps its history but can no longer sign in. The same words for both
 * engines. Each account also has the name its holder goes by ("Sam Brown"), printed on the waste
 * transfer notes they sign; empty: the username is used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'owner'
    CHECK (role IN ('owner', 'office', 'crew'))`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN disabled_at TEXT`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN full_name TEXT NOT NULL DEFAULT ''
    CHECK (length(full_name) <= 80)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("0034_staff_roles cannot be undone: restore the backup taken before it.");
}
