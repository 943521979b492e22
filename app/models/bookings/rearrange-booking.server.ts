import { checkEarlyStart } from "~/lib/cancellation";
import { isIsoDay } from "~/lib/calendar";
import { formatLongDate } from "~/lib/format";
import { todayInLondon } from "~/lib/london-clock.server";
import { db } from "~/services/db.server";
import { lockKeys } from "~/services/dialect.server";
import {
  paymentGateway,
  refundPayment,
  type GatewaySession,
  type UiMode,
} from "~/services/payments.server";
import type { BookingChangeStatus } from "~/services/schema";
import { bookingRules, INVALID_DATE_MESSAGE, PAYMENT_WINDOW_MINUTES } from "./booking.server";
import { isUnpaidCheckout } from "./booking-facts.server";
import {
  applyMove,
  askedWindow,
  fitsDay,
  orderForChange,
  rearrangeTermsOf,
} from "./booking-move.server";
import { findByCustomerLink } from "../customer-links/customer-link.server";
import { rearrangementRefundedEmail, refundRefusedEmail } from "./booking-change-emails.server";
import { manageLink, managePath } from "./manage-link.server";
import { recordOrderEvent } from "../checkout/order-history.server";
import { enqueueEmail } from "../messages/outbox.server";
import { vatStatus } from "../shop/settings.server";
import { businessProfile } from "~/models/shop/business-profile.server";

/**
 * A customer moves their own booking to another day (issue 18;
 * docs/decisions/025-rearranging.md). The fee is changeTerms's; a free move
 * happens at once, one with a fee when its payment arrives. Either way the
 * move is one transaction under the locks of both days, so the last slot of
 * a day has one winner; a paid move whose day filled while it was paid is
 * refunded through the gateway. The move itself is booking-move.server.ts's;
 * what the booking page says on the customer's return is rearrange-return.server.ts's.
 */

export const REARRANGE_MESSAGES = {
  notFound: "We could not find that booking.",
  sameDay: "That is already your collection date and time. Please choose another day or time.",
  full: "That day is now fully booked. Please choose another.",
  window: "Please choose an arrival time",
  unavailable: (phone: string) =>
    `Card payment is not available online at the moment, so the date cannot be changed here. Please call us on ${phone}.`,
  gatewayDown: (phone: string) =>
    `We could not start the payment of the fee just now. Please try again in a minute, or call us on ${phone}.`,
} as const;

export type RearrangeResult =
  | { ok: true; kind: "moved"; toDate: string }
  | { ok: true; kind: "pay"; session: GatewaySession; gateway: "stripe" | "demo" }
  | {
      ok: false;
      status: 400 | 404 | 409 | 502 | 503;
      message: string;
      field?: "date" | "window" | "early_start";
    };

/**
 * THE customer's request to move their booking to `toDateText`, from their
 * booking page. The date follows checkout's rules (bookable, not full); the
 * fee is changeTerms's. Free: moved at once. With a fee: a pending change is
 * written and its payment started (the move happens when it is paid,
 * completeChangePayment).
 */
