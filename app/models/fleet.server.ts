import { getDay, parseISO } from "date-fns";
import type { Kysely } from "kysely";
import {
  formatLoadYards,
  formatMinute,
  parseWindow,
  WEEKDAY_NAMES,
  windowDescription,
  windowHours,
  WINDOW_KEYS,
  type ArrivalWindow,
  type WindowChoice,
  type DayFleet,
  type WindowKey,
} from "~/lib/capacity";
import { isIsoDay } from "~/lib/calendar";
import { db, type DB } from "~/services/db.server";
import { isUniqueViolation } from "~/services/dialect.server";

/**
 * The fleet (docs/rules.md#capacity-by-load): vans per weekday, a van's load per trip, trips per
 * day, a crew's minutes per day, the three arrival windows; days the business is closed
 * (blocked days) and days with a different number of vans (overrides). The dashboard page
 * /dashboard/fleet changes them; fleetOnDay gives THE capacity rule (app/lib/capacity.ts) its
 * fleet for a day.
 */

/** The most vans a day may have (a sanity bound on typing, not a business rule). */
export const MAX_VANS = 50;
/** A van's load per trip, 0.5–50 cubic yards. */
export const MIN_VAN_LOAD = 50;
export const MAX_VAN_LOAD = 5000;
export const MAX_TRIPS = 10;
export const MAX_CREW_MINUTES = 24 * 60;
export const MAX_REASON = 200;
/** The most collections a day may be set to take. */
export const MAX_JOBS = 200;

export interface FleetSettings {
  /** vans working on each weekday, Sunday first */
  weekdayVans: number[];
  vanLoadHundredths: number;
  tripsPerDay: number;
  crewMinutesPerDay: number;
  /** the most collections a day takes, whatever their load (the daily_capacity setting) */
  maxJobs: number;
  windows: ArrivalWindow[];
}

const DEFAULT_WINDOWS: Record<WindowKey, string> = {
  morning: "07:00-12:00",
  afternoon: "12:00-17:00",
  evening: "17:00-22:00",
};

export type FleetField =
  `vans_${number}` | "van_load" | "van_trips" | "crew_minutes" | "max_jobs" | `window_${WindowKey}`;

type Checked<T, F extends string> =
  { ok: true; value: T } | { ok: false; errors: Partial<Record<F, string>> };

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

function wholeNumber(
  value: unknown,
  min: number,
  max: number,
  what: string,
): { ok: true; value: number } | { ok: false; error: string } {
  const typed = text(value);
  if (typed === "") return { ok: false, error: `Please enter ${what}` };
  if (!/^\d{1,5}$/.test(typed))
    return { ok: false, error: `Please enter ${what} as a whole number` };
  const n = Number(typed);
  if (n < min || n > max)
    return { ok: false, error: `Please enter ${what} between ${min} and ${max}` };
  return { ok: true, value: n };
}

function vanLoad(value: unknown): { ok: true; value: number } | { ok: false; error: string } {
  const typed = text(value);
  if (typed === "") return { ok: false, error: "Please enter a van's load in cubic yards" };
  const match = /^(\d{0,3})(?:\.(\d{0,2}))?$/.exec(typed);
  if (!match || (match[1] === "" && (match[2] ?? "") === ""))
    return {
      ok: false,
      error: "Please enter a van's load in cubic yards with at most 2 decimals, such as 10",
    };
  const hundredths = Number(match[1] || "0") * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (hundredths < MIN_VAN_LOAD || hundredths > MAX_VAN_LOAD)
    return { ok: false, error: "A van's load must be between 0.5 and 50 cubic yards" };
  return { ok: true, value: hundredths };
}

/**
 * The fleet form checked: each weekday's vans (0–50), a van's load per trip in cubic yards
 * (0.5–50, 2 decimals), trips per day (1–10), a crew's minutes per day (1–1440), and the three
 * windows as "HH:MM-HH:MM", each ending after it starts, in order and not overlapping.
 */
