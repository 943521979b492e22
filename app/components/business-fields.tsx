import { useState } from "react";
import {
  BUSINESS_FIELDS_HINT,
  BUSINESS_FLAG,
  BUSINESS_NAME_MAX,
  businessTicked,
  NOTES_MAX,
  SIC_HINT,
} from "~/lib/business";
import { Field, filled } from "./field";
import { useHydrated } from "./use-hydrated";

/** What a booking form hands its business and notes fields. */
interface BookingFieldsProps {
  values: Readonly<Record<string, unknown>>;
  errors: Partial<Record<string, string>>;
  /** staff typing a customer's booking: no autofill, "the business" rather than "your business" */
  staff?: boolean;
}

/**
 * "This booking is for a business" (docs/rules.md#business-customers): a
 * checkbox, and the business's name and SIC code. With JavaScript ticking the
 * box reveals the two fields (and makes them required); without it they are
 * always shown under the box, marked "Only if the box above is ticked", and
 * the server ignores them when it is not.
 */
export function BusinessFields({ values, errors, staff = false }: BookingFieldsProps) {
  const hydrated = useHydrated();
  const [ticked, setTicked] = useState(() => businessTicked(values[BUSINESS_FLAG]));
  // Errors come only from a ticked box, so a form sent back with them shows the fields.
  const shown = !hydrated || ticked;
  return (
    <div className="business-choice">
      <label className="check-line">
        <input
          type="checkbox"
          name={BUSINESS_FLAG}
          value="on"
          defaultChecked={businessTicked(values[BUSINESS_FLAG])}
          onChange={(event) => setTicked(event.currentTarget.checked)}
          aria-controls="business-details"
        />
        This booking is for a business
      </label>
      <div id="business-details" className="business-details" hidden={!shown}>
        {hydrated ? null : <p className="field-hint business-only-if">{BUSINESS_FIELDS_HINT}</p>}
        <Field
          label={staff ? "Business name" : "Your business's name"}
          autoComplete={staff ? "off" : "organization"}
          maxLength={BUSINESS_NAME_MAX}
          required={hydrated && ticked}
          {...filled("business_name", values, errors)}
        />
        <Field
          label="SIC code"
          hint={SIC_HINT}
          inputMode="numeric"
          autoComplete="off"
          maxLength={9}
          required={hydrated && ticked}
          {...filled("sic_code", values, errors)}
        />
      </div>
    </div>
  );
}

/** "Notes for our crew": optional, up to 1,000 characters (checkCrewNotes, app/models). */
export function CrewNotesField({ values, errors, staff = false }: BookingFieldsProps) {
  return (
    <Field
      label="Notes for our crew (optional)"
      multiline
      rows={3}
      maxLength={NOTES_MAX}
      hint={
        staff
          ? "What the crew should know: access, parking, where the items are."
          : "Anything that helps on the day: access, parking, where the items are."
      }
      {...filled("notes", values, errors)}
    />
  );
}
