/**
 * The one place money and dates become text. Explicit en-GB and
 * Europe/London so the server and the browser render identical strings.
 * (Formatting uses Intl, which browsers already have; date arithmetic on the
 * server uses date-fns.)
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

const londonDay = new Intl.DateTimeFormat("en-GB", {
  timeZone: UK_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today's date in the UK as YYYY-MM-DD, whatever the server's zone. */
export function todayInLondon(now: Date = new Date()): string {
  const parts = Object.fromEntries(londonDay.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2024-02-07" → "07-Feb-2024" (the blog's date style) */
export function formatShortDate(isoDay: string): string {
  const [y, m, d] = isoDay.split("-");
  return `${d}-${MONTHS[Number(m) - 1] ?? "?"}-${y}`;
}

const longDay = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** "2024-02-07" → "Wednesday 7 February 2024" */
export function formatLongDate(isoDay: string): string {
  const [y, m, d] = isoDay.split("-").map(Number);
  return longDay.format(new Date(Date.UTC(y!, (m ?? 1) - 1, d ?? 1))).replace(",", "");
}
