import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import {
  ContactForm,
  ContactSent,
  type ContactActionData,
  type ContactField,
} from "~/components/contact-form";
import { fieldErrors, formValues } from "~/lib/forms";
import { safeRedirectPath, withParam } from "~/lib/redirect";
import { contactSchema, sendContactMessage } from "~/models/messages/contact.server";
import { sharedPageHeaders } from "~/lib/headers";
import { businessProfile } from "~/models/shop/business-profile.server";
import { titled } from "~/lib/page-title";

/** The same page for every visitor without a bag or a session: kept and shared by the server. */
export const headers = sharedPageHeaders;

export async function loader() {
  return { phone: businessProfile().phone };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = formValues(form);
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) {
    const body: ContactActionData = { errors: fieldErrors<ContactField>(parsed.error), values };
    return Response.json(body, { status: 400 });
  }
  await sendContactMessage(parsed.data);
  // From the footer's modal: back to that page with the modal saying thanks. Otherwise this page.
  const returnTo = form.get("returnTo");
  return redirect(
    returnTo ? withParam(safeRedirectPath(returnTo), "contact", "sent") : "/contact?sent=1",
    303,
  );
}

/** The contact page: where the modal's form lands without JavaScript, and a page of its own. */
export default function Contact() {
  const { phone } = useLoaderData<typeof loader>();
  const actionData = useActionData<ContactActionData>();
  const [params] = useSearchParams();
  return (
    <section className="container prose" aria-labelledby="contact-title">
      <h1 id="contact-title">Contact us</h1>
      {params.get("sent") === "1" ? (
        <ContactSent phone={phone} />
      ) : (
        <p>
          Questions about a collection? Leave us a note here. For anything urgent, phone us on{" "}
          {phone}: it is the quickest way to reach the office.
        </p>
      )}
      <ContactForm initial={actionData} />
    </section>
  );
}

export const meta = titled("Contact us");
