import type { Transaction } from "kysely";
import {
  cancellationPeriodEnds,
  changeTerms,
  checkEarlyStart,
  type ChangeTerms,
} from "~/lib/cancellation";
import { isIsoDay } from "~/lib/calendar";
import { formatLongDate } from "~/lib/format";
import { todayInLondon } from "~/lib/london-clock.server";
import { config } from "~/services/config.server";
import { db } from "~/services/db.server";
import { lockKeys } from "~/services/dialect.server";
import { paymentGateway, type GatewaySession, type UiMode } from "~/services/payments.server";
import type { BookingChangeStatus, DB } from "~/services/schema";
import {
  isWindowChoice,
  orderLoad,
  pickWindow,
  windowName,
  type WindowChoice,
} from "~/lib/capacity";
import { dayAvailability } from "./availability.server";
import { bookingRules, INVALID_DATE_MESSAGE, PAYMENT_WINDOW_MINUTES } from "./booking.server";
import { arrivalOf } from "./fleet.server";
import {
  rearrangementConfirmationEmail,
  rearrangementNotificationEmail,
  rearrangementRefundedEmail,
  refundRefusedEmail,
} from "./booking-change-emails.server";
import { managePath, manageToken } from "./manage-booking.server";
import { enqueueEmail } from "./outbox.server";
import { vatRatePercent } from "./settings.server";

/**
 * A customer moves their own booking to another day (issue 18;
 * docs/decisions/025-rearranging.md). The fee is changeTerms's; a free move
 * happens at once, one with a fee when its payment arrives. Either way the
 * move is one transaction under the locks of both days, so the last slot of
 * a day has one winner; a paid move whose day filled while it was paid is
 * refunded through the gateway.
 */

const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

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

type Executor = Transaction<DB>;

async function orderForChange(executor: Executor, orderId: number) {
  return executor
    .selectFrom("orders")
    .leftJoin("job_completions", "job_completions.order_id", "orders.id")
    .selectAll("orders")
    .select("job_completions.id as completion_id")
    .where("orders.id", "=", orderId)
    .executeTakeFirst();
}
type ChangingOrder = NonNullable<Awaited<ReturnType<typeof orderForChange>>>;

/** THE terms of moving this order today (changeTerms, kind rearrange). */
function rearrangeTermsOf(order: ChangingOrder, now: Date): ChangeTerms {
  return changeTerms({
    kind: "rearrange",
    bookedOn: todayInLondon(new Date(order.paid_at ?? order.created_at)),
    collectionDate: order.collection_date,
    today: todayInLondon(now),
    paidPence: order.status === "complete" ? order.total_pence : 0,
    jobDone: order.booking_status === "complete" || order.completion_id !== null,
    cancelled: order.cancelled_at !== null,
  });
}

const isCustomersBooking = (order: ChangingOrder) =>
  !(order.payment_method === "card" && order.status !== "complete");

/**
 * The window a move asks for: a booking made for any time (its price has the any-time discount)
 * stays any time; otherwise a window named on the form, or the booking's own when none is named.
 */
function askedWindow(
  order: ChangingOrder,
  value: unknown,
): { ok: true; window: WindowChoice } | { ok: false } {
  if (order.arrival_window === "any") return { ok: true, window: "any" };
  if (value === undefined || value === null || value === "")
    return { ok: true, window: order.arrival_window };
  if (!isWindowChoice(value) || value === "any") return { ok: false };
  return { ok: true, window: value };
}

/**
 * Does the booking fit `day` in `window` by THE capacity rule (in the caller's transaction,
 * holding the day's lock)? The order itself is not counted: on its own day it is being moved.
 * Refused: the day's message when nothing fits that day, else the window's ("The afternoon is
 * full on that day…").
 */
async function fitsDay(
  trx: Executor,
  order: ChangingOrder,
  day: string,
  window: WindowChoice,
  now: Date,
): Promise<{ ok: true } | { ok: false; message: string; field: "date" | "window" }> {
  const items = await trx
    .selectFrom("order_items")
    .select(["quantity", "load_hundredths", "handling_minutes"])
    .where("order_id", "=", order.id)
    .execute();
  const need = orderLoad(
    items.map((i) => ({
      quantity: i.quantity,
      loadHundredths: i.load_hundredths,
      handlingMinutes: i.handling_minutes,
    })),
  );
  const answer = await dayAvailability(day, need, { now, executor: trx, excludeOrderId: order.id });
  const pick = pickWindow(answer, window);
  if (pick.ok) return { ok: true };
  return pick.dayFull
    ? { ok: false, message: REARRANGE_MESSAGES.full, field: "date" }
    : { ok: false, message: pick.message, field: "window" };
}

