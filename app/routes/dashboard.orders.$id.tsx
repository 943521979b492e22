import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatDateTime, formatPence } from "~/lib/format";
import { requireId } from "~/lib/ids";
import { POSITION_LABELS, isPosition } from "~/lib/positions";
import { getOrderWithHistory } from "~/models/order.server";
import { requireStaff } from "~/models/staff-auth.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const order = await getOrderWithHistory(requireId(params.id, "Order not found"));
  if (!order) throw new Response("Order not found", { status: 404 });
  return { order };
}

export default function OrderDetail() {
  const { order } = useLoaderData<typeof loader>();
  return (
    <article aria-labelledby="order-title">
      <p>
        <Link to="/dashboard/orders">← All orders</Link>
      </p>
      <h1 id="order-title">
        Order #{order.id}: {order.billing.full_name}
      </h1>
      <dl className="detail-list">
        <dt>Collection</dt>
        <dd>{order.collectionDate}</dd>
        <dt>Payment</dt>
        <dd>
          {order.status} ({order.paymentMethod.replace("_", " ")})
        </dd>
        <dt>Job</dt>
        <dd>{order.bookingStatus}</dd>
        <dt>Total</dt>
        <dd>{formatPence(order.totalPence)}</dd>
        {order.quoteId ? (
          <>
            <dt>From</dt>
            <dd>
              <Link to={`/dashboard/quotes/${order.quoteId}`}>quote Q{order.quoteId}</Link>
            </dd>
          </>
        ) : null}
        <dt>Customer</dt>
        <dd>
          {order.billing.email} · {order.billing.phone_number}
          <br />
          {order.billing.address_1}, {order.billing.town}, {order.billing.postcode}
        </dd>
      </dl>
      <h2>Items</h2>
      {order.items.length === 0 ? (
        <p className="field-hint">No items: a booking made by hand.</p>
      ) : (
        <ul className="day-bookings">
          {order.items.map((item, i) => (
            <li key={i}>
              <p>
                <strong>
                  {item.quantity} × {item.productName}
                </strong>{" "}
                {isPosition(item.position) ? ` · ${POSITION_LABELS[item.position]}` : ""} ·{" "}
                {formatPence(item.unitPricePence)} each
              </p>
              <p className="field-hint">{item.productDescription}</p>
            </li>
          ))}
        </ul>
      )}
      <h2>History</h2>
      <ul className="day-bookings" data-testid="order-history">
        {order.history.map((event, i) => (
          <li key={i}>
            {formatDateTime(event.created_at)} · {event.actor}:{" "}
            {event.field === "created"
              ? event.new_value
              : `${event.field} ${event.old_value} → ${event.new_value}`}
          </li>
        ))}
      </ul>
    </article>
  );
}

export const meta: MetaFunction = () => [{ title: "Order — Haulbook dashboard" }];

export { ErrorBoundary } from "~/components/error-boundary";
