import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { checkoutStyledPage } from "~/components/checkout-styled-page";
import { AlertCircleIcon, TickCircleIcon } from "~/components/icons";
import { useOpensAtTop } from "~/components/use-opens-at-top";
import { formatLongDate, formatPence } from "~/lib/format";
import { manageBookingPath } from "~/models/bookings/manage-link.server";
import { readPaymentStatus } from "~/models/payments/payment-status.server";
import { readCart, writeCart } from "~/services/cart-cookie.server";
import { businessProfile } from "~/models/shop/business-profile.server";

export const { links, handle, meta } = checkoutStyledPage(
  "Payment | Your booking",
  "The status of your payment and booking.",
);

/**
 * Where a payment comes back to: reads the session's status from the gateway
 * (and completes the order when it is paid, in case the webhook has not yet).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const sessionId = url.searchParams.get("session_id");
  const phone = businessProfile().phone;
  if (!sessionId) return { kind: "none" as const, phone };
  const payment = await readPaymentStatus(sessionId);
  if (!payment) return { kind: "not-found" as const, phone };
  // A paid order empties the bag it came from: once, by answering with the
  // emptied cookie and showing the page again (so the header's bag is empty too).
  if (payment.status === "complete" && payment.justPaid && (await readCart(request)).length > 0) {
    return redirect(url.pathname + url.search, {
      headers: { "Set-Cookie": await writeCart([]) },
    });
  }
  // The payer holds the session's id: their booking's own page is one tap away.
  const manage =
    payment.status === "complete" && payment.order
      ? await manageBookingPath(payment.order.id)
      : null;
  return { kind: "status" as const, phone, sessionId, manage, ...payment };
}

export default function Payment() {
  const page = useLoaderData<typeof loader>();
  useOpensAtTop();
  if (page.kind === "none") {
    return (
      <div className="container payment-page">
        <div className="payment-card">
          <h1>No payment in progress</h1>
          <p>There is nothing to pay for at the moment.</p>
          <Link to="/products" className="button button-large">
            Browse removal services
          </Link>
        </div>
      </div>
    );
  }
  if (page.kind === "not-found") {
    return (
      <div className="container payment-page">
        <div className="payment-card">
          <AlertCircleIcon className="payment-icon payment-icon-error" />
          <h1>Payment not found</h1>
          <p>
            We could not find this payment. If money has left your account, call us on {page.phone}{" "}
            and we will sort it out.
          </p>
          <Link to="/checkout" className="button button-large">
            Back to checkout
          </Link>
        </div>
      </div>
    );
  }
  const complete = page.status === "complete";
  const quote = page.startAgain.startsWith("/quote/");
  return (
    <div className="container payment-page">
      <div className="payment-card" data-testid="payment-result">
        {complete ? (
          <TickCircleIcon className="payment-icon payment-icon-success" title="Paid" />
        ) : (
          <AlertCircleIcon className="payment-icon payment-icon-error" title="Not paid" />
        )}
        <h1>Payment status: {page.status}</h1>
        {complete && page.order ? (
          <>
            <p className="payment-lead">
              Thank you, {page.order.fullName}. Your collection is booked for{" "}
              <strong>{formatLongDate(page.order.collectionDate)}</strong>.
            </p>
            <dl className="payment-facts">
              <div>
                <dt>Booking reference</dt>
                <dd>{`HB${page.order.id}`}</dd>
              </div>
              <div>
                <dt>Total paid</dt>
                <dd>{formatPence(page.order.totalPence)}</dd>
              </div>
              <div>
                <dt>Arrival</dt>
                <dd data-testid="payment-arrival">{page.order.arrival}</dd>
              </div>
            </dl>
            <p>
              We have emailed a confirmation to {page.order.email}. On your booking&rsquo;s own page
              you can see it, change the date or cancel, whenever you like. We call you about 30
              minutes before we arrive; you can also call us on {page.phone}.
            </p>
            <div className="payment-actions">
              {page.manage ? (
                <Link to={page.manage} className="button button-large" data-testid="manage-booking">
                  Manage your booking
                </Link>
              ) : null}
              <Link to="/" className="button button-large button-light">
                Back to the home page
              </Link>
            </div>
          </>
        ) : page.status === "unavailable" ? (
          <p className="payment-lead">
            We could not check your payment just now. Please refresh this page in a minute; your
            booking is held meanwhile.
          </p>
        ) : page.status === "review" ? (
          <p className="payment-lead">
            We received a payment that does not match your order, so we are checking it by hand. We
            will contact you shortly, or call us on {page.phone}.
          </p>
        ) : page.status === "refunded" ? (
          <>
            <p className="payment-lead">
              Your payment arrived after this quote had changed, so no collection is booked. We are
              refunding the full amount to your card; refunds usually reach your account within 5 to
              10 working days. We have emailed you the details.
            </p>
            <Link to={page.startAgain} className="button button-large">
              See your quote
            </Link>
          </>
        ) : page.status === "open" ? (
          <>
            <p className="payment-lead">
              Your payment has not finished yet, and no booking is made.
            </p>
            <Link to={quote ? page.startAgain : "/checkout"} className="button button-large">
              {quote ? "Back to your quote" : "Return to checkout"}
            </Link>
          </>
        ) : (
          <>
            <p className="payment-lead">
              {page.status === "declined"
                ? "The payment was declined and no money was taken."
                : page.status === "expired"
                  ? "This payment has expired, so no money was taken and the date is no longer held."
                  : "This payment did not go through and no money was taken."}{" "}
              {quote
                ? "Open your quote to start again (it shows the latest price),"
                : "Your bag is still here: you can try again,"}{" "}
              or call us on {page.phone} to book by phone.
            </p>
            <Link to={page.startAgain} className="button button-large">
              {quote ? "Back to your quote" : "Try again"}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
