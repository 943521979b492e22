import { describe, expect, it } from "vitest";
import {
  anyTimeDiscountPence,
  anyTimeOffered,
  dayCapacity,
  pickWindow,
  unitDiscountPence,
  formatLoadYards,
  NO_VANS_REASON,
  orderLoad,
  parseWindow,
  windowMinutes,
  type ArrivalWindow,
  type CapacityRequest,
  type DayBooking,
  type DayFleet,
  type SlotState,
  type WindowChoice,
  type WindowPick,
} from "~/lib/capacity";

// The shop's defaults: 10 yd³ a trip, 2 trips, 600 crew minutes; three five-hour windows.
const WINDOWS: ArrivalWindow[] = [
  { key: "morning", startMinute: 7 * 60, endMinute: 12 * 60 },
  { key: "afternoon", startMinute: 12 * 60, endMinute: 17 * 60 },
  { key: "evening", startMinute: 17 * 60, endMinute: 22 * 60 },
];
const fleet = (vans: number): DayFleet => ({
  vans,
  vanLoadHundredths: 1000,
  tripsPerDay: 2,
  crewMinutesPerDay: 600,
  maxJobs: 8,
});
const WEEKDAY = fleet(2); // 4,000 hundredths (40 yd³), 1,200 minutes, 400 a window
const SUNDAY = fleet(1); // 2,000 hundredths, 600 minutes, 200 a window

const b = (loadHundredths: number, minutes: number, window: DayBooking["window"]): DayBooking => ({
  loadHundredths,
  minutes,
  window,
});
const ask = (
  loadHundredths: number,
  minutes: number,
  window: CapacityRequest["window"],
  staffOverride = false,
): CapacityRequest => ({ loadHundredths, minutes, window, staffOverride });

const AVAILABLE: SlotState = { state: "available" };
const FULL_LOAD: SlotState = { state: "full", reason: "load" };
const FULL_TIME: SlotState = { state: "full", reason: "time" };
const FULL_JOBS: SlotState = { state: "full", reason: "jobs" };
/** n kettles booked for any time: collections that take almost nothing of a van or a crew */
const kettles = (n: number) => Array.from({ length: n }, () => b(10, 5, "any"));

