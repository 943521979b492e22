import type { ActionFunctionArgs } from "@remix-run/node";
import { paymentWebhooksOpen, receivePaymentWebhook } from "~/models/payments/payment.server";

/**
 * POST /webhooks/stripe: Stripe reports payments here. The gateway checks
 * the raw body's signature (STRIPE_WEBHOOK_SECRET) and turns it into our own
 * payment event; 400 when the signature fails, 200 for events handled,
 * replayed or ignored.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (!paymentWebhooksOpen("stripe")) return new Response("Not found", { status: 404 });
  if (request.method !== "POST") return new Response("Use POST", { status: 405 });
  const handled = await receivePaymentWebhook(
    "stripe",
    await request.text(),
    request.headers.get("stripe-signature") ?? "",
  );
  if (handled === "invalid")
    return Response.json({ message: "Invalid signature" }, { status: 400 });
  return Response.json({ received: true, handled });
}

export function loader() {
  return new Response("Use POST", { status: 405 });
}
