import { z } from "zod";
import { isIsoDay } from "~/lib/calendar";
import { checkFields, formLimits } from "~/lib/forms";
import { db } from "~/services/db.server";
import { isUniqueViolation } from "~/services/dialect.server";
import { count, ensureVans, fleetSchema, MAX_REASON, MAX_VANS, type Checked } from "./fleet.server";

/**
 * The days that differ from their weekday (docs/rules.md#capacity-by-load): blocked days (no
 * collections, with a reason) and day overrides (another number of vans), from today on.
 */

export type DayField = "day" | "reason" | "vans";

/** A day staff name on the form: a real YYYY-MM-DD, today or later (UK). */
const dayFrom = (today: string) =>
  z
    .string()
    .trim()
    .min(1, "Please choose a day")
    .refine(isIsoDay, "Please choose a real day, such as 2026-12-25")
    .refine((day) => day >= today, "Please choose today or a day ahead, not a past day");

/** Why a day is different, on one line; `required` for a blocked day. */
const reason = (required: boolean) =>
  z
    .string()
    .trim()
    .transform((text) => text.replace(/\s+/g, " "))
    .pipe(
      z
        .string()
        .min(required ? 1 : 0, "Please give a reason, such as Christmas Day")
        .max(MAX_REASON, `Please keep the reason under ${MAX_REASON} characters`),
    );

/** A blocked day to add: a day from today on, and a reason. */
export const blockedDaySchema = (today: string) =>
  z.object({ day: dayFrom(today), reason: reason(true) });

/** An override to add: a day from today on, its vans (0–50), an optional reason. */
export const dayOverrideSchema = (today: string) =>
  z.object({
    day: dayFrom(today),
    vans: count("the vans that day", 0, MAX_VANS),
    reason: reason(false),
  });

/** What the fleet page's fields may hold, for their no-JavaScript limits. */
export const fleetFormLimits = (today: string) => ({
  fleet: formLimits(fleetSchema),
  block: formLimits(blockedDaySchema(today)),
  override: formLimits(dayOverrideSchema(today)),
});

/** A form checked by its schema: all its values, or an error per field. */
function checkDayForm<S extends z.ZodRawShape>(
  schema: z.ZodObject<S>,
  values: Record<string, unknown>,
): Checked<{ [K in keyof S]: z.output<S[K]> }, DayField> {
  const checked = checkFields(schema, values);
  if (Object.keys(checked.errors).length > 0) return { ok: false, errors: checked.errors };
  return { ok: true, value: checked.values as { [K in keyof S]: z.output<S[K]> } };
}

export interface BlockedDay {
  day: string;
  reason: string;
  createdBy: string;
}

/** A blocked day to add, checked (blockedDaySchema). */
export function checkBlockedDay(
  values: Record<string, unknown>,
  today: string,
): Checked<{ day: string; reason: string }, DayField> {
  return checkDayForm(blockedDaySchema(today), values);
}

/** The days staff set apart: blocked days, and days with other vans. */
type DayTable = "blocked_days" | "day_overrides";

/** A checked day's row added by a member of staff; `taken` is the day's error when it has one already. */
async function addDayRow<T extends { day: string; reason: string; vans?: number }>(
  table: DayTable,
  checked: Checked<T, DayField>,
  staffName: string,
  taken: string,
): Promise<Checked<T & { createdBy: string }, DayField>> {
  if (!checked.ok) return checked;
  try {
    await db()
      .insertInto(table as "day_overrides")
      .values({
        ...(checked.value as { day: string; reason: string; vans: number }),
        created_by: staffName,
      })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { ok: false, errors: { day: taken } };
  }
  return { ok: true, value: { ...checked.value, createdBy: staffName } };
}

/** A day's row removed; false when it had none. */
async function removeDayRow(table: DayTable, day: unknown): Promise<boolean> {
  if (!isIsoDay(day)) return false;
  const result = await db().deleteFrom(table).where("day", "=", day).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Staff block a day (a bank holiday, a closure); a day blocked already is refused. */
export async function addBlockedDay(
  values: Record<string, unknown>,
  staffName: string,
  today: string,
): Promise<Checked<BlockedDay, DayField>> {
  return addDayRow(
    "blocked_days",
    checkBlockedDay(values, today),
    staffName,
    "That day is blocked already",
  );
}

/** Staff open a blocked day again; false when it was not blocked. */
export async function removeBlockedDay(day: unknown): Promise<boolean> {
  return removeDayRow("blocked_days", day);
}

/** Blocked days from today on, soonest first. */
export async function upcomingBlockedDays(today: string): Promise<BlockedDay[]> {
  const rows = await db()
    .selectFrom("blocked_days")
    .select(["day", "reason", "created_by"])
    .where("day", ">=", today)
    .orderBy("day")
    .execute();
  return rows.map((r) => ({ day: r.day, reason: r.reason, createdBy: r.created_by }));
}

export interface DayOverride {
  day: string;
  vans: number;
  reason: string;
  createdBy: string;
}

/** An override to add, checked (dayOverrideSchema). */
export function checkDayOverride(
  values: Record<string, unknown>,
  today: string,
): Checked<{ day: string; vans: number; reason: string }, DayField> {
  return checkDayForm(dayOverrideSchema(today), values);
}

/** Staff set a day's vans; a day that has an override already is refused (remove it first). */
export async function addDayOverride(
  values: Record<string, unknown>,
  staffName: string,
  today: string,
): Promise<Checked<DayOverride, DayField>> {
  const added = await addDayRow(
    "day_overrides",
    checkDayOverride(values, today),
    staffName,
    "That day has an override already: remove it first to change it",
  );
  // A day with more vans than the fleet has names for gets them ("Van 3"…).
  if (added.ok) await ensureVans(db(), added.value.vans);
  return added;
}

/** Staff remove a day's override; false when it had none. */
export async function removeDayOverride(day: unknown): Promise<boolean> {
  return removeDayRow("day_overrides", day);
}

/** Overrides from today on, soonest first. */
export async function upcomingDayOverrides(today: string): Promise<DayOverride[]> {
  const rows = await db()
    .selectFrom("day_overrides")
    .select(["day", "vans", "reason", "created_by"])
    .where("day", ">=", today)
    .orderBy("day")
    .execute();
  return rows.map((r) => ({ day: r.day, vans: r.vans, reason: r.reason, createdBy: r.created_by }));
}
