import { Link } from "@remix-run/react";
import { cancellationSummary } from "~/lib/cancellation";
import { ANY_TIME_DISCOUNT_LABEL } from "~/lib/capacity";
import { formatPence } from "~/lib/format";
import { vatWording, type VatStatus } from "~/lib/vat";

export interface OrderLine {
  name: string;
  positionLabel: string;
  quantity: number;
  lineTotalPence: number;
  /** a discount (the "any time" 10%): its name and a negative total, no quantity */
  discount?: boolean;
}

/** What is being bought, a line an item: quantity, name, option and the line's total. */
export function OrderLines({ lines }: { lines: readonly OrderLine[] }) {
  return (
    <ul className="checkout-lines">
      {lines.map((line, index) =>
        line.discount ? (
          <li key={index} className="checkout-line-discount">
            <span className="checkout-line-name">{line.name}</span>
            <span className="checkout-line-total">−{formatPence(-line.lineTotalPence)}</span>
          </li>
        ) : (
          <li key={index}>
            <span className="checkout-line-name">
              {line.quantity} × {line.name}
              <span className="checkout-line-position">{line.positionLabel}</span>
            </span>
            <span className="checkout-line-total">{formatPence(line.lineTotalPence)}</span>
          </li>
        ),
      )}
    </ul>
  );
}

export interface CheckoutBag {
  lines: OrderLine[];
  subtotalPence: number;
}

/** The VAT a total includes, as a row of the totals; nothing when no VAT is charged. */
export function VatTotal({ vat, totalPence }: { vat: VatStatus; totalPence: number }) {
  const line = vatWording(vat).totalLine(totalPence);
  if (!line) return null;
  return (
    <div className="checkout-vat">
      <dt>{line.label}</dt>
      <dd>{formatPence(line.pence)}</dd>
    </div>
  );
}

/** The order beside the checkout form: its lines, the total with the VAT it includes, and the terms. */
export function CheckoutSummary({
  bag,
  discountPence = 0,
  areaSurcharge = null,
  licence,
  vat,
}: {
  bag: CheckoutBag;
  /** the "any time" discount, when that window is chosen */
  discountPence?: number;
  /** the extra charge for the postcode's area, once the checkout has read it */
  areaSurcharge?: { name: string; pence: number } | null;
  licence: string;
  /** whether the prices include VAT, and at what rate (lib/vat.ts) */
  vat: VatStatus;
}) {
  const total = bag.subtotalPence - discountPence + (areaSurcharge?.pence ?? 0);
  return (
    <section className="checkout-summary" aria-labelledby="order-details">
      <h2 id="order-details">Order details</h2>
      <OrderLines lines={bag.lines} />
      <dl className="checkout-totals">
        {areaSurcharge ? (
          <div data-testid="checkout-area-surcharge">
            <dt>{areaSurcharge.name}</dt>
            <dd>{formatPence(areaSurcharge.pence)}</dd>
          </div>
        ) : null}
        {discountPence > 0 ? (
          <div className="checkout-discount" data-testid="checkout-discount">
            <dt>{ANY_TIME_DISCOUNT_LABEL}</dt>
            <dd>−{formatPence(discountPence)}</dd>
          </div>
        ) : null}
        <div className="checkout-total-row">
          <dt>Total</dt>
          <dd data-testid="checkout-total">{formatPence(total)}</dd>
        </div>
        <VatTotal vat={vat} totalPence={total} />
      </dl>
      <p className="checkout-note">
        <Link to="/?bag=open">Change your bag</Link>
      </p>
      <p className="checkout-note">
        {`${cancellationSummary(vat.registered)} Registered waste carrier `}
        {licence}.
      </p>
    </section>
  );
}

/** The checkout with nothing to book: say why, and where to start. */
export function CheckoutEmptyBag({ dropped }: { dropped: number }) {
  return (
    <div className="container checkout-page">
      <h1>Checkout</h1>
      {dropped > 0 ? (
        <div role="status" className="notice">
          <p>The items in your bag are no longer available, so we removed them.</p>
        </div>
      ) : null}
      <div className="checkout-empty">
        <p>Your bag is empty.</p>
        <p>Add the items you would like collected, then come back here to choose a date.</p>
        <Link to="/products" className="button button-large">
          Browse removal services
        </Link>
      </div>
    </div>
  );
}
