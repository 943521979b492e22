import type { ActionFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Field } from "~/components/field";
import { formValues } from "~/lib/forms";
import { passActionHeaders } from "~/lib/headers";
import { LOOKUP_MESSAGES, requestBookingLink } from "~/models/customer-links/booking-lookup.server";
import { AlertNotice } from "~/components/alert-notice";
import { businessProfile } from "~/models/shop/business-profile.server";
import { titled } from "~/lib/page-title";

/**
 * /booking: for a customer without the link from their email. Their booking
 * reference and collection postcode never open the booking: when both match,
 * its link is emailed to the address on the booking, and the page answers the
 * same whether they matched or not (docs/rules.md#manage-your-booking).
 */

export const headers = passActionHeaders;

type Answer =
  | { kind: "sent"; message: string; values: Record<string, string> }
  | { kind: "failed"; message: string; values: Record<string, string> };

export function loader() {
  return { phone: businessProfile().phone };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const values = formValues(await request.formData());
  const shown = { reference: values.reference ?? "", postcode: values.postcode ?? "" };
  const result = await requestBookingLink(shown.reference, shown.postcode, context.clientIp);
  if (result.ok)
    return Response.json({
      kind: "sent",
      message: LOOKUP_MESSAGES.sent,
      values: shown,
    } satisfies Answer);
  return Response.json(
    { kind: "failed", message: result.message, values: shown } satisfies Answer,
    {
      status: result.status,
      headers: result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {},
    },
  );
}

/** What the customer types to have their booking's link emailed: both typed in capitals on phones. */
const LOOKUP_FIELDS = [
  { label: "Booking reference", name: "reference", placeholder: "HB1234", autoComplete: "off" },
  { label: "Postcode", name: "postcode", placeholder: undefined, autoComplete: "postal-code" },
] as const;

export default function FindBooking() {
  const { phone } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const navigation = useNavigation();
  const sentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer?.kind === "sent") sentRef.current?.focus();
  }, [answer]);
  const tel = `tel:${phone.replace(/\s+/g, "")}`;
  return (
    <section className="container prose manage-lookup" aria-labelledby="find-title">
      <h1 id="find-title">Manage your booking</h1>
      <p>
        Your booking has its own link in your confirmation email. Lost it? Enter the reference from
        that email (it starts with HB) and the postcode of the collection address, and we will email
        the link again to the address the booking was made with.
      </p>
      {answer?.kind === "sent" ? (
        <div
          role="status"
          className="notice notice-success"
          tabIndex={-1}
          ref={sentRef}
          data-testid="lookup-sent"
        >
          <p>
            <strong>{answer.message}</strong>
          </p>
          <p>
            It can take a few minutes to arrive: please check your spam or junk folder too. No
            email, or no longer using that address? Call us on <a href={tel}>{phone}</a>.
          </p>
        </div>
      ) : null}
      <AlertNotice
        message={answer?.kind === "failed" ? answer.message : null}
        focusOn={answer?.kind === "failed" ? answer : null}
      />
      <Form method="post" className="manage-lookup-form">
        {LOOKUP_FIELDS.map((field) => (
          <Field
            key={field.name}
            label={field.label}
            name={field.name}
            placeholder={field.placeholder}
            defaultValue={answer?.values[field.name] ?? ""}
            autoComplete={field.autoComplete}
            autoCapitalize="characters"
            required
          />
        ))}
        <button
          type="submit"
          className="button button-large"
          disabled={navigation.state !== "idle"}
        >
          {navigation.state === "submitting" ? "Sending..." : "Email me the link"}
        </button>
      </Form>
    </section>
  );
}

export const meta = titled("Manage your booking");
