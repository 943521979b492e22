import type { Transaction } from "kysely";
import { changeTerms, type ChangeTerms } from "~/lib/cancellation";
import { isWindowChoice, pickWindow, windowName, type WindowChoice } from "~/lib/capacity";
import type { DB } from "~/services/db.server";
import { dayAvailability } from "../checkout/availability.server";
import { orderChangeFacts, orderLines, orderNeed } from "./booking-facts.server";
import {
  rearrangementConfirmationEmail,
  rearrangementNotificationEmail,
} from "./booking-change-emails.server";
import { arrivalOf } from "./fleet.server";
import { manageLink } from "./manage-link.server";
import { vanForBooking } from "./vans.server";
import { recordOrderEvent } from "../checkout/order-history.server";
import { enqueueEmail } from "../messages/outbox.server";
import type { VatStatus } from "~/lib/vat";

/**
 * Moving a booking to another day (docs/decisions/025-rearranging.md): the terms of a move, the
 * window it asks for, whether the booking fits the new day, and the move itself with its history
 * and emails. The caller holds the order's and both days' locks (rearrange-booking.server.ts).
 */

type Executor = Transaction<DB>;

/** The order as a move reads it, with its completion's id (a completed job cannot move). */
export async function orderForChange(executor: Executor, orderId: number) {
  return executor
    .selectFrom("orders")
    .leftJoin("job_completions", "job_completions.order_id", "orders.id")
    .selectAll("orders")
    .select("job_completions.id as completion_id")
    .where("orders.id", "=", orderId)
    .executeTakeFirst();
}
export type ChangingOrder = NonNullable<Awaited<ReturnType<typeof orderForChange>>>;

/** THE terms of moving this order today (changeTerms, kind rearrange). */
export function rearrangeTermsOf(order: ChangingOrder, now: Date): ChangeTerms {
  return changeTerms({ kind: "rearrange", ...orderChangeFacts(order, now) });
}

/**
 * The window a move asks for: a booking made for any time (its price has the any-time discount)
 * stays any time; otherwise a window named on the form, or the booking's own when none is named.
 */
export function askedWindow(
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
 * Refused (pickWindow's answer): `dayFull` when nothing fits that day, else the window's message
 * ("The afternoon is full on that day…").
 */
export async function fitsDay(
  trx: Executor,
  order: ChangingOrder,
  day: string,
  window: WindowChoice,
  now: Date,
): Promise<ReturnType<typeof pickWindow>> {
  const need = await orderNeed(order.id, trx);
  const answer = await dayAvailability(day, need, { now, executor: trx, excludeOrderId: order.id });
  return pickWindow(answer, window);
}

/**
 * Moves the order to `toDate` in the caller's transaction (which holds the
 * order's and both days' locks): the day, the calendar event's sequence, the
 * reminder (due again for the new day), the history, and both emails.
 */
export async function applyMove(
  trx: Executor,
  order: ChangingOrder,
  change: { toDate: string; toWindow: WindowChoice; feePence: number; actor: string },
  now: Date,
  vat: VatStatus,
): Promise<void> {
  const at = now.toISOString();
  const sequence = order.ics_sequence + 1;
  const vanId = await vanForBooking(trx, {
    day: change.toDate,
    window: change.toWindow,
    need: await orderNeed(order.id, trx),
    now,
    excludeOrderId: order.id,
  });
  await trx
    .updateTable("orders")
    .set({
      collection_date: change.toDate,
      arrival_window: change.toWindow,
      van_id: vanId,
      ics_sequence: sequence,
      reminder_sent_at: null,
      updated_at: at,
    })
    .where("id", "=", order.id)
    .execute();
  await recordOrderEvent(trx, {
    orderId: order.id,
    field: "collection_date",
    oldValue: order.collection_date,
    newValue:
      change.feePence > 0
        ? `${change.toDate} (rearranged, fee ${(change.feePence / 100).toFixed(2)} paid by card)`
        : `${change.toDate} (rearranged, no fee)`,
    actor: change.actor,
    at,
  });
  if (change.toWindow !== order.arrival_window)
    await recordOrderEvent(trx, {
      orderId: order.id,
      field: "arrival_window",
      oldValue: windowName(order.arrival_window),
      newValue: windowName(change.toWindow),
      actor: change.actor,
      at,
    });
  const items = await orderLines(order.id, trx);
  const receipt = {
    ...order,
    collection_date: change.toDate,
    arrival_window: change.toWindow,
    ...(await arrivalOf(change.toWindow, trx)),
    items,
    vat,
    icsSequence: sequence,
    manageLink: await manageLink(order.id, trx),
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
