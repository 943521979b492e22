import {
  formatLoadYards,
  isWindowChoice,
  pickWindow,
  windowName,
  type CapacityAnswer,
  type OverBy,
  type WindowChoice,
} from "~/lib/capacity";
import type { Transaction } from "kysely";
import type { DB } from "~/services/db.server";
import { recordOrderEvent } from "../checkout/order-history.server";

/**
 * Booking over capacity (docs/rules.md#capacity-by-load): staff may, with a reason. The rule
 * staff bookings, their edits and the /api rows all ask, and the history entry that keeps the reason.
 */

/** The reason an /api booking or move past a day's capacity is recorded with (the API has no reason field). */
export const API_OVER_REASON = "booked through the API";
export const OVER_REASON_MAX = 500;

/** A reason typed on a form: trimmed text, or "" (too long is an error). */
export function overReason(
  value: unknown,
): { ok: true; reason: string } | { ok: false; error: string } {
  const reason = typeof value === "string" ? value.trim() : "";
  return reason.length > OVER_REASON_MAX
    ? { ok: false, error: `Please keep the reason under ${OVER_REASON_MAX} characters` }
    : { ok: true, reason };
}

/** "1.5 yd³ / 1 collection / 20 crew minutes": what a booking takes a day past, the parts that overflow. */
export function overByText(over: OverBy): string {
  const parts: string[] = [];
  if (over.loadHundredths > 0) parts.push(`${formatLoadYards(over.loadHundredths)} yd³`);
  if (over.jobs > 0) parts.push(`${over.jobs} ${over.jobs === 1 ? "collection" : "collections"}`);
  if (over.minutes > 0)
    parts.push(`${over.minutes} crew ${over.minutes === 1 ? "minute" : "minutes"}`);
  return parts.join(" / ");
}

export type StaffCapacityDecision =
  | { ok: true; window: WindowChoice; over: false }
  | { ok: true; window: WindowChoice; over: true; overBy: OverBy; reason: string }
  | { ok: false; field: "date" | "over_reason"; message: string };

/**
 * May staff book (or move) a booking into a day, from THE capacity rule's answer asked with
 * `staffOverride` (so a full window is "over", with what it is over by)? `asked` is the window
 * chosen, or null for the first that fits. A closed day is refused; a booking past capacity is
 * made only with a reason, which the caller writes to the order's history.
 */
export function staffCapacityDecision(
  answer: CapacityAnswer,
  asked: WindowChoice | null,
  reason: string,
): StaffCapacityDecision {
  if (answer.day.state === "blocked")
    return {
      ok: false,
      field: "date",
      message: `That day is closed (${answer.day.reason}). Open it on the Fleet page first to book it.`,
    };
  const pick = pickWindow(answer, asked);
  if (!pick.ok) return { ok: false, field: "date", message: pick.message };
  if (pick.slot.state !== "over") return { ok: true, window: pick.window, over: false };
  const why = reason.trim();
  if (why === "") {
    const what =
      asked === null || asked === "any"
        ? "This day is full"
        : `The ${windowName(asked).toLowerCase()} is full on this day`;
    return {
      ok: false,
      field: "over_reason",
      message: `${what} for this booking (over by ${overByText(pick.slot.overBy)}). To book it anyway, give a reason.`,
    };
  }
  return { ok: true, window: pick.window, over: true, overBy: pick.slot.overBy, reason: why };
}

/** The arrival window asked for on a form or by the API: blank is the first that fits (null); undefined when it is not one. */
export function askedWindow(value: unknown): WindowChoice | null | undefined {
  if (value === undefined || value === null || value === "") return null;
  return isWindowChoice(value) ? value : undefined;
}

export const WINDOW_CHOICE_ERROR = "Choose a window: morning, afternoon, evening or any time";

/** Keeps in the order's history that staff booked (or moved) it past capacity, by how much and why. */
export async function recordOverride(
  trx: Transaction<DB>,
  orderId: number,
  over: { overBy: OverBy; reason: string },
  actor: string,
): Promise<void> {
  await recordOrderEvent(trx, {
    orderId,
    field: "capacity_override",
    oldValue: `over by ${overByText(over.overBy)}`,
    newValue: over.reason,
    actor,
  });
}
