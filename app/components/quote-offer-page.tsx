import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { OrderLines, VatTotal, type OrderLine } from "~/components/checkout-summary";
import { PhotoThumbnail } from "~/components/photo-thumbnail";
import { cancellationSummary } from "~/lib/cancellation";
import { ANY_TIME_DISCOUNT_LABEL } from "~/lib/capacity";
import type { Position } from "~/lib/domain";
import { formatLongDate, formatPence } from "~/lib/format";
import { paymentPagePath } from "~/lib/payment-start";
import { POSITION_LABELS } from "~/lib/positions";
import { DECLINE_REASON_MAX } from "~/lib/quote-state";
import type { VatStatus } from "~/lib/vat";
import { AlertNotice } from "~/components/alert-notice";

/**
 * The parts of the customer's priced-quote page (/quote/{token}): the price with its lines and
 * photos, the decline form, and the page of a quote that can no longer be booked.
 */

/** An open offer as the page shows it (OfferView in app/models/quotes/quote-offer.server.ts). */
interface ShownOffer {
  token: string;
  lines: {
    description: string;
    position: Position | null;
    quantity: number;
    unitPricePence: number;
  }[];
  totalPence: number;
  note: string;
  photos: { id: string; width: number | null; height: number | null }[];
}

/** The offer's price: its lines (and the any-time discount when chosen), total, note and photos. */
export function QuoteOfferSummary({
  offer,
  discountPence,
  vat,
  licence,
}: {
  offer: ShownOffer;
  discountPence: number;
  /** whether the prices include VAT, and at what rate (lib/vat.ts) */
  vat: VatStatus;
  licence: string;
}) {
  const self = `/quote/${offer.token}`;
  return (
    <section className="checkout-summary" aria-labelledby="quote-lines">
      <h2 id="quote-lines">Our price</h2>
      <OrderLines
        lines={offer.lines
          .map((line): OrderLine => ({
            name: line.description,
            positionLabel: line.position ? POSITION_LABELS[line.position] : "",
            quantity: line.quantity,
            lineTotalPence: line.unitPricePence * line.quantity,
          }))
          // Any time chosen: its discount, as a line of its own.
          .concat(
            discountPence > 0
              ? [
                  {
                    name: ANY_TIME_DISCOUNT_LABEL,
                    positionLabel: "",
                    quantity: 1,
                    lineTotalPence: -discountPence,
                    discount: true,
                  },
                ]
              : [],
          )}
      />
      <dl className="checkout-totals">
        <div className="checkout-total-row">
          <dt>Total</dt>
          <dd data-testid="quote-total">{formatPence(offer.totalPence - discountPence)}</dd>
        </div>
        <VatTotal vat={vat} totalPence={offer.totalPence - discountPence} />
      </dl>
      {offer.note ? (
        <div className="quote-offer-note">
          <h3>A note from us</h3>
          <p>{offer.note}</p>
        </div>
      ) : null}
      <p className="checkout-note">
        <a href={`${self}/pdf`} download>
          Download the PDF quote
        </a>
      </p>
      <p className="checkout-note">
        {`${cancellationSummary(vat.registered)} Registered waste carrier `}
        {licence}.
      </p>
      {offer.photos.length > 0 ? (
        <>
          <h3>Your photos</h3>
          <ul className="quote-offer-photos">
            {offer.photos.map((photo, i) => (
              <li key={photo.id}>
                <PhotoThumbnail
                  src={`${self}/photos/${photo.id}?w=160`}
                  alt={`What you sent us, ${i + 1} of ${offer.photos.length}`}
                  width={160}
                  photo={photo}
                />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** "Not for you?": the link that opens the decline form, or the form itself. */
export function QuoteDecline({
  self,
  open,
  failed,
}: {
  self: string;
  open: boolean;
  /** a refused decline: why, and the reason as typed */
  failed: { message: string; reason: string } | null;
}) {
  return (
    <section className="quote-decline" aria-labelledby="decline-title">
      <h2 id="decline-title">Not for you?</h2>
      {open ? (
        <Form method="post" action={self} className="stack">
          <AlertNotice message={failed?.message} />
          <div className="field">
            <label htmlFor="decline-reason">Tell us why (optional)</label>
            <textarea
              id="decline-reason"
              name="reason"
              rows={3}
              maxLength={DECLINE_REASON_MAX}
              defaultValue={failed?.reason ?? ""}
            />
          </div>
          <p className="quote-actions">
            <button type="submit" name="intent" value="decline" className="button button-light">
              Decline the quote
            </button>
            <Link to={self} className="button button-light" preventScrollReset>
              Keep it
            </Link>
          </p>
        </Form>
      ) : (
        <p>
          <Link to={`${self}?decline=1#decline-title`} preventScrollReset>
            Decline this quote
          </Link>
        </p>
      )}
    </section>
  );
}

export function ClosedQuote({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container payment-page">
      <div className="payment-card">
        <h1 id="closed-quote-title" tabIndex={-1}>
          {title}
        </h1>
        {children}
        <p>
          <Link to="/">Back to the home page</Link>
        </p>
      </div>
    </div>
  );
}

/** A quote link that can no longer be booked (CustomerQuote other than "open"), and why. */
export function ClosedOffer({
  shown,
  message,
}: {
  shown: {
    kind: string;
    reference?: string;
    newerPath?: string | null;
    orderId?: number | null;
    collectionDate?: string | null;
    paymentSessionId?: string | null;
  };
  message: string | null;
}) {
  return (
    <ClosedQuote title={`Quote ${shown.reference ?? ""}`}>
      <p data-testid="quote-closed">{message}</p>
      {shown.kind === "replaced" && shown.newerPath ? (
        <p>
          <Link to={shown.newerPath} className="button button-large">
            See the new quote
          </Link>
        </p>
      ) : null}
      {shown.kind === "booked" && shown.collectionDate ? (
        <p>
          Your collection is booked for {formatLongDate(shown.collectionDate)}
          {shown.orderId ? ` (booking reference HB${shown.orderId})` : ""}.{" "}
          {shown.paymentSessionId ? (
            <Link to={paymentPagePath(shown.paymentSessionId)}>See your payment</Link>
          ) : null}
        </p>
      ) : null}
    </ClosedQuote>
  );
}
