import { z } from "zod";
import type { WindowChoice } from "~/lib/capacity";
import { ORDER_CONTACT_NAMES } from "~/lib/contact-details";
import { fieldErrors } from "~/lib/forms";
import { MANUAL_BOOKING_FAILED } from "~/lib/messages";
import { db } from "~/services/db.server";
import { lockKeys } from "~/services/dialect.server";
import { checkCollectionDate, dayAvailability } from "../checkout/availability.server";
import { orderContact, type OrderContact } from "../checkout/order.server";
import { recordOrderEvent } from "../checkout/order-history.server";
import { checkCollectionPostcode } from "../shop/service-area.server";
import { completeFromBooking } from "../job-day/job-completion.server";
import { contactDetailsSchema } from "../messages/contact-details.server";
import { deliverNow } from "../messages/outbox-worker.server";
import { BOOKING_COLUMNS } from "./booking.server";
import { orderNeed } from "./booking-facts.server";
import { vanForBooking } from "./vans.server";
import {
  overReason,
  recordOverride,
  staffCapacityDecision,
  WINDOW_CHOICE_ERROR,
  type StaffCapacityDecision,
} from "./staff-capacity.server";

/**
 * Staff change a booking (docs/rules.md#manual-bookings): its details, date, window and statuses,
 * each change in its history. Made by hand in staff-booking.server.ts.
 */

/** Thrown inside a booking's move to roll it back with the capacity refusal. */
class CapacityRefused extends Error {
  constructor(readonly decision: Extract<StaffCapacityDecision, { ok: false }>) {
    super(decision.message);
  }
}

export const bookingUpdateSchema = contactDetailsSchema(ORDER_CONTACT_NAMES, "staff").extend({
  date: z.string().trim(),
  status: z.enum(["pending", "complete"], { error: "Choose pending or complete" }),
  booking_status: z.enum(["pending", "complete"], { error: "Choose pending or complete" }),
  arrival_window: z.enum(["morning", "afternoon", "evening", "any"], {
    error: WINDOW_CHOICE_ERROR,
  }),
});
export type BookingUpdateField = keyof z.infer<typeof bookingUpdateSchema> | "over_reason";

export interface EditableBooking extends OrderContact {
  orderId: number;
  date: string;
  status: "pending" | "complete";
  booking_status: "pending" | "complete";
  arrival_window: WindowChoice;
  totalPence: number;
  paymentMethod: string;
  /** when it was cancelled: then it can no longer be edited */
  cancelledAt: string | null;
}

export async function getBooking(orderId: number): Promise<EditableBooking | undefined> {
  if (!Number.isSafeInteger(orderId) || orderId < 1) return undefined;
  const r = await db()
    .selectFrom("orders")
    .select(BOOKING_COLUMNS)
    .where("id", "=", orderId)
    .executeTakeFirst();
  return r
    ? {
        orderId: r.id,
        ...orderContact(r),
        date: r.collection_date,
        status: r.status,
        booking_status: r.booking_status,
        arrival_window: r.arrival_window,
        totalPence: r.total_pence,
        paymentMethod: r.payment_method,
        cancelledAt: r.cancelled_at,
      }
    : undefined;
}

export const CANCELLED_BOOKING_MESSAGE =
  "This booking is cancelled, so it can no longer be changed. Make a new booking instead.";

export type BookingUpdateResult =
  | { ok: true; date: string; fullDayWarning: boolean; changed: string[] }
  | {
      ok: false;
      status: 400 | 404 | 409;
      message: string;
      errors: Partial<Record<BookingUpdateField, string>>;
    };

const DB_COLUMN: Record<Exclude<BookingUpdateField, "over_reason">, keyof EditableBooking> = {
  full_name: "full_name",
  email: "email",
  phone_number: "phone_number",
  address_1: "address_1",
  town: "town",
  postcode: "postcode",
  date: "date",
  status: "status",
  booking_status: "booking_status",
  arrival_window: "arrival_window",
};

/**
 * Staff change a booking: statuses, billing details, date and arrival window. Validation as at
 * checkout, except that an unchanged date, window or contact detail is always accepted, and a
 * move past a day's capacity is made with a reason (kept in the history). Each change is written
 * to the order's history.
 */
