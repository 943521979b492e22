import { paymentGateway, type UiMode } from "~/services/payments.server";
import { db } from "~/services/db.server";
import { findByCustomerLink } from "../customer-links/customer-link.server";
import { completePayment, startPayment } from "../payments/payment.server";
import { alreadyPaidStart, type StartedPayment } from "../payments/payment-start.server";
import { managePath } from "./manage-link.server";

/**
 * A booking staff made to be paid by card (docs/rules.md#manual-bookings): its customer pays from
 * the page their confirmation links to, through the checkout's gateway and completion
 * (completePayment marks it paid: link-payment.server.ts). Each press of "Pay" opens a new
 * session and closes the one before, so the booking can never be paid twice.
 */

export const LINK_PAYMENT_MESSAGES = {
  nothingToPay: "There is nothing to pay on this booking.",
  cancelled: "This booking is cancelled, so there is nothing to pay.",
  noGateway: (phone: string) =>
    `Card payments are not available right now. Please call us on ${phone} to pay.`,
} as const;

export type LinkPaymentStart =
  { ok: true; started: StartedPayment } | { ok: false; message: string };

export async function startLinkPayment(
  token: string,
  input: { uiMode: UiMode; siteUrl: string; phone: string },
  now = new Date(),
): Promise<LinkPaymentStart> {
  const orderId = await findByCustomerLink("booking", token);
  const order =
    orderId === undefined
      ? undefined
      : await db()
          .selectFrom("orders")
          .select([
            "id",
            "created_at",
            "email",
            "status",
            "payment_method",
            "payment_link_at",
            "payment_session_id",
            "cancelled_at",
          ])
          .where("id", "=", orderId)
          .executeTakeFirst();
  if (!order || order.payment_method !== "card" || order.payment_link_at === null)
    return { ok: false, message: LINK_PAYMENT_MESSAGES.nothingToPay };
  const gateway = paymentGateway();
  if (!gateway) return { ok: false, message: LINK_PAYMENT_MESSAGES.noGateway(input.phone) };
  const paidSession = (sessionId: string) => ({
    ok: true as const,
    started: alreadyPaidStart(gateway.kind, { sessionId, orderId: order.id }),
  });
  if (order.status === "complete" && order.payment_session_id)
    return paidSession(order.payment_session_id);
  if (order.status === "complete")
    return { ok: false, message: LINK_PAYMENT_MESSAGES.nothingToPay };
  if (order.cancelled_at) return { ok: false, message: LINK_PAYMENT_MESSAGES.cancelled };
  // The session opened before is closed first; paid a moment ago, it is the payment.
  if (order.payment_session_id) {
    const earlier = await gateway.expireSession(order.payment_session_id).catch(() => null);
    if (earlier?.paid) {
      await completePayment(earlier, gateway.kind);
      return paidSession(earlier.id);
    }
  }
  try {
    const session = await startPayment(
      gateway,
      order,
      input.uiMode,
      input.siteUrl,
      managePath(token),
      now,
    );
    return { ok: true, started: { session, gateway: gateway.kind } };
  } catch (error) {
    console.error(`[booking] could not start the link payment of order ${order.id}:`, error);
    return { ok: false, message: LINK_PAYMENT_MESSAGES.noGateway(input.phone) };
  }
}
