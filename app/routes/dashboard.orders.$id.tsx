import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FlashNotice } from "~/components/flash-notice";
import { IntentButton } from "~/components/intent-button";
import { CANCEL_REASON_MAX, refundShares, type ChangeTerms } from "~/lib/cancellation";
import { ANY_TIME_DISCOUNT_LABEL } from "~/lib/capacity";
import { paidByCard, type PaymentMethod } from "~/lib/domain";
import { formatDateTime, formatLongDate, formatPence } from "~/lib/format";
import { requireId } from "~/lib/ids";
import { POSITION_LABELS, isPosition } from "~/lib/positions";
import { jobDocuments, resendJobDocuments } from "~/models/job-day/job-documents.server";
import {
  cancelOrder,
  staffCancelOptions,
  type CancelResult,
} from "~/models/bookings/cancel-booking.server";
import { getOrderWithHistory } from "~/models/checkout/order.server";
import { requireJobInCrewReach } from "~/models/job-day/crew-reach.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { canReach } from "~/lib/staff-roles";
import { readFlash, redirectWithFlash } from "~/services/flash.server";
import { AlertNotice } from "~/components/alert-notice";
import { titled } from "~/lib/page-title";
import { bookingReference } from "~/lib/references";

/**
 * /dashboard/orders/{id}: one order for staff, its documents and history.
 * Staff cancel a booking here: "Cancel booking" opens `?cancel=1` (a page
 * step, so it works without JavaScript) with what the customer's terms would
 * give today and a full refund side by side, a reason, and one button for
 * each (intent=cancel-terms, intent=cancel-full). The rules are cancelOrder's.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  const orderId = requireId(params.id, "Order not found");
  await requireJobInCrewReach(user, orderId);
  const [order, documents, cancel, { flash, headers }] = await Promise.all([
    getOrderWithHistory(orderId),
    jobDocuments(orderId),
    staffCancelOptions(orderId),
    readFlash(request, "order"),
  ]);
  if (!order) throw new Response("Order not found", { status: 404 });
  const office = canReach(user.role, "office");
  const confirming =
    new URL(request.url).searchParams.get("cancel") === "1" && cancel !== undefined;
  return data(
    {
      order,
      documents: documents ?? null,
      // The crew sees the job and its documents; changing the booking is the office's.
      cancel: office ? (cancel ?? null) : null,
      confirming,
      flash,
      office,
    },
    { headers },
  );
}

type CancelFailure = {
  message: string;
  errors?: { reason?: string };
  values: { reason: string };
};

/** What staff are told after a cancellation: where the money went. */
function cancelledMessage(result: Extract<CancelResult, { ok: true }>): string {
  const parts = ["Booking cancelled."];
  if (result.refundPence > 0)
    parts.push(
      `${formatPence(result.refundPence)} refunded to the card (${result.refundReference}).`,
    );
  else if (result.returnByHandPence > 0)
    parts.push(
      `Return ${formatPence(result.returnByHandPence)} to the customer by hand: they paid by ${result.paymentMethod === "bank_transfer" ? "bank transfer" : "cash"}.`,
    );
  else parts.push("Nothing was refunded of the booking.");
  if (result.moveFeesRefundPence > 0)
    parts.push(
      `The fees paid to move it (${formatPence(result.moveFeesRefundPence)}) went back to the card.`,
    );
  parts.push("The customer and the office have been emailed.");
  return parts.join(" ");
}

