import type { Kysely } from "kysely";
import { db, type DB } from "~/services/db.server";
import { lockKeys } from "~/services/dialect.server";
import { staffName } from "../staff/staff-session.server";
import { vansOut } from "./vans.server";

/**
 * Who crews each van on a day (docs/rules.md#vans-and-crews): one van a person a day. A crew
 * member on a van sees that van's run and opens its jobs alone; one on no van that day sees the
 * whole day's, as before vans had crews.
 */

export interface CrewMember {
  userId: number;
  name: string;
}

/** Each van's crew on a day, by van id, in name order. */
export async function crewsOn(
  day: string,
  executor: Kysely<DB> = db(),
): Promise<Map<number, CrewMember[]>> {
  const rows = await executor
    .selectFrom("van_crews")
    .innerJoin("users", "users.id", "van_crews.user_id")
    .select(["van_crews.van_id", "users.id", "users.username", "users.full_name"])
    .where("van_crews.day", "=", day)
    .execute();
  const crews = new Map<number, CrewMember[]>();
  for (const row of rows) {
    const list = crews.get(row.van_id) ?? [];
    list.push({ userId: row.id, name: staffName(row) });
    crews.set(row.van_id, list);
  }
  for (const list of crews.values()) list.sort((a, b) => a.name.localeCompare(b.name));
  return crews;
}

/** The van a member of staff crews on a day, or null. */
export async function crewVanOf(day: string, userId: number): Promise<number | null> {
  const row = await db()
    .selectFrom("van_crews")
    .select("van_id")
    .where("day", "=", day)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.van_id ?? null;
}

/** The staff who may crew a van: every account that can sign in, in name order. */
export async function crewCandidates(): Promise<CrewMember[]> {
  const rows = await db()
    .selectFrom("users")
    .select(["id", "username", "full_name"])
    .where("disabled_at", "is", null)
    .execute();
  return rows
    .map((row) => ({ userId: row.id, name: staffName(row) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The office sets a van's crew for a day: those ticked, taken off any other van that day.
 * False when the van is not out that day.
 */
export async function setVanCrew(
  day: string,
  vanId: number,
  userIds: readonly number[],
): Promise<{ ok: true; vanName: string } | { ok: false }> {
  return db()
    .transaction()
    .execute(async (trx) => {
      // Two vans' crews saved at once with the same person: one after the other, never both.
      await lockKeys(trx, [`crews:${day}`]);
      const van = (await vansOut(day, trx)).vans.find((v) => v.id === vanId);
      if (!van) return { ok: false };
      const staff = await trx
        .selectFrom("users")
        .select("id")
        .where("disabled_at", "is", null)
        .execute();
      const ids = [...new Set(userIds)].filter((id) => staff.some((s) => s.id === id));
      await trx
        .deleteFrom("van_crews")
        .where("day", "=", day)
        .where((eb) =>
          ids.length > 0
            ? eb.or([eb("van_id", "=", vanId), eb("user_id", "in", ids)])
            : eb("van_id", "=", vanId),
        )
        .execute();
      if (ids.length > 0)
        await trx
          .insertInto("van_crews")
          .values(ids.map((user_id) => ({ day, van_id: vanId, user_id })))
          .execute();
      return { ok: true, vanName: van.name };
    });
}

/**
 * Who collected a job, as its waste transfer note names them: the crew of its van that day
 * (docs/rules.md#vans-and-crews), the member completing it among them; the member alone when the
 * van has no crew named. With the van's registration, the form's default for the note.
 */
export async function jobCrew(
  orderId: number,
  member: CrewMember,
): Promise<{ name: string; vanRegistration: string | null }> {
  const order = await db()
    .selectFrom("orders")
    .leftJoin("vans", "vans.id", "orders.van_id")
    .select(["orders.collection_date", "orders.van_id", "vans.registration"])
    .where("orders.id", "=", orderId)
    .executeTakeFirst();
  if (!order?.van_id) return { name: member.name, vanRegistration: null };
  const crew = (await crewsOn(order.collection_date)).get(order.van_id) ?? [];
  const names = [member, ...crew.filter((m) => m.userId !== member.userId)].map((m) => m.name);
  return { name: names.join(", "), vanRegistration: order.registration };
}