export function checkFleetSettings(
  values: Record<string, unknown>,
): Checked<FleetSettings, FleetField> {
  const errors: Partial<Record<FleetField, string>> = {};
  const weekdayVans: number[] = [];
  WEEKDAY_NAMES.forEach((name, i) => {
    const vans = wholeNumber(values[`vans_${i}`], 0, MAX_VANS, `the vans on ${name}`);
    if (vans.ok) weekdayVans.push(vans.value);
    else errors[`vans_${i}`] = vans.error;
  });
  const load = vanLoad(values.van_load);
  if (!load.ok) errors.van_load = load.error;
  const trips = wholeNumber(values.van_trips, 1, MAX_TRIPS, "the trips a van makes in a day");
  if (!trips.ok) errors.van_trips = trips.error;
  const minutes = wholeNumber(
    values.crew_minutes,
    1,
    MAX_CREW_MINUTES,
    "a crew's working minutes in a day",
  );
  if (!minutes.ok) errors.crew_minutes = minutes.error;
  const jobs = wholeNumber(values.max_jobs, 1, MAX_JOBS, "the most collections in a day");
  if (!jobs.ok) errors.max_jobs = jobs.error;
  const windows: ArrivalWindow[] = [];
  for (const key of WINDOW_KEYS) {
    const parsed = parseWindow(text(values[`window_${key}`]));
    if (!parsed) {
      errors[`window_${key}`] =
        "Please enter the window as from-to in 24-hour time, such as 07:00-12:00";
      continue;
    }
    const before = windows.at(-1);
    if (before && parsed.startMinute < before.endMinute) {
      errors[`window_${key}`] =
        `It must start at ${formatMinute(before.endMinute)} or later, after the ${before.key} window`;
      continue;
    }
    windows.push({ key, ...parsed });
  }
  if (Object.keys(errors).length > 0 || !load.ok || !trips.ok || !minutes.ok || !jobs.ok)
    return { ok: false, errors };
  return {
    ok: true,
    value: {
      weekdayVans,
      vanLoadHundredths: load.value,
      tripsPerDay: trips.value,
      crewMinutesPerDay: minutes.value,
      maxJobs: jobs.value,
      windows,
    },
  };
}

const SETTING_KEYS = [
  "van_load_hundredths",
  "van_trips_per_day",
  "crew_minutes_per_day",
  "daily_capacity",
  "window_morning",
  "window_afternoon",
  "window_evening",
] as const;

/** The fleet as stored (a missing or broken setting reads as the migration's default). */
export async function getFleetSettings(executor: Kysely<DB> = db()): Promise<FleetSettings> {
  const days = await executor
    .selectFrom("fleet_days")
    .select(["weekday", "vans"])
    .orderBy("weekday")
    .execute();
  const settings = await executor
    .selectFrom("settings")
    .select(["key", "value"])
    .where("key", "in", SETTING_KEYS)
    .execute();
  const setting = (key: string) => settings.find((s) => s.key === key)?.value ?? "";
  const positive = (value: string, fallback: number) => {
    const n = Number(value);
    return Number.isSafeInteger(n) && n > 0 ? n : fallback;
  };
  return {
    weekdayVans: WEEKDAY_NAMES.map(
      (_, i) => days.find((d) => d.weekday === i)?.vans ?? (i === 0 ? 1 : 2),
    ),
    vanLoadHundredths: positive(setting("van_load_hundredths"), 1000),
    tripsPerDay: positive(setting("van_trips_per_day"), 2),
    crewMinutesPerDay: positive(setting("crew_minutes_per_day"), 600),
    maxJobs: positive(setting("daily_capacity"), 8),
    windows: WINDOW_KEYS.map((key) => ({
      key,
      ...(parseWindow(setting(`window_${key}`)) ?? parseWindow(DEFAULT_WINDOWS[key])!),
    })),
  };
}

/** The fleet form's values from the stored fleet (loads in cubic yards, windows as text). */
export function fleetFormValues(fleet: FleetSettings): Record<string, string> {
  return {
    ...Object.fromEntries(fleet.weekdayVans.map((vans, i) => [`vans_${i}`, String(vans)])),
    van_load: formatLoadYards(fleet.vanLoadHundredths),
    van_trips: String(fleet.tripsPerDay),
    crew_minutes: String(fleet.crewMinutesPerDay),
    max_jobs: String(fleet.maxJobs),
    ...Object.fromEntries(
      fleet.windows.map((w) => [
        `window_${w.key}`,
        `${formatMinute(w.startMinute)}-${formatMinute(w.endMinute)}`,
      ]),
    ),
  };
}

