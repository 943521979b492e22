/**
 * The one place money and dates become text. Explicit en-GB and
 * Europe/London so the server and the browser render identical strings.
 * (Display formatting uses Intl, which browsers already have; the UK clock
 * and today's date are in london-clock.server.ts, kept out of the browser's
 * bundle.)
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

const ukDay = new Intl.DateTimeFormat("en-GB", { timeZone: UK_TIME_ZONE, dateStyle: "medium" });
const ukDateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: UK_TIME_ZONE,
  dateStyle: "medium",
  timeStyle: "short",
});
const ukLongDateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: UK_TIME_ZONE,
  dateStyle: "full",
  timeStyle: "short",
});

/** An ISO timestamp's UK day: "2026-11-23T14:05:00Z" → "23 Nov 2026" */
export function formatDay(timestamp: string): string {
  return ukDay.format(new Date(timestamp));
}

/** An ISO timestamp in UK time: "2026-11-23T14:05:00Z" → "23 Nov 2026, 14:05" */
export function formatDateTime(timestamp: string): string {
  return ukDateTime.format(new Date(timestamp));
}

/** An ISO timestamp in UK time, in full: → "Monday, 23 November 2026 at 14:05" */
export function formatLongDateTime(timestamp: string): string {
  return ukLongDateTime.format(new Date(timestamp));
}

const ukLongDay = new Intl.DateTimeFormat("en-GB", {
  timeZone: UK_TIME_ZONE,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const ukTimeWithZone = new Intl.DateTimeFormat("en-GB", {
  timeZone: UK_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZoneName: "short",
});

/** An ISO timestamp's UK day, in full: "2026-07-01T23:30:00Z" → "Thursday 2 July 2026" */
export function formatLongDay(timestamp: string): string {
  return ukLongDay.format(new Date(timestamp)).replace(",", "");
}

/** An ISO timestamp's UK time and which clock: "2026-07-01T13:05:00Z" → "14:05 BST" (GMT in winter) */
export function formatTimeWithZone(timestamp: string): string {
  return ukTimeWithZone.format(new Date(timestamp));
}
