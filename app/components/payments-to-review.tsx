import { Form, Link } from "@remix-run/react";
import { formatLongDate, formatPence } from "~/lib/format";

export interface ReviewList {
  count: number;
  orders: {
    orderId: number;
    fullName: string;
    totalPence: number;
    collectionDate: string;
  }[];
}

/**
 * Staff's list of card payments that did not match their order, each with a
 * Checked button (intent "clear-review") once it has been dealt with.
 */
export function PaymentsToReview({ review }: { review: ReviewList }) {
  return (
    <section
      id="payments-to-review"
      className="notice notice-error payments-to-review"
      aria-labelledby="payments-to-review-title"
    >
      <h2 id="payments-to-review-title">Payments to review</h2>
      <p>
        A card payment arrived that does not match its order (amount or currency), so these orders
        are not marked paid. Check each payment in Stripe, then refund it or mark the order paid.
      </p>
      <ul>
        {review.orders.map((o) => (
          <li key={o.orderId}>
            <span>
              <Link to={`/dashboard/orders/${o.orderId}`} data-testid="payment-to-review">
                Order #{o.orderId}
              </Link>{" "}
              · {o.fullName} · {formatPence(o.totalPence)} · collection{" "}
              {formatLongDate(o.collectionDate)}
            </span>
            <Form method="post">
              <input type="hidden" name="intent" value="clear-review" />
              <input type="hidden" name="orderId" value={o.orderId} />
              <button
                type="submit"
                className="button button-light"
                aria-label={`Order #${o.orderId} checked: remove it from this list`}
              >
                Checked
              </button>
            </Form>
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
