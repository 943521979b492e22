import { useFetcher } from "@remix-run/react";
import type { FieldErrors } from "~/lib/forms";
import { Field, filled } from "./field";

export type ContactField = "name" | "email" | "message";
export interface ContactActionData {
  errors: FieldErrors<ContactField>;
  values: Record<string, string>;
}

/** The form's fields, in order (the message's limit is contactSchema's, app/models/messages/contact.server.ts). */
export const CONTACT_INPUTS = [
  { label: "Name", name: "name", autoComplete: "name", required: true },
  { label: "Email", name: "email", type: "email", autoComplete: "email", required: true },
  { label: "Message", name: "message", multiline: true, required: true, maxLength: 2000 },
] as const;

/** Thanks, said honestly: the message is on its way to the office, who answer by email. */
export function ContactSent({ phone }: { phone: string }) {
  return (
    <div role="status" className="notice notice-success">
      <p>
        <strong>Thank you, your message is on its way to our office.</strong> We answer by email, at
        the address you gave. If it is urgent, please phone us on{" "}
        <a href={`tel:${phone.replace(/[^0-9+]/g, "")}`}>{phone}</a>.
      </p>
    </div>
  );
}

/**
 * The contact form, posting to the /contact action. In the footer's modal it
 * runs through a fetcher (errors appear in place); without JavaScript the
 * same POST lands on the /contact page, which shows the errors.
 */
export function ContactForm({
  returnTo,
  initial,
}: {
  returnTo?: string;
  initial?: ContactActionData;
}) {
  const fetcher = useFetcher<ContactActionData>({ key: "contact" });
  const result = fetcher.data ?? initial;
  const submitting = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/contact" className="stack">
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      {CONTACT_INPUTS.map(({ name, ...input }) => (
        <Field key={name} {...input} {...filled(name, result?.values, result?.errors)} />
      ))}
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? "Submitting..." : "Send"}
      </button>
    </fetcher.Form>
  );
}
