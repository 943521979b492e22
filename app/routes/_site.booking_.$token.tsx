import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { formatDateTime, formatLongDate, formatPence } from "~/lib/format";
import { privateLinkHeaders } from "~/lib/headers";
import { lineName } from "~/lib/positions";
import { bookingForCustomer, cancelBooking, managePath } from "~/models/manage-booking.server";
import { requireLinkLookupAllowed, recordLinkMiss } from "~/models/quote-offer.server";
import { config } from "~/services/config.server";

/**
 * /booking/{token}: the customer's own booking, from the link in their
 * confirmation email or found by reference and postcode. It shows the
 * booking, its documents once the job is done, and what changing or
 * cancelling it would cost today. The customer cancels here: `?cancel=1`
 * asks "are you sure?" with the refund (a page step, so it works without
 * JavaScript), and the confirm button posts intent=cancel.
 */

export const meta: MetaFunction = () => [
  { title: "Your booking — Haulbook" },
  { name: "robots", content: "noindex" },
];

export const headers = privateLinkHeaders;

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  await requireLinkLookupAllowed(context.clientIp);
  const booking = await bookingForCustomer(params.token ?? "");
  if (!booking) {
    await recordLinkMiss(context.clientIp);
    throw new Response(
      "We could not find that booking. Please use the link in your email exactly as it is, or find it by its reference and postcode at /booking.",
      { status: 404 },
    );
  }
  const confirming =
    new URL(request.url).searchParams.get("cancel") === "1" && booking.cancel.allowed;
  return { booking, confirming, phone: config().business.phone };
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  await requireLinkLookupAllowed(context.clientIp);
  const token = params.token ?? "";
  const form = await request.formData();
  if (form.get("intent") !== "cancel") throw new Response("Unknown action", { status: 400 });
  const started = performance.now();
  const result = await cancelBooking(token);
  const ms = (performance.now() - started).toFixed(0);
  if (result.ok) {
    console.log(`[booking] cancelled by the customer in ${ms} ms`);
    return redirect(managePath(token), 303);
  }
  if (result.status === 404) {
    await recordLinkMiss(context.clientIp);
    throw new Response(result.message, { status: 404 });
  }
  return Response.json({ message: result.message }, { status: result.status });
}

export default function ManageBooking() {
  const { booking, confirming, phone } = useLoaderData<typeof loader>();
  const failed = useActionData<{ message: string }>();
  const navigation = useNavigation();
  const alertRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (failed) alertRef.current?.focus();
  }, [failed]);
  const tel = `tel:${phone.replace(/\s+/g, "")}`;
  const self = `/booking/${booking.token}`;
  const cancelling = navigation.state !== "idle" && navigation.formMethod === "POST";
  const title = booking.cancelledAt
    ? "Cancelled:"
    : booking.done
      ? "Collected on"
      : "Collection on";
  return (
    <section className="container prose manage-booking" aria-labelledby="booking-title">
      <p className="eyebrow">Your booking {booking.reference}</p>
      <h1 id="booking-title">
        {title} {formatLongDate(booking.collectionDate)}
      </h1>
      {failed ? (
        <p role="alert" className="notice notice-error" tabIndex={-1} ref={alertRef}>
          {failed.message}
        </p>
      ) : null}
      {booking.cancelledAt ? (
        <div className="notice notice-success" role="status" data-testid="manage-cancelled">
          <p>
            <strong>Cancelled</strong> on {formatDateTime(booking.cancelledAt)}.{" "}
            {booking.refundPence
              ? `${formatPence(booking.refundPence)} is on its way back to your card: it usually arrives within 5 to 10 working days.`
              : "Nothing was refunded online."}{" "}
            We have emailed you a confirmation.
          </p>
        </div>
      ) : null}
      <dl className="manage-details">
        <dt>Name</dt>
        <dd>{booking.fullName}</dd>
        <dt>Address</dt>
        <dd>{booking.address}</dd>
        <dt>Status</dt>
        <dd data-testid="manage-status">
          {booking.cancelledAt ? "Cancelled" : booking.done ? "Done" : "Booked"}
        </dd>
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
      {booking.cancel.allowed ? (
        <section id="cancel" className="manage-cancel" aria-labelledby="cancel-title">
          <h2 id="cancel-title">{confirming ? "Are you sure?" : "Cancel this booking"}</h2>
          <dl className="manage-details" data-testid="cancel-terms">
            <dt>Fee</dt>
            <dd>{booking.cancel.feePence ? formatPence(booking.cancel.feePence) : "None"}</dd>
            <dt>Refund</dt>
            <dd>
              {booking.paymentMethod === "card" || booking.cancel.refundPence === 0
                ? formatPence(booking.cancel.refundPence)
                : `${formatPence(booking.cancel.refundPence)}, returned by ${booking.paymentMethod === "bank_transfer" ? "bank transfer" : "hand"}`}
              {booking.cancel.feeDuePence
                ? ` (you owe ${formatPence(booking.cancel.feeDuePence)})`
                : ""}
            </dd>
          </dl>
          {confirming ? (
            <>
              <p data-testid="cancel-question">
                {booking.cancel.refundPence > 0
                  ? `You get ${formatPence(booking.cancel.refundPence)} back`
                  : "Nothing is refunded"}
                {booking.paymentMethod === "card" && booking.cancel.refundPence > 0
                  ? " to the card you paid with."
                  : "."}{" "}
                The collection on {formatLongDate(booking.collectionDate)} will not take place.
              </p>
              <Form method="post" action={self} className="manage-cancel-form">
                <button
                  type="submit"
                  name="intent"
                  value="cancel"
                  className="button button-large button-danger"
                  disabled={cancelling}
                >
                  {cancelling ? "Cancelling..." : "Yes, cancel my booking"}
                </button>
                <Link to={self} className="button button-light">
                  No, keep it
                </Link>
              </Form>
            </>
          ) : (
            <p>
              <Link
                to={`${self}?cancel=1#cancel`}
                className="button button-light"
                data-testid="cancel-start"
              >
                Cancel this booking
              </Link>
            </p>
          )}
          <p className="field-hint">
            You may also use the <Link to="/cancellation-form">model cancellation form</Link> (you
            do not have to).
          </p>
        </section>
      ) : null}
    </section>
  );
}

export { ErrorBoundary } from "~/components/error-boundary";
