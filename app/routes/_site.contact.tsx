import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { Field } from "~/components/field";
import { fieldErrors, formValues, type FieldErrors } from "~/lib/forms";
import { contactSchema, recordContactMessage } from "~/models/contact.server";
import { config } from "~/services/config.server";
import { redirect } from "@remix-run/node";

type ContactField = "name" | "email" | "message";

export async function loader() {
  return { phone: config().business.phone };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const parsed = contactSchema.safeParse(formValues(form));
  if (!parsed.success) {
    return Response.json(
      { errors: fieldErrors<ContactField>(parsed.error), values: formValues(form) },
      { status: 400 },
    );
  }
  recordContactMessage(parsed.data);
  return redirect("/contact?sent=1", 303);
}

export default function Contact() {
  const actionData = useActionData<{ errors: FieldErrors<ContactField>; values: Record<string, string> }>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const sent = params.get("sent") === "1";
  return (
    <section className="container prose" aria-labelledby="contact-title">
      <h1 id="contact-title">Contact us</h1>
      {sent ? (
        <div role="status" className="notice notice-success">
          <p>
            <strong>Thank you, your message has been noted.</strong> This form does not send an email: our
            office team reads the notes during opening hours. If it is urgent, please phone us.
          </p>
        </div>
      ) : (
        <p>
          Questions about a collection? Leave us a note here. For anything urgent, phone us: it is the
          quickest way to reach the office.
        </p>
      )}
      <Form method="post" className="stack" noValidate={false}>
        <Field label="Name" name="name" autoComplete="name" required defaultValue={actionData?.values.name} error={actionData?.errors.name} />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.values.email}
          error={actionData?.errors.email}
        />
        <Field
          label="Message"
          name="message"
          multiline
          required
          maxLength={2000}
          defaultValue={actionData?.values.message}
          error={actionData?.errors.message}
        />
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? "Submitting..." : "Send"}
        </button>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Contact us — Haulbook" }];
