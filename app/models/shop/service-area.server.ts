import type { Transaction } from "kysely";
import {
  coverageMessage,
  coverageOf,
  parseAreaCodes,
  type Coverage,
  type CoverageVoice,
} from "~/lib/service-area";
import { ukPostcode } from "~/lib/contact-details";
import { db, type DB } from "~/services/db.server";
import { getSetting, setSetting } from "./settings.server";

/**
 * The area the business collects from, as staff set it in Settings (setting `service_area`:
 * the codes, space-separated). The rule is coverageOf (app/lib/service-area.ts).
 */

export const SERVICE_AREA_SETTING = "service_area";

/** The postcode areas and districts the business collects from; none set: anywhere in the UK. */
export async function serviceAreaCodes(
  executor: Transaction<DB> | ReturnType<typeof db> = db(),
): Promise<string[]> {
  const stored = (await getSetting(SERVICE_AREA_SETTING, executor)) ?? "";
  const checked = parseAreaCodes(stored);
  return checked.ok ? checked.codes : [];
}

/** Stores the area staff typed, once checked; answers the codes kept, or why it was refused. */
export async function saveServiceArea(
  typed: string,
): Promise<{ ok: true; codes: string[] } | { ok: false; message: string }> {
  const checked = parseAreaCodes(typed);
  if (!checked.ok) return checked;
  await setSetting(SERVICE_AREA_SETTING, checked.codes.join(" "));
  return checked;
}

/**
 * Whether a booking may be made for the postcode: what every way of booking asks before it
 * writes anything or starts a payment. `message` in the reader's words when it may not.
 */
export async function checkCollectionPostcode(
  postcode: string,
  voice: CoverageVoice,
  executor?: Transaction<DB> | ReturnType<typeof db>,
): Promise<{ ok: true } | { ok: false; message: string; coverage: Coverage }> {
  const coverage = coverageOf(postcode, await serviceAreaCodes(executor));
  if (coverage.covered) return { ok: true };
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
): Promise<{ ok: true } | { ok: false; message: string }> {
  const postcode = typeof value === "string" ? ukPostcode(value.trim()) : null;
  return postcode ? checkCollectionPostcode(postcode, voice) : { ok: true };
}
