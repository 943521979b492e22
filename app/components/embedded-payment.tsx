import { Form, Link } from "@remix-run/react";
import { StripeEmbeddedCheckout } from "~/components/stripe-embedded-checkout";
import type { EmbeddedPaymentAnswer } from "~/lib/payment-start";

/**
 * The card form inside our page (JavaScript on, Stripe in use). A held order has the Cancel
 * button that closes the payment and frees the date at once; a date change's fee has a link
 * back that keeps the date.
 */
export function EmbeddedPayment({
  payment,
  heading = "Pay by card",
  lead = "Your booking is held while you pay. Card details go straight to Stripe; we never see them.",
  keepPath,
}: {
  payment: EmbeddedPaymentAnswer;
  heading?: string;
  lead?: string;
  /** with nothing held to give up: the page to go back to, date unchanged */
  keepPath?: string;
}) {
  return (
    <div className="container checkout-page">
      <h1>{heading}</h1>
      <p className="section-lead">{lead}</p>
      <StripeEmbeddedCheckout
        clientSecret={payment.clientSecret}
        publishableKey={payment.publishableKey}
      />
      {payment.abandon ? (
        <Form method="post" className="checkout-abandon">
          <input type="hidden" name="order" value={payment.abandon.orderId} />
          <input type="hidden" name="key" value={payment.abandon.key} />
          <button type="submit" name="intent" value="abandon" className="button button-light">
            Cancel payment and change details
          </button>
        </Form>
      ) : keepPath ? (
        <p>
          <Link to={keepPath} className="button button-light">
            Cancel and keep my date
          </Link>
        </p>
      ) : null}
    </div>
  );
}
