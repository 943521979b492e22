import { DEFAULT_VAT_RATE_PERCENT, type VatStatus } from "~/lib/vat";
import { db, type DB } from "~/services/db.server";
import type { Transaction } from "kysely";
import { businessProfile } from "~/models/shop/business-profile.server";

/** The database, or a transaction under way (a read inside it sees what it wrote). */
type Executor = Transaction<DB> | ReturnType<typeof db>;

/** Business settings stored in the database (defaults come from the first migration). */
export async function getSetting(
  key: string,
  executor: Executor = db(),
): Promise<string | undefined> {
  const row = await executor
    .selectFrom("settings")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirst();
  return row?.value;
}

export async function setSetting(
  key: string,
  value: string,
  executor: Executor = db(),
): Promise<void> {
  await executor
    .insertInto("settings")
    .values({ key, value })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({ value, updated_at: new Date().toISOString() }),
    )
    .execute();
}

/** Stores a setting only if it has none yet; answers the value stored (this one, or the one already there). */
export async function addSettingIfAbsent(key: string, value: string): Promise<string> {
  await db()
    .insertInto("settings")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  return (await getSetting(key)) ?? value;
}

/**
 * The largest order the site takes online (settings `max_order_total_pence`
 * and `max_order_lines`). Defaults: £5,000 and 30 different items. A crew
 * takes a few collections a day at about £100–£300 each, so £5,000 is well
 * beyond one day's collections, and 30 lines is more than a whole-house
 * clearance lists from the catalogue; anything bigger needs a survey and a
 * quote, not a card payment.
 */
export async function orderLimits(): Promise<{ maxTotalPence: number; maxLines: number }> {
  const [total, lines] = await Promise.all([
    getSetting("max_order_total_pence"),
    getSetting("max_order_lines"),
  ]);
  const positive = (value: string | undefined, fallback: number) => {
    const n = Number(value);
    return Number.isSafeInteger(n) && n > 0 ? n : fallback;
  };
  return { maxTotalPence: positive(total, 500_000), maxLines: positive(lines, 30) };
}

/** The VAT rate in percent that every public price includes (setting `vat_rate_percent`). */
export async function vatRatePercent(executor: Executor = db()): Promise<number> {
  return Number((await getSetting("vat_rate_percent", executor)) ?? DEFAULT_VAT_RATE_PERCENT);
}

/**
 * Whether the business charges VAT (it has a VAT number) and the rate its prices then include:
 * what every page, email and document says about VAT follows from this (vatWording, lib/vat.ts).
 */
export async function vatStatus(executor: Executor = db()): Promise<VatStatus> {
  return {
    registered: businessProfile().vatNumber !== "",
    ratePercent: await vatRatePercent(executor),
  };
}
