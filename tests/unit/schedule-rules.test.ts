import { describe, expect, it } from "vitest";
import {
  checkShopSettings,
  SETTINGS_MESSAGES,
  type SettingsCheck,
} from "~/models/shop/shop-settings.server";
import {
  DEFAULT_REMINDER_TIME,
  jobRetryDelayMs,
  nextRemindersDay,
  reminderRunAt,
} from "~/models/shop/schedule.server";

describe("when the reminders for a collection day are sent", () => {
  it.each([
    // day, reminder time, the instant (UTC)
    ["2026-07-01", "18:00", "2026-06-30T17:00:00.000Z"], // BST evening
    ["2026-12-02", "18:00", "2026-12-01T18:00:00.000Z"], // GMT evening
    // 29 March 2026: the clocks go forward at 01:00 GMT. Its eve (28th) is still GMT…
    ["2026-03-29", "18:00", "2026-03-28T18:00:00.000Z"],
    // …and the eve of the 30th is the first BST evening.
    ["2026-03-30", "18:00", "2026-03-29T17:00:00.000Z"],
    // 25 October 2026: the clocks go back at 02:00 BST. Its eve is BST, the 26th's eve GMT.
    ["2026-10-25", "18:00", "2026-10-24T17:00:00.000Z"],
    ["2026-10-26", "18:00", "2026-10-25T18:00:00.000Z"],
    ["2026-07-01", "06:00", "2026-06-30T05:00:00.000Z"],
    ["2026-07-01", "21:00", "2026-06-30T20:00:00.000Z"],
    ["2027-01-01", "19:30", "2026-12-31T19:30:00.000Z"], // across a year
    ["2026-03-01", "18:00", "2026-02-28T18:00:00.000Z"], // across a month
    ["2026-07-01", "nonsense", "2026-06-30T17:00:00.000Z"], // a bad setting: 18:00
  ])("%s at %s → %s", (day, time, instant) => {
    expect(reminderRunAt(day, time).toISOString()).toBe(instant);
  });

  it("defaults to 18:00", () => {
    expect(DEFAULT_REMINDER_TIME).toBe("18:00");
  });

  it.each([
    // now, the collection day whose reminders run next
    ["2026-06-30T10:00:00Z", "2026-07-01"],
    ["2026-06-30T22:59:59Z", "2026-07-01"], // 23:59 BST, still the 30th in London
    ["2026-06-30T23:00:00Z", "2026-07-02"], // midnight BST: the 1st in London
    ["2026-12-31T23:30:00Z", "2027-01-01"], // GMT
  ])("at %s the next reminders job is for %s", (now, day) => {
    expect(nextRemindersDay(new Date(now))).toBe(day);
  });

  it("retries a failed job after 1, 5, then 30 minutes", () => {
    expect([1, 2, 3, 4, 9].map((n) => jobRetryDelayMs(n) / 60_000)).toEqual([1, 5, 30, 30, 30]);
  });
});

describe("the settings staff may save", () => {
  // The follow-up days are left out of the first table (an older page's form): 3, the default.
  const ok = (
    reminderTime: string,
    quoteValidDays: number,
    quoteFollowUpDays = 3,
  ): SettingsCheck => ({
    ok: true,
    settings: { reminderTime, quoteValidDays, quoteFollowUpDays },
  });
  const refused = (
    reminderTime: string,
    quoteValidDays: string,
    errors: { reminderTime?: string; quoteValidDays?: string; quoteFollowUpDays?: string },
    quoteFollowUpDays = "3",
  ): SettingsCheck => ({
    ok: false,
    errors,
    values: { reminderTime, quoteValidDays, quoteFollowUpDays },
  });
  const TIME = SETTINGS_MESSAGES.reminderTime;
  const DAYS = SETTINGS_MESSAGES.quoteValidDays;

  it.each<[string | undefined, string | undefined, SettingsCheck]>([
    ["18:00", "14", ok("18:00", 14)],
    ["06:00", "1", ok("06:00", 1)],
    ["21:00", "90", ok("21:00", 90)],
    [" 7:30 ", " 30 ", ok("07:30", 30)],
    ["05:59", "14", refused("05:59", "14", { reminderTime: TIME })],
    ["21:01", "14", refused("21:01", "14", { reminderTime: TIME })],
    ["24:00", "14", refused("24:00", "14", { reminderTime: TIME })],
    ["18:60", "14", refused("18:60", "14", { reminderTime: TIME })],
    ["6pm", "14", refused("6pm", "14", { reminderTime: TIME })],
    ["18:00:00", "14", refused("18:00:00", "14", { reminderTime: TIME })],
    ["", "14", refused("", "14", { reminderTime: TIME })],
    ["18:00", "0", refused("18:00", "0", { quoteValidDays: DAYS })],
    ["18:00", "91", refused("18:00", "91", { quoteValidDays: DAYS })],
    ["18:00", "7.5", refused("18:00", "7.5", { quoteValidDays: DAYS })],
    ["18:00", "-3", refused("18:00", "-3", { quoteValidDays: DAYS })],
    ["18:00", "1e1", refused("18:00", "1e1", { quoteValidDays: DAYS })],
    [undefined, undefined, refused("", "", { reminderTime: TIME, quoteValidDays: DAYS })],
  ])("reminder %j, validity %j", (reminderTime, quoteValidDays, expected) => {
    expect(checkShopSettings({ reminderTime, quoteValidDays })).toEqual(expected);
  });

  const FOLLOW_UP = SETTINGS_MESSAGES.quoteFollowUpDays;
  it.each<[string, SettingsCheck]>([
    ["7", ok("18:00", 14, 7)],
    ["1", ok("18:00", 14, 1)],
    ["30", ok("18:00", 14, 30)],
    [" 5 ", ok("18:00", 14, 5)],
    ["0", refused("18:00", "14", { quoteFollowUpDays: FOLLOW_UP }, "0")],
    ["31", refused("18:00", "14", { quoteFollowUpDays: FOLLOW_UP }, "31")],
    ["", refused("18:00", "14", { quoteFollowUpDays: FOLLOW_UP }, "")],
    ["2.5", refused("18:00", "14", { quoteFollowUpDays: FOLLOW_UP }, "2.5")],
  ])("follow up after %j days", (quoteFollowUpDays, expected) => {
    expect(
      checkShopSettings({ reminderTime: "18:00", quoteValidDays: "14", quoteFollowUpDays }),
    ).toEqual(expected);
  });
});
