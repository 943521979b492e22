import { addDays } from "date-fns/addDays";
import { addMonths } from "date-fns/addMonths";
import { endOfMonth } from "date-fns/endOfMonth";
import { endOfWeek } from "date-fns/endOfWeek";
import { format } from "date-fns/format";
import { isValid } from "date-fns/isValid";
import { parseISO } from "date-fns/parseISO";
import { startOfMonth } from "date-fns/startOfMonth";
import { startOfWeek } from "date-fns/startOfWeek";

/**
 * Month grids for calendars: weeks start on Sunday (docs/rules.md#collection-days). Days are
 * YYYY-MM-DD strings.
 */

export function isIsoDay(value: unknown): value is string {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = parseISO(value);
  return isValid(date) && format(date, "yyyy-MM-dd") === value;
}

export const addDaysIso = (day: string, n: number) =>
  format(addDays(parseISO(day), n), "yyyy-MM-dd");

/** "2026-11" → the month's weeks, each 7 days (days outside the month included, marked). */
export function monthGrid(month: string): { day: string; inMonth: boolean }[][] {
  const first = parseISO(`${month}-01`);
  const start = startOfWeek(startOfMonth(first), { weekStartsOn: 0 });
  const end = endOfWeek(endOfMonth(first), { weekStartsOn: 0 });
  const weeks: { day: string; inMonth: boolean }[][] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) {
    if (d.getDay() === 0) weeks.push([]);
    weeks.at(-1)!.push({ day: format(d, "yyyy-MM-dd"), inMonth: format(d, "yyyy-MM") === month });
  }
  return weeks;
}

export const isMonth = (value: unknown): value is string =>
  typeof value === "string" && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

export const shiftMonth = (month: string, n: number) =>
  format(addMonths(parseISO(`${month}-01`), n), "yyyy-MM");

export const monthLabel = (month: string) => format(parseISO(`${month}-01`), "MMMM yyyy");

export const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/**
 * A day of a booking calendar: bookable, or why not ("outside": another month's day in the grid;
 * "closed": a blocked day or one with no vans).
 */
export type DayState = "available" | "past" | "beyond" | "full" | "closed" | "outside";

export interface CalendarMonth {
  month: string;
  weeks: { day: string; state: DayState }[][];
  /** the months a customer may move to (null at either end of the booking window) */
  previous: string | null;
  next: string | null;
}
