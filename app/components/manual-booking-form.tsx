import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { WINDOW_CHOICES, windowName } from "~/lib/capacity";
import { ORDER_CONTACT_NAMES } from "~/lib/contact-details";
import { PAYMENT_METHOD_LABELS } from "~/lib/domain";
import { BusinessFields, CrewNotesField } from "./business-fields";
import { ContactFields } from "./contact-fields";
import { Field } from "./field";

export type ManualBookingValues = Partial<
  Record<
    | "full_name"
    | "email"
    | "phone_number"
    | "address_1"
    | "town"
    | "postcode"
    | "date"
    | "order_price"
    | "payment_method"
    | "business"
    | "business_name"
    | "sic_code"
    | "notes"
    | "arrival_window"
    | "over_reason",
    string
  >
>;

/**
 * The arrival window staff book or move a booking into: a select of the windows and any time;
 * `firstThatFits` adds a blank choice, the first window with room (the default of a new booking).
 */
export function ArrivalWindowSelect({
  value,
  error,
  firstThatFits,
}: {
  value: string | undefined;
  error?: string;
  firstThatFits?: boolean;
}) {
  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <label htmlFor="field-arrival_window">Arrival window</label>
      <select
        id="field-arrival_window"
        name="arrival_window"
        defaultValue={value ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "field-arrival_window-error" : undefined}
      >
        {firstThatFits ? <option value="">First window with room</option> : null}
        {WINDOW_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {windowName(choice)}
          </option>
        ))}
      </select>
      <p className="field-error" id="field-arrival_window-error" aria-live="polite">
        {error ?? ""}
      </p>
    </div>
  );
}

/** A reason to book past a day's capacity: asked only when the day, or window, is full. */
export function OverReasonField({ value, error }: { value: string | undefined; error?: string }) {
  return (
    <Field
      label="Reason to book over capacity"
      name="over_reason"
      hint="Only needed when the day or window is full: it is kept in the order's history."
      maxLength={500}
      defaultValue={value ?? ""}
      error={error}
    />
  );
}

/**
 * The manual booking form (docs/rules.md#manual-bookings), used from the calendar and from a
 * quote.
 */
export function ManualBookingForm({
  action,
  values,
  errors,
  submitting,
  hidden,
}: {
  action: string;
  values: ManualBookingValues;
  errors: Partial<Record<string, string>>;
  submitting: boolean;
  hidden: ReactNode;
}) {
  return (
    <Form method="post" className="stack" action={action}>
      {hidden}
      <ContactFields names={ORDER_CONTACT_NAMES} values={values} errors={errors} />
      <BusinessFields values={values} errors={errors} staff />
      <Field
        label="Date"
        name="date"
        type="date"
        required
        defaultValue={values.date}
        error={errors.date}
      />
      <ArrivalWindowSelect
        value={values.arrival_window}
        error={errors.arrival_window}
        firstThatFits
      />
      <OverReasonField value={values.over_reason} error={errors.over_reason} />
      <Field
        label="Price (£)"
        name="order_price"
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        defaultValue={values.order_price ?? "0"}
        error={errors.order_price}
      />
      <fieldset className="field">
        <legend>Payment method</legend>
        <label className="radio-line">
          <input
            type="radio"
            name="payment_method"
            value="cash_payment"
            defaultChecked={(values.payment_method ?? "cash_payment") === "cash_payment"}
          />
          {PAYMENT_METHOD_LABELS.cash_payment}
        </label>
        <label className="radio-line">
          <input
            type="radio"
            name="payment_method"
            value="bank_transfer"
            defaultChecked={values.payment_method === "bank_transfer"}
          />
          {PAYMENT_METHOD_LABELS.bank_transfer}
        </label>
        <p className="field-error">{errors.payment_method ?? ""}</p>
      </fieldset>
      <CrewNotesField values={values} errors={errors} staff />
      <button type="submit" className="button button-large" disabled={submitting}>
        {submitting ? "Submitting..." : "Create booking"}
      </button>
    </Form>
  );
}