/** Staff save the fleet: every field checked, then stored in one transaction. */
export async function saveFleetSettings(
  values: Record<string, unknown>,
): Promise<Checked<FleetSettings, FleetField>> {
  const checked = checkFleetSettings(values);
  if (!checked.ok) return checked;
  const fleet = checked.value;
  const now = new Date().toISOString();
  const stored: Record<(typeof SETTING_KEYS)[number], string> = {
    van_load_hundredths: String(fleet.vanLoadHundredths),
    van_trips_per_day: String(fleet.tripsPerDay),
    crew_minutes_per_day: String(fleet.crewMinutesPerDay),
    daily_capacity: String(fleet.maxJobs),
    ...(Object.fromEntries(
      fleet.windows.map((w) => [
        `window_${w.key}`,
        `${formatMinute(w.startMinute)}-${formatMinute(w.endMinute)}`,
      ]),
    ) as Record<`window_${WindowKey}`, string>),
  };
  await db()
    .transaction()
    .execute(async (trx) => {
      for (const [weekday, vans] of fleet.weekdayVans.entries())
        await trx
          .insertInto("fleet_days")
          .values({ weekday, vans })
          .onConflict((oc) => oc.column("weekday").doUpdateSet({ vans }))
          .execute();
      for (const [key, value] of Object.entries(stored))
        await trx
          .insertInto("settings")
          .values({ key, value })
          .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now }))
          .execute();
    });
  return checked;
}

export type DayField = "day" | "reason" | "vans";

/** A day staff name on the form: a real YYYY-MM-DD, today or later (UK). */
function checkDay(
  value: unknown,
  today: string,
): { ok: true; value: string } | { ok: false; error: string } {
  const day = text(value);
  if (day === "") return { ok: false, error: "Please choose a day" };
  if (!isIsoDay(day)) return { ok: false, error: "Please choose a real day, such as 2026-12-25" };
  if (day < today)
    return { ok: false, error: "Please choose today or a day ahead, not a past day" };
  return { ok: true, value: day };
}

function checkReason(
  value: unknown,
  required: boolean,
): { ok: true; value: string } | { ok: false; error: string } {
  const reason = text(value).replace(/\s+/g, " ");
  if (required && reason === "")
    return { ok: false, error: "Please give a reason, such as Christmas Day" };
  if (reason.length > MAX_REASON)
    return { ok: false, error: `Please keep the reason under ${MAX_REASON} characters` };
  return { ok: true, value: reason };
}

export interface BlockedDay {
  day: string;
  reason: string;
  createdBy: string;
}

/** A blocked day to add, checked: a day from today on, and a reason. */
export function checkBlockedDay(
  values: Record<string, unknown>,
  today: string,
): Checked<{ day: string; reason: string }, DayField> {
  const errors: Partial<Record<DayField, string>> = {};
  const day = checkDay(values.day, today);
  if (!day.ok) errors.day = day.error;
  const reason = checkReason(values.reason, true);
  if (!reason.ok) errors.reason = reason.error;
  if (!day.ok || !reason.ok) return { ok: false, errors };
  return { ok: true, value: { day: day.value, reason: reason.value } };
}

/** Staff block a day (a bank holiday, a closure); a day blocked already is refused. */
export async function addBlockedDay(
  values: Record<string, unknown>,
  staffName: string,
  today: string,
): Promise<Checked<BlockedDay, DayField>> {
  const checked = checkBlockedDay(values, today);
  if (!checked.ok) return checked;
  try {
    await db()
      .insertInto("blocked_days")
      .values({ day: checked.value.day, reason: checked.value.reason, created_by: staffName })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { ok: false, errors: { day: "That day is blocked already" } };
  }
  return { ok: true, value: { ...checked.value, createdBy: staffName } };
}

