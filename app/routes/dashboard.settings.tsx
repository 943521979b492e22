import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
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
import {
  areaSurcharges,
  saveServiceArea,
  serviceAreaCodes,
} from "~/models/shop/service-area.server";
import { areaCodesText, MAX_AREA_TEXT, surchargesText } from "~/lib/service-area";
import { readFlash, redirectWithFlash } from "~/services/flash.server";
import { BusinessProfileFields, LogoForm } from "~/components/business-profile-form";
import { businessProfileForm, type BusinessProfileForm } from "~/lib/business-profile";
import { BUSINESS_PROFILE_LIMITS, checkBusinessProfile } from "~/lib/business-profile-rules.server";
import { formValues } from "~/lib/forms";
import {
  businessProfile,
  receiveLogoUpload,
  removeBusinessLogo,
  saveBusinessProfile,
} from "~/models/shop/business-profile.server";
import { GoLivePanel } from "~/components/go-live-panel";
import { goLiveItems } from "~/lib/go-live";
import { goLiveFacts, sendTestEmail } from "~/models/shop/go-live.server";
import styles from "~/styles/settings.css";
import { titled } from "~/lib/page-title";

/**
 * The shop's settings staff may change (docs/rules.md#reminders): when the day-before reminder
 * emails go, and how long a priced quote holds (the rule is checkShopSettings's); and, in a form
 * of its own, the area the business collects from (docs/rules.md#the-area-served); and the
 * business's own details (docs/rules.md#the-business).
 */

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const [settings, flash, area, surcharges, facts] = await Promise.all([
    shopSettings(),
    readFlash(request, "settings"),
    serviceAreaCodes(),
    areaSurcharges(),
    goLiveFacts(),
  ]);
  return data(
    {
      values: {
        reminderTime: settings.reminderTime,
        quoteValidDays: String(settings.quoteValidDays),
        quoteFollowUpDays: String(settings.quoteFollowUpDays),
      },
      area: areaCodesText(area),
      surcharges: surchargesText(surcharges),
      business: businessProfileForm(businessProfile()),
      logoImageId: businessProfile().logoImageId,
      goLive: goLiveItems(facts),
      businessLimits: BUSINESS_PROFILE_LIMITS,
      limits: SHOP_SETTINGS_LIMITS,
      flash: flash.flash,
    },
    { headers: flash.headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request);
  // The logo comes as a file (multipart); everything else as a plain form.
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    const logo = await receiveLogoUpload(request);
    if (!logo.ok) return data({ logoError: logo.message }, { status: logo.status });
    return redirectWithFlash(
      "/dashboard/settings",
      "settings",
      "Logo saved: the header and your documents show it now.",
    );
  }
  const form = await request.formData();
  if (form.get("intent") === "remove-logo") {
    await removeBusinessLogo();
    return redirectWithFlash("/dashboard/settings", "settings", "Logo removed.");
  }
  if (form.get("intent") === "test-email") {
    const test = await sendTestEmail();
    return redirectWithFlash(
      "/dashboard/settings",
      "settings",
      test.sent
        ? `A test email went to ${test.to}: check that it arrives (and is not in spam).`
        : `The mail server did not take the test email for ${test.to} yet: it is kept and tried again. Check SMTP_URL if it does not arrive.`,
    );
  }
  if (form.get("intent") === "business") {
    const typed = formValues(form) as BusinessProfileForm;
    const checked = checkBusinessProfile(typed);
    if (!checked.ok)
      return data({ businessErrors: checked.errors, business: typed }, { status: 400 });
    await saveBusinessProfile(checked.profile);
    return redirectWithFlash(
      "/dashboard/settings",
      "settings",
      `Business details saved. Every page, email and document now shows ${checked.profile.name}.`,
    );
  }
  if (form.get("intent") === "area") {
    const typed = String(form.get("service_area") ?? "");
    const typedSurcharges = String(form.get("area_surcharges") ?? "");
    const saved = await saveServiceArea(typed, typedSurcharges);
    if (!saved.ok)
      return data(
        {
          areaError: saved.field === "area" ? saved.message : undefined,
          surchargesError: saved.field === "surcharges" ? saved.message : undefined,
          area: typed,
          surcharges: typedSurcharges,
        },
        { status: 400 },
      );
    const charges =
      saved.surcharges.length === 0
        ? ""
        : ` Extra charges: ${surchargesText(saved.surcharges).replaceAll("\n", "; ")}.`;
    return redirectWithFlash(
      "/dashboard/settings",
      "settings",
      (saved.codes.length === 0
        ? "Area saved: with no postcodes listed, bookings are taken from anywhere in the UK."
        : `Area saved. Bookings are taken from ${areaCodesText(saved.codes)}.`) + charges,
    );
  }
  const checked = checkShopSettings({
    reminderTime: form.get("reminder_time"),
    quoteValidDays: form.get("quote_valid_days"),
    quoteFollowUpDays: form.get("quote_follow_up_days"),
  });
  if (!checked.ok) return data({ errors: checked.errors, values: checked.values }, { status: 400 });
  await saveShopSettings(checked.settings);
  return redirectWithFlash(
    "/dashboard/settings",
    "settings",
    `Settings saved. Reminder emails go the day before at ${checked.settings.reminderTime}; new prices hold for ${checked.settings.quoteValidDays} days, and the inbox lists a quote with no answer after ${checked.settings.quoteFollowUpDays} ${checked.settings.quoteFollowUpDays === 1 ? "day" : "days"}.`,
  );
}

