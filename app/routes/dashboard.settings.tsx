import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FlashNotice } from "~/components/flash-notice";
import { EARLIEST_REMINDER, LATEST_REMINDER, MAX_QUOTE_VALID_DAYS } from "~/lib/shop-settings";
import { checkShopSettings, saveShopSettings, shopSettings } from "~/models/shop-settings.server";
import { requireStaff } from "~/models/staff-auth.server";
import { readFlash, redirectWithFlash } from "~/services/flash.server";
import styles from "~/styles/settings.css";

/**
 * The shop's settings staff may change (docs/rules.md#reminders): when the day-before reminder
 * emails go, and how long a priced quote holds. The rule is checkShopSettings's.
 */

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const [settings, flash] = await Promise.all([shopSettings(), readFlash(request, "settings")]);
  return data(
    {
      values: {
        reminderTime: settings.reminderTime,
        quoteValidDays: String(settings.quoteValidDays),
      },
      flash: flash.flash,
    },
    { headers: flash.headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request);
  const form = await request.formData();
  const checked = checkShopSettings({
    reminderTime: form.get("reminder_time"),
    quoteValidDays: form.get("quote_valid_days"),
  });
  if (!checked.ok) return data({ errors: checked.errors, values: checked.values }, { status: 400 });
  await saveShopSettings(checked.settings);
  return redirectWithFlash(
    "/dashboard/settings",
    "settings",
    `Settings saved. Reminder emails go the day before at ${checked.settings.reminderTime}; new prices hold for ${checked.settings.quoteValidDays} days.`,
  );
}

export default function Settings() {
  const loaded = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const errors: { reminderTime?: string; quoteValidDays?: string } = failed?.errors ?? {};
  const values = failed?.values ?? loaded.values;
  const firstError = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (failed) firstError.current?.focus();
  }, [failed]);

  return (
    <section aria-labelledby="settings-title" className="settings">
      <h1 id="settings-title">Settings</h1>
      <FlashNotice flash={loaded.flash} testId="settings-notice" />
      <Form method="post" noValidate className="settings-form">
        <fieldset>
          <legend>Reminder emails</legend>
          <div className={`field${errors.reminderTime ? " field-invalid" : ""}`}>
            <label htmlFor="reminder_time">
              Reminder emails are sent the day before at (UK time)
            </label>
            <p className="field-hint" id="reminder_time-hint">
              Every booking gets one reminder the evening before its collection, with what to
              prepare and its calendar event. 24-hour clock, {EARLIEST_REMINDER} to{" "}
              {LATEST_REMINDER}.
            </p>
            <input
              id="reminder_time"
              name="reminder_time"
              type="time"
              min={EARLIEST_REMINDER}
              max={LATEST_REMINDER}
              required
              defaultValue={values.reminderTime}
              key={`time-${values.reminderTime}`}
              ref={errors.reminderTime ? firstError : undefined}
              aria-invalid={errors.reminderTime ? true : undefined}
              aria-describedby={`reminder_time-hint${errors.reminderTime ? " reminder_time-error" : ""}`}
            />
            <p className="field-error" id="reminder_time-error" aria-live="polite">
              {errors.reminderTime ?? ""}
            </p>
          </div>
        </fieldset>
        <fieldset>
          <legend>Quotes</legend>
          <div className={`field${errors.quoteValidDays ? " field-invalid" : ""}`}>
            <label htmlFor="quote_valid_days">A price holds for (days)</label>
            <p className="field-hint" id="quote_valid_days-hint">
              How long a priced quote can be booked when you do not set a date on it. 1 to{" "}
              {MAX_QUOTE_VALID_DAYS} days.
            </p>
            <input
              id="quote_valid_days"
              name="quote_valid_days"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_QUOTE_VALID_DAYS}
              step={1}
              required
              defaultValue={values.quoteValidDays}
              key={`days-${values.quoteValidDays}`}
              ref={!errors.reminderTime && errors.quoteValidDays ? firstError : undefined}
              aria-invalid={errors.quoteValidDays ? true : undefined}
              aria-describedby={`quote_valid_days-hint${errors.quoteValidDays ? " quote_valid_days-error" : ""}`}
            />
            <p className="field-error" id="quote_valid_days-error" aria-live="polite">
              {errors.quoteValidDays ?? ""}
            </p>
          </div>
        </fieldset>
        <button type="submit" className="button" disabled={saving}>
          {saving ? "Saving..." : "Save settings"}
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Settings — Haulbook dashboard" }];
