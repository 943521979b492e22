import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatLongDate, formatPence } from "~/lib/format";
import { bookingReference } from "~/lib/references";

export interface ReviewList {
  count: number;
  orders: {
    orderId: number;
    /** mismatch: paid the wrong amount; over-capacity: paid late on a day now full; refund-refused: the automatic refund failed */
    kind: "mismatch" | "over-capacity" | "refund-refused";
    fullName: string;
    totalPence: number;
    collectionDate: string;
  }[];
}

const WHY: Record<ReviewList["orders"][number]["kind"], string> = {
  mismatch:
    "The payment does not match the order (amount or currency), so it is not marked paid. Check it in Stripe, then refund it or mark the order paid.",
  "over-capacity":
    "Paid after its hold on the day ran out, and the day filled up meanwhile: the day is over capacity. Move it to a day with room or refund it (or keep it, if the crews can take it), then mark it checked.",
  "refund-refused":
    "Paid for a quote that was no longer on offer, so it was not booked, but the automatic refund was refused. Refund it in Stripe.",
};

/** One decision on a payment to review: a button that posts its intent and the order. */
function ReviewAction({
  intent,
  orderId,
  label,
  children,
}: {
  intent: "refund-over-capacity" | "clear-review";
  orderId: number;
  /** the button's full name for screen readers */
  label: string;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="orderId" value={orderId} />
      <button type="submit" className="button button-light" aria-label={label}>
        {children}
      </button>
    </Form>
  );
}

/**
 * Staff's list of card payments that need a decision: each says why, with a
 * Checked button (intent "clear-review") once it has been dealt with; a
 * booking over capacity also offers Move (the booking's edit form) and
 * Refund in full (intent "refund-over-capacity").
 */
export function PaymentsToReview({ review }: { review: ReviewList }) {
  return (
    <section
      id="payments-to-review"
      className="notice notice-error payments-to-review"
      aria-labelledby="payments-to-review-title"
    >
      <h2 id="payments-to-review-title">Payments to review</h2>
      <ul>
        {review.orders.map((o) => (
          <li key={o.orderId} data-kind={o.kind}>
            <span>
              <Link to={`/dashboard/orders/${o.orderId}`} data-testid="payment-to-review">
                Order {bookingReference(o.orderId)}
              </Link>{" "}
              · {o.fullName} · {formatPence(o.totalPence)} · collection{" "}
              {formatLongDate(o.collectionDate)}
              <br />
              {o.kind === "over-capacity" ? <strong>Over capacity. </strong> : null}
              {WHY[o.kind]}
            </span>
            <div className="review-actions">
              {o.kind === "over-capacity" ? (
                <>
                  <Link
                    to={`/dashboard/home?month=${o.collectionDate.slice(0, 7)}&edit=${o.orderId}`}
                    className="button"
                    aria-label={`Move order ${bookingReference(o.orderId)} to another date`}
                  >
                    Move
                  </Link>
                  <ReviewAction
                    intent="refund-over-capacity"
                    orderId={o.orderId}
                    label={`Refund order ${bookingReference(o.orderId)} in full (${formatPence(o.totalPence)}) and cancel it`}
                  >
                    Refund in full
                  </ReviewAction>
                </>
              ) : null}
              <ReviewAction
                intent="clear-review"
                orderId={o.orderId}
                label={`Order ${bookingReference(o.orderId)} checked: remove it from this list`}
              >
                Checked
              </ReviewAction>
            </div>
          </li>
        ))}
      </ul>
      {review.count > review.orders.length ? (
        <p>
          and {review.count - review.orders.length} more in{" "}
          <Link to="/dashboard/orders">Orders</Link>.
        </p>
      ) : null}
    </section>
  );
}
