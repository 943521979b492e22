import {
  codeList,
  hpCodeBox,
  popCodeBox,
  WASTE_FACT_FIELDS,
  type WasteFactField,
} from "~/lib/waste-facts";
import {
  COMPONENT_SOURCES,
  CONTAINER_TYPES,
  HP_CODES,
  PHYSICAL_FORMS,
  POP_CODES,
} from "~/lib/waste-tracking-codes";
import { Field, filled, SelectField } from "./field";

/**
 * A product's waste facts on the product form (docs/rules.md#waste-facts): what Defra's waste
 * tracking asks besides the List of Wastes code. Plain selects and checkboxes: no JavaScript
 * needed. A POP or a hazardous property is a box of its own (`pop_code_PBDES`,
 * `hp_code_HP_14`); the model reads the boxes ticked as the lists.
 */
export function WasteFactsFields({
  values,
  errors,
}: {
  values: Record<string, string | undefined>;
  errors: Partial<Record<string, string>>;
}) {
  // A form sent back keeps the boxes it had; a product's page shows its lists.
  const sentBack = "waste_form" in values;
  const ticked = (field: WasteFactField, box: string, code: string) =>
    sentBack ? Boolean(values[box]) : codeList(values[field] ?? "").includes(code);
  return (
    <div className="waste-facts">
      <div className="waste-facts-row">
        <SelectField
          label="Physical form"
          name={WASTE_FACT_FIELDS.physicalForm}
          value={values[WASTE_FACT_FIELDS.physicalForm] ?? "Solid"}
          options={PHYSICAL_FORMS.map((form) => [form, form])}
          error={errors[WASTE_FACT_FIELDS.physicalForm]}
        />
        <SelectField
          label="Container"
          name={WASTE_FACT_FIELDS.container}
          value={values[WASTE_FACT_FIELDS.container] ?? "LOO"}
          options={Object.entries(CONTAINER_TYPES)}
          error={errors[WASTE_FACT_FIELDS.container]}
        />
        <Field
          label="Weight of one (kg)"
          hint="An estimate; the crew can correct it on the day"
          inputMode="decimal"
          autoComplete="off"
          {...filled(WASTE_FACT_FIELDS.weight, values, errors)}
        />
      </div>
      <SelectField
        label="How its POPs are known (if it contains POPs)"
        name={WASTE_FACT_FIELDS.popsSource}
        value={values[WASTE_FACT_FIELDS.popsSource] ?? ""}
        options={[["", "It contains no POPs"], ...Object.entries(COMPONENT_SOURCES)]}
        error={errors[WASTE_FACT_FIELDS.popsSource]}
      />
      <Boxes
        legend="The POPs it contains"
        error={errors[WASTE_FACT_FIELDS.popCodes]}
        codes={Object.entries(POP_CODES)}
        box={popCodeBox}
        checked={(code) => ticked(WASTE_FACT_FIELDS.popCodes, popCodeBox(code), code)}
      />
      <Boxes
        legend="Hazardous properties (hazardous waste only)"
        error={errors[WASTE_FACT_FIELDS.hpCodes]}
        codes={Object.entries(HP_CODES).map(([code, name]) => [
          code,
          `${code.replace("_", " ")}: ${name}`,
        ])}
        box={hpCodeBox}
        checked={(code) => ticked(WASTE_FACT_FIELDS.hpCodes, hpCodeBox(code), code)}
      />
    </div>
  );
}

/** A list of codes to tick, folded away until wanted (or open when one is ticked or refused). */
function Boxes({
  legend,
  codes,
  box,
  checked,
  error,
}: {
  legend: string;
  codes: [string, string][];
  box: (code: string) => string;
  checked: (code: string) => boolean;
  error?: string;
}) {
  const count = codes.filter(([code]) => checked(code)).length;
  return (
    <details
      className={`field waste-facts-boxes${error ? " field-invalid" : ""}`}
      open={count > 0 || Boolean(error)}
    >
      <summary>
        {legend}
        {count > 0 ? ` (${count} ticked)` : ""}
      </summary>
      <fieldset aria-label={legend}>
        {codes.map(([code, text]) => (
          <label key={code} className="radio-line">
            <input type="checkbox" name={box(code)} defaultChecked={checked(code)} />
            {text}
          </label>
        ))}
      </fieldset>
      <p className="field-error" aria-live="polite">
        {error ?? ""}
      </p>
    </details>
  );
}
