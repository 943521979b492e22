import { describe, expect, it } from "vitest";
import {
  dayCapacity,
  type ArrivalWindow,
  type DayBooking,
  type DayFleet,
  type WindowChoice,
} from "~/lib/capacity";
import { groupDay, jobLoadText } from "~/models/job-day/day-view.server";
import type { DayBooking as ListedBooking } from "~/models/bookings/booking.server";
import {
  askedWindow,
  overByText,
  staffCapacityDecision,
  type StaffCapacityDecision,
} from "~/models/bookings/staff-capacity.server";

const WINDOWS: ArrivalWindow[] = [
  { key: "morning", startMinute: 7 * 60, endMinute: 12 * 60 },
  { key: "afternoon", startMinute: 12 * 60, endMinute: 17 * 60 },
  { key: "evening", startMinute: 17 * 60, endMinute: 22 * 60 },
];
// One van: 20 yd³ (10 a trip, 2 trips), 600 crew minutes (200 a window), at most 3 collections.
const FLEET: DayFleet = {
  vans: 1,
  vanLoadHundredths: 1000,
  tripsPerDay: 2,
  crewMinutesPerDay: 600,
  maxJobs: 3,
};
const b = (loadHundredths: number, minutes: number, window: WindowChoice): DayBooking => ({
  loadHundredths,
  minutes,
  window,
});

/** THE capacity rule's answer as staff ask it (staffOverride), for a request of load and minutes. */
const answerFor = (
  bookings: DayBooking[],
  load: number,
  minutes: number,
  blocked: string | null = null,
) =>
  dayCapacity({
    fleet: FLEET,
    blocked,
    windows: WINDOWS,
    bookings,
    request: { loadHundredths: load, minutes, window: "any", staffOverride: true },
  });

describe("staffCapacityDecision: may staff book into a day, and what they are told", () => {
  it.each<
    [string, DayBooking[], number, number, WindowChoice | null, string, StaffCapacityDecision]
  >([
    [
      "an empty day: the first window",
      [],
      100,
      30,
      null,
      "",
      { ok: true, window: "morning", over: false },
    ],
    [
      "the window asked for, when it has room",
      [],
      100,
      30,
      "evening",
      "",
      { ok: true, window: "evening", over: false },
    ],
    [
      "a full morning: the first window with room is the afternoon",
      [b(0, 200, "morning")],
      0,
      20,
      null,
      "",
      { ok: true, window: "afternoon", over: false },
    ],
    [
      "a full morning asked for, no reason: refused, naming the window and the minutes",
      [b(0, 200, "morning")],
      0,
      20,
      "morning",
      "",
      {
        ok: false,
        field: "over_reason",
        message:
          "The morning is full on this day for this booking (over by 20 crew minutes). To book it anyway, give a reason.",
      },
    ],
    [
      "the day past its load, collections and minutes, no reason: every overflow named",
      [b(1900, 200, "any"), b(0, 200, "any"), b(0, 200, "any")],
      250,
      20,
      null,
      "  ",
      {
        ok: false,
        field: "over_reason",
        message:
          "This day is full for this booking (over by 1.5 yd³ / 1 collection / 20 crew minutes). To book it anyway, give a reason.",
      },
    ],
    [
      "the day full at any time, asked for any time: the day is named",
      [b(2000, 0, "any")],
      100,
      0,
      "any",
      "",
      {
        ok: false,
        field: "over_reason",
        message:
          "This day is full for this booking (over by 1 yd³). To book it anyway, give a reason.",
      },
    ],
    [
      "with a reason: booked over, with what it is over by",
      [b(0, 200, "morning")],
      0,
      20,
      "morning",
      " Regular customer, crew agreed ",
      {
        ok: true,
        window: "morning",
        over: true,
        overBy: { loadHundredths: 0, jobs: 0, minutes: 20 },
        reason: "Regular customer, crew agreed",
      },
    ],
  ])("%s", (_, bookings, load, minutes, asked, reason, expected) => {
    expect(staffCapacityDecision(answerFor(bookings, load, minutes), asked, reason)).toEqual(
      expected,
    );
  });

  it("a closed day is refused whatever the reason, saying where to open it", () => {
    expect(staffCapacityDecision(answerFor([], 0, 0, "Bank holiday"), null, "urgent")).toEqual({
      ok: false,
      field: "date",
      message: "That day is closed (Bank holiday). Open it on the Fleet page first to book it.",
    });
  });
});

describe("overByText", () => {
  it.each([
    [{ loadHundredths: 150, jobs: 1, minutes: 20 }, "1.5 yd³ / 1 collection / 20 crew minutes"],
    [{ loadHundredths: 0, jobs: 2, minutes: 0 }, "2 collections"],
    [{ loadHundredths: 5, jobs: 0, minutes: 1 }, "0.05 yd³ / 1 crew minute"],
  ])("%o → %s", (over, text) => {
    expect(overByText(over)).toBe(text);
  });
});

describe("askedWindow", () => {
  it.each<[unknown, WindowChoice | null | undefined]>([
    ["", null],
    [undefined, null],
    ["afternoon", "afternoon"],
    ["any", "any"],
    ["night", undefined],
    [3, undefined],
  ])("%o → %o", (value, expected) => {
    expect(askedWindow(value)).toBe(expected);
  });
});

describe("the day view: jobs under their windows with their load", () => {
  const listed = (
    orderId: number,
    window: WindowChoice,
    loadHundredths: number,
    minutes: number,
    cancelledAt: string | null = null,
  ): ListedBooking => ({
    orderId,
    fullName: `Customer ${orderId}`,
    email: "a@example.com",
    phoneNumber: "07700 900000",
    address1: "1 High Street",
    town: "Leeds",
    postcode: "LS1 1AA",
    totalPence: 5000,
    paymentMethod: "cash_payment",
    status: "pending",
    bookingStatus: "pending",
    cancelledAt,
    window,
    loadHundredths,
    minutes,
  });

  it("groups by window in the day's order, counts each window's minutes, cancelled last", () => {
    const bookings = [
      listed(1, "afternoon", 250, 45),
      listed(2, "any", 100, 10),
      listed(3, "morning", 0, 0),
      listed(4, "afternoon", 0, 0, "2026-11-01T10:00:00Z"),
    ];
    const answer = dayCapacity({
      fleet: FLEET,
      blocked: null,
      windows: WINDOWS,
      bookings: bookings.filter((x) => !x.cancelledAt),
      request: { loadHundredths: 0, minutes: 0, window: "any" },
    });
    const view = groupDay(bookings, answer, WINDOWS);
    expect(view.windows.map((w) => [w.heading, w.use, w.jobs.map((j) => j.orderId)])).toEqual([
      ["Morning 07:00–12:00", "0 of 200 min", [3]],
      ["Afternoon 12:00–17:00", "45 of 200 min", [1]],
      ["Evening 17:00–22:00", "0 of 200 min", []],
      ["Any time", null, [2]],
    ]);
    expect(view.cancelled.map((j) => j.orderId)).toEqual([4]);
    expect(view.windows[1]!.jobs[0]!.loadText).toBe("2.5 yd³ · 45 min");
    expect(view.totals).toBe("Load 3.5 of 20 yd³ · 55 of 600 crew minutes · 3 of 3 collections");
    expect(view.closed).toBeNull();
  });

  it("a job's load as staff read it", () => {
    expect(jobLoadText({ loadHundredths: 0, minutes: 0 })).toBe("0 yd³ · 0 min");
  });
});
