import { getDay } from "date-fns/getDay";
import { parseISO } from "date-fns/parseISO";
import type { Kysely } from "kysely";
import { z } from "zod";
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
import { hundredths, wholeNumber } from "~/lib/form-rules";
import { checkFields } from "~/lib/forms";
import { db, type DB } from "~/services/db.server";

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

export type Checked<T, F extends string> =
  { ok: true; value: T } | { ok: false; errors: Partial<Record<F, string>> };

/** A whole number of something staff type (up to five digits), with this page's messages. */
export const count = (what: string, min: number, max: number) =>
  wholeNumber(
    { min, max, digits: 5 },
    {
      missing: `Please enter ${what}`,
      notWhole: `Please enter ${what} as a whole number`,
      outOfRange: `Please enter ${what} between ${min} and ${max}`,
    },
  );

const vanLoadMessage = "A van's load must be between 0.5 and 50 cubic yards";

/** An arrival window typed as "HH:MM-HH:MM", ending after it starts. */
const arrivalWindow = z
  .string()
  .trim()
  .refine(
    (text) => parseWindow(text) !== undefined,
    "Please enter the window as from-to in 24-hour time, such as 07:00-12:00",
  )
  .transform((text) => parseWindow(text)!);

/**
 * The fleet form: each weekday's vans (0–50), a van's load per trip in cubic yards (0.5–50, 2
 * decimals), trips per day (1–10), a crew's minutes per day (1–1440), the most collections a
 * day (1–200) and the three windows.
 */
export const fleetSchema = z.object({
  ...(Object.fromEntries(
    WEEKDAY_NAMES.map((name, i) => [`vans_${i}`, count(`the vans on ${name}`, 0, MAX_VANS)]),
  ) as Record<`vans_${0 | 1 | 2 | 3 | 4 | 5 | 6}`, ReturnType<typeof count>>),
  van_load: hundredths(
    { min: MIN_VAN_LOAD, max: MAX_VAN_LOAD },
    {
      missing: "Please enter a van's load in cubic yards",
      format: "Please enter a van's load in cubic yards with at most 2 decimals, such as 10",
      tooLow: vanLoadMessage,
      tooHigh: vanLoadMessage,
    },
  ),
  van_trips: count("the trips a van makes in a day", 1, MAX_TRIPS),
  crew_minutes: count("a crew's working minutes in a day", 1, MAX_CREW_MINUTES),
  max_jobs: count("the most collections in a day", 1, MAX_JOBS),
  window_morning: arrivalWindow,
  window_afternoon: arrivalWindow,
  window_evening: arrivalWindow,
});

/**
 * The fleet form checked (fleetSchema), and its windows in order: each starts when the one
 * before it ends or later.
 */
export function checkFleetSettings(
  values: Record<string, unknown>,
): Checked<FleetSettings, FleetField> {
  const checked = checkFields(fleetSchema, values);
  const errors: Partial<Record<FleetField, string>> = checked.errors;
  const windows: ArrivalWindow[] = [];
  for (const key of WINDOW_KEYS) {
    const window = checked.values[`window_${key}`];
    if (!window) continue;
    const before = windows.at(-1);
    if (before && window.startMinute < before.endMinute) {
      errors[`window_${key}`] =
        `It must start at ${formatMinute(before.endMinute)} or later, after the ${before.key} window`;
      continue;
    }
    windows.push({ key, ...window });
  }
  const { van_load, van_trips, crew_minutes, max_jobs } = checked.values;
  const weekdayVans = WEEKDAY_NAMES.map((_, i) => checked.values[`vans_${i as 0}`]);
  if (
    Object.keys(errors).length > 0 ||
    van_load === undefined ||
    van_trips === undefined ||
    crew_minutes === undefined ||
    max_jobs === undefined
  )
    return { ok: false, errors };
  return {
    ok: true,
    value: {
      weekdayVans: weekdayVans as number[],
      vanLoadHundredths: van_load,
      tripsPerDay: van_trips,
      crewMinutesPerDay: crew_minutes,
      maxJobs: max_jobs,
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
      await ensureVans(trx, Math.max(...fleet.weekdayVans));
      for (const [key, value] of Object.entries(stored))
        await trx
          .insertInto("settings")
          .values({ key, value })
          .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now }))
          .execute();
    });
  return checked;
}

/** Names the vans a busier day sends ("Van 3"…), so every van out has a name. */
export async function ensureVans(executor: Kysely<DB>, count: number): Promise<void> {
  const have = await executor
    .selectFrom("vans")
    .select((eb) => eb.fn.max("out_order").as("last"))
    .executeTakeFirst();
  for (let position = Number(have?.last ?? 0) + 1; position <= count; position++)
    await executor
      .insertInto("vans")
      .values({ out_order: position, name: `Van ${position}` })
      .execute();
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
