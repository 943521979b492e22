import { Form } from "@remix-run/react";
import type { BusinessProfileField, BusinessProfileForm } from "~/lib/business-profile";
import type { FieldLimits } from "~/lib/forms";
import { Field, filled } from "./field";
import { PictureForm } from "./picture-form";

/**
 * Settings → Business (docs/rules.md#the-business): the details every page, email and document
 * prints. Works without JavaScript; a refused save shows what was typed with each field's reason.
 */
export function BusinessProfileFields({
  values,
  errors,
  limits,
  saving,
}: {
  values: BusinessProfileForm;
  errors: Partial<Record<BusinessProfileField, string>>;
  limits: Record<BusinessProfileField, FieldLimits>;
  saving: boolean;
}) {
  const field = (name: BusinessProfileField) => ({
    ...filled(name, values, errors),
    id: `business-${name}`,
    maxLength: limits[name].maxLength,
  });
  return (
    // A refused save shows what was typed, not the fields' first values: new values, new fields.
    <Form
      method="post"
      noValidate
      className="settings-form business-form"
      key={Object.values(values).join("\u0000")}
    >
      {Object.keys(errors).length > 0 ? (
        <p className="notice notice-error" role="alert" data-testid="business-refused">
          Nothing was saved: please correct the details marked below.
        </p>
      ) : null}
      <fieldset>
        <legend>Your business</legend>
        <p className="settings-note">
          Shown on every page, email, quote, receipt and waste transfer note. A change shows on the
          next page anyone opens.
        </p>
        <Field label="Trading name" hint="The name customers know you by." {...field("name")} />
        <Field
          label="Phone"
          type="tel"
          autoComplete="tel"
          hint="The number on every page and email."
          {...field("phone")}
        />
        <Field label="Email" type="email" autoComplete="email" {...field("email")} />
        <Field
          label="Yard address"
          hint="Where you work from: in the footer and at the top of your documents."
          {...field("address")}
        />
        <Field
          label="Office hours (optional)"
          hint="In words, such as Monday to Saturday, 8am to 6pm."
          {...field("openingHours")}
        />
        <Field
          label="Area you cover, in words (optional)"
          hint="Such as London and the South East. The postcodes you take are set below."
          {...field("areaInWords")}
        />
        <Field
          label="Review page (optional)"
          hint="Your Google or Trustpilot review page. Every customer's completion email invites a review there, whatever the job: asking only happy customers is against the law."
          type="url"
          inputMode="url"
          {...field("reviewUrl")}
        />
      </fieldset>
      <fieldset>
        <legend>Registrations</legend>
        <Field
          label="Waste carrier registration"
          hint="As on the Environment Agency public register, such as CBDU123456."
          autoCapitalize="characters"
          {...field("wasteCarrierLicence")}
        />
        <fieldset className="field" aria-describedby="business-vat-hint">
          <legend>VAT</legend>
          <p className="field-hint" id="business-vat-hint">
            Registered: prices include VAT and every page, email and document shows it with your
            number. Not registered: nothing mentions VAT.
          </p>
          <label className="radio-line">
            <input
              type="radio"
              name="vatRegistered"
              value="no"
              defaultChecked={values.vatRegistered !== "yes"}
            />
            Not registered for VAT
          </label>
          <label className="radio-line">
            <input
              type="radio"
              name="vatRegistered"
              value="yes"
              defaultChecked={values.vatRegistered === "yes"}
            />
            Registered for VAT
          </label>
          <p className="field-error" aria-live="polite">
            {errors.vatRegistered ?? ""}
          </p>
        </fieldset>
        <Field
          label="VAT registration number"
          hint="Only if registered, such as GB123456789."
          autoCapitalize="characters"
          {...field("vatNumber")}
        />
      </fieldset>
      <fieldset>
        <legend>If you are a company</legend>
        <p className="settings-note">
          A company prints its registered name, number and office on its documents. Leave these
          empty if you are a sole trader or a partnership.
        </p>
        <Field
          label="Company number"
          hint="8 characters, such as 01234567 or SC123456."
          autoCapitalize="characters"
          {...field("companyNumber")}
        />
        <Field
          label="Registered name"
          hint="Such as Acme Clearances Ltd."
          {...field("legalName")}
        />
        <Field label="Registered office" {...field("registeredOffice")} />
      </fieldset>
      <button type="submit" className="button" name="intent" value="business" disabled={saving}>
        Save business details
      </button>
    </Form>
  );
}

/** Settings → Your logo: upload one (a file form of its own), see it, or remove it. */
export function LogoForm({
  imageId,
  error,
  busy,
}: {
  imageId: string;
  error?: string;
  busy: boolean;
}) {
  return (
    <PictureForm
      legend="Your logo"
      current={
        imageId ? (
          <img
            className="logo-preview"
            src={`/api/products/image/${imageId}.png`}
            alt="Your logo as the header shows it"
            height={36}
          />
        ) : null
      }
      noneNote="No logo yet: the header shows a van beside your name, and documents your name alone."
      field={{
        label: "Logo file",
        newLabel: "A new logo",
        id: "business-logo",
        name: "logo",
        accept: "image/png,image/jpeg,image/webp,image/svg+xml",
        hint: "JPEG, PNG, WebP or SVG, up to 2 MB. Shown 36 pixels high beside your name, and at the top of quotes, receipts and waste transfer notes.",
      }}
      uploadLabel="Upload logo"
      remove={{ intent: "remove-logo", label: "Remove logo" }}
      error={error}
      busy={busy}
    />
  );
}