/** Staff open a blocked day again; false when it was not blocked. */
export async function removeBlockedDay(day: unknown): Promise<boolean> {
  if (!isIsoDay(day)) return false;
  const result = await db().deleteFrom("blocked_days").where("day", "=", day).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
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

/** An override to add, checked: a day from today on, its vans (0–50), an optional reason. */
export function checkDayOverride(
  values: Record<string, unknown>,
  today: string,
): Checked<{ day: string; vans: number; reason: string }, DayField> {
  const errors: Partial<Record<DayField, string>> = {};
  const day = checkDay(values.day, today);
  if (!day.ok) errors.day = day.error;
  const vans = wholeNumber(values.vans, 0, MAX_VANS, "the vans that day");
  if (!vans.ok) errors.vans = vans.error;
  const reason = checkReason(values.reason, false);
  if (!reason.ok) errors.reason = reason.error;
  if (!day.ok || !vans.ok || !reason.ok) return { ok: false, errors };
  return { ok: true, value: { day: day.value, vans: vans.value, reason: reason.value } };
}

/** Staff set a day's vans; a day that has an override already is refused (remove it first). */
export async function addDayOverride(
  values: Record<string, unknown>,
  staffName: string,
  today: string,
): Promise<Checked<DayOverride, DayField>> {
  const checked = checkDayOverride(values, today);
  if (!checked.ok) return checked;
  try {
    await db()
      .insertInto("day_overrides")
      .values({ ...checked.value, created_by: staffName })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return {
      ok: false,
      errors: { day: "That day has an override already: remove it first to change it" },
    };
  }
  return { ok: true, value: { ...checked.value, createdBy: staffName } };
}

/** Staff remove a day's override; false when it had none. */
export async function removeDayOverride(day: unknown): Promise<boolean> {
  if (!isIsoDay(day)) return false;
  const result = await db().deleteFrom("day_overrides").where("day", "=", day).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
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

export interface FleetDay {
  fleet: DayFleet;
  /** why the day takes no collections (a blocked day's reason), or null when it is open */
  blocked: string | null;
  windows: ArrivalWindow[];
}

/**
 * What THE capacity rule needs about each day between two (inclusive): its fleet (the weekday's
 * vans, or the override's), its blocked reason and the windows. Three queries whatever the range;
 * pass the transaction that writes a booking as `executor`.
 */
export async function fleetForDays(
  from: string,
  to: string,
  executor: Kysely<DB> = db(),
): Promise<(day: string) => FleetDay> {
  const settings = await getFleetSettings(executor);
  const blocked = await executor
    .selectFrom("blocked_days")
    .select(["day", "reason"])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .execute();
  const overrides = await executor
    .selectFrom("day_overrides")
    .select(["day", "vans"])
    .where("day", ">=", from)
    .where("day", "<=", to)
    .execute();
  return (day) => ({
    fleet: {
      vans:
        overrides.find((o) => o.day === day)?.vans ??
        settings.weekdayVans[getDay(parseISO(day))] ??
        0,
      vanLoadHundredths: settings.vanLoadHundredths,
      tripsPerDay: settings.tripsPerDay,
      crewMinutesPerDay: settings.crewMinutesPerDay,
      maxJobs: settings.maxJobs,
    },
    blocked: blocked.find((b) => b.day === day)?.reason ?? null,
    windows: settings.windows,
  });
}

/** What THE capacity rule needs about one day (fleetForDays for a day). */
export async function fleetOnDay(day: string, executor: Kysely<DB> = db()): Promise<FleetDay> {
  return (await fleetForDays(day, day, executor))(day);
}

/**
 * A booking's arrival window for its emails and calendar files: as customers read it ("Morning,
 * 7:00 to 12:00") and its hours (the fleet's windows today).
 */
export async function arrivalOf(
  window: WindowChoice,
  executor: Kysely<DB> = db(),
): Promise<{ arrival: string; arrivalHours: { start: string; end: string } }> {
  const { windows } = await getFleetSettings(executor);
  return {
    arrival: windowDescription(window, windows),
    arrivalHours: windowHours(window, windows),
  };
}
