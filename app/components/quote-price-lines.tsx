import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import { FieldError } from "~/components/field-error";
import { POSITION_LABELS, POSITIONS } from "~/lib/positions";
import { MAX_QUOTE_LINES } from "~/lib/quote-price-form";

/**
 * The line tables of the staff's price form (/dashboard/quotes/{id}/price): catalogue items and
 * the staff's own lines, each cell a labelled field with its error beside it.
 */

type FormState = {
  values: Record<string, string | undefined>;
  errors: Record<string, string | undefined>;
};

/** What every field of the form carries: its name as id, the value sent, its error tied to it. */
function fieldProps(name: string, { values, errors }: FormState, fallback: string) {
  return {
    defaultValue: values[name] ?? fallback,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": `${name}-error`,
  } as const;
}

function Cell({
  name,
  label,
  state,
  children,
}: {
  name: string;
  label: string;
  state: FormState;
  children: ReactNode;
}) {
  return (
    <td>
      <label className="visually-hidden" htmlFor={name}>
        {label}
      </label>
      {children}
      <FieldError id={`${name}-error`} error={state.errors[name]} />
    </td>
  );
}

/** A cell with a text or number input. */
function InputCell({
  name,
  label,
  state,
  fallback = "",
  ...input
}: {
  name: string;
  label: string;
  state: FormState;
  fallback?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Cell name={name} label={label} state={state}>
      <input id={name} name={name} {...input} {...fieldProps(name, state, fallback)} />
    </Cell>
  );
}

/** A cell with a choice. */
function SelectCell({
  name,
  label,
  state,
  fallback = "",
  children,
  ...select
}: {
  name: string;
  label: string;
  state: FormState;
  fallback?: string;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Cell name={name} label={label} state={state}>
      <select id={name} name={name} {...select} {...fieldProps(name, state, fallback)}>
        {children}
      </select>
    </Cell>
  );
}

const QUANTITY = {
  type: "number",
  min: 1,
  max: 99,
  inputMode: "numeric",
  className: "price-qty",
} as const;

function MoreLines({ intent, rows, children }: { intent: string; rows: number; children: string }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className="button button-light"
      formNoValidate
      disabled={rows >= MAX_QUOTE_LINES}
    >
      {children}
    </button>
  );
}

/** Catalogue items, priced as the shop prices them today. */
export function CatalogueLines({
  rows,
  catalogue,
  state,
  pricesNote,
}: {
  rows: number;
  catalogue: { id: number; name: string }[];
  state: FormState;
  /** what the prices include ("" when no VAT is charged: lib/vat.ts) */
  pricesNote: string;
}) {
  return (
    <fieldset className="price-lines">
      <legend>
        <h2>Items from the catalogue</h2>
      </legend>
      <p className="field-hint">
        Priced as the shop prices them today.{pricesNote ? ` ${pricesNote}` : ""}
      </p>
      <table className="price-table">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Where it is</th>
            <th scope="col">Qty</th>
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, i) => (
            <tr key={`c${i}`} data-testid="catalogue-line">
              <SelectCell name={`c${i}_product`} label={`Catalogue item ${i + 1}`} state={state}>
                <option value="">— None —</option>
                {catalogue.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </SelectCell>
              <SelectCell
                name={`c${i}_position`}
                label={`Where catalogue item ${i + 1} is`}
                state={state}
                fallback="outside"
              >
                {POSITIONS.map((position) => (
                  <option key={position} value={position}>
                    {POSITION_LABELS[position]}
                  </option>
                ))}
              </SelectCell>
              <InputCell
                name={`c${i}_quantity`}
                label={`Quantity of catalogue item ${i + 1}`}
                state={state}
                fallback="1"
                {...QUANTITY}
              />
            </tr>
          ))}
        </tbody>
      </table>
      <MoreLines intent="more-catalogue" rows={rows}>
        Add a catalogue line
      </MoreLines>
    </fieldset>
  );
}

/** The staff's own lines: description, price each, quantity, load and crew minutes. */
export function FreeLines({
  rows,
  state,
  pricesNote,
}: {
  rows: number;
  state: FormState;
  /** what the prices include ("" when no VAT is charged: lib/vat.ts) */
  pricesNote: string;
}) {
  return (
    <fieldset className="price-lines">
      <legend>
        <h2>Your own lines</h2>
      </legend>
      <p className="field-hint">
        Work the catalogue does not list, such as “Loose garden waste, about 2 m³”.
        {pricesNote ? ` ${pricesNote}` : ""} Give each line its load in cubic yards and the crew’s
        minutes, each (the calendar uses them to offer days it fits); catalogue items take their
        product’s.
      </p>
      <table className="price-table">
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col">Price each (£)</th>
            <th scope="col">Qty</th>
            <th scope="col">Load (yd³)</th>
            <th scope="col">Crew minutes</th>
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, i) => (
            <tr key={`f${i}`} data-testid="free-line">
              <InputCell
                name={`f${i}_description`}
                label={`Description of line ${i + 1}`}
                state={state}
                maxLength={200}
              />
              <InputCell
                name={`f${i}_price`}
                label={`Price of line ${i + 1} in pounds`}
                state={state}
                inputMode="decimal"
                pattern="\d{1,7}(\.\d{1,2})?"
                title="Pounds, like 12.50"
                className="price-money"
              />
              <InputCell
                name={`f${i}_quantity`}
                label={`Quantity of line ${i + 1}`}
                state={state}
                fallback="1"
                {...QUANTITY}
              />
              <InputCell
                name={`f${i}_load`}
                label={`Load of line ${i + 1} in cubic yards`}
                state={state}
                inputMode="decimal"
                className="price-qty"
              />
              <InputCell
                name={`f${i}_minutes`}
                label={`Crew minutes of line ${i + 1}`}
                state={state}
                inputMode="numeric"
                className="price-qty"
              />
            </tr>
          ))}
        </tbody>
      </table>
      <MoreLines intent="more-free" rows={rows}>
        Add a line of your own
      </MoreLines>
    </fieldset>
  );
}
