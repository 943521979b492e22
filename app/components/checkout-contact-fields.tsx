import { Field } from "~/components/field";

/** The checkout's contact fields, with the names the server checks (docs/api.md#rows). */
const CONTACT_FIELDS = [
  { name: "full_name", label: "Full name", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "phone_number", label: "Phone number", type: "tel", autoComplete: "tel" },
  { name: "address_1", label: "Address line 1", autoComplete: "address-line1" },
  { name: "town", label: "Town", autoComplete: "address-level2" },
  { name: "postcode", label: "Postcode", autoComplete: "postal-code" },
] as const;

/** "Your details": the customer's name, contact and collection address, each with its error. */
export function CheckoutContactFields({
  values,
  errors,
}: {
  values: Partial<Record<string, string>>;
  errors: Partial<Record<string, string>>;
}) {
  return (
    <fieldset className="checkout-fieldset">
      <legend id="contact-details">
        <h2>Your details</h2>
      </legend>
      <div className="checkout-grid">
        {CONTACT_FIELDS.map((field) => (
          <Field
            key={field.name}
            label={field.label}
            name={field.name}
            type={"type" in field ? field.type : undefined}
            autoComplete={field.autoComplete}
            required
            defaultValue={values[field.name]}
            error={errors[field.name]}
          />
        ))}
      </div>
    </fieldset>
  );
}
