import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkFleetSettings,
  fleetFormValues,
  fleetOnDay,
  getFleetSettings,
  saveFleetSettings,
} from "~/models/bookings/fleet.server";
import {
  addBlockedDay,
  addDayOverride,
  checkBlockedDay,
  checkDayOverride,
  removeBlockedDay,
  removeDayOverride,
  upcomingBlockedDays,
  upcomingDayOverrides,
} from "~/models/bookings/fleet-days.server";
import {
  parseHandlingMinutes,
  parseLoadYards,
  validateProductInput,
} from "~/models/catalogue/product-form.server";
import { closeDatabase, migrateToLatest, openDatabase, setConnection } from "~/services/db.server";

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-fleet-"));
  const connection = openDatabase(path.join(dir, "fleet.db"));
  setConnection(connection);
  await migrateToLatest(connection.db);
});
afterAll(async () => {
  await closeDatabase();
});

const TODAY = "2026-12-01";
const FLEET = {
  vans_0: "1",
  vans_1: "2",
  vans_2: "2",
  vans_3: "2",
  vans_4: "2",
  vans_5: "2",
  vans_6: "2",
  van_load: "10",
  van_trips: "2",
  crew_minutes: "600",
  max_jobs: "8",
  window_morning: "07:00-12:00",
  window_afternoon: "12:00-17:00",
  window_evening: "17:00-22:00",
};

describe("the fleet form", () => {
  it("accepts the migration's defaults", () => {
    expect(checkFleetSettings(FLEET)).toEqual({
      ok: true,
      value: {
        weekdayVans: [1, 2, 2, 2, 2, 2, 2],
        vanLoadHundredths: 1000,
        tripsPerDay: 2,
        crewMinutesPerDay: 600,
        maxJobs: 8,
        windows: [
          { key: "morning", startMinute: 420, endMinute: 720 },
          { key: "afternoon", startMinute: 720, endMinute: 1020 },
          { key: "evening", startMinute: 1020, endMinute: 1320 },
        ],
      },
    });
  });

  it.each<[string, Record<string, string>, Record<string, string>]>([
    ["no vans on Monday", { vans_1: "" }, { vans_1: "Please enter the vans on Monday" }],
    [
      "a fraction of a van",
      { vans_2: "1.5" },
      { vans_2: "Please enter the vans on Tuesday as a whole number" },
    ],
    [
      "negative vans",
      { vans_3: "-1" },
      { vans_3: "Please enter the vans on Wednesday as a whole number" },
    ],
    [
      "too many vans",
      { vans_6: "51" },
      { vans_6: "Please enter the vans on Saturday between 0 and 50" },
    ],
    [
      "a van's load in words",
      { van_load: "ten" },
      { van_load: "Please enter a van's load in cubic yards with at most 2 decimals, such as 10" },
    ],
    [
      "a van's load with 3 decimals",
      { van_load: "10.125" },
      { van_load: "Please enter a van's load in cubic yards with at most 2 decimals, such as 10" },
    ],
    [
      "a tiny van",
      { van_load: "0.4" },
      { van_load: "A van's load must be between 0.5 and 50 cubic yards" },
    ],
    [
      "no trips",
      { van_trips: "0" },
      { van_trips: "Please enter the trips a van makes in a day between 1 and 10" },
    ],
    [
      "a day longer than a day",
      { crew_minutes: "1441" },
      { crew_minutes: "Please enter a crew's working minutes in a day between 1 and 1440" },
    ],
    [
      "no collections in a day",
      { max_jobs: "0" },
      { max_jobs: "Please enter the most collections in a day between 1 and 200" },
    ],
    [
      "collections in words",
      { max_jobs: "eight" },
      { max_jobs: "Please enter the most collections in a day as a whole number" },
    ],
    [
      "a window that ends before it starts",
      { window_morning: "12:00-07:00" },
      { window_morning: "Please enter the window as from-to in 24-hour time, such as 07:00-12:00" },
    ],
    [
      "overlapping windows",
      { window_afternoon: "11:00-17:00" },
      { window_afternoon: "It must start at 12:00 or later, after the morning window" },
    ],
  ])("refuses %s", (_name, change, errors) => {
    expect(checkFleetSettings({ ...FLEET, ...change })).toEqual({ ok: false, errors });
  });

  it("saves and reads back the fleet, and fleetOnDay follows the weekday and overrides", async () => {
    expect(fleetFormValues(await getFleetSettings())).toEqual(FLEET);
    const saved = await saveFleetSettings({
      ...FLEET,
      vans_0: "0",
      van_load: "12.5",
      max_jobs: "12",
    });
    expect(saved.ok).toBe(true);
    expect(fleetFormValues(await getFleetSettings())).toEqual({
      ...FLEET,
      vans_0: "0",
      van_load: "12.5",
      max_jobs: "12",
    });
    // 2026-12-06 is a Sunday, 2026-12-07 a Monday.
    expect((await fleetOnDay("2026-12-06")).fleet.vans).toBe(0);
    expect(await fleetOnDay("2026-12-07")).toEqual({
      fleet: {
        vans: 2,
        vanLoadHundredths: 1250,
        tripsPerDay: 2,
        crewMinutesPerDay: 600,
        maxJobs: 12,
      },
      blocked: null,
      windows: [
        { key: "morning", startMinute: 420, endMinute: 720 },
        { key: "afternoon", startMinute: 720, endMinute: 1020 },
        { key: "evening", startMinute: 1020, endMinute: 1320 },
      ],
    });
    await saveFleetSettings(FLEET);
  });
});

