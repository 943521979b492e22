import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { FlashNotice } from "~/components/flash-notice";
import { formatDateTime, formatPence } from "~/lib/format";
import { requireId } from "~/lib/ids";
import { POSITION_LABELS, isPosition } from "~/lib/positions";
import { jobDocuments, resendJobDocuments } from "~/models/job-completion.server";
import { getOrderWithHistory } from "~/models/order.server";
import { requireStaff } from "~/models/staff-auth.server";
import { readFlash, redirectWithFlash } from "~/services/flash.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const orderId = requireId(params.id, "Order not found");
  const [order, documents, { flash, headers }] = await Promise.all([
    getOrderWithHistory(orderId),
    jobDocuments(orderId),
    readFlash(request, "order"),
  ]);
  if (!order) throw new Response("Order not found", { status: 404 });
  return data({ order, documents: documents ?? null, flash }, { headers });
}

/** Staff send a completed job's documents to the customer again. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireStaff(request);
  const orderId = requireId(params.id, "Order not found");
  const form = await request.formData();
  if (form.get("intent") !== "resend") throw new Response("Unknown action", { status: 400 });
  const emailId = await resendJobDocuments(orderId);
  return redirectWithFlash(
    `/dashboard/orders/${orderId}`,
    "order",
    emailId
      ? "The waste transfer note and receipt were sent to the customer again."
      : "This job has no documents yet: complete it first.",
  );
}

export default function OrderDetail() {
  const { order, documents, flash } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const base = `/dashboard/orders/${order.id}/documents`;
  return (
    <article aria-labelledby="order-title">
      <p>
        <Link to="/dashboard/orders">← All orders</Link>
      </p>
      <h1 id="order-title">
        Order #{order.id}: {order.billing.full_name}
      </h1>
      <FlashNotice flash={flash} testId="order-flash" />
      <dl className="detail-list">
        <dt>Collection</dt>
        <dd>{order.collectionDate}</dd>
        <dt>Payment</dt>
        <dd>
          {order.status} ({order.paymentMethod.replace("_", " ")})
        </dd>
        <dt>Job</dt>
        <dd data-testid="order-job-status">
          {order.cancelledAt
            ? `cancelled ${formatDateTime(order.cancelledAt)}${
                order.refundPence ? `, ${formatPence(order.refundPence)} refunded` : ""
              }`
            : order.bookingStatus}
        </dd>
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
        {order.businessName ? (
          <>
            <dt>Business</dt>
            <dd>
              {order.businessName} · SIC {order.sicCode}
            </dd>
          </>
        ) : null}
        {order.notes ? (
          <>
            <dt>Notes</dt>
            <dd className="order-notes">{order.notes}</dd>
          </>
        ) : null}
      </dl>
      <h2>Job documents</h2>
      {documents ? (
        <div className="order-documents" data-testid="order-documents">
          <p>
            Completed {formatDateTime(documents.completedAt)} by {documents.crewName}; handed over
            by {documents.handedOverBy} at {formatDateTime(documents.transferredAt)}.
          </p>
          {documents.consignmentNoteNeeded ? (
            <p className="notice notice-error">
              Hazardous waste from a business: a consignment note is needed.
            </p>
          ) : null}
          <ul className="order-document-list">
            <li>
              <span>Waste transfer note {documents.wtnReference}</span>
              <a href={`${base}/waste-transfer-note.pdf`} className="button button-light">
                Open
              </a>
              <a
                href={`${base}/waste-transfer-note.pdf?download=1`}
                className="button button-light"
              >
                Download
              </a>
            </li>
            <li>
              <span>Receipt {documents.receiptReference}</span>
              <a href={`${base}/receipt.pdf`} className="button button-light">
                Open
              </a>
              <a href={`${base}/receipt.pdf?download=1`} className="button button-light">
                Download
              </a>
            </li>
            <li>
              <span>
                {documents.photos.length} photo{documents.photos.length === 1 ? "" : "s"}
              </span>
              <a href={documents.photoLink} className="button button-light">
                Customer&rsquo;s page
              </a>
            </li>
          </ul>
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="resend"
              className="button"
              disabled={navigation.state === "submitting"}
            >
              Send the documents again
            </button>
          </Form>
        </div>
      ) : order.cancelledAt ? null : order.bookingStatus === "complete" ? (
        <p className="field-hint">
          Marked complete before job documents existed: there are none for this job.
        </p>
      ) : (
        <p>
          <Link to={`/dashboard/orders/${order.id}/complete`} className="button">
            Complete job
          </Link>
        </p>
      )}
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