describe("dayCapacity: the request in the window it asks for", () => {
  it.each<
    [
      string,
      DayFleet,
      string | null,
      DayBooking[],
      CapacityRequest,
      SlotState,
      number, // fill %
    ]
  >([
    ["an empty day takes a sofa", WEEKDAY, null, [], ask(250, 20, "morning"), AVAILABLE, 0],
    ["an empty day takes exactly its load", WEEKDAY, null, [], ask(4000, 60, "any"), AVAILABLE, 0],
    [
      "one hundredth over the day's load is full by load",
      WEEKDAY,
      null,
      [],
      ask(4001, 60, "any"),
      FULL_LOAD,
      0,
    ],
    [
      "exact fit of the load with bookings on the day",
      WEEKDAY,
      null,
      [b(1500, 100, "morning"), b(1500, 100, "evening")],
      ask(1000, 20, "afternoon"),
      AVAILABLE,
      75,
    ],
    [
      "one over the load left",
      WEEKDAY,
      null,
      [b(1500, 100, "morning"), b(1500, 100, "evening")],
      ask(1001, 20, "afternoon"),
      FULL_LOAD,
      75,
    ],
    [
      "a window's minutes fit exactly",
      WEEKDAY,
      null,
      [b(100, 380, "afternoon")],
      ask(100, 20, "afternoon"),
      AVAILABLE,
      32,
    ],
    [
      "a window one minute over is full by time",
      WEEKDAY,
      null,
      [b(100, 380, "afternoon")],
      ask(100, 21, "afternoon"),
      FULL_TIME,
      32,
    ],
    [
      "the same request fits the morning",
      WEEKDAY,
      null,
      [b(100, 380, "afternoon")],
      ask(100, 21, "morning"),
      AVAILABLE,
      32,
    ],
    [
      "any time fits while the day's minutes hold it",
      WEEKDAY,
      null,
      [b(100, 380, "afternoon")],
      ask(100, 21, "any"),
      AVAILABLE,
      32,
    ],
    [
      "any-time bookings use the day's minutes, so a window fails when the day is out of time",
      WEEKDAY,
      null,
      [b(100, 1190, "any")],
      ask(10, 20, "morning"),
      FULL_TIME,
      99,
    ],
    [
      "load is checked before time and named",
      WEEKDAY,
      null,
      [b(3900, 390, "morning")],
      ask(200, 20, "morning"),
      FULL_LOAD,
      98,
    ],
    [
      "a blocked day takes nothing",
      WEEKDAY,
      "Christmas Day",
      [],
      ask(10, 5, "morning"),
      { state: "blocked", reason: "Christmas Day" },
      0,
    ],
    [
      "a blocked day refuses any time too",
      WEEKDAY,
      "Bank holiday",
      [],
      ask(10, 5, "any"),
      { state: "blocked", reason: "Bank holiday" },
      0,
    ],
    [
      "a blocked day stays blocked for staff",
      WEEKDAY,
      "Closed",
      [],
      ask(10, 5, "any", true),
      { state: "blocked", reason: "Closed" },
      0,
    ],
    [
      "Sunday with one van: half the load",
      SUNDAY,
      null,
      [b(1500, 60, "morning")],
      ask(501, 20, "evening"),
      FULL_LOAD,
      75,
    ],
    [
      "Sunday with one van: 200 minutes a window",
      SUNDAY,
      null,
      [b(100, 190, "morning")],
      ask(100, 11, "morning"),
      FULL_TIME,
      32,
    ],
    [
      "Sunday with one van fits what is left",
      SUNDAY,
      null,
      [b(1500, 60, "morning")],
      ask(500, 20, "evening"),
      AVAILABLE,
      75,
    ],
    [
      "an override to 0 vans closes the day",
      fleet(0),
      null,
      [],
      ask(10, 5, "morning"),
      { state: "blocked", reason: NO_VANS_REASON },
      0,
    ],
    [
      "holds count like bookings",
      WEEKDAY,
      null,
      [b(2000, 60, "morning"), b(1990, 30, "afternoon")], // the second is an unpaid hold
      ask(20, 10, "evening"),
      FULL_LOAD,
      100,
    ],
    [
      "staff booking over by load: allowed, over by what it overflows",
      WEEKDAY,
      null,
      [b(3900, 100, "morning")],
      ask(250, 20, "morning", true),
      { state: "over", reason: "load", overBy: { loadHundredths: 150, jobs: 0, minutes: 0 } },
      98,
    ],
    [
      "staff booking over by time in a window",
      WEEKDAY,
      null,
      [b(100, 390, "evening")],
      ask(100, 30, "evening", true),
      { state: "over", reason: "time", overBy: { loadHundredths: 0, jobs: 0, minutes: 20 } },
      33,
    ],
    [
      "the eighth collection fits, however small",
      WEEKDAY,
      null,
      kettles(7),
      ask(10, 5, "afternoon"),
      AVAILABLE,
      88,
    ],
    [
      "a ninth collection is refused by the day's collections, not its load",
      WEEKDAY,
      null,
      kettles(8),
      ask(10, 5, "afternoon"),
      FULL_JOBS,
      100,
    ],
    [
      "load is named before collections when both overflow",
      WEEKDAY,
      null,
      [...kettles(7), b(3930, 60, "morning")],
      ask(100, 5, "any"),
      FULL_LOAD,
      100,
    ],
    [
      "staff booking a ninth collection: over by one",
      WEEKDAY,
      null,
      kettles(8),
      ask(10, 5, "morning", true),
      { state: "over", reason: "jobs", overBy: { loadHundredths: 0, jobs: 1, minutes: 0 } },
      100,
    ],
    [
      "staff booking that fits is simply available",
      WEEKDAY,
      null,
      [],
      ask(100, 30, "evening", true),
      AVAILABLE,
      0,
    ],
    [
      "a day already over after a staff booking reports more than 100%",
      WEEKDAY,
      null,
      [b(4400, 100, "any")],
      ask(10, 5, "any"),
      FULL_LOAD,
      110,
    ],
  ])("%s", (_name, dayFleet, blocked, bookings, request, expected, fill) => {
    const answer = dayCapacity({ fleet: dayFleet, blocked, windows: WINDOWS, bookings, request });
    expect(answer.request).toEqual(expected);
    expect(answer.fillPercent).toBe(fill);
  });
});

