import { Form, Link } from "@remix-run/react";
import { refundShares } from "~/lib/cancellation";
import { paidByCard } from "~/lib/domain";
import { ANY_TIME_DISCOUNT_LABEL } from "~/lib/capacity";
import { formatDateTime, formatLongDate, formatPence, formatTimeWithZone } from "~/lib/format";
import type { ManagedBooking } from "~/lib/managed-booking";
import { lineName } from "~/lib/positions";
import { IntentButton } from "./intent-button";
import { usePostingIntent } from "./date-choice-form";
import { useHydrated } from "./use-hydrated";

/**
 * The customer's booking page (/booking/{token}): the booking as it stands (its details, what we
 * collect, its documents and its terms) and the cancel step. The date change form stays in the
 * route, with its payment.
 */

/** The refund of a cancellation today: how much, and how each part goes back. */
function refundInWords(booking: ManagedBooking): string {
  const shares = refundShares(booking.cancel, paidByCard(booking.paymentMethod));
  const parts = [
    ...(shares.toCardPence > 0 ? [formatPence(shares.toCardPence)] : []),
    ...(shares.byHandPence > 0
      ? [
          `${formatPence(shares.byHandPence)}, returned by ${booking.paymentMethod === "bank_transfer" ? "bank transfer" : "hand"}`,
        ]
      : []),
    ...(shares.moveFeesPence > 0
      ? [`the ${formatPence(shares.moveFeesPence)} you paid to move it`]
      : []),
  ];
  return parts.length > 0 ? parts.join(", and ") : formatPence(0);
}

/** The booking as it stands: cancelled or not, its details, lines, documents and terms. */
const EXTRAS_STATE_WORDS: Record<NonNullable<ManagedBooking["extras"]>["state"], string> = {
  paid: "Paid",
  card: "To pay by card, below",
  due: "To pay: we will be in touch",
};

export function BookingDetails({ booking, phone }: { booking: ManagedBooking; phone: string }) {
  const tel = `tel:${phone.replace(/\s+/g, "")}`;
  return (
    <>
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
        {booking.cancelledAt ? null : (
          <>
            <dt>Arrival</dt>
            <dd data-testid="manage-arrival">{booking.arrival}</dd>
          </>
        )}
        <dt>Status</dt>
        <dd data-testid="manage-status">
          {booking.cancelledAt
            ? "Cancelled"
            : booking.done
              ? "Done"
              : booking.onMyWay
                ? `Our crew is on the way${booking.onMyWay.arrivingBy ? `: expected around ${formatTimeWithZone(booking.onMyWay.arrivingBy)}` : ""}`
                : "Booked"}
        </dd>
        <dt>Total</dt>
        <dd>
          {formatPence(booking.totalPence)} · {booking.paymentLabel}
        </dd>
        {booking.extras ? (
          <>
            <dt>Added on the day</dt>
            <dd data-testid="manage-extras">
              {formatPence(booking.extras.pence)} · {EXTRAS_STATE_WORDS[booking.extras.state]}
            </dd>
          </>
        ) : null}
        {booking.changeFeesPence > 0 ? (
          <>
            <dt>Date changes</dt>
            <dd data-testid="manage-change-fees">
              {formatPence(booking.changeFeesPence)} paid by card
            </dd>
          </>
        ) : null}
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
            {booking.areaSurcharge ? (
              <li data-testid="manage-area-surcharge">
                {booking.areaSurcharge.name}: {formatPence(booking.areaSurcharge.pence)}
              </li>
            ) : null}
            {booking.windowDiscountPence > 0 ? (
              <li data-testid="manage-discount">
                {ANY_TIME_DISCOUNT_LABEL}: −{formatPence(booking.windowDiscountPence)}
              </li>
            ) : null}
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
    </>
  );
}

/**
 * The cancel step: its fee and refund, then "Cancel this booking" opens `?cancel=1#cancel`
 * (a page step, so it works without JavaScript) where the customer confirms or keeps it.
 */
