import { useFetcher } from "@remix-run/react";
import type { FieldErrors } from "~/lib/forms";
import { Field } from "./field";

export type ContactField = "name" | "email" | "message";
export interface ContactActionData {
  errors: FieldErrors<ContactField>;
  values: Record<string, string>;
}

/** Thanks, said honestly: the message is noted, not emailed. */
export function ContactSent({ phone }: { phone: string }) {
  return (
    <div role="status" className="notice notice-success">
      <p>
        <strong>Thank you, your message has been noted.</strong> This form does not send an email:
        our office team reads the notes during opening hours. If it is urgent, please phone us on{" "}
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
      <Field
        label="Name"
        name="name"
        autoComplete="name"
        required
        defaultValue={result?.values.name}
        error={result?.errors.name}
      />
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={result?.values.email}
        error={result?.errors.email}
      />
      <Field
        label="Message"
        name="message"
        multiline
        required
        maxLength={2000}
        defaultValue={result?.values.message}
        error={result?.errors.message}
      />
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? "Submitting..." : "Send"}
      </button>
    </fetcher.Form>
  );
}
