import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { sharedPageHeaders } from "~/lib/headers";
import { businessProfile } from "~/models/shop/business-profile.server";
import { titleFor } from "~/lib/page-title";

/** The same page for every visitor without a bag or a session: kept and shared by the server. */
export const headers = sharedPageHeaders;

/**
 * /cancellation-form: the model cancellation form of the Consumer Contracts
 * Regulations 2013 (Schedule 3, Part B), with our name and addresses filled
 * in. A plain page that prints on one sheet; customers may use it, but do
 * not have to (their booking page cancels at once).
 */

export function loader() {
  const business = businessProfile();
  return {
    name: business.name,
    address: business.address,
    email: business.email,
    phone: business.phone,
  };
}

export default function CancellationForm() {
  const business = useLoaderData<typeof loader>();
  return (
    <article className="container prose cancellation-form" aria-labelledby="form-title">
      <h1 id="form-title">Model cancellation form</h1>
      <p className="no-print">
        Complete and return this form only if you wish to cancel the contract. You can also cancel
        from the page for your booking (the link is in your confirmation email), by email or by
        phone on {business.phone}.
      </p>
      <p>
        To {business.name}, {business.address},{" "}
        <a href={`mailto:${business.email}`}>{business.email}</a>:
      </p>
      <p>
        I/We [*] hereby give notice that I/We [*] cancel my/our [*] contract for the supply of the
        following service:
      </p>
      <p className="form-line" aria-hidden="true" />
      <p>Booking reference (starts with HB):</p>
      <p className="form-line" aria-hidden="true" />
      <p>Ordered on [*] / received on [*]:</p>
      <p className="form-line" aria-hidden="true" />
      <p>Name of consumer(s):</p>
      <p className="form-line" aria-hidden="true" />
      <p>Address of consumer(s):</p>
      <p className="form-line" aria-hidden="true" />
      <p>Signature of consumer(s) (only if this form is notified on paper):</p>
      <p className="form-line" aria-hidden="true" />
      <p>Date:</p>
      <p className="form-line" aria-hidden="true" />
      <p>
        <small>[*] Delete as appropriate.</small>
      </p>
    </article>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  { title: titleFor(matches, "Model cancellation form") },
  {
    name: "description",
    content: "The model cancellation form for a booked collection, to print or copy into an email.",
  },
];
