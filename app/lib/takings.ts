import { addDaysIso } from "./calendar";
import { vatIncluded, type VatStatus } from "./vat";

/**
 * The money view (docs/rules.md#takings): what came in and went back over a period of
 * Europe/London days, worked out from the money events the models read
 * (app/models/payments/takings.server.ts). One rule for the page, its CSV and the dashboard's
 * week, with a test table.
 */

export type TakingsMethod = "card" | "cash_payment" | "bank_transfer";

/** Money that moved, on the London day it moved. */
export type MoneyEvent =
  /** a booking's price, or a date change's fee, received */
  | {
      day: string;
      kind: "received";
      method: TakingsMethod;
      what: "booking" | "move_fee";
      pence: number;
    }
  /** sent back: a cancellation's refund, a fee refunded */
  | { day: string; kind: "refunded"; pence: number }
  /** what a cancellation kept of what was paid (the fee under the policy) */
  | { day: string; kind: "fee_kept"; pence: number };

export interface TakingsInput {
  from: string;
  to: string;
  events: readonly MoneyEvent[];
  /** bookings made in the period (their London day), with their price, cancelled or not */
  bookings: readonly { day: string; pence: number; cancelled: boolean }[];
  /** quotes priced in the period, and whether each became a booking */
  quotes: readonly { day: string; booked: boolean }[];
  vat: VatStatus;
}

export interface TakingsDay {
  day: string;
  receivedPence: number;
  refundedPence: number;
}

export interface Takings {
  from: string;
  to: string;
  bookings: { count: number; valuePence: number; cancelled: number };
  received: Record<TakingsMethod, number> & { moveFees: number; total: number };
  refundedPence: number;
  /** received less refunded */
  netPence: number;
  cancellationFeesPence: number;
  /** the VAT the net takings contain, when the business is registered; null when not */
  vatPence: number | null;
  vatRatePercent: number;
  quotes: { priced: number; booked: number };
  days: TakingsDay[];
}

/** The London days from `from` to `to`, inclusive (at most 400: a range longer is cut). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length < 400; day = addDaysIso(day, 1)) days.push(day);
  return days;
}

const within = (day: string, input: { from: string; to: string }) =>
  day >= input.from && day <= input.to;

export function summariseTakings(input: TakingsInput): Takings {
  const events = input.events.filter((e) => within(e.day, input));
  const received = { card: 0, cash_payment: 0, bank_transfer: 0, moveFees: 0, total: 0 };
  let refundedPence = 0;
  let cancellationFeesPence = 0;
  const byDay = new Map(
    daysBetween(input.from, input.to).map((day) => [
      day,
      { day, receivedPence: 0, refundedPence: 0 },
    ]),
  );
  for (const event of events) {
    const day = byDay.get(event.day);
    if (event.kind === "received") {
      received[event.method] += event.pence;
      if (event.what === "move_fee") received.moveFees += event.pence;
      received.total += event.pence;
      if (day) day.receivedPence += event.pence;
    } else if (event.kind === "refunded") {
      refundedPence += event.pence;
      if (day) day.refundedPence += event.pence;
    } else cancellationFeesPence += event.pence;
  }
  const bookings = input.bookings.filter((b) => within(b.day, input));
  const quotes = input.quotes.filter((q) => within(q.day, input));
  const netPence = received.total - refundedPence;
  return {
    from: input.from,
    to: input.to,
    bookings: {
      count: bookings.length,
      valuePence: bookings.reduce((sum, b) => sum + b.pence, 0),
      cancelled: bookings.filter((b) => b.cancelled).length,
    },
    received,
    refundedPence,
    netPence,
    cancellationFeesPence,
    vatPence: input.vat.registered ? vatIncluded(netPence, input.vat.ratePercent) : null,
    vatRatePercent: input.vat.ratePercent,
    quotes: { priced: quotes.length, booked: quotes.filter((q) => q.booked).length },
    days: [...byDay.values()],
  };
}

/** Monday of the London week that holds `day`. */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDaysIso(day, -((weekday + 6) % 7));
}

/** "This week", "Last week", "This month", "Last month", as ranges of London days from `today`. */
export function takingsPeriods(today: string) {
  const monday = weekStart(today);
  const monthStart = `${today.slice(0, 7)}-01`;
  const lastMonthEnd = addDaysIso(monthStart, -1);
  return [
    { name: "This week", from: monday, to: addDaysIso(monday, 6) },
    { name: "Last week", from: addDaysIso(monday, -7), to: addDaysIso(monday, -1) },
    {
      name: "This month",
      from: monthStart,
      to: addDaysIso(addDaysIso(monthStart, 32).slice(0, 8) + "01", -1),
    },
    { name: "Last month", from: `${lastMonthEnd.slice(0, 7)}-01`, to: lastMonthEnd },
  ] as const;
}

const WEEKDAY = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short" });
const DAY_IN_FULL = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  weekday: "long",
  day: "numeric",
  month: "long",
});
const dateOf = (day: string) => new Date(`${day}T12:00:00Z`);

/**
 * A period's days as a chart draws them: net money a day, labelled by weekday for a week or by
 * date for longer; `before`, the period before, day for day (a week against the last).
 */
export function chartDays(report: Takings, before?: Takings) {
  const byWeekday = report.days.length <= 7;
  return report.days.map((d, i) => ({
    label: byWeekday ? WEEKDAY.format(dateOf(d.day)) : String(Number(d.day.slice(8))),
    name: DAY_IN_FULL.format(dateOf(d.day)),
    pence: d.receivedPence - d.refundedPence,
    ...(before
      ? {
          beforePence: before.days[i]
            ? before.days[i]!.receivedPence - before.days[i]!.refundedPence
            : 0,
        }
      : {}),
  }));
}