export default function Settings() {
  const loaded = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const areaFailed = failed && "surcharges" in failed ? failed : null;
  const settingsFailed = failed && "errors" in failed ? failed : null;
  const businessFailed = failed && "businessErrors" in failed ? failed : null;
  const logoError = failed && "logoError" in failed ? failed.logoError : undefined;
  const errors: { reminderTime?: string; quoteValidDays?: string; quoteFollowUpDays?: string } =
    settingsFailed?.errors ?? {};
  const values = settingsFailed?.values ?? loaded.values;
  // A refused save puts the cursor in the first field it refused.
  useEffect(() => {
    if (businessFailed)
      document.querySelector<HTMLElement>(".business-form [aria-invalid='true']")?.focus();
    else if (areaFailed)
      document.getElementById(areaFailed.areaError ? "service_area" : "area_surcharges")?.focus();
    else if (settingsFailed)
      document
        .getElementById(
          settingsFailed.errors.reminderTime
            ? "reminder_time"
            : settingsFailed.errors.quoteValidDays
              ? "quote_valid_days"
              : "quote_follow_up_days",
        )
        ?.focus();
  }, [areaFailed, settingsFailed, businessFailed]);

  return (
    <section aria-labelledby="settings-title" className="settings">
      <h1 id="settings-title">Settings</h1>
      <FlashNotice flash={loaded.flash} testId="settings-notice" />
      <GoLivePanel items={loaded.goLive} businessEmail={loaded.business.email} busy={saving} />
      <LogoForm imageId={loaded.logoImageId} error={logoError} busy={saving} />
      <BusinessProfileFields
        values={businessFailed?.business ?? loaded.business}
        errors={businessFailed?.businessErrors ?? {}}
        limits={loaded.businessLimits}
        saving={saving}
      />
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
          <Field
            label="Follow up a quote with no answer after (days)"
            id="quote_follow_up_days"
            name="quote_follow_up_days"
            hint={`The inbox lists a priced quote nobody has answered after this many days, to remind the customer with one press. ${loaded.limits.quoteFollowUpDays.min} to ${loaded.limits.quoteFollowUpDays.max} days.`}
            type="number"
            inputMode="numeric"
            {...loaded.limits.quoteFollowUpDays}
            required
            defaultValue={values.quoteFollowUpDays}
            key={`follow-up-${values.quoteFollowUpDays}`}
            error={errors.quoteFollowUpDays}
          />
        </fieldset>
        <button type="submit" className="button" disabled={saving}>
          {saving ? "Saving..." : "Save settings"}
        </button>
      </Form>
      <Form method="post" noValidate className="settings-form">
        <fieldset>
          <legend>Where you collect</legend>
          <Field
            label="Postcode areas and districts you collect from"
            id="service_area"
            name="service_area"
            multiline
            rows={3}
            maxLength={MAX_AREA_TEXT}
            hint="Separated by commas or spaces: whole areas such as SE, districts such as CR0, or runs such as CR0-CR9. The checkout, quote bookings and your own bookings refuse other postcodes, and customers can check theirs on the home page. Leave it empty to take bookings from anywhere in the UK."
            defaultValue={areaFailed?.area ?? loaded.area}
            key={`area-${areaFailed?.area ?? loaded.area}`}
            error={areaFailed?.areaError}
            autoCapitalize="characters"
          />
          <Field
            label="Extra charges for collecting from part of it (optional)"
            id="area_surcharges"
            name="area_surcharges"
            multiline
            rows={3}
            maxLength={MAX_AREA_TEXT}
            hint="One to a line: the places and then the amount, such as KT1-KT9 £15 or GU 20.50. Added to web bookings from there as their own line, shown before paying; the most particular place wins (KT1 over KT)."
            defaultValue={areaFailed?.surcharges ?? loaded.surcharges}
            key={`surcharges-${areaFailed?.surcharges ?? loaded.surcharges}`}
            error={areaFailed?.surchargesError}
            autoCapitalize="characters"
          />
        </fieldset>
        <button type="submit" className="button" name="intent" value="area" disabled={saving}>
          Save area
        </button>
      </Form>
    </section>
  );
}

export const meta = titled("Settings", "dashboard");
