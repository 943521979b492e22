import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { OrderLines } from "~/components/checkout-summary";
import { checkoutStyledPage } from "~/components/checkout-styled-page";
import { useOpensAtTop } from "~/components/use-opens-at-top";
import { formatLongDate, formatPence } from "~/lib/format";
import { demoPayment, finishDemoPayment } from "~/models/payments/payment-status.server";

export const { links, handle, meta } = checkoutStyledPage(
  "Demo payment — no card is charged",
  "Demo payment page: no card is charged.",
);

/**
 * The demo gateway's payment page (no Stripe keys, not production): Pay and
 * Decline finish through the same completion code as a Stripe payment.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  const payment = await demoPayment(sessionId);
  if (!payment) throw new Response("Not found", { status: 404 });
  if (payment.status !== "open") throw redirect(payment.returnTo, 303);
  return { sessionId, ...payment };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  if (!form) throw new Response("Send the payment choice as a form", { status: 415 });
  const sessionId = String(form.get("session_id") ?? "");
  const choice = form.get("intent") === "pay" ? "pay" : "decline";
  // Where the payment's page is (a booking's, or a date change's): read before it is finished.
  const payment = await demoPayment(sessionId);
  const finished = payment && (await finishDemoPayment(sessionId, choice));
  if (!finished) throw new Response("Not found", { status: 404 });
  return redirect(payment.returnTo, 303);
}

export default function DemoPayment() {
  const payment = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  useOpensAtTop();
  const busy = navigation.state !== "idle";
  return (
    <div className="container payment-page">
      <div className="payment-card demo-payment">
        <p className="demo-banner" role="note">
          Demo payment — no card is charged
        </p>
        <h1>Pay {formatPence(payment.totalPence)}</h1>
        <p className="payment-lead">
          This site has no card payments set up, so this page stands in for the card form. Choose
          Pay to see a successful booking, or Decline to see a failed payment.
        </p>
        <OrderLines lines={payment.items} />
        <p data-testid="demo-collection">
          {payment.returnTo.startsWith("/booking/") ? "Your collection moves to" : "Collection on"}{" "}
          {formatLongDate(payment.collectionDate)}
          {payment.arrival ? ` (${payment.arrival})` : ""}.
        </p>
        <Form method="post" className="demo-actions">
          <input type="hidden" name="session_id" value={payment.sessionId} />
          <button
            type="submit"
            name="intent"
            value="pay"
            className="button button-large"
            disabled={busy}
          >
            Pay {formatPence(payment.totalPence)}
          </button>
          <button
            type="submit"
            name="intent"
            value="decline"
            className="button button-large button-light"
            disabled={busy}
          >
            Decline
          </button>
        </Form>
      </div>
    </div>
  );
}
