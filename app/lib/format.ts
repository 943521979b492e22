import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/**
 * The one place money and dates become text. Explicit en-GB and
 * Europe/London so the server and the browser render identical strings.
 */
export const UK_TIME_ZONE = "Europe/London";

const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** 4550 → "£45.50" */
export function formatPence(pence: number): string {
  return gbp.format(pence / 100);
}

/** 4550 → 45.5 (the /api JSON keeps the spec's pound numbers) */
export function penceToPounds(pence: number): number {
  return Math.round(pence) / 100;
}

/** 45.5 → 4550; rounds to the nearest penny */
export function poundsToPence(pounds: number): number {
  return Math.round(pounds * 100);
}

/** Today's date in the UK as YYYY-MM-DD, whatever the server's zone. */
export function todayInLondon(now: Date = new Date()): string {
  return format(new TZDate(now, UK_TIME_ZONE), "yyyy-MM-dd");
}

/** "2024-02-07" → "07-Feb-2024" (the blog's date style) */
export function formatShortDate(isoDay: string): string {
  const [y, m, d] = isoDay.split("-").map(Number);
  return format(new Date(y!, (m ?? 1) - 1, d ?? 1), "dd-MMM-yyyy");
}

/** "2024-02-07" → "Wednesday 7 February 2024" */
export function formatLongDate(isoDay: string): string {
  const [y, m, d] = isoDay.split("-").map(Number);
  return format(new Date(y!, (m ?? 1) - 1, d ?? 1), "EEEE d MMMM yyyy");
}