describe("dayCapacity: a big bag and a small bag on the same afternoon", () => {
  // The afternoon already has 340 of its 400 minutes; the day has 30 yd³ booked of 40.
  const bookings = [b(1500, 340, "afternoon"), b(1500, 100, "morning")];
  const windowsFor = (request: CapacityRequest) =>
    Object.fromEntries(
      dayCapacity({
        fleet: WEEKDAY,
        blocked: null,
        windows: WINDOWS,
        bookings,
        request,
      }).windows.map((w) => [w.key, w.slot]),
    );

  it("a house clearance (8 yd³, 120 min) fails the afternoon but fits the morning", () => {
    expect(windowsFor(ask(800, 120, "afternoon"))).toEqual({
      morning: AVAILABLE,
      afternoon: FULL_TIME,
      evening: AVAILABLE,
    });
  });

  it("a kettle (0.1 yd³, 5 min) fits the afternoon", () => {
    expect(windowsFor(ask(10, 5, "afternoon"))).toEqual({
      morning: AVAILABLE,
      afternoon: AVAILABLE,
      evening: AVAILABLE,
    });
  });

  it("a bag bigger than the load left fails every window, by load", () => {
    expect(windowsFor(ask(1100, 20, "afternoon"))).toEqual({
      morning: FULL_LOAD,
      afternoon: FULL_LOAD,
      evening: FULL_LOAD,
    });
  });
});

describe("dayCapacity: the day as a whole", () => {
  it("reports capacity, use and each window's share", () => {
    const answer = dayCapacity({
      fleet: WEEKDAY,
      blocked: null,
      windows: WINDOWS,
      bookings: [b(1000, 100, "morning"), b(500, 50, "any")],
      request: ask(10, 5, "any"),
    });
    expect(answer).toMatchObject({
      loadCapacity: 4000,
      minutesCapacity: 1200,
      jobsCapacity: 8,
      loadUsed: 1500,
      minutesUsed: 150,
      jobsUsed: 2,
      fillPercent: 38,
      day: AVAILABLE,
      anyTime: AVAILABLE,
    });
    expect(answer.windows.map((w) => [w.key, w.minutesCapacity, w.minutesUsed])).toEqual([
      ["morning", 400, 100],
      ["afternoon", 400, 0],
      ["evening", 400, 0],
    ]);
  });

  it("is available while one window fits, full when none does", () => {
    const bookings = [b(100, 400, "morning"), b(100, 400, "afternoon"), b(100, 380, "evening")];
    const at = (minutes: number) =>
      dayCapacity({
        fleet: WEEKDAY,
        blocked: null,
        windows: WINDOWS,
        bookings,
        request: ask(10, minutes, "morning"),
      });
    expect(at(20).request).toEqual(FULL_TIME);
    expect(at(20).day).toEqual(AVAILABLE);
    expect(at(21).day).toEqual(FULL_TIME);
  });

  it("a blocked day is blocked in every window", () => {
    const answer = dayCapacity({
      fleet: WEEKDAY,
      blocked: "Boxing Day",
      windows: WINDOWS,
      bookings: [],
      request: ask(10, 5, "any"),
    });
    expect(answer.day).toEqual({ state: "blocked", reason: "Boxing Day" });
    expect(answer.windows.map((w) => w.slot.state)).toEqual(["blocked", "blocked", "blocked"]);
  });
});

describe("windowMinutes", () => {
  it.each<[string, ArrivalWindow[], number, number[]]>([
    ["three equal windows", WINDOWS, 1200, [400, 400, 400]],
    [
      "in proportion to length",
      [
        { key: "morning", startMinute: 420, endMinute: 720 },
        { key: "afternoon", startMinute: 720, endMinute: 840 },
      ],
      840,
      [600, 240],
    ],
    ["rounded down", WINDOWS, 1000, [333, 333, 333]],
    ["no minutes", WINDOWS, 0, [0, 0, 0]],
  ])("%s", (_name, windows, minutes, expected) => {
    expect(windowMinutes(windows, minutes)).toEqual(expected);
  });
});

describe("orderLoad", () => {
  it.each<
    [
      string,
      { quantity: number; loadHundredths: number | null; handlingMinutes: number | null }[],
      { loadHundredths: number; minutes: number; linesWithoutLoad: number },
    ]
  >([
    ["no lines", [], { loadHundredths: 0, minutes: 0, linesWithoutLoad: 0 }],
    [
      "quantity times each item",
      [
        { quantity: 2, loadHundredths: 250, handlingMinutes: 20 },
        { quantity: 3, loadHundredths: 10, handlingMinutes: 5 },
      ],
      { loadHundredths: 530, minutes: 55, linesWithoutLoad: 0 },
    ],
    [
      "a free quote line without a load counts nothing and is reported",
      [
        { quantity: 1, loadHundredths: 150, handlingMinutes: 20 },
        { quantity: 1, loadHundredths: null, handlingMinutes: null },
      ],
      { loadHundredths: 150, minutes: 20, linesWithoutLoad: 1 },
    ],
  ])("%s", (_name, items, expected) => {
    expect(orderLoad(items)).toEqual(expected);
  });
});

