import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Field } from "~/components/field";
import { formValues } from "~/lib/forms";
import { passActionHeaders } from "~/lib/headers";
import { lookUpBooking, managePath } from "~/models/manage-booking.server";

/**
 * /booking: find your booking by its reference and the collection postcode,
 * for a customer without the link from their email.
 */

export const headers = passActionHeaders;

interface Failure {
  message: string;
  values: Record<string, string>;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const values = formValues(await request.formData());
  const found = await lookUpBooking(
    values.reference ?? "",
    values.postcode ?? "",
    context.clientIp,
  );
  if (found.ok) return redirect(managePath(found.token), 303);
  return Response.json({ message: found.message, values } satisfies Failure, {
    status: found.status,
    headers: found.retryAfterSeconds ? { "Retry-After": String(found.retryAfterSeconds) } : {},
  });
}

export default function FindBooking() {
  const failed = useActionData<Failure>();
  const navigation = useNavigation();
  const alertRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (failed) alertRef.current?.focus();
  }, [failed]);
  return (
    <section className="container prose manage-lookup" aria-labelledby="find-title">
      <h1 id="find-title">Manage your booking</h1>
      <p>
        Enter the reference from your confirmation email (it starts with HB) and the postcode of the
        collection address.
      </p>
      {failed ? (
        <p role="alert" className="notice notice-error" tabIndex={-1} ref={alertRef}>
          {failed.message}
        </p>
      ) : null}
      <Form method="post" className="manage-lookup-form">
        <Field
          label="Booking reference"
          name="reference"
          placeholder="HB1234"
          defaultValue={failed?.values.reference ?? ""}
          autoComplete="off"
          autoCapitalize="characters"
          required
        />
        <Field
          label="Postcode"
          name="postcode"
          defaultValue={failed?.values.postcode ?? ""}
          autoComplete="postal-code"
          autoCapitalize="characters"
          required
        />
        <button
          type="submit"
          className="button button-large"
          disabled={navigation.state !== "idle"}
        >
          Find my booking
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Manage your booking — Haulbook" }];
