import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { Field } from "~/components/field";
import { FlashNotice } from "~/components/flash-notice";
import { EARLIEST_REMINDER, LATEST_REMINDER } from "~/lib/shop-settings";
import {
  checkShopSettings,
  saveShopSettings,
  shopSettings,
  SHOP_SETTINGS_LIMITS,
} from "~/models/shop/shop-settings.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
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
      limits: SHOP_SETTINGS_LIMITS,
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
  // A refused save puts the cursor in the first field it refused.
  useEffect(() => {
    if (failed)
      document
        .getElementById(failed.errors.reminderTime ? "reminder_time" : "quote_valid_days")
        ?.focus();
  }, [failed]);

  return (
    <section aria-labelledby="settings-title" className="settings">
      <h1 id="settings-title">Settings</h1>
      <FlashNotice flash={loaded.flash} testId="settings-notice" />
      <Form method="post" noValidate className="settings-form">
        <fieldset>
          <legend>Reminder emails</legend>
          <Field
            label="Reminder emails are sent the day before at (UK time)"
            id="reminder_time"
            name="reminder_time"
            hint={`Every booking gets one reminder the evening before its collection, with what to prepare and its calendar event. 24-hour clock, ${EARLIEST_REMINDER} to ${LATEST_REMINDER}.`}
            type="time"
            min={EARLIEST_REMINDER}
            max={LATEST_REMINDER}
            required
            defaultValue={values.reminderTime}
            key={`time-${values.reminderTime}`}
            error={errors.reminderTime}
          />
        </fieldset>
        <fieldset>
          <legend>Quotes</legend>
          <Field
            label="A price holds for (days)"
            id="quote_valid_days"
            name="quote_valid_days"
            hint={`How long a priced quote can be booked when you do not set a date on it. ${loaded.limits.quoteValidDays.min} to ${loaded.limits.quoteValidDays.max} days.`}
            type="number"
            inputMode="numeric"
            {...loaded.limits.quoteValidDays}
            required
            defaultValue={values.quoteValidDays}
            key={`days-${values.quoteValidDays}`}
            error={errors.quoteValidDays}
          />
        </fieldset>
        <button type="submit" className="button" disabled={saving}>
          {saving ? "Saving..." : "Save settings"}
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Settings — Haulbook dashboard" }];
