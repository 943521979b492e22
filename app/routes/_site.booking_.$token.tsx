import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatLongDate, formatPence } from "~/lib/format";
import { lineName } from "~/lib/positions";
import { bookingForCustomer } from "~/models/manage-booking.server";
import { linkLookupAllowed, recordLinkMiss } from "~/models/quote-offer.server";
import { config } from "~/services/config.server";

/**
 * /booking/{token}: the customer's own booking, from the link in their
 * confirmation email or found by reference and postcode. It shows the
 * booking, its documents once the job is done, and what changing or
 * cancelling it would cost today.
 */

export const meta: MetaFunction = () => [
  { title: "Your booking — Haulbook" },
  { name: "robots", content: "noindex" },
];

/** The address carries the token: never sent on to other sites, never kept by a shared cache. */
export const headers: HeadersFunction = ({ errorHeaders }) => {
  const retryAfter = errorHeaders?.get("Retry-After");
  return {
    "Referrer-Policy": "same-origin",
    "Cache-Control": "private, no-store",
    ...(retryAfter ? { "Retry-After": retryAfter } : {}),
  };
};

export async function loader({ params, context }: LoaderFunctionArgs) {
  const lookup = await linkLookupAllowed(context.clientIp);
  if (!lookup.allowed)
    throw new Response(lookup.message, {
      status: 429,
      headers: { "Retry-After": String(lookup.retryAfterSeconds) },
    });
  const booking = await bookingForCustomer(params.token ?? "");
  if (!booking) {
    await recordLinkMiss(context.clientIp);
    throw new Response(
      "We could not find that booking. Please use the link in your email exactly as it is, or find it by its reference and postcode at /booking.",
      { status: 404 },
    );
  }
  return { booking, phone: config().business.phone };
}

export default function ManageBooking() {
  const { booking, phone } = useLoaderData<typeof loader>();
  const tel = `tel:${phone.replace(/\s+/g, "")}`;
  return (
    <section className="container prose manage-booking" aria-labelledby="booking-title">
      <p className="eyebrow">Your booking {booking.reference}</p>
      <h1 id="booking-title">
        {booking.done ? "Collected on" : "Collection on"} {formatLongDate(booking.collectionDate)}
      </h1>
      <dl className="manage-details">
        <dt>Name</dt>
        <dd>{booking.fullName}</dd>
        <dt>Address</dt>
        <dd>{booking.address}</dd>
        <dt>Status</dt>
        <dd data-testid="manage-status">{booking.done ? "Done" : "Booked"}</dd>
        <dt>Total</dt>
        <dd>
          {formatPence(booking.totalPence)} · {booking.paymentLabel}
        </dd>
      </dl>
      {booking.items.length > 0 ? (
        <>
          <h2>What we collect</h2>
          <ul className="manage-items">
            {booking.items.map((item, i) => (
              <li key={i}>
                {item.quantity} × {lineName(item.name, item.position)}:{" "}
                {formatPence(item.unitPricePence * item.quantity)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {booking.documentsPath ? (
        <p>
          <Link to={booking.documentsPath} className="button">
            Your photos, waste transfer note and receipt
          </Link>
        </p>
      ) : null}
      <h2>Changing or cancelling</h2>
      {booking.rearrange.allowed || booking.cancel.allowed ? (
        <ul className="manage-terms" data-testid="manage-terms">
          <li>
            <strong>To change the date:</strong> {booking.rearrange.explanation}
          </li>
          <li>
            <strong>To cancel:</strong> {booking.cancel.explanation}
          </li>
        </ul>
      ) : (
        <p data-testid="manage-terms">{booking.cancel.explanation}</p>
      )}
      <p>
        Call us on <a href={tel}>{phone}</a> and quote {booking.reference}.
      </p>
    </section>
  );
}

export { ErrorBoundary } from "~/components/error-boundary";