export async function updateBooking(
  orderId: number,
  values: Record<string, unknown>,
  actor: string,
): Promise<BookingUpdateResult> {
  const current = await getBooking(orderId);
  if (!current) return { ok: false, status: 404, message: "Booking not found", errors: {} };
  // A cancelled booking is a record of what happened: its refund was worked out from it as it was.
  if (current.cancelledAt)
    return { ok: false, status: 409, message: CANCELLED_BOOKING_MESSAGE, errors: {} };
  const input: Record<string, unknown> = { ...current, ...values };
  // A detail left as it is stored passes as it is: bookings made before the
  // current rules can still have their statuses changed.
  const kept = Object.values(ORDER_CONTACT_NAMES).filter(
    (field) => input[field] === current[field],
  );
  const schema = bookingUpdateSchema.extend(
    Object.fromEntries(kept.map((field) => [field, z.string()])),
  ) as unknown as typeof bookingUpdateSchema; // the same fields, each still a string
  const parsed = schema.safeParse(input);
  const errors = parsed.success ? {} : fieldErrors<BookingUpdateField>(parsed.error);
  const moving = input.date !== current.date || input.arrival_window !== current.arrival_window;
  if (input.date !== current.date) {
    const check = await checkCollectionDate(input.date, "staff");
    if (!check.ok) errors.date = check.message;
  }
  const reason = overReason(values.over_reason);
  if (!reason.ok) errors.over_reason = reason.error;
  // A booking moved to another postcode stays inside the area served; one left where it is passes.
  if (parsed.success && !kept.includes("postcode")) {
    const area = await checkCollectionPostcode(parsed.data.postcode, "staff");
    if (!area.ok) errors.postcode = area.message;
  }
  if (!parsed.success || errors.date || errors.postcode || !reason.ok)
    return { ok: false, status: 400, message: MANUAL_BOOKING_FAILED, errors };

  const next = parsed.data;
  const changed = (Object.keys(DB_COLUMN) as (keyof typeof DB_COLUMN)[]).filter(
    (field) => String(next[field]) !== String(current[DB_COLUMN[field]]),
  );
  const now = new Date().toISOString();
  let fullDayWarning = false;
  let completionEmail;
  try {
    completionEmail = await db()
      .transaction()
      .execute(async (trx) => {
        // A move to another day or window asks THE capacity rule under both days' locks; the
        // booking does not count against itself.
        if (moving) {
          await lockKeys(trx, [`day:${next.date}`, `day:${current.date}`]);
          const need = await orderNeed(orderId, trx);
          const answer = await dayAvailability(next.date, need, {
            executor: trx,
            staffOverride: true,
            excludeOrderId: orderId,
          });
          const decision = staffCapacityDecision(answer, next.arrival_window, reason.reason);
          if (!decision.ok) throw new CapacityRefused(decision);
          fullDayWarning = decision.over;
          if (decision.over) await recordOverride(trx, orderId, decision, actor);
          const van_id = await vanForBooking(trx, {
            day: next.date,
            window: decision.window,
            need,
            now: new Date(now),
            excludeOrderId: orderId,
          });
          await trx.updateTable("orders").set({ van_id }).where("id", "=", orderId).execute();
        }
        await trx
          .updateTable("orders")
          .set({
            full_name: next.full_name,
            email: next.email,
            phone_number: next.phone_number,
            address_1: next.address_1,
            town: next.town,
            postcode: next.postcode,
            collection_date: next.date,
            status: next.status,
            booking_status: next.booking_status,
            arrival_window: next.arrival_window,
            paid_at: next.status === "complete" && current.status !== "complete" ? now : undefined,
            updated_at: now,
          })
          .where("id", "=", orderId)
          .execute();
        // A new day or window: the calendar event moves on (a later .ics replaces the one the
        // customer has), and the day-before reminder is due again for it.
        if (moving)
          await trx
            .updateTable("orders")
            .set((eb) => ({ ics_sequence: eb("ics_sequence", "+", 1), reminder_sent_at: null }))
            .where("id", "=", orderId)
            .execute();
        for (const field of changed) {
          await recordOrderEvent(trx, {
            orderId,
            field,
            oldValue: String(current[DB_COLUMN[field]]),
            newValue: String(next[field]),
            actor,
          });
        }
        // Marked complete here rather than with the crew's form: the documents come from what was booked.
        return next.booking_status === "complete" && current.booking_status !== "complete"
          ? completeFromBooking(trx, orderId, actor, new Date(now))
          : undefined;
      });
  } catch (error) {
    if (!(error instanceof CapacityRefused)) throw error;
    return {
      ok: false,
      status: 400,
      message: MANUAL_BOOKING_FAILED,
      errors: { ...errors, [error.decision.field]: error.decision.message },
    };
  }
  if (completionEmail) await deliverNow([completionEmail]);
  return { ok: true, date: next.date, fullDayWarning, changed };
}
