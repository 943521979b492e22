import { Form } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { WINDOW_CHOICES, windowName } from "~/lib/capacity";
import { ORDER_CONTACT_NAMES } from "~/lib/contact-details";
import { PAYMENT_METHOD_LABELS } from "~/lib/domain";
import { BusinessFields, CrewNotesField } from "./business-fields";
import { ContactFields } from "./contact-fields";
import { Field } from "./field";
import { FieldError } from "./field-error";
import { CatalogueLines, FreeLines } from "./quote-price-lines";
import { formatPence } from "~/lib/format";
import { parsePounds } from "~/lib/money";
import { isPosition, type Position } from "~/lib/positions";
import { priceFormRows } from "~/lib/quote-price-form";

/** The form's values as typed (its line tables' cells included: lib/quote-price-form.ts). */
export type ManualBookingValues = Partial<Record<string, string>>;

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

/** A catalogue item the form offers, with its price in each place (quoteCatalogue). */
type CatalogueChoice = { id: number; name: string; prices: Record<Position, number> };

/** The lines' total as typed, to show beside them (the server prices them again on sending). */
function typedTotal(values: ManualBookingValues, catalogue: readonly CatalogueChoice[]): number {
  const text = Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const rows = priceFormRows(text);
  let total = 0;
  for (let i = 0; i < rows.catalogue; i++) {
    const product = catalogue.find((p) => String(p.id) === text[`c${i}_product`]);
    const position = text[`c${i}_position`] ?? "outside";
    if (product && isPosition(position))
      total += product.prices[position] * (Number(text[`c${i}_quantity`]) || 1);
  }
  for (let i = 0; i < rows.free; i++) {
    const price = parsePounds(text[`f${i}_price`]);
    if (price !== null) total += price * (Number(text[`f${i}_quantity`]) || 1);
  }
  return total;
}

const PAYMENT_CHOICES = [
  { value: "cash_payment", hint: "Paid to the crew on the day." },
  { value: "bank_transfer", hint: "Paid before the day, with the booking's reference." },
  {
    value: "card_link",
    hint: "The confirmation email links to a card payment; the booking shows “awaiting payment” until it is paid.",
  },
] as const;

/**
 * The manual booking form (docs/rules.md#manual-bookings), used from the calendar and from a
 * quote: the customer, what we collect (catalogue items and the office's own lines, with load
 * and minutes), the day and window, and how it is paid. Rows are added without JavaScript by
 * "Add a catalogue line"; with it, the total follows every change.
 */
export function ManualBookingForm({
  action,
  values,
  errors,
  submitting,
  hidden,
  catalogue,
  pricesNote,
}: {
  action: string;
  values: ManualBookingValues;
  errors: Partial<Record<string, string>>;
  submitting: boolean;
  hidden: ReactNode;
  catalogue: readonly CatalogueChoice[];
  /** what the prices include ("" when no VAT is charged: lib/vat.ts) */
  pricesNote: string;
}) {
  const text = Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const rows = priceFormRows(text);
  const [total, setTotal] = useState(() => typedTotal(values, catalogue));
  const state = { values, errors };
  return (
    <Form
      method="post"
      className="stack manual-booking-form"
      action={action}
      noValidate
      onChange={(event) => {
        const form = event.currentTarget;
        setTotal(typedTotal(formValuesOf(form), catalogue));
      }}
    >
      {hidden}
      <input type="hidden" name="catalogue_rows" value={rows.catalogue} />
      <input type="hidden" name="free_rows" value={rows.free} />
      <div className="booking-form-pair">
        <ContactFields names={ORDER_CONTACT_NAMES} values={values} errors={errors} />
      </div>
      <BusinessFields values={values} errors={errors} staff />
      <CatalogueLines
        rows={rows.catalogue}
        catalogue={[...catalogue]}
        state={state}
        pricesNote={pricesNote}
      />
      <FreeLines rows={rows.free} state={state} pricesNote={pricesNote} />
      <p className="price-total" data-testid="booking-total" aria-live="polite">
        Total: {formatPence(total)}
      </p>
      <FieldError id="lines-error" error={errors.lines} />
      <div className="booking-form-pair">
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
      </div>
      <OverReasonField value={values.over_reason} error={errors.over_reason} />
      <fieldset className="field">
        <legend>Payment</legend>
        {PAYMENT_CHOICES.map((choice) => (
          <div key={choice.value} className="radio-choice">
            <label className="radio-line">
              <input
                type="radio"
                name="payment_method"
                value={choice.value}
                aria-describedby={`payment-hint-${choice.value}`}
                defaultChecked={(values.payment_method ?? "cash_payment") === choice.value}
              />
              {PAYMENT_METHOD_LABELS[choice.value]}
            </label>
            <p className="radio-hint" id={`payment-hint-${choice.value}`}>
              {choice.hint}
            </p>
          </div>
        ))}
        <p className="field-error">{errors.payment_method ?? ""}</p>
      </fieldset>
      <CrewNotesField values={values} errors={errors} staff />
      <button type="submit" className="button button-large" disabled={submitting}>
        {submitting ? "Submitting..." : "Create booking"}
      </button>
    </Form>
  );
}

/** A form's fields now, as the total reads them. */
function formValuesOf(form: HTMLFormElement): ManualBookingValues {
  return Object.fromEntries([...new FormData(form).entries()].map(([k, v]) => [k, String(v)]));
}