describe("blocked days", () => {
  it.each<[string, Record<string, string>, Record<string, string>]>([
    ["no day", { day: "", reason: "Closed" }, { day: "Please choose a day" }],
    [
      "not a day",
      { day: "2026-02-30", reason: "Closed" },
      { day: "Please choose a real day, such as 2026-12-25" },
    ],
    [
      "a past day",
      { day: "2026-11-30", reason: "Closed" },
      { day: "Please choose today or a day ahead, not a past day" },
    ],
    [
      "an empty reason",
      { day: "2026-12-25", reason: "   " },
      { reason: "Please give a reason, such as Christmas Day" },
    ],
    [
      "a long reason",
      { day: "2026-12-25", reason: "x".repeat(201) },
      { reason: "Please keep the reason under 200 characters" },
    ],
  ])("refuses %s", (_name, values, errors) => {
    expect(checkBlockedDay(values, TODAY)).toEqual({ ok: false, errors });
  });

  it("accepts today, and tidies the reason's spaces", () => {
    expect(checkBlockedDay({ day: TODAY, reason: "  Staff  training " }, TODAY)).toEqual({
      ok: true,
      value: { day: TODAY, reason: "Staff training" },
    });
  });

  it("are stored once, listed from today, blocked in fleetOnDay and removed", async () => {
    expect(
      await addBlockedDay({ day: "2026-12-25", reason: "Christmas Day" }, "admin", TODAY),
    ).toEqual({
      ok: true,
      value: { day: "2026-12-25", reason: "Christmas Day", createdBy: "admin" },
    });
    expect(await addBlockedDay({ day: "2026-12-25", reason: "Again" }, "admin", TODAY)).toEqual({
      ok: false,
      errors: { day: "That day is blocked already" },
    });
    await addBlockedDay({ day: "2026-12-02", reason: "Training" }, "sam", TODAY);
    expect((await upcomingBlockedDays(TODAY)).map((b) => b.day)).toEqual([
      "2026-12-02",
      "2026-12-25",
    ]);
    expect((await upcomingBlockedDays("2026-12-03")).map((b) => b.day)).toEqual(["2026-12-25"]);
    expect((await fleetOnDay("2026-12-25")).blocked).toBe("Christmas Day");
    expect(await removeBlockedDay("2026-12-25")).toBe(true);
    expect(await removeBlockedDay("2026-12-25")).toBe(false);
    expect((await fleetOnDay("2026-12-25")).blocked).toBeNull();
  });
});

