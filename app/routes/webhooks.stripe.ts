import type { ActionFunctionArgs } from "@remix-run/node";
import type Stripe from "stripe";
import { handleStripeEvent } from "~/models/checkout.server";
import { config } from "~/services/config.server";
import { stripe } from "~/services/payments.server";

/**
 * POST /webhooks/stripe: Stripe reports payments here. The raw body's
 * signature is checked with STRIPE_WEBHOOK_SECRET; 400 when it fails, 200 for
 * events handled, replayed or ignored.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { secretKey, webhookSecret } = config().stripe;
  if (!secretKey || !webhookSecret) return new Response("Not found", { status: 404 });
  if (request.method !== "POST") return new Response("Use POST", { status: 405 });
  const body = await request.text();
  let event: Stripe.Event;
  try {
    event = await stripe().webhooks.constructEventAsync(
      body,
      request.headers.get("stripe-signature") ?? "",
      webhookSecret,
    );
  } catch {
    return Response.json({ message: "Invalid signature" }, { status: 400 });
  }
  const handled = await handleStripeEvent(event);
  return Response.json({ received: true, handled });
}

export function loader() {
  return new Response("Use POST", { status: 405 });
}
