import type { Transaction } from "kysely";
import type { VatStatus } from "~/lib/vat";
import type { DB } from "~/services/db.server";
import { bookingReceipt } from "../bookings/manage-link.server";
import {
  linkPaymentNotice,
  linkPaymentReceivedEmail,
} from "../bookings/staff-booking-emails.server";
import { recordOrderEvent } from "../checkout/order-history.server";
import { enqueueEmail } from "../messages/outbox.server";
import { markOrderPaid } from "./late-payment.server";
import { formatPence } from "~/lib/format";
import { bookingReference } from "~/lib/references";
import { db } from "~/services/db.server";
import { lockKeys } from "~/services/dialect.server";
import { paymentGateway } from "~/services/payments.server";
import { officeEmail, openOrderLine } from "../messages/email-layout.server";
import { vatStatus } from "../shop/settings.server";

/**
 * A booking staff made to be paid by card from a link (docs/rules.md#manual-bookings): it is a
 * booking from the start, so its payment books nothing; completePayment marks it paid here, in
 * its transaction, and the customer and the office are told.
 */

type LinkOrder = Parameters<typeof bookingReceipt>[0] & {
  status: "pending" | "complete";
  cancelled_at: string | null;
};

/**
 * Marks the booking paid (once: false when it already was) and writes both emails. A payment
 * that arrives after the booking was cancelled (paid on a page opened before) books nothing: it
 * goes to "Payments to review" for staff to refund.
 */
export async function recordLinkPayment(
  trx: Transaction<DB>,
  order: LinkOrder,
  sessionId: string,
  actor: string,
  now: Date,
  vat: VatStatus,
): Promise<boolean> {
  const at = now.toISOString();
  if (order.cancelled_at !== null) {
    const flagged = await trx
      .updateTable("orders")
      .set({ payment_session_id: sessionId, payment_review_at: at, updated_at: at })
      .where("id", "=", order.id)
      .where("payment_review_at", "is", null)
      .executeTakeFirst();
    if (Number(flagged.numUpdatedRows) === 0) return false;
    await recordOrderEvent(trx, {
      orderId: order.id,
      field: "payment",
      oldValue: null,
      newValue: `card payment ${sessionId} arrived after the booking was cancelled: to refund`,
      actor,
    });
    await enqueueEmail(
      trx,
      officeEmail(
        "payment_review",
        `Payment to refund: ${bookingReference(order.id)} was paid after it was cancelled`,
        [
          `${order.full_name} paid ${formatPence(order.total_pence)} by card for booking ${bookingReference(order.id)} after it was cancelled.`,
          "It is listed under Payments to review on the dashboard: refund it in the Stripe dashboard and let the customer know.",
          "",
          openOrderLine(order.id),
        ],
      ),
    );
    return false;
  }
  if (!(await markOrderPaid(trx, order.id, sessionId, actor, at))) return false;
  const receipt = await bookingReceipt(order, vat, trx);
  await enqueueEmail(trx, linkPaymentReceivedEmail(receipt));
  await enqueueEmail(trx, linkPaymentNotice(receipt));
  return true;
}

/**
 * Before a booking awaiting its link's payment is cancelled: its open session is closed at the
 * gateway, and one paid a moment before is recorded first, so the cancellation refunds it.
 */
export async function settleLinkPayment(orderId: number): Promise<void> {
  const gateway = paymentGateway();
  const order = await db()
    .selectFrom("orders")
    .selectAll()
    .where("id", "=", orderId)
    .where("payment_method", "=", "card")
    .where("payment_link_at", "is not", null)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (!gateway || !order?.payment_session_id) return;
  const session = await gateway.expireSession(order.payment_session_id).catch((error: unknown) => {
    console.error(`[booking] could not close the link payment of order ${orderId}:`, error);
    return null;
  });
  // Paid, and for what the booking costs: recorded now (anything else waits for its webhook).
  if (!session?.paid || session.amountTotal !== order.total_pence) return;
  const vat = await vatStatus();
  await db()
    .transaction()
    .execute(async (trx) => {
      await lockKeys(trx, [`order:${orderId}`]);
      await recordLinkPayment(trx, order, session.id, gateway.kind, new Date(), vat);
    });
}