/** Staff send a completed job's documents again, or cancel the booking. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStaff(request);
  const orderId = requireId(params.id, "Order not found");
  const form = await request.formData();
  const intent = form.get("intent");
  switch (intent) {
    case "resend": {
      const emailId = await resendJobDocuments(orderId);
      return redirectWithFlash(
        `/dashboard/orders/${orderId}`,
        "order",
        emailId
          ? "The waste transfer note and receipt were sent to the customer again."
          : "This job has no documents yet: complete it first.",
      );
    }
    case "cancel-terms":
    case "cancel-full": {
      const reason = String(form.get("reason") ?? "");
      const result = await cancelOrder(orderId, {
        actor: { kind: "staff", username: user.username },
        waiveFee: intent === "cancel-full",
        reason,
      });
      if (result.ok)
        return redirectWithFlash(`/dashboard/orders/${orderId}`, "order", cancelledMessage(result));
      if (result.status === 404) throw new Response("Order not found", { status: 404 });
      return data<CancelFailure>(
        { message: result.message, errors: result.errors, values: { reason } },
        { status: result.status },
      );
    }
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

export default function OrderDetail() {
  const { order, documents, cancel, confirming, flash, office } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as CancelFailure | undefined;
  const navigation = useNavigation();
  const base = `/dashboard/orders/${order.id}/documents`;
  const self = `/dashboard/orders/${order.id}`;
  return (
    <article aria-labelledby="order-title">
      <p>
        {office ? (
          <Link to="/dashboard/orders">← All orders</Link>
        ) : (
          <Link to="/dashboard/today">← Today&rsquo;s run</Link>
        )}
      </p>
      <h1 id="order-title">
        Order {bookingReference(order.id)}: {order.billing.full_name}
      </h1>
      <FlashNotice flash={flash} testId="order-flash" />
      {/* A cancel that was refused once the step was gone (the job done, or cancelled meanwhile). */}
      <AlertNotice
        message={failed && !(cancel && confirming) ? failed.message : null}
        testId="order-cancel-error"
      />
      {order.cancelledAt ? (
        <p className="notice" data-testid="order-cancelled">
          <strong>Cancelled</strong> on {formatDateTime(order.cancelledAt)}
          {order.cancelledBy
            ? ` by ${order.cancelledBy === "customer" ? "the customer" : order.cancelledBy}`
            : ""}
          {order.refundPence
            ? `, refunded ${formatPence(order.refundPence)}${order.refundReference ? ` (${order.refundReference})` : ""}`
            : ", nothing refunded to a card"}
          .
        </p>
      ) : null}
      <dl className="detail-list">
        <dt>Collection</dt>
        <dd>{order.collectionDate}</dd>
        <dt>Arrival</dt>
        <dd data-testid="order-arrival">{order.arrival}</dd>
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
      {cancel ? (
        confirming ? (
          <CancelBooking cancel={cancel} self={self} />
        ) : (
          <p className="order-cancel-start">
            <Link
              to={`${self}?cancel=1#cancel`}
              className="button button-light"
              data-testid="order-cancel-start"
            >
              Cancel booking
            </Link>
          </p>
        )
      ) : null}
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
          {office ? (
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
          ) : null}
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
          {order.areaSurcharge ? (
            <li data-testid="order-area-surcharge">
              <p>
                <strong>{order.areaSurcharge.name}</strong> ·{" "}
                {formatPence(order.areaSurcharge.pence)}
              </p>
            </li>
          ) : null}
          {order.windowDiscountPence > 0 ? (
            <li data-testid="order-window-discount">
              <p>
                <strong>{ANY_TIME_DISCOUNT_LABEL}</strong> · −
                {formatPence(order.windowDiscountPence)}
              </p>
            </li>
          ) : null}
        </ul>
      )}
      <h2>History</h2>
      <ul className="day-bookings" data-testid="order-history">
        {order.history.map((event, i) => (
          <li key={i}>
            {formatDateTime(event.created_at)} · {event.actor}: {event.text}
          </li>
        ))}
      </ul>
    </article>
  );
}

/** A choice's fee and refund, as the confirmation step shows them. */
function TermsOf({
  terms,
  paymentMethod,
  paymentLabel,
}: {
  terms: ChangeTerms;
  paymentMethod: PaymentMethod;
  paymentLabel: string;
}) {
  const shares = refundShares(terms, paidByCard(paymentMethod));
  const refund =
    [
      ...(shares.toCardPence > 0 ? [`${formatPence(shares.toCardPence)} to the card`] : []),
      ...(shares.byHandPence > 0
        ? [`${formatPence(shares.byHandPence)}, to return by hand (paid by ${paymentLabel})`]
        : []),
      ...(shares.moveFeesPence > 0
        ? [`${formatPence(shares.moveFeesPence)} paid to move it, to the card it came from`]
        : []),
    ].join("; ") || "nothing";
  return (
    <dl className="cancel-choice-terms">
      <dt>Fee</dt>
      <dd>{terms.feePence ? formatPence(terms.feePence) : "none"}</dd>
      <dt>Refund</dt>
      <dd>{refund}</dd>
    </dl>
  );
}