describe("day overrides", () => {
  it.each<[string, Record<string, string>, Record<string, string>]>([
    ["no vans", { day: "2026-12-10", vans: "" }, { vans: "Please enter the vans that day" }],
    [
      "a fraction of a van",
      { day: "2026-12-10", vans: "0.5" },
      { vans: "Please enter the vans that day as a whole number" },
    ],
    [
      "a past day",
      { day: "2026-01-10", vans: "1" },
      { day: "Please choose today or a day ahead, not a past day" },
    ],
  ])("refuses %s", (_name, values, errors) => {
    expect(checkDayOverride(values, TODAY)).toEqual({ ok: false, errors });
  });

  it("set a day's vans (0 too), once, until removed", async () => {
    // 2026-12-10 is a Thursday: 2 vans.
    expect((await fleetOnDay("2026-12-10")).fleet.vans).toBe(2);
    expect(
      (await addDayOverride({ day: "2026-12-10", vans: "0", reason: "MOT" }, "admin", TODAY)).ok,
    ).toBe(true);
    expect((await fleetOnDay("2026-12-10")).fleet.vans).toBe(0);
    expect(await addDayOverride({ day: "2026-12-10", vans: "3" }, "admin", TODAY)).toEqual({
      ok: false,
      errors: { day: "That day has an override already: remove it first to change it" },
    });
    expect(await upcomingDayOverrides(TODAY)).toEqual([
      { day: "2026-12-10", vans: 0, reason: "MOT", createdBy: "admin" },
    ]);
    expect(await removeDayOverride("2026-12-10")).toBe(true);
    expect((await fleetOnDay("2026-12-10")).fleet.vans).toBe(2);
  });
});

describe("a product's load and handling minutes", () => {
  it.each<[string, ReturnType<typeof parseLoadYards>]>([
    ["0.1", { ok: true, value: 10 }],
    ["2.5", { ok: true, value: 250 }],
    ["2", { ok: true, value: 200 }],
    [".5", { ok: true, value: 50 }],
    [" 1.25 ", { ok: true, value: 125 }],
    ["0.01", { ok: true, value: 1 }],
    ["50", { ok: true, value: 5000 }],
    ["", { ok: false, error: "Please enter the load in cubic yards" }],
    ["0", { ok: false, error: "The load must be at least 0.01 cubic yards" }],
    ["0.00", { ok: false, error: "The load must be at least 0.01 cubic yards" }],
    ["50.01", { ok: false, error: "The load can be at most 50 cubic yards" }],
    [
      "1.255",
      {
        ok: false,
        error: "Please enter the load in cubic yards with at most 2 decimals, such as 0.1 or 2.5",
      },
    ],
    [
      "-1",
      {
        ok: false,
        error: "Please enter the load in cubic yards with at most 2 decimals, such as 0.1 or 2.5",
      },
    ],
    [
      "1,5",
      {
        ok: false,
        error: "Please enter the load in cubic yards with at most 2 decimals, such as 0.1 or 2.5",
      },
    ],
    [
      ".",
      {
        ok: false,
        error: "Please enter the load in cubic yards with at most 2 decimals, such as 0.1 or 2.5",
      },
    ],
  ])("load %j", (text, expected) => {
    expect(parseLoadYards(text)).toEqual(expected);
  });

  it.each<[string, ReturnType<typeof parseHandlingMinutes>]>([
    ["15", { ok: true, value: 15 }],
    ["1", { ok: true, value: 1 }],
    ["600", { ok: true, value: 600 }],
    ["", { ok: false, error: "Please enter the handling minutes" }],
    ["0", { ok: false, error: "Handling minutes must be between 1 and 600" }],
    ["601", { ok: false, error: "Handling minutes must be between 1 and 600" }],
    [
      "7.5",
      { ok: false, error: "Please enter the handling minutes as a whole number, such as 15" },
    ],
  ])("minutes %j", (text, expected) => {
    expect(parseHandlingMinutes(text)).toEqual(expected);
  });

  const PRODUCT = {
    product_name: "Kettle",
    product_price: "10",
    product_description: "A kettle",
    product_category: "Appliance Removal",
    inside_dismantle_price: "0",
    inside_no_dismantle_price: "0",
    outside_price: "0",
  };

  it("the form's fields become the product's load; left out (an /api client), the defaults", () => {
    expect(
      validateProductInput({ ...PRODUCT, load: "0.1", handling_minutes: "5" }, []).load,
    ).toEqual({
      loadHundredths: 10,
      handlingMinutes: 5,
    });
    expect(validateProductInput(PRODUCT, []).load).toEqual({
      loadHundredths: 100,
      handlingMinutes: 15,
    });
    expect(
      validateProductInput({ ...PRODUCT, load: "", handling_minutes: "0" }, []).errors,
    ).toEqual({
      load: "Please enter the load in cubic yards",
      handling_minutes: "Handling minutes must be between 1 and 600",
    });
  });
});