/**
 * Moves the order to `toDate` in the caller's transaction (which holds the
 * order's and both days' locks): the day, the calendar event's sequence, the
 * reminder (due again for the new day), the history, and both emails.
 */
async function applyMove(
  trx: Executor,
  order: ChangingOrder,
  change: { toDate: string; toWindow: WindowChoice; feePence: number; actor: string },
  now: Date,
  vatRate: number,
): Promise<void> {
  const at = now.toISOString();
  const sequence = order.ics_sequence + 1;
  await trx
    .updateTable("orders")
    .set({
      collection_date: change.toDate,
      arrival_window: change.toWindow,
      ics_sequence: sequence,
      reminder_sent_at: null,
      updated_at: at,
    })
    .where("id", "=", order.id)
    .execute();
  await trx
    .insertInto("order_events")
    .values({
      order_id: order.id,
      field: "collection_date",
      old_value: order.collection_date,
      new_value:
        change.feePence > 0
          ? `${change.toDate} (rearranged, fee ${(change.feePence / 100).toFixed(2)} paid by card)`
          : `${change.toDate} (rearranged, no fee)`,
      actor: change.actor,
      created_at: at,
    })
    .execute();
  if (change.toWindow !== order.arrival_window)
    await trx
      .insertInto("order_events")
      .values({
        order_id: order.id,
        field: "arrival_window",
        old_value: windowName(order.arrival_window),
        new_value: windowName(change.toWindow),
        actor: change.actor,
        created_at: at,
      })
      .execute();
  const items = await trx
    .selectFrom("order_items")
    .select(["product_name", "position", "unit_price_pence", "quantity"])
    .where("order_id", "=", order.id)
    .orderBy("id")
    .execute();
  const receipt = {
    ...order,
    collection_date: change.toDate,
    arrival_window: change.toWindow,
    ...(await arrivalOf(change.toWindow, trx)),
    items,
    vatRate,
    icsSequence: sequence,
    manageLink: `${config().publicUrl}${managePath(await manageToken(order.id, trx))}`,
  };
  const rearrangement = {
    receipt,
    fromDate: order.collection_date,
    feePence: change.feePence,
    by: change.actor === "customer" ? "the customer, from their booking page" : change.actor,
  };
  await enqueueEmail(trx, rearrangementConfirmationEmail(rearrangement));
  await enqueueEmail(trx, rearrangementNotificationEmail(rearrangement));
}

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
  if (!TOKEN.test(token)) return { ok: false, status: 404, message: REARRANGE_MESSAGES.notFound };
  const toDate = input.toDate;
  if (!isIsoDay(toDate))
    return { ok: false, status: 400, message: INVALID_DATE_MESSAGE, field: "date" };
  // Read before the transaction: inside it, only `trx` may touch the database.
  const [rules, vatRate] = await Promise.all([bookingRules(now), vatRatePercent()]);
  if (toDate < rules.firstDay || toDate > rules.lastDay)
    return { ok: false, status: 400, message: INVALID_DATE_MESSAGE, field: "date" };
  const gateway = paymentGateway();

  const step = await db()
    .transaction()
    .execute(async (trx) => {
      const found = await trx
        .selectFrom("orders")
        .select(["id", "collection_date"])
        .where("manage_token", "=", token)
        .executeTakeFirst();
      if (!found)
        return { ok: false as const, status: 404 as const, message: REARRANGE_MESSAGES.notFound };
      // The order, then its days in a fixed order: two moves between the same days never wait on each other crosswise.
      await lockKeys(trx, [`order:${found.id}`]);
      const order = await orderForChange(trx, found.id);
      if (!order || !isCustomersBooking(order))
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
          message: fits.message,
          field: fits.field,
        };
      if (early.ok && early.requested && !order.early_start_requested)
        await trx
          .updateTable("orders")
          .set({ early_start_requested: 1 })
          .where("id", "=", order.id)
          .execute();

      if (terms.feePence === 0) {
        await trx
          .insertInto("booking_changes")
          .values({
            order_id: order.id,
            from_date: order.collection_date,
            to_date: toDate,
            to_window: toWindow,
            fee_pence: 0,
            basis: terms.basis,
            status: "applied",
            actor: "customer",
            created_at: now.toISOString(),
            finished_at: now.toISOString(),
          })
          .execute();
        await applyMove(
          trx,
          order,
          { toDate, toWindow, feePence: 0, actor: "customer" },
          now,
          vatRate,
        );
        return { ok: true as const, kind: "moved" as const };
      }
      if (!gateway)
        return {
          ok: false as const,
          status: 503 as const,
          message: REARRANGE_MESSAGES.unavailable(config().business.phone),
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
        .values({
          order_id: order.id,
          from_date: order.collection_date,
          to_date: toDate,
          to_window: toWindow,
          fee_pence: terms.feePence,
          basis: terms.basis,
          status: "pending",
          actor: "customer",
          created_at: now.toISOString(),
        })
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
  const phone = config().business.phone;
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
  const vatRate = await vatRatePercent();
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
        await trx
          .insertInto("order_events")
          .values({
            order_id: order.id,
            field: "rearrange",
            old_value: null,
            new_value: `move to ${change.to_date} not made (day full or booking changed); fee ${(change.fee_pence / 100).toFixed(2)} refunded`,
            actor,
            created_at: at,
          })
          .execute();
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
        vatRate,
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
  const gateway = paymentGateway();
  const result = gateway
    ? await gateway
        .refund(sessionId, change.fee_pence, { idempotencyKey: `change-refund-${change.id}` })
        .catch((error: unknown) => ({
          ok: false as const,
          reason: error instanceof Error ? error.message : String(error),
        }))
    : { ok: false as const, reason: "card payments are not set up on this site" };
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
          manageLink: `${config().publicUrl}${managePath(await manageToken(order.id, trx))}`,
        }),
      );
    });
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
  if (!TOKEN.test(token) || !gateway?.isSessionId(sessionId)) return null;
  const change = await db()
    .selectFrom("booking_changes")
    .innerJoin("orders", "orders.id", "booking_changes.order_id")
    .select([
      "booking_changes.id",
      "booking_changes.status",
      "booking_changes.to_date",
      "booking_changes.fee_pence",
    ])
    .where("orders.manage_token", "=", token)
    .where("booking_changes.payment_session_id", "=", sessionId)
    .executeTakeFirst();
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
  if (!TOKEN.test(token) || !Number.isSafeInteger(changeId) || changeId < 1) return null;
  const change = await db()
    .selectFrom("booking_changes")
    .innerJoin("orders", "orders.id", "booking_changes.order_id")
    .select([
      "booking_changes.id",
      "booking_changes.payment_session_id",
      "booking_changes.to_date",
      "booking_changes.fee_pence",
    ])
    .where("orders.manage_token", "=", token)
    .where("booking_changes.id", "=", changeId)
    .executeTakeFirst();
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

/** A change's payment as the demo gateway's page shows it. */
export async function changeForPayment(changeId: number) {
  return db()
    .selectFrom("booking_changes")
    .innerJoin("orders", "orders.id", "booking_changes.order_id")
    .select([
      "booking_changes.id",
      "booking_changes.from_date",
      "booking_changes.to_date",
      "booking_changes.fee_pence",
      "orders.id as order_id",
      "orders.manage_token",
    ])
    .where("booking_changes.id", "=", changeId)
    .executeTakeFirst();
}

/**
 * Must a move of this booking ask for the early-start request (CCR reg. 36)?
 * Only while its cancellation period runs and it was not asked for at checkout.
 */
export async function movesAskEarlyStart(token: string, now = new Date()): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  const order = await db()
    .selectFrom("orders")
    .select(["paid_at", "created_at", "early_start_requested"])
    .where("manage_token", "=", token)
    .executeTakeFirst();
  if (!order || order.early_start_requested) return false;
  const bookedOn = todayInLondon(new Date(order.paid_at ?? order.created_at));
  return todayInLondon(now) <= cancellationPeriodEnds(bookedOn);
}
