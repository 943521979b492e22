import { db } from "~/services/db.server";

/** Business settings stored in the database (defaults come from the first migration). */
export async function getSetting(key: string): Promise<string | undefined> {
  const row = await db()
    .selectFrom("settings")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirst();
  return row?.value;
}

export async function setSetting(key: string, value: string): Promise<void> {
  await db()
    .insertInto("settings")
    .values({ key, value })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({ value, updated_at: new Date().toISOString() }),
    )
    .execute();
}
