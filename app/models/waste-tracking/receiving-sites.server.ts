import { checkReceivingSite, type ReceivingSite, type SiteCheck } from "~/lib/receiving-site";
import { db } from "~/services/db.server";

/**
 * The receiving sites the vans take waste to (docs/rules.md#tip-sites): listed for the office,
 * added, changed and retired. A retired site leaves the list but stays in the table, so what was
 * recorded at it keeps its name and permit.
 */

export interface StoredSite extends ReceivingSite {
  id: number;
}

const COLUMNS = ["id", "name", "address", "postcode", "authorisation_number"] as const;

const toSite = (row: {
  id: number;
  name: string;
  address: string;
  postcode: string;
  authorisation_number: string;
}): StoredSite => ({
  id: row.id,
  name: row.name,
  address: row.address,
  postcode: row.postcode,
  authorisationNumber: row.authorisation_number,
});

/** The sites in use, by name. */
export async function listReceivingSites(): Promise<StoredSite[]> {
  const rows = await db()
    .selectFrom("receiving_sites")
    .select(COLUMNS)
    .where("retired_at", "is", null)
    .orderBy("name")
    .orderBy("id")
    .execute();
  return rows.map(toSite);
}

export async function getReceivingSite(id: number): Promise<StoredSite | undefined> {
  const row = await db()
    .selectFrom("receiving_sites")
    .select(COLUMNS)
    .where("id", "=", id)
    .where("retired_at", "is", null)
    .executeTakeFirst();
  return row ? toSite(row) : undefined;
}

const columnsOf = (site: ReceivingSite) => ({
  name: site.name,
  address: site.address,
  postcode: site.postcode,
  authorisation_number: site.authorisationNumber,
});

/** Adds a site, or changes one in use (`id`): checked first; nothing is kept when refused. */
export async function saveReceivingSite(
  values: Readonly<Record<string, unknown>>,
  id?: number,
  now = new Date(),
): Promise<SiteCheck | { ok: false; missing: true }> {
  const check = checkReceivingSite(values);
  if (!check.ok) return check;
  if (id === undefined) {
    await db().insertInto("receiving_sites").values(columnsOf(check.site)).execute();
    return check;
  }
  const changed = await db()
    .updateTable("receiving_sites")
    .set({ ...columnsOf(check.site), updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("retired_at", "is", null)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows) === 1 ? check : { ok: false, missing: true };
}

/** The office stops using a site: it leaves the list; false when there was none in use. */
export async function retireReceivingSite(id: number, now = new Date()): Promise<boolean> {
  const retired = await db()
    .updateTable("receiving_sites")
    .set({ retired_at: now.toISOString(), updated_at: now.toISOString() })
    .where("id", "=", id)
    .where("retired_at", "is", null)
    .executeTakeFirst();
  return Number(retired.numUpdatedRows) === 1;
}
