import { sql, type Kysely } from "kysely";
import { engineOf, TABLE_SQL } from "./dialect";

/**
 * Vans and crews (issue 34; docs/rules.md#vans-and-crews): the fleet's vans by name, with their
 * registration, in the order they go out (a weekday with two vans sends the first two); who
 * crews each van on a day (one van a person a day); and the van each booking is on. The shop
 * gets as many vans as its busiest weekday or day override has, named "Van 1", "Van 2"…;
 * bookings made before keep no van until the office gives them one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { id, strict, now } = TABLE_SQL[engineOf(db)];
  await sql
    .raw(
      `CREATE TABLE vans (
    ${id},
    out_order INTEGER NOT NULL UNIQUE CHECK (out_order >= 1),
    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
    registration TEXT CHECK (registration IS NULL OR length(registration) BETWEEN 2 AND 10),
    created_at TEXT NOT NULL DEFAULT ${now}
  )${strict}`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TABLE van_crews (
    day TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id),
    van_id INTEGER NOT NULL REFERENCES vans(id),
    PRIMARY KEY (day, user_id)
  )${strict}`,
    )
    .execute(db);
  await sql`CREATE INDEX van_crews_van ON van_crews (day, van_id)`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN van_id INTEGER REFERENCES vans(id)`.execute(db);
  const most = await sql<{ vans: number | string | null }>`
    SELECT MAX(vans) AS vans FROM (
      SELECT vans FROM fleet_days UNION ALL SELECT vans FROM day_overrides
    ) AS counts`.execute(db);
  const count = Math.max(2, Number(most.rows[0]?.vans ?? 0));
  for (let n = 1; n <= count; n++)
    await sql`INSERT INTO vans (out_order, name) VALUES (${n}, ${`Van ${n}`})`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("0037_vans cannot be undone: restore the backup taken before it.");
}
