import { describe, expect, it } from "vitest";
import type { ArrivalWindow, DayFleet, WindowChoice } from "~/lib/capacity";
import { pickVan, vanOverBy, vanOverText, type VanBooking } from "~/lib/van-assignment";

// Two vans of 10 yd³ a trip, one trip; 300 minutes a crew: 100 minutes a window.
const fleet: DayFleet = {
  vans: 2,
  vanLoadHundredths: 1000,
  tripsPerDay: 1,
  crewMinutesPerDay: 300,
  maxJobs: 8,
};
const windows: ArrivalWindow[] = [
  { key: "morning", startMinute: 420, endMinute: 720 },
  { key: "afternoon", startMinute: 720, endMinute: 1020 },
  { key: "evening", startMinute: 1020, endMinute: 1320 },
];
const VAN_1 = 11;
const VAN_2 = 12;
const booking = (
  vanId: number | null,
  yards: number,
  minutes: number,
  window: WindowChoice = "morning",
): VanBooking => ({ vanId, loadHundredths: yards * 100, minutes, window });
const day = (bookings: VanBooking[], vanIds = [VAN_1, VAN_2]) => ({
  fleet,
  windows,
  vanIds,
  bookings,
});
const ask = (yards: number, minutes: number, window: WindowChoice = "morning") => ({
  loadHundredths: yards * 100,
  minutes,
  window,
});

describe("pickVan: the van a new booking goes on", () => {
  it.each([
    ["an empty day: the first van", [], ask(2, 30), { vanId: VAN_1, overBy: null }],
    [
      "the first van has room: it takes it",
      [booking(VAN_1, 5, 30)],
      ask(5, 30),
      { vanId: VAN_1, overBy: null },
    ],
    [
      "the first van's load is full: the second",
      [booking(VAN_1, 8, 30)],
      ask(3, 30),
      { vanId: VAN_2, overBy: null },
    ],
    [
      "the first van's morning is full of minutes: the second, though the first has load to spare",
      [booking(VAN_1, 1, 90)],
      ask(1, 20),
      { vanId: VAN_2, overBy: null },
    ],
    [
      "the first van's morning is full, the afternoon is not: the first van takes an afternoon job",
      [booking(VAN_1, 1, 90)],
      ask(1, 20, "afternoon"),
      { vanId: VAN_1, overBy: null },
    ],
    [
      "any time: the day's minutes count, not a window's",
      [booking(VAN_1, 1, 90)],
      ask(1, 20, "any"),
      { vanId: VAN_1, overBy: null },
    ],
    [
      "bookings on no van count against none",
      [booking(null, 9, 90)],
      ask(2, 30),
      { vanId: VAN_1, overBy: null },
    ],
    [
      "neither van has room alone: the one it overfills least, by load",
      [booking(VAN_1, 8, 10), booking(VAN_2, 7, 10)],
      ask(4, 10),
      { vanId: VAN_2, overBy: { loadHundredths: 100, minutes: 0, jobs: 0 } },
    ],
  ])("%s", (_, bookings, request, expected) => {
    expect(pickVan(day(bookings), request)).toEqual(expected);
  });

  it("no van out: none", () => {
    expect(pickVan(day([], []), ask(1, 10))).toBeNull();
  });
});

describe("vanOverBy and its words: the office's move", () => {
  it.each([
    [[booking(VAN_2, 2, 10)], VAN_2, ask(3, 10), null, ""],
    [
      [booking(VAN_2, 9, 10)],
      VAN_2,
      ask(2.5, 10),
      { loadHundredths: 150, minutes: 0, jobs: 0 },
      "over its load by 1.5 yd³",
    ],
    [
      [booking(VAN_2, 1, 90)],
      VAN_2,
      ask(9.5, 30),
      { loadHundredths: 50, minutes: 20, jobs: 0 },
      "over its load by 0.5 yd³ and its time by 20 min",
    ],
  ])("%#", (bookings, vanId, request, overBy, words) => {
    expect(vanOverBy(day(bookings), vanId, request)).toEqual(overBy);
    if (overBy) expect(vanOverText(overBy)).toBe(words);
  });
});
