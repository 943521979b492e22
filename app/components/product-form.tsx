import { Form } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { PRODUCT_CATEGORIES } from "~/lib/categories";
import type { FieldLimits } from "~/lib/forms";
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_MESSAGES } from "~/lib/messages";
import { POSITION_LABELS } from "~/lib/positions";
import { WASTE_DESCRIPTION_MAX } from "~/lib/waste";
import type { WasteFactField } from "~/lib/waste-facts";
import { Field, filled } from "./field";
import { WasteFactsFields } from "./waste-facts-fields";
import { AlertNotice } from "~/components/alert-notice";

export type ProductFormField =
  | "product_name"
  | "product_price"
  | "product_description"
  | "product_category"
  | "inside_dismantle_price"
  | "inside_no_dismantle_price"
  | "outside_price"
  | "waste_description"
  | "low_code"
  | "pops"
  | "hazardous"
  | "load"
  | "handling_minutes"
  | WasteFactField
  | "image";

/** What a refused save sends back: the message, an error per field, the values typed. */
export interface ProductFailure {
  message: string;
  errors: Partial<Record<ProductFormField, string>>;
  values: Record<string, string>;
}

/** The upload itself refused (too large, too many files): its message, shown at the image. */
export const imageRefused = (message: string): ProductFailure => ({
  message,
  errors: { image: message },
  values: {},
});

const SURCHARGES = [
  ["inside_dismantle_price", POSITION_LABELS.inside_dismantle],
  ["inside_no_dismantle_price", POSITION_LABELS.inside_no_dismantle],
  ["outside_price", POSITION_LABELS.outside],
] as const;

const ACCEPT = "image/jpeg,image/png,image/svg+xml,.jpg,.jpeg,.png,.svg";

/**
 * An amount in pounds and pence. Its schema counts pence, so the page keeps the typed format's own
 * `min` and `step` (decision 038).
 */
function PoundsField({
  label,
  name,
  min,
  values,
  errors,
}: {
  label: string;
  name: ProductFormField;
  min: number;
  values: Partial<Record<ProductFormField, string>>;
  errors: Partial<Record<ProductFormField, string>>;
}) {
  return (
    <Field
      label={label}
      type="number"
      min={min}
      step="0.01"
      inputMode="decimal"
      required
      {...filled(name, values, errors)}
    />
  );
}

/**
 * The Create Product and Edit Product form (the /api field names of
 * docs/api.md#rows, money in pounds). A multipart form, so it posts its
 * image with JavaScript off too.
 * With JavaScript a file over 5MB is flagged before it is sent; the server
 * still decides (type by the file's bytes, size while it streams).
 */
