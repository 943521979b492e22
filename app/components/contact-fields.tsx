import { CONTACT_DETAILS, type ContactDetail, type ContactFieldNames } from "~/lib/contact-details";
import { Field } from "./field";

/** How each detail is labelled and typed, and what the browser may fill it with. */
const FIELDS: Record<
  ContactDetail,
  { label: string; type?: "email" | "tel"; autoComplete: string }
> = {
  name: { label: "Full name", autoComplete: "name" },
  email: { label: "Email", type: "email", autoComplete: "email" },
  phone: { label: "Phone number", type: "tel", autoComplete: "tel" },
  address: { label: "Address line 1", autoComplete: "address-line1" },
  town: { label: "Town", autoComplete: "address-level2" },
  postcode: { label: "Postcode", autoComplete: "postal-code" },
};

/**
 * The customer's name, email, phone number and address (docs/rules.md#contact-details),
 * each with its error, named as the form's server expects (app/lib/contact-details.ts).
 * The caller lays them out (a grid, a stack).
 */
export function ContactFields({
  names,
  values,
  errors,
  autoComplete = false,
}: {
  names: ContactFieldNames;
  /** what to show in each field, by the form's names (anything else in it is ignored) */
  values: Readonly<Record<string, unknown>>;
  errors: Partial<Record<string, string>>;
  /** true where customers type their own details; staff typing a customer's leave it off */
  autoComplete?: boolean;
}) {
  return (
    <>
      {CONTACT_DETAILS.map((detail) => {
        const field = FIELDS[detail];
        const name = names[detail];
        const value = values[name];
        return (
          <Field
            key={name}
            label={field.label}
            name={name}
            type={field.type}
            autoComplete={autoComplete ? field.autoComplete : undefined}
            required
            defaultValue={typeof value === "string" ? value : undefined}
            error={errors[name]}
          />
        );
      })}
    </>
  );
}