/** The confirmation step (`?cancel=1`): both choices with their terms, a reason and a button each. */
function CancelBooking({
  cancel,
  self,
}: {
  cancel: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["cancel"]>;
  self: string;
}) {
  const failed = useActionData<typeof action>() as CancelFailure | undefined;
  const navigation = useNavigation();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (failed?.errors?.reason) reasonRef.current?.focus();
  }, [failed]);
  const submitting =
    navigation.state === "submitting" &&
    String(navigation.formData?.get("intent") ?? "").startsWith("cancel");
  const reasonError = failed?.errors?.reason;
  const paid =
    cancel.paidPence > 0
      ? `${formatPence(cancel.paidPence)} paid by ${cancel.paymentLabel}`
      : `nothing paid yet (${cancel.paymentLabel})`;
  return (
    <section id="cancel" className="order-cancel" aria-labelledby="cancel-title">
      <h2 id="cancel-title">Cancel this booking?</h2>
      <p>
        Collection on {formatLongDate(cancel.collectionDate)}: {paid}. The customer is emailed
        either way.
      </p>
      <AlertNotice
        message={failed && !failed.errors?.reason ? failed.message : null}
        focusOn={failed && !failed.errors?.reason ? failed : null}
        testId="order-cancel-error"
      />
      <Form method="post" action={`${self}?cancel=1`} className="order-cancel-form">
        <div className="cancel-choices">
          <div className="cancel-choice" data-testid="cancel-customer-terms">
            <h3>The customer&rsquo;s terms today</h3>
            <p>{cancel.customerTerms.explanation}</p>
            {cancel.customerTerms.allowed ? (
              <TermsOf
                terms={cancel.customerTerms}
                paymentMethod={cancel.paymentMethod}
                paymentLabel={cancel.paymentLabel}
              />
            ) : null}
          </div>
          <div className="cancel-choice" data-testid="cancel-full-terms">
            <h3>In full (we cancel)</h3>
            <p>{cancel.fullTerms.explanation}</p>
            <TermsOf
              terms={cancel.fullTerms}
              paymentMethod={cancel.paymentMethod}
              paymentLabel={cancel.paymentLabel}
            />
          </div>
        </div>
        <div className={`field${reasonError ? " field-invalid" : ""}`}>
          <label htmlFor="cancel-reason">
            Reason (for the order&rsquo;s history and the office)
          </label>
          <textarea
            id="cancel-reason"
            name="reason"
            rows={3}
            required
            maxLength={CANCEL_REASON_MAX}
            defaultValue={failed?.values.reason ?? ""}
            ref={reasonRef}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby="cancel-reason-error"
          />
          <p className="field-error" id="cancel-reason-error" aria-live="polite">
            {reasonError ?? ""}
          </p>
        </div>
        <div className="cancel-actions">
          {cancel.customerTerms.allowed ? (
            <IntentButton
              intent="cancel-terms"
              className="button button-danger"
              busy={submitting}
              busyLabel="Cancelling..."
            >
              Cancel with the customer&apos;s terms
            </IntentButton>
          ) : null}
          <IntentButton
            intent="cancel-full"
            className="button button-danger"
            busy={submitting}
            busyLabel="Cancelling..."
          >
            Cancel and refund in full
          </IntentButton>
          <Link to={self} className="button button-light">
            Keep the booking
          </Link>
        </div>
      </Form>
    </section>
  );
}

export const meta = titled("Order", "dashboard");

export { ErrorBoundary } from "~/components/error-boundary";
