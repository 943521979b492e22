import { EARLIEST_REMINDER, LATEST_REMINDER, MAX_QUOTE_VALID_DAYS } from "~/lib/shop-settings";
import { db } from "~/services/db.server";
import { DEFAULT_QUOTE_VALID_DAYS, quoteValidDays } from "./quote-offer.server";
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
}

export { EARLIEST_REMINDER, LATEST_REMINDER, MAX_QUOTE_VALID_DAYS };

export const SETTINGS_MESSAGES = {
  reminderTime: `Enter a time from ${EARLIEST_REMINDER} to ${LATEST_REMINDER} on the 24-hour clock, such as 18:00.`,
  quoteValidDays: `Enter a whole number of days from 1 to ${MAX_QUOTE_VALID_DAYS}.`,
} as const;

export type SettingsCheck =
  | { ok: true; settings: ShopSettings }
  | {
      ok: false;
      errors: Partial<Record<keyof ShopSettings, string>>;
      values: Record<keyof ShopSettings, string>;
    };

/**
 * What staff typed, checked: a reminder time "HH:MM" (or "H:MM") from 06:00 to 21:00, so a
 * reminder never wakes anyone or lands in the night; a quote validity of 1 to 90 whole days.
 */
export function checkShopSettings(input: {
  reminderTime?: unknown;
  quoteValidDays?: unknown;
}): SettingsCheck {
  const values = {
    reminderTime: typeof input.reminderTime === "string" ? input.reminderTime.trim() : "",
    quoteValidDays: typeof input.quoteValidDays === "string" ? input.quoteValidDays.trim() : "",
  };
  const errors: Partial<Record<keyof ShopSettings, string>> = {};

  const time = /^(\d{1,2}):(\d{2})$/.exec(values.reminderTime);
  const normalised = time ? `${time[1]!.padStart(2, "0")}:${time[2]}` : "";
  const valid =
    time !== null &&
    Number(time[1]) <= 23 &&
    Number(time[2]) <= 59 &&
    normalised >= EARLIEST_REMINDER &&
    normalised <= LATEST_REMINDER;
  if (!valid) errors.reminderTime = SETTINGS_MESSAGES.reminderTime;

  const days = /^\d{1,3}$/.test(values.quoteValidDays) ? Number(values.quoteValidDays) : NaN;
  if (!(days >= 1 && days <= MAX_QUOTE_VALID_DAYS))
    errors.quoteValidDays = SETTINGS_MESSAGES.quoteValidDays;

  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  return { ok: true, settings: { reminderTime: normalised, quoteValidDays: days } };
}

export async function shopSettings(): Promise<ShopSettings> {
  const [time, days] = await Promise.all([reminderTime(), quoteValidDays()]);
  return { reminderTime: time, quoteValidDays: days || DEFAULT_QUOTE_VALID_DAYS };
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
      ] as const)
        await trx
          .insertInto("settings")
          .values({ key, value })
          .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now }))
          .execute();
      await rescheduleReminders(trx, settings.reminderTime);
    });
}