export async function startRearrangement(
  token: string,
  input: {
    toDate: unknown;
    /** the arrival window asked for (the booking's own when left out) */
    window?: unknown;
    earlyStart: boolean;
    uiMode: UiMode;
    siteUrl: string;
  },
  now = new Date(),
): Promise<RearrangeResult> {
  const toDate = input.toDate;
  if (!isIsoDay(toDate))
    return { ok: false, status: 400, message: INVALID_DATE_MESSAGE, field: "date" };
  // Read before the transaction: inside it, only `trx` may touch the database.
  const [rules, vat] = await Promise.all([bookingRules(now), vatStatus()]);
  if (toDate < rules.firstDay || toDate > rules.lastDay)
    return { ok: false, status: 400, message: INVALID_DATE_MESSAGE, field: "date" };
  const gateway = paymentGateway();

  const step = await db()
    .transaction()
    .execute(async (trx) => {
      const orderId = await findByCustomerLink("booking", token, trx);
      if (orderId === undefined)
        return { ok: false as const, status: 404 as const, message: REARRANGE_MESSAGES.notFound };
      // The order, then its days in a fixed order: two moves between the same days never wait on each other crosswise.
      await lockKeys(trx, [`order:${orderId}`]);
      const order = await orderForChange(trx, orderId);
      if (!order || isUnpaidCheckout(order))
        return { ok: false as const, status: 404 as const, message: REARRANGE_MESSAGES.notFound };
      const terms = rearrangeTermsOf(order, now);
      if (!terms.allowed)
        return { ok: false as const, status: 409 as const, message: terms.explanation };
      const asked = askedWindow(order, input.window);
      if (!asked.ok)
        return {
          ok: false as const,
          status: 400 as const,
          message: REARRANGE_MESSAGES.window,
          field: "window" as const,
        };
      const toWindow = asked.window;
      if (toDate === order.collection_date && toWindow === order.arrival_window)
        return {
          ok: false as const,
          status: 400 as const,
          message: REARRANGE_MESSAGES.sameDay,
          field: "date" as const,
        };
      const bookedOn = todayInLondon(new Date(order.paid_at ?? order.created_at));
      const early = checkEarlyStart(input.earlyStart, bookedOn, toDate);
      if (!early.ok && !order.early_start_requested)
        return {
          ok: false as const,
          status: 400 as const,
          message: early.message,
          field: "early_start" as const,
        };
      await lockKeys(trx, [...new Set([`day:${toDate}`, `day:${order.collection_date}`])].sort());
      const fits = await fitsDay(trx, order, toDate, toWindow, now);
      if (!fits.ok)
        return {
          ok: false as const,
          status: 409 as const,
          message: fits.dayFull ? REARRANGE_MESSAGES.full : fits.message,
          field: fits.dayFull ? ("date" as const) : ("window" as const),
        };
      if (early.ok && early.requested && !order.early_start_requested)
        await trx
          .updateTable("orders")
          .set({ early_start_requested: 1 })
          .where("id", "=", order.id)
          .execute();

      // The change as asked for: applied at once when free, else pending until its fee is paid.
      const changeRow = {
        order_id: order.id,
        from_date: order.collection_date,
        to_date: toDate,
        to_window: toWindow,
        fee_pence: terms.feePence,
        basis: terms.basis,
        actor: "customer",
        created_at: now.toISOString(),
      };
      if (terms.feePence === 0) {
        await trx
          .insertInto("booking_changes")
          .values({ ...changeRow, status: "applied", finished_at: now.toISOString() })
          .execute();
        await applyMove(trx, order, { toDate, toWindow, feePence: 0, actor: "customer" }, now, vat);
        return { ok: true as const, kind: "moved" as const };
      }
      if (!gateway)
        return {
          ok: false as const,
          status: 503 as const,
          message: REARRANGE_MESSAGES.unavailable(businessProfile().phone),
        };
      // One date change waits for its payment at a time: a newer request closes an older one.
      const open = await trx
        .selectFrom("booking_changes")
        .select(["id", "payment_session_id"])
        .where("order_id", "=", order.id)
        .where("status", "=", "pending")
        .execute();
      if (open.length > 0)
        await trx
          .updateTable("booking_changes")
          .set({ status: "closed", finished_at: now.toISOString() })
          .where(
            "id",
            "in",
            open.map((c) => c.id),
          )
          .execute();
      const change = await trx
        .insertInto("booking_changes")
        .values({ ...changeRow, status: "pending" })
        .returning("id")
        .executeTakeFirstOrThrow();
      return {
        ok: true as const,
        kind: "pay" as const,
        order,
        changeId: change.id,
        feePence: terms.feePence,
        closed: open.map((c) => c.payment_session_id).filter((id): id is string => Boolean(id)),
      };
    });
  if (!step.ok) return step;
  if (step.kind === "moved") return { ok: true, kind: "moved", toDate };

  const { order, changeId, feePence } = step;
  const phone = businessProfile().phone;
  if (!gateway) return { ok: false, status: 503, message: REARRANGE_MESSAGES.unavailable(phone) };
  // An older change's payment can no longer be paid (a late payment of it is refunded).
  for (const sessionId of step.closed)
    await gateway.expireSession(sessionId).catch((error: unknown) => {
      console.error(`[booking] could not close date change payment ${sessionId}:`, error);
    });
  let session: GatewaySession;
  try {
    session = await gateway.createSession({
      orderId: order.id,
      changeId,
      uiMode: input.uiMode,
      lines: [
        {
          name: `Date change fee, booking HB${order.id}: ${formatLongDate(order.collection_date)} to ${formatLongDate(toDate)}`,
          unitPence: feePence,
          quantity: 1,
        },
      ],
      customerEmail: order.email,
      expiresAt: Math.floor(now.getTime() / 1000) + PAYMENT_WINDOW_MINUTES * 60,
      idempotencyKey: `change-${changeId}-${input.uiMode}`,
      siteUrl: input.siteUrl,
      returnPath: managePath(token),
      cancelUrl: `${input.siteUrl}${managePath(token)}?change_cancelled=${changeId}`,
    });
  } catch (error) {
    console.error(`[booking] could not start the fee payment of change ${changeId}:`, error);
    await closeChange(changeId);
    return { ok: false, status: 502, message: REARRANGE_MESSAGES.gatewayDown(phone) };
  }
  await db()
    .updateTable("booking_changes")
    .set({ payment_session_id: session.id })
    .where("id", "=", changeId)
    .execute();
  return { ok: true, kind: "pay", session, gateway: gateway.kind };
}

/** A date change's payment ended unpaid (expired, declined, given up): nothing moves. */
export async function closeChange(changeId: number): Promise<void> {
  await db()
    .updateTable("booking_changes")
    .set({ status: "closed", finished_at: new Date().toISOString() })
    .where("id", "=", changeId)
    .where("status", "=", "pending")
    .execute();
}

/** A fee payment as a gateway reports it. */
export type ChangePaymentReport = Pick<
  GatewaySession,
  "id" | "orderId" | "changeId" | "paid" | "amountTotal" | "currency"
>;

export type ChangeOutcome = "moved" | "refunded" | "already" | "not-paid" | "mismatch" | "unknown";