export function ProductForm({
  action,
  values,
  errors,
  limits,
  submitting,
  submitLabel,
  imageRequired,
  currentImage,
  reselect,
  children,
}: {
  action: string;
  values: Partial<Record<ProductFormField, string>>;
  errors: Partial<Record<ProductFormField, string>>;
  /** what each field may hold, from the product's schema (PRODUCT_FORM_LIMITS) */
  limits: Partial<Record<ProductFormField, FieldLimits>>;
  submitting: boolean;
  submitLabel: string;
  imageRequired: boolean;
  /** the product's picture now (edit) */
  currentImage?: ReactNode;
  /** the form came back with errors: files are not kept by browsers */
  reselect: boolean;
  children?: ReactNode;
}) {
  const [imageError, setImageError] = useState<string | undefined>();
  const [preview, setPreview] = useState<string | undefined>();
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shownImageError = imageError ?? errors.image;
  const imageDescribedBy = ["field-image-hint", shownImageError ? "field-image-error" : null]
    .filter(Boolean)
    .join(" ");
  return (
    <Form method="post" encType="multipart/form-data" action={action} className="product-form">
      <Field
        label="Product name"
        required
        {...limits.product_name}
        {...filled("product_name", values, errors)}
      />
      <PoundsField
        label="Price (£)"
        name="product_price"
        min={0.01}
        values={values}
        errors={errors}
      />
      <Field
        label="Description"
        multiline
        required
        {...limits.product_description}
        {...filled("product_description", values, errors)}
      />
      <div className={`field${errors.product_category ? " field-invalid" : ""}`}>
        <label htmlFor="field-product_category">Category</label>
        <select
          id="field-product_category"
          name="product_category"
          required
          defaultValue={values.product_category ?? ""}
          aria-invalid={errors.product_category ? true : undefined}
          aria-describedby={errors.product_category ? "field-product_category-error" : undefined}
        >
          <option value="" disabled>
            Choose a category
          </option>
          {PRODUCT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <p className="field-error" id="field-product_category-error" aria-live="polite">
          {errors.product_category ?? ""}
        </p>
      </div>
      <fieldset className="field product-surcharges">
        <legend>Added to the price for each position (£)</legend>
        {SURCHARGES.map(([name, label]) => (
          <PoundsField
            key={name}
            label={label}
            name={name}
            min={0}
            values={{ [name]: values[name] ?? "0" }}
            errors={errors}
          />
        ))}
      </fieldset>
      <fieldset className="field product-load">
        <legend>Van load</legend>
        <Field
          label="Load (cubic yards)"
          name="load"
          hint="Share of a van in cubic yards, e.g. 0.1 for a kettle, 2.5 for a three-seater sofa"
          inputMode="decimal"
          pattern="\d{0,3}(\.\d{0,2})?"
          required
          autoComplete="off"
          defaultValue={values.load ?? "1"}
          error={errors.load}
        />
        <Field
          label="Handling minutes"
          name="handling_minutes"
          hint="Minutes to carry it out and load it"
          type="number"
          {...limits.handling_minutes}
          inputMode="numeric"
          required
          defaultValue={values.handling_minutes ?? "15"}
          error={errors.handling_minutes}
        />
      </fieldset>
      <fieldset className="field product-waste">
        <legend>Waste transfer note</legend>
        <input type="hidden" name="waste_form" value="1" />
        <Field
          label="Waste description"
          maxLength={WASTE_DESCRIPTION_MAX}
          {...filled("waste_description", values, errors)}
        />
        <Field
          label="List of Wastes code"
          hint="e.g. 20 03 07; a * marks hazardous waste"
          maxLength={20}
          autoComplete="off"
          {...filled("low_code", values, errors)}
        />
        <label className="radio-line">
          <input type="checkbox" name="pops" defaultChecked={Boolean(values.pops)} />
          Contains POPs (upholstered seating)
        </label>
        <label className="radio-line">
          <input type="checkbox" name="hazardous" defaultChecked={Boolean(values.hazardous)} />
          Hazardous
        </label>
        <WasteFactsFields values={values} errors={errors} />
      </fieldset>
      <div className={`field${shownImageError ? " field-invalid" : ""}`}>
        <label htmlFor="field-image">{imageRequired ? "Image" : "Replace the image"}</label>
        <p className="field-hint" id="field-image-hint">
          JPEG, PNG or SVG, up to 5MB.
          {imageRequired ? "" : " Leave empty to keep the current image."}
          {reselect ? " Please choose the image again: browsers do not keep files." : ""}
        </p>
        <div className="product-form-image">
          {preview ? (
            <img src={preview} alt="Chosen for this product" width={96} height={96} />
          ) : (
            currentImage
          )}
          <input
            id="field-image"
            name="image"
            type="file"
            accept={ACCEPT}
            required={imageRequired}
            aria-invalid={shownImageError ? true : undefined}
            aria-describedby={imageDescribedBy}
            onChange={(event) => {
              const input = event.currentTarget;
              const file = input.files?.[0];
              const tooLarge = file && file.size > PRODUCT_IMAGE_MAX_BYTES;
              const message = tooLarge ? PRODUCT_MESSAGES.imageTooLarge : "";
              input.setCustomValidity(message);
              setImageError(message || undefined);
              setPreview(file && !tooLarge ? URL.createObjectURL(file) : undefined);
            }}
          />
        </div>
        <p className="field-error" id="field-image-error" aria-live="polite">
          {shownImageError ?? ""}
        </p>
      </div>
      <div className="product-form-actions">
        <button type="submit" className="button button-large" disabled={submitting}>
          {submitting ? "Submitting..." : submitLabel}
        </button>
        {children}
      </div>
    </Form>
  );
}

/** A refused save's message, focused when it arrives so a screen reader reads it first. */
export function ProductFailureAlert({ failed }: { failed: ProductFailure | undefined }) {
  return <AlertNotice message={failed?.message} focusOn={failed ?? null} />;
}
