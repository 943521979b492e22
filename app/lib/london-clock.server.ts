import { TZDate, tz } from "@date-fns/tz";
import { format } from "date-fns/format";
import { UK_TIME_ZONE } from "./format";

/**
 * The UK clock, whatever the server's own zone, from date-fns with
 * @date-fns/tz. Server-only, so date-fns's formatter stays out of the
 * browser's bundle.
 */

/** Today's date in the UK as YYYY-MM-DD. */
export function todayInLondon(now: Date = new Date()): string {
  return format(now, "yyyy-MM-dd", { in: tz(UK_TIME_ZONE) });
}

/** The UK wall clock as HH:mm (24-hour), e.g. to compare with the same-day cut-off. */
export function londonTime(now: Date = new Date()): string {
  return format(now, "HH:mm", { in: tz(UK_TIME_ZONE) });
}

/** The UK wall clock as a datetime-local value, "2026-11-23T14:05" (for a form's default). */
export function londonDateTimeLocal(now: Date = new Date()): string {
  return format(now, "yyyy-MM-dd'T'HH:mm", { in: tz(UK_TIME_ZONE) });
}

/**
 * A datetime-local value read as UK wall-clock time, as an instant; null when
 * it is not a real time there (a malformed value, 31 June, or the hour the
 * clocks skip in March). In the hour that repeats in October the first (BST)
 * reading is taken.
 */
export function fromLondonDateTimeLocal(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  // Try both UK offsets (BST first); keep the one whose wall clock reads back the same.
  for (const offsetHours of [1, 0]) {
    const instant = new Date(Date.UTC(year, month - 1, day, hour - offsetHours, minute));
    if (londonDateTimeLocal(instant) === text.trim()) return instant;
  }
  return null;
}

/** The instant a UK day starts (midnight in London, GMT or BST): "2026-07-01" → 2026-06-30T23:00:00Z. */
export function londonDayStart(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(new TZDate(y!, m! - 1, d!, UK_TIME_ZONE).getTime());
}
