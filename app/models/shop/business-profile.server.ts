import type { Transaction } from "kysely";
import type { BusinessProfile } from "~/lib/business-profile";
import { DEMO_AREA_IN_WORDS } from "~/seed/service-area";
import { config } from "~/services/config.server";
import { db, hotRead, type DB } from "~/services/db.server";
import { moveSharedPagesOn } from "./shared-pages.server";

/**
 * The business's details as staff keep them in Settings (docs/rules.md#the-business), one JSON
 * setting; until staff first save them, the environment's (BUSINESS_*, WASTE_CARRIER_LICENCE,
 * VAT_NUMBER). Everything that prints the business reads businessProfile().
 *
 * It is read synchronously everywhere (messages, emails written inside a transaction, the
 * documents), so this process keeps a copy that refreshBusinessProfile brings up to date from
 * the database: before every request the shop renders (server/http.ts), before each scheduled
 * job and each email sent, and at the start of a command. A save in any process is then seen by
 * every process on its next page; the save also moves the shared pages on, so no kept copy of a
 * page shows the old details.
 */
export const BUSINESS_PROFILE_SETTING = "business_profile";

const readStored = hotRead((db) =>
  db.selectFrom("settings").select("value").where("key", "=", BUSINESS_PROFILE_SETTING),
);

let current: { stored: string | undefined; profile: BusinessProfile } | undefined;

/** The business as the environment describes it: what a shop shows until staff save its details. */
export function startingProfile(): BusinessProfile {
  const fromEnvironment = config().startingBusiness;
  return {
    ...fromEnvironment,
    legalName: "",
    companyNumber: "",
    registeredOffice: "",
    openingHours: "",
    areaInWords: config().seedDemo ? DEMO_AREA_IN_WORDS : "",
  };
}

/** The stored details over the starting ones: a field a newer version added keeps its start. */
function profileFrom(stored: string | undefined): BusinessProfile {
  const start = startingProfile();
  if (stored === undefined) return start;
  try {
    const saved = JSON.parse(stored) as Partial<Record<keyof BusinessProfile, unknown>>;
    const profile = { ...start };
    for (const key of Object.keys(start) as (keyof BusinessProfile)[])
      if (typeof saved[key] === "string") profile[key] = saved[key];
    return profile;
  } catch {
    console.error(
      `[settings] ${BUSINESS_PROFILE_SETTING} is not JSON: the starting details are used`,
    );
    return start;
  }
}

/** The business's details, as this process last read them (refreshBusinessProfile). */
export function businessProfile(): BusinessProfile {
  current ??= { stored: undefined, profile: startingProfile() };
  return current.profile;
}

/** Reads the stored details again: one prepared read, parsed only when they changed. */
export async function refreshBusinessProfile(): Promise<BusinessProfile> {
  const [row] = await readStored();
  if (current === undefined || current.stored !== row?.value)
    current = { stored: row?.value, profile: profileFrom(row?.value) };
  return current.profile;
}

/** Stores checked details (checkBusinessProfile) and moves every shared page on, in one transaction. */
export async function saveBusinessProfile(profile: BusinessProfile): Promise<void> {
  const value = JSON.stringify(profile);
  await db()
    .transaction()
    .execute(async (trx: Transaction<DB>) => {
      await trx
        .insertInto("settings")
        .values({ key: BUSINESS_PROFILE_SETTING, value })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({ value, updated_at: new Date().toISOString() }),
        )
        .execute();
      await moveSharedPagesOn(trx);
    });
  await refreshBusinessProfile();
}
