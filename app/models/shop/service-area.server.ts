import type { Transaction } from "kysely";
import {
  coverageMessage,
  coverageOf,
  parseAreaCodes,
  parseSurcharges,
  surchargeFor,
  type AreaSurcharge,
  type Coverage,
  type CoverageVoice,
} from "~/lib/service-area";
import { ukPostcode } from "~/lib/contact-details";
import { db, type DB } from "~/services/db.server";
import { getSetting, setSetting } from "./settings.server";

/**
 * The area the business collects from, as staff set it in Settings (setting `service_area`:
 * the codes, space-separated), and the extra charges for parts of it (`service_area_surcharges`:
 * "KT1=1500 GU=2050"). The rules are coverageOf and surchargeFor (app/lib/service-area.ts).
 */

export const SERVICE_AREA_SETTING = "service_area";
export const SURCHARGES_SETTING = "service_area_surcharges";

type Executor = Transaction<DB> | ReturnType<typeof db>;

/** The extra charges for parts of the area, as stored. */
export async function areaSurcharges(executor: Executor = db()): Promise<AreaSurcharge[]> {
  const stored = (await getSetting(SURCHARGES_SETTING, executor)) ?? "";
  return stored
    .split(" ")
    .map((pair) => /^([A-Z0-9]+)=(\d+)$/.exec(pair))
    .flatMap((match) => (match ? [{ code: match[1]!, pence: Number(match[2]) }] : []));
}

/** The postcode areas and districts the business collects from; none set: anywhere in the UK. */
export async function serviceAreaCodes(
  executor: Transaction<DB> | ReturnType<typeof db> = db(),
): Promise<string[]> {
  const stored = (await getSetting(SERVICE_AREA_SETTING, executor)) ?? "";
  const checked = parseAreaCodes(stored);
  return checked.ok ? checked.codes : [];
}

/**
 * Stores the area and its extra charges staff typed, once both are checked; answers what was
 * kept, or why it was refused (`field` names the box). Both settings in one transaction.
 */
export async function saveServiceArea(
  typed: string,
  typedSurcharges = "",
): Promise<
  | { ok: true; codes: string[]; surcharges: AreaSurcharge[] }
  | { ok: false; field: "area" | "surcharges"; message: string }
> {
  const checked = parseAreaCodes(typed);
  if (!checked.ok) return { ...checked, field: "area" };
  const charges = parseSurcharges(typedSurcharges, checked.codes);
  if (!charges.ok) return { ...charges, field: "surcharges" };
  await db()
    .transaction()
    .execute(async (trx) => {
      await setSetting(SERVICE_AREA_SETTING, checked.codes.join(" "), trx);
      await setSetting(
        SURCHARGES_SETTING,
        charges.surcharges.map(({ code, pence }) => `${code}=${pence}`).join(" "),
        trx,
      );
    });
  return { ok: true, codes: checked.codes, surcharges: charges.surcharges };
}

/**
 * Whether a booking may be made for the postcode: what every way of booking asks before it
 * writes anything or starts a payment. `message` in the reader's words when it may not.
 */
export async function checkCollectionPostcode(
  postcode: string,
  voice: CoverageVoice,
  executor?: Transaction<DB> | ReturnType<typeof db>,
): Promise<
  { ok: true; surcharge: AreaSurcharge | null } | { ok: false; message: string; coverage: Coverage }
> {
  const coverage = coverageOf(postcode, await serviceAreaCodes(executor));
  if (coverage.covered)
    return { ok: true, surcharge: surchargeFor(coverage.postcode, await areaSurcharges(executor)) };
  return { ok: false, message: coverageMessage(coverage, voice), coverage };
}

/**
 * The area's answer for a form's postcode field as typed, even when other fields of the form are
 * wrong, so one refusal says everything. A value that is not a postcode passes here: the form's
 * own rule (contactDetailsSchema) says so beside the field.
 */
export async function checkTypedPostcode(
  value: unknown,
  voice: CoverageVoice,
): Promise<{ ok: true; surcharge: AreaSurcharge | null } | { ok: false; message: string }> {
  const postcode = typeof value === "string" ? ukPostcode(value.trim()) : null;
  return postcode ? checkCollectionPostcode(postcode, voice) : { ok: true, surcharge: null };
}