describe("parseWindow and formatLoadYards", () => {
  it.each<[string, { startMinute: number; endMinute: number } | undefined]>([
    ["07:00-12:00", { startMinute: 420, endMinute: 720 }],
    ["17:00 - 22:00", { startMinute: 1020, endMinute: 1320 }],
    ["12:00-12:00", undefined],
    ["13:00-12:00", undefined],
    ["7:00-12:00", undefined],
    ["24:30-25:00", undefined],
    ["morning", undefined],
  ])("parseWindow(%j)", (text, expected) => {
    expect(parseWindow(text)).toEqual(expected);
  });

  it.each<[number, string]>([
    [10, "0.1"],
    [250, "2.5"],
    [100, "1"],
    [1, "0.01"],
    [1234, "12.34"],
  ])("formatLoadYards(%i) = %s", (hundredths, text) => {
    expect(formatLoadYards(hundredths)).toBe(text);
  });
});

describe("pickWindow: the window a booking takes", () => {
  // The afternoon has 380 of its 400 minutes booked; the day has 8 collections at most.
  const answerFor = (minutes: number, bookings: DayBooking[] = [b(100, 380, "afternoon")]) =>
    dayCapacity({
      fleet: WEEKDAY,
      blocked: null,
      windows: WINDOWS,
      bookings,
      request: ask(100, minutes, "any"),
    });
  it.each<[string, number, DayBooking[] | undefined, WindowChoice | null, WindowPick]>([
    [
      "the window asked for, when it fits",
      10,
      undefined,
      "afternoon",
      { ok: true, window: "afternoon", slot: AVAILABLE },
    ],
    [
      "a full window, when another fits, names the window",
      30,
      undefined,
      "afternoon",
      {
        ok: false,
        dayFull: false,
        message:
          "The afternoon is full on that day for your collection. Please choose another time, or another date.",
      },
    ],
    [
      "any time when the day fits",
      30,
      undefined,
      "any",
      { ok: true, window: "any", slot: AVAILABLE },
    ],
    [
      "nothing asked for: the first window that fits",
      10,
      [b(100, 400, "morning")],
      null,
      { ok: true, window: "afternoon", slot: AVAILABLE },
    ],
    [
      "nothing asked for on a full day",
      10,
      kettles(8),
      null,
      { ok: false, dayFull: true, message: "Please select a valid date" },
    ],
    [
      "a window on a day full by its collections is the day's refusal",
      10,
      kettles(8),
      "morning",
      { ok: false, dayFull: true, message: "Please select a valid date" },
    ],
  ])("%s", (_name, minutes, bookings, asked, expected) => {
    expect(pickWindow(answerFor(minutes, bookings), asked)).toEqual(expected);
  });

  it("a blocked day is refused whatever is asked", () => {
    const answer = dayCapacity({
      fleet: WEEKDAY,
      blocked: "Christmas Day",
      windows: WINDOWS,
      bookings: [],
      request: ask(10, 5, "any"),
    });
    for (const asked of [null, "morning", "any"] as const)
      expect(pickWindow(answer, asked)).toMatchObject({ ok: false, dayFull: true });
  });
});

describe("the any-time discount", () => {
  it.each<[string, boolean, { position: string | null }[]]>([
    ["every line outside", true, [{ position: "outside" }, { position: "outside" }]],
    ["one line inside", false, [{ position: "outside" }, { position: "inside_dismantle" }]],
    ["a free quote line", false, [{ position: "outside" }, { position: null }]],
    ["an empty bag", false, []],
  ])("%s: offered %s", (_name, offered, lines) => {
    expect(anyTimeOffered(lines)).toBe(offered);
  });

  it.each<[string, WindowChoice, { unitPricePence: number; quantity: number }[], number]>([
    ["10% of one unit", "any", [{ unitPricePence: 6900, quantity: 1 }], 690],
    ["per unit, rounded half up", "any", [{ unitPricePence: 4505, quantity: 2 }], 902],
    [
      "over lines",
      "any",
      [
        { unitPricePence: 2900, quantity: 1 },
        { unitPricePence: 1, quantity: 3 },
      ],
      290,
    ],
    ["nothing in a window", "morning", [{ unitPricePence: 6900, quantity: 1 }], 0],
  ])("%s", (_name, window, lines, discount) => {
    expect(anyTimeDiscountPence(window, lines)).toBe(discount);
    if (window === "any")
      expect(discount).toBe(
        lines.reduce((sum, l) => sum + l.quantity * unitDiscountPence(l.unitPricePence), 0),
      );
  });
});