/**
 * A date change's fee is paid (the customer's return, the gateway's webhook
 * or the demo page, whichever reports it first): the move happens under the
 * order's and both days' locks. If the day filled meanwhile, or the booking
 * was cancelled or done, or this change was replaced by a newer one, the fee
 * goes back through the gateway instead. Calling it again changes nothing.
 */
export async function completeChangePayment(
  payment: ChangePaymentReport,
  actor: string,
  now = new Date(),
): Promise<ChangeOutcome> {
  const { changeId, orderId } = payment;
  if (!changeId || !orderId) return "unknown";
  const vat = await vatStatus();
  const step = await db()
    .transaction()
    .execute(async (trx) => {
      await lockKeys(trx, [`order:${orderId}`]);
      const change = await trx
        .selectFrom("booking_changes")
        .selectAll()
        .where("id", "=", changeId)
        .where("order_id", "=", orderId)
        .executeTakeFirst();
      if (!change) return { outcome: "unknown" as const };
      if (!payment.paid) return { outcome: "not-paid" as const };
      // Refunded without its refund's id: the refund is asked for again (same key, never twice).
      if (change.status === "refunded" && !change.refund_reference)
        return { outcome: "refund" as const, change, retry: true };
      if (change.status === "applied" || change.status === "refunded")
        return { outcome: "already" as const };
      if (payment.amountTotal !== change.fee_pence || payment.currency?.toLowerCase() !== "gbp") {
        console.error(
          `[booking] change ${change.id} expected ${change.fee_pence} gbp, session ${payment.id} has ${payment.amountTotal} ${payment.currency}`,
        );
        return { outcome: "mismatch" as const };
      }
      const order = await orderForChange(trx, orderId);
      if (!order) return { outcome: "unknown" as const };
      await lockKeys(
        trx,
        [...new Set([`day:${change.to_date}`, `day:${order.collection_date}`])].sort(),
      );
      const at = now.toISOString();
      const toWindow = change.to_window ?? order.arrival_window;
      const stillAllowed =
        // pending, or closed by a newer request after this one was paid
        change.status === "pending" &&
        order.collection_date === change.from_date &&
        rearrangeTermsOf(order, now).allowed &&
        (await fitsDay(trx, order, change.to_date, toWindow, now)).ok;
      if (!stillAllowed) {
        await trx
          .updateTable("booking_changes")
          .set({ status: "refunded", payment_session_id: payment.id, finished_at: at })
          .where("id", "=", change.id)
          .execute();
        await recordOrderEvent(trx, {
          orderId: order.id,
          field: "rearrange",
          oldValue: null,
          newValue: `move to ${change.to_date} not made (day full or booking changed); fee ${(change.fee_pence / 100).toFixed(2)} refunded`,
          actor,
          at,
        });
        return {
          outcome: "refund" as const,
          change: { ...change, status: "refunded" as BookingChangeStatus },
          retry: false,
        };
      }
      await trx
        .updateTable("booking_changes")
        .set({ status: "applied", payment_session_id: payment.id, finished_at: at })
        .where("id", "=", change.id)
        .execute();
      await applyMove(
        trx,
        order,
        { toDate: change.to_date, toWindow, feePence: change.fee_pence, actor: "customer" },
        now,
        vat,
      );
      return { outcome: "moved" as const };
    });
  if (step.outcome !== "refund") return step.outcome;
  await refundChangeFee(step.change, payment.id);
  return "refunded";
}

/** The fee of a change that could not be made goes back to the card; the customer is told either way. */
async function refundChangeFee(
  change: { id: number; order_id: number; to_date: string; fee_pence: number },
  sessionId: string,
): Promise<void> {
  const result = await refundPayment(sessionId, change.fee_pence, `change-refund-${change.id}`);
  await db()
    .transaction()
    .execute(async (trx) => {
      const order = await trx
        .selectFrom("orders")
        .selectAll()
        .where("id", "=", change.order_id)
        .executeTakeFirstOrThrow();
      if (result.ok)
        await trx
          .updateTable("booking_changes")
          .set({ refund_reference: result.id })
          .where("id", "=", change.id)
          .execute();
      else
        await enqueueEmail(
          trx,
          refundRefusedEmail(order, change.fee_pence, `date change fee: ${result.reason}`),
        );
      await enqueueEmail(
        trx,
        rearrangementRefundedEmail({
          ...order,
          toDate: change.to_date,
          feePence: change.fee_pence,
          refunded: result.ok,
          manageLink: await manageLink(order.id, trx),
        }),
      );
    });
}

/** A change's payment as the demo gateway's page shows it. */
export async function changeForPayment(changeId: number) {
  return db()
    .selectFrom("booking_changes")
    .innerJoin("orders", "orders.id", "booking_changes.order_id")
    .select([
      "booking_changes.id",
      "booking_changes.from_date",
      "booking_changes.to_date",
      "booking_changes.to_window",
      "booking_changes.fee_pence",
      "orders.id as order_id",
      "orders.manage_token",
    ])
    .where("booking_changes.id", "=", changeId)
    .executeTakeFirst();
}
