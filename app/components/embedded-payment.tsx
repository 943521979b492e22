import { Form } from "@remix-run/react";
import { StripeEmbeddedCheckout } from "~/components/stripe-embedded-checkout";

/**
 * The card form inside our page (JavaScript on, Stripe in use), with the
 * Cancel button that closes the payment and frees the date at once.
 */
export function EmbeddedPayment({
  clientSecret,
  publishableKey,
  orderId,
  abandonKey,
}: {
  clientSecret: string;
  publishableKey: string;
  orderId: number;
  abandonKey: string;
}) {
  return (
    <div className="container checkout-page">
      <h1>Pay by card</h1>
      <p className="section-lead">
        Your booking is held while you pay. Card details go straight to Stripe; we never see them.
      </p>
      <StripeEmbeddedCheckout clientSecret={clientSecret} publishableKey={publishableKey} />
      <Form method="post" className="checkout-abandon">
        <input type="hidden" name="order" value={orderId} />
        <input type="hidden" name="key" value={abandonKey} />
        <button type="submit" name="intent" value="abandon" className="button button-light">
          Cancel payment and change details
        </button>
      </Form>
    </div>
  );
}
