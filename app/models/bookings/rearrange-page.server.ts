import { cancellationPeriodEnds } from "~/lib/cancellation";
import { todayInLondon } from "~/lib/london-clock.server";
import { db } from "~/services/db.server";
import { paymentGateway } from "~/services/payments.server";
import { findByCustomerLink } from "../customer-links/customer-link.server";
import { closeChange, completeChangePayment } from "./rearrange-booking.server";

/**
 * What the booking page (/booking/{token}) asks and tells about a date change: whether the move's
 * form must ask for the early start, and what happened to a change whose fee the customer came
 * back from paying (or gave up). The request and its payment are rearrange-booking.server.ts's.
 */

/**
 * A date change of the booking behind a link, by its payment or its id; undefined when the link
 * opens nothing or the change is another booking's.
 */
async function changeOfBooking(token: string, by: { sessionId: string } | { changeId: number }) {
  const orderId = await findByCustomerLink("booking", token);
  if (orderId === undefined) return undefined;
  return db()
    .selectFrom("booking_changes")
    .select(["id", "status", "payment_session_id", "to_date", "fee_pence"])
    .where("order_id", "=", orderId)
    .$call((q) =>
      "sessionId" in by
        ? q.where("payment_session_id", "=", by.sessionId)
        : q.where("id", "=", by.changeId),
    )
    .executeTakeFirst();
}

/**
 * Must a move of this booking ask for the early-start request (CCR reg. 36)?
 * Only while its cancellation period runs and it was not asked for at checkout.
 */
export async function movesAskEarlyStart(token: string, now = new Date()): Promise<boolean> {
  const orderId = await findByCustomerLink("booking", token);
  if (orderId === undefined) return false;
  const order = await db()
    .selectFrom("orders")
    .select(["paid_at", "created_at", "early_start_requested"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order || order.early_start_requested) return false;
  const bookedOn = todayInLondon(new Date(order.paid_at ?? order.created_at));
  return todayInLondon(now) <= cancellationPeriodEnds(bookedOn);
}

export interface ChangeNotice {
  kind: "moved" | "refunded" | "not-paid" | "pending" | "closed";
  toDate: string;
  feePence: number;
}

/**
 * Back from the fee's payment (`?session_id=`): the gateway is asked, the
 * change completed if it is paid (the webhook may not have come yet), and
 * what happened is told. Only for this booking's own change.
 */
export async function settleChangePayment(
  token: string,
  sessionId: string,
  now = new Date(),
): Promise<ChangeNotice | null> {
  const gateway = paymentGateway();
  if (!gateway?.isSessionId(sessionId)) return null;
  const change = await changeOfBooking(token, { sessionId });
  if (!change) return null;
  let status = change.status;
  if (status === "pending") {
    const session = await gateway.retrieveSession(sessionId).catch(() => null);
    if (session?.paid) {
      await completeChangePayment(session, gateway.kind, now);
    } else if (session?.status === "expired" || session?.status === "declined") {
      await closeChange(change.id);
    }
    status = (
      await db()
        .selectFrom("booking_changes")
        .select("status")
        .where("id", "=", change.id)
        .executeTakeFirstOrThrow()
    ).status;
  }
  const kind =
    status === "applied"
      ? "moved"
      : status === "refunded"
        ? "refunded"
        : status === "closed"
          ? "not-paid"
          : "pending";
  return { kind, toDate: change.to_date, feePence: change.fee_pence };
}

/**
 * The customer gave up paying the fee (the provider's back link, or Cancel by
 * the embedded form): the session is closed at the provider, then the change.
 * If it was paid after all, it is completed instead.
 */
export async function abandonChange(
  token: string,
  changeIdText: unknown,
): Promise<ChangeNotice | null> {
  const changeId = Number(changeIdText);
  if (!Number.isSafeInteger(changeId) || changeId < 1) return null;
  const change = await changeOfBooking(token, { changeId });
  if (!change) return null;
  const gateway = paymentGateway();
  if (gateway && change.payment_session_id) {
    const session = await gateway.expireSession(change.payment_session_id).catch(() => null);
    if (session?.paid) return settleChangePayment(token, session.id);
  }
  await closeChange(change.id);
  const settled = change.payment_session_id
    ? await settleChangePayment(token, change.payment_session_id)
    : null;
  return settled ?? { kind: "not-paid", toDate: change.to_date, feePence: change.fee_pence };
}
