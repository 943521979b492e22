import { TZDate, tz } from "@date-fns/tz";
import { format } from "date-fns";
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

/** The instant a UK day starts (midnight in London, GMT or BST): "2026-07-01" → 2026-06-30T23:00:00Z. */
export function londonDayStart(day: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(new TZDate(y!, m! - 1, d!, UK_TIME_ZONE).getTime());
}
