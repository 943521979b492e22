import { describe, expect, it } from "vitest";
import { summariseTakings, takingsPeriods, weekStart, type MoneyEvent } from "~/lib/takings";

/** The money view's one rule (docs/rules.md#takings), as a table of events and what they make. */

const NOT_VAT = { registered: false, ratePercent: 20 };
const VAT = { registered: true, ratePercent: 20 };
const base = { from: "2026-11-23", to: "2026-11-29", bookings: [], quotes: [], vat: NOT_VAT };
const card = (day: string, pence: number): MoneyEvent => ({
  day,
  kind: "received",
  method: "card",
  what: "booking",
  pence,
});

describe("takings over a period", () => {
  it.each<[string, MoneyEvent[], Partial<ReturnType<typeof summariseTakings>>]>([
    ["nothing happened", [], { netPence: 0, refundedPence: 0 }],
    [
      "a card booking and a cash job",
      [
        card("2026-11-24", 12_000),
        {
          day: "2026-11-25",
          kind: "received",
          method: "cash_payment",
          what: "booking",
          pence: 8_500,
        },
      ],
      {
        received: {
          card: 12_000,
          cash_payment: 8_500,
          bank_transfer: 0,
          moveFees: 0,
          total: 20_500,
        },
        netPence: 20_500,
      },
    ],
    [
      "a date change fee is card money, counted apart too",
      [{ day: "2026-11-26", kind: "received", method: "card", what: "move_fee", pence: 2_400 }],
      {
        received: { card: 2_400, cash_payment: 0, bank_transfer: 0, moveFees: 2_400, total: 2_400 },
      },
    ],
    [
      "a cancellation in the period refunds, and what it kept is a fee",
      [
        card("2026-11-23", 10_000),
        { day: "2026-11-27", kind: "refunded", pence: 5_000 },
        { day: "2026-11-27", kind: "fee_kept", pence: 5_000 },
      ],
      { refundedPence: 5_000, netPence: 5_000, cancellationFeesPence: 5_000 },
    ],
    [
      "money outside the period is left out",
      [card("2026-11-22", 9_999), card("2026-11-30", 9_999), card("2026-11-29", 100)],
      { netPence: 100 },
    ],
  ])("%s", (_, events, expected) => {
    expect(summariseTakings({ ...base, events })).toMatchObject(expected);
  });

  it("says the VAT the net takings contain only when the business is registered", () => {
    const events = [
      card("2026-11-24", 12_000),
      { day: "2026-11-24", kind: "refunded" as const, pence: 2_400 },
    ];
    expect(summariseTakings({ ...base, events }).vatPence).toBeNull();
    // £96.00 net, VAT at 20% included: £16.00.
    expect(summariseTakings({ ...base, vat: VAT, events }).vatPence).toBe(1_600);
  });

  it("gives every day of the period, money or not, for the charts and the CSV", () => {
    const report = summariseTakings({ ...base, events: [card("2026-11-25", 500)] });
    expect(report.days.map((d) => [d.day, d.receivedPence])).toEqual([
      ["2026-11-23", 0],
      ["2026-11-24", 0],
      ["2026-11-25", 500],
      ["2026-11-26", 0],
      ["2026-11-27", 0],
      ["2026-11-28", 0],
      ["2026-11-29", 0],
    ]);
  });

  it("counts the bookings made and the quotes priced in the period, and how many were booked", () => {
    const report = summariseTakings({
      ...base,
      events: [],
      bookings: [
        { day: "2026-11-24", pence: 12_000, cancelled: false },
        { day: "2026-11-26", pence: 4_000, cancelled: true },
        { day: "2026-12-01", pence: 9_000, cancelled: false },
      ],
      quotes: [
        { day: "2026-11-23", booked: true },
        { day: "2026-11-24", booked: false },
        { day: "2026-11-28", booked: false },
      ],
    });
    expect(report.bookings).toEqual({ count: 2, valuePence: 16_000, cancelled: 1 });
    expect(report.quotes).toEqual({ priced: 3, booked: 1 });
  });
});

describe("the periods offered", () => {
  it.each([
    ["2026-11-27", "2026-11-23"], // a Friday
    ["2026-11-23", "2026-11-23"], // a Monday
    ["2026-11-29", "2026-11-23"], // a Sunday
    ["2027-01-01", "2026-12-28"],
  ])("the week of %s starts on %s", (day, monday) => expect(weekStart(day)).toBe(monday));

  it("names this week, last week, this month and last month", () => {
    expect(takingsPeriods("2026-11-27")).toEqual([
      { name: "This week", from: "2026-11-23", to: "2026-11-29" },
      { name: "Last week", from: "2026-11-16", to: "2026-11-22" },
      { name: "This month", from: "2026-11-01", to: "2026-11-30" },
      { name: "Last month", from: "2026-10-01", to: "2026-10-31" },
    ]);
    expect(takingsPeriods("2026-03-02")[3]).toEqual({
      name: "Last month",
      from: "2026-02-01",
      to: "2026-02-28",
    });
  });
});