export function CancelBookingStep({
  booking,
  confirming,
  cancelling,
}: {
  booking: ManagedBooking;
  confirming: boolean;
  cancelling: boolean;
}) {
  const self = `/booking/${booking.token}`;
  return (
    <section id="cancel" className="manage-cancel" aria-labelledby="cancel-title">
      <h2 id="cancel-title">{confirming ? "Are you sure?" : "Cancel this booking"}</h2>
      <dl className="manage-details" data-testid="cancel-terms">
        <dt>Fee</dt>
        <dd>{booking.cancel.feePence ? formatPence(booking.cancel.feePence) : "None"}</dd>
        <dt>Refund</dt>
        <dd>{refundInWords(booking)}</dd>
      </dl>
      {confirming ? (
        <>
          <p data-testid="cancel-question">
            {booking.cancel.refundPence > 0
              ? `You get ${formatPence(booking.cancel.refundPence)} back`
              : "Nothing is refunded"}
            {paidByCard(booking.paymentMethod) && booking.cancel.refundPence > 0
              ? " to the card you paid with."
              : "."}{" "}
            The collection on {formatLongDate(booking.collectionDate)} will not take place.
          </p>
          <Form method="post" action={self} className="manage-cancel-form">
            <IntentButton
              intent="cancel"
              className="button button-large button-danger"
              busy={cancelling}
              busyLabel="Cancelling..."
            >
              Yes, cancel my booking
            </IntentButton>
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
        You may also use the <Link to="/cancellation-form">model cancellation form</Link> (you do
        not have to).
      </p>
    </section>
  );
}

/** What a booking's page offers to pay by card: the booking staff made, or its extras. */
export type CardDue = "booking" | "extras";

/** The amount and the words of what is due by card on the booking's page; null when nothing is. */
export function cardDueOf(booking: ManagedBooking): { due: CardDue; pence: number } | null {
  if (booking.awaitingCardPayment) return { due: "booking", pence: booking.totalPence };
  if (booking.extras?.state === "card") return { due: "extras", pence: booking.extras.pence };
  return null;
}

const CARD_DUE_LEADS: Record<CardDue, string> = {
  booking:
    "Your collection is booked. Pay for it here, securely, whenever suits you before the day.",
  extras:
    "The crew collected more than was booked. Pay for what was added on the day here, securely; your receipt then shows it paid.",
};

/**
 * A payment due by card on the booking's page (a booking staff made to be paid from its link, or
 * what was added on the day), first on the page. The embedded card form with JavaScript and
 * Stripe; the provider's (or the demo) page without. Its button posts intent=pay or pay_extras.
 */
export function PayByCard({
  due,
  pence,
  payment,
  action,
}: {
  due: CardDue;
  pence: number;
  payment: { gateway: string | null; publishableKey: string | null };
  action: string;
}) {
  const hydrated = useHydrated();
  const intent = due === "booking" ? "pay" : "pay_extras";
  const paying = usePostingIntent(intent);
  return (
    <section className="manage-pay" aria-labelledby="pay-title" data-testid="pay-by-card">
      <h2 id="pay-title">Pay {formatPence(pence)} by card</h2>
      <p>{CARD_DUE_LEADS[due]}</p>
      <Form method="post" action={action}>
        <input
          type="hidden"
          name="ui"
          value={
            hydrated && payment.gateway === "stripe" && payment.publishableKey
              ? "embedded"
              : "hosted"
          }
        />
        <button
          type="submit"
          name="intent"
          value={intent}
          className="button button-large"
          disabled={paying}
        >
          {paying ? "Opening the payment..." : `Pay ${formatPence(pence)} now`}
        </button>
      </Form>
      {payment.gateway === "demo" ? (
        <p className="field-hint">
          This site is in demo mode: the next page is a demo payment and no card is charged.
        </p>
      ) : null}
    </section>
  );
}
