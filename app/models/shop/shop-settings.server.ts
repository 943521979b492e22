import { z } from "zod";
import { EARLIEST_REMINDER, LATEST_REMINDER, MAX_QUOTE_VALID_DAYS } from "~/lib/shop-settings";
import { wholeNumber } from "~/lib/form-rules";
import { checkFields, formLimits } from "~/lib/forms";
import { db } from "~/services/db.server";
import { DEFAULT_QUOTE_VALID_DAYS, quoteValidDays } from "../quotes/quote-offer.server";
import {
  DEFAULT_FOLLOW_UP_DAYS,
  MAX_FOLLOW_UP_DAYS,
  quoteFollowUpDays,
} from "../quotes/quote-follow-up.server";
import { REMINDER_TIME_SETTING, reminderTime, rescheduleReminders } from "./schedule.server";

/**
 * The settings staff change on /dashboard/settings (docs/rules.md#reminders): when the
 * day-before reminders go, and how long a priced quote holds. One rule (checkShopSettings) for
 * what may be saved.
 */

export interface ShopSettings {
  /** "HH:MM", UK time, the evening before a collection */
  reminderTime: string;
  /** days a price holds when staff do not say (setting `quote_valid_days`) */
  quoteValidDays: number;
  /** days after its price before the inbox lists an unanswered quote (setting `quote_follow_up_days`) */
  quoteFollowUpDays: number;
}

export { EARLIEST_REMINDER, LATEST_REMINDER, MAX_QUOTE_VALID_DAYS };

export const SETTINGS_MESSAGES = {
  reminderTime: `Enter a time from ${EARLIEST_REMINDER} to ${LATEST_REMINDER} on the 24-hour clock, such as 18:00.`,
  quoteValidDays: `Enter a whole number of days from 1 to ${MAX_QUOTE_VALID_DAYS}.`,
  quoteFollowUpDays: `Enter a whole number of days from 1 to ${MAX_FOLLOW_UP_DAYS}.`,
} as const;

export type SettingsCheck =
  | { ok: true; settings: ShopSettings }
  | {
      ok: false;
      errors: Partial<Record<keyof ShopSettings, string>>;
      values: Record<keyof ShopSettings, string>;
    };

/** "H:MM" or "HH:MM" as "HH:MM" when it is a time of day on the 24-hour clock, else "". */
function clockTime(text: string): string {
  const [hours = "", minutes = ""] = text.split(":");
  return Number(hours) <= 23 && Number(minutes) <= 59 ? `${hours.padStart(2, "0")}:${minutes}` : "";
}

/**
 * What staff may save: a reminder time "HH:MM" (or "H:MM") from 06:00 to 21:00, so a reminder
 * never wakes anyone or lands in the night; a quote validity of 1 to 90 whole days.
 */
export const shopSettingsSchema = z.object({
  reminderTime: z
    .string()
    .trim()
    .regex(/^\d{1,2}:\d{2}$/, SETTINGS_MESSAGES.reminderTime)
    .transform(clockTime)
    .refine(
      (time) => time !== "" && time >= EARLIEST_REMINDER && time <= LATEST_REMINDER,
      SETTINGS_MESSAGES.reminderTime,
    ),
  quoteValidDays: wholeNumber(
    { min: 1, max: MAX_QUOTE_VALID_DAYS, digits: 3 },
    {
      missing: SETTINGS_MESSAGES.quoteValidDays,
      notWhole: SETTINGS_MESSAGES.quoteValidDays,
      outOfRange: SETTINGS_MESSAGES.quoteValidDays,
    },
  ),
  quoteFollowUpDays: wholeNumber(
    { min: 1, max: MAX_FOLLOW_UP_DAYS, digits: 2 },
    {
      missing: SETTINGS_MESSAGES.quoteFollowUpDays,
      notWhole: SETTINGS_MESSAGES.quoteFollowUpDays,
      outOfRange: SETTINGS_MESSAGES.quoteFollowUpDays,
    },
  ),
});

/** The settings form's limits, for the page. */
export const SHOP_SETTINGS_LIMITS = formLimits(shopSettingsSchema);

/** What staff typed, checked by shopSettingsSchema; a refusal sends back what was typed (trimmed). */
export function checkShopSettings(input: {
  reminderTime?: unknown;
  quoteValidDays?: unknown;
  quoteFollowUpDays?: unknown;
}): SettingsCheck {
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const values = {
    reminderTime: text(input.reminderTime),
    quoteValidDays: text(input.quoteValidDays),
    // Not sent (a form of an older page): as it was by default.
    quoteFollowUpDays:
      input.quoteFollowUpDays === null || input.quoteFollowUpDays === undefined
        ? String(DEFAULT_FOLLOW_UP_DAYS)
        : text(input.quoteFollowUpDays),
  };
  const checked = checkFields(shopSettingsSchema, values);
  const { reminderTime, quoteValidDays, quoteFollowUpDays } = checked.values;
  if (reminderTime === undefined || quoteValidDays === undefined || quoteFollowUpDays === undefined)
    return { ok: false, errors: checked.errors, values };
  return { ok: true, settings: { reminderTime, quoteValidDays, quoteFollowUpDays } };
}

export async function shopSettings(): Promise<ShopSettings> {
  const [time, days, followUp] = await Promise.all([
    reminderTime(),
    quoteValidDays(),
    quoteFollowUpDays(),
  ]);
  return {
    reminderTime: time,
    quoteValidDays: days || DEFAULT_QUOTE_VALID_DAYS,
    quoteFollowUpDays: followUp,
  };
}

/** Stores checked settings; a new reminder time moves the reminders still due to it, in the same transaction. */
export async function saveShopSettings(settings: ShopSettings): Promise<void> {
  const now = new Date().toISOString();
  await db()
    .transaction()
    .execute(async (trx) => {
      for (const [key, value] of [
        [REMINDER_TIME_SETTING, settings.reminderTime],
        ["quote_valid_days", String(settings.quoteValidDays)],
        ["quote_follow_up_days", String(settings.quoteFollowUpDays)],
      ] as const)
        await trx
          .insertInto("settings")
          .values({ key, value })
          .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now }))
          .execute();
      await rescheduleReminders(trx, settings.reminderTime);
    });
}
