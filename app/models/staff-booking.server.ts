import { z } from "zod";
import { checkBusinessDetails, checkCrewNotes, type BusinessField } from "~/lib/business";
import { poundsToPence } from "~/lib/format";
import { todayInLondon } from "~/lib/london-clock.server";
import { ORDER_CONTACT_NAMES } from "~/lib/contact-details";
import { fieldErrors } from "~/lib/forms";
import { MANUAL_BOOKING_FAILED } from "~/lib/messages";
import { db } from "~/services/db.server";
import { lockKeys } from "~/services/dialect.server";
import { checkCollectionDate } from "./availability.server";
import { BOOKING_COLUMNS } from "./booking.server";
import { contactDetailsSchema } from "./contact-details.server";
import { completeFromBooking } from "./job-completion.server";
import { deliverNow } from "./outbox-worker.server";
import { markQuoteBooked } from "./quote-offer.server";

/**
 * Bookings staff make and change by hand (docs/rules.md#manual-bookings): cash or bank transfer
 * bookings, and edits of any booking's details, date and statuses. The day
 * rules they are checked against live in booking.server.ts.
 */

/** The manual booking form (docs/rules.md#manual-bookings), with its field names. */
export const manualBookingSchema = contactDetailsSchema(ORDER_CONTACT_NAMES, "staff").extend({
  date: z.string().trim(),
  order_price: z.coerce
    .number({ error: "Please enter the price in pounds, such as 85 or 85.50" })
    .min(0, "The price cannot be negative")
    .max(100_000, "Please check the price"),
  payment_method: z.enum(["cash_payment", "bank_transfer"], {
    error: "Please choose cash or bank transfer",
  }),
});
/** Its fields, with the optional business details and notes for the crew (app/lib/business.ts). */
export type ManualBookingField =
  keyof z.infer<typeof manualBookingSchema> | BusinessField | "notes";

export type ManualBookingResult =
  | { ok: true; orderId: number; fullDayWarning: boolean }
  | { ok: false; message: string; errors: Partial<Record<ManualBookingField, string>> };

/** Staff create a booking by hand (cash or bank transfer). A full day is allowed, with a warning. */
export async function createManualBooking(
  values: Record<string, unknown>,
  actor: string,
  quoteId?: number,
): Promise<ManualBookingResult> {
  const input = {
    ...values,
    date: typeof values.date === "string" && values.date ? values.date : todayInLondon(),
    order_price:
      values.order_price === "" || values.order_price === undefined ? 0 : values.order_price,
  };
  const parsed = manualBookingSchema.safeParse(input);
  const errors = parsed.success ? {} : fieldErrors<ManualBookingField>(parsed.error);
  const business = checkBusinessDetails(values, "staff");
  if (!business.ok) Object.assign(errors, business.errors);
  const notes = checkCrewNotes(values.notes);
  if (!notes.ok) errors.notes = notes.error;
  const dateCheck = await checkCollectionDate(input.date, "staff");
  if (!dateCheck.ok) errors.date = dateCheck.message;
  if (!parsed.success || !business.ok || !notes.ok || !dateCheck.ok)
    return { ok: false, message: MANUAL_BOOKING_FAILED, errors };

  const b = parsed.data;
  const orderId = await db()
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .insertInto("orders")
        .values({
          full_name: b.full_name,
          email: b.email,
          phone_number: b.phone_number,
          address_1: b.address_1,
          town: b.town,
          postcode: b.postcode,
          business_name: business.business?.name ?? null,
          sic_code: business.business?.sicCode ?? null,
          notes: notes.notes,
          collection_date: b.date,
          payment_method: b.payment_method,
          total_pence: poundsToPence(b.order_price),
          source: quoteId ? "quote" : "manual",
          quote_id: quoteId ?? null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("order_events")
        .values({
          order_id: row.id,
          field: "created",
          old_value: null,
          new_value: quoteId ? `booking from quote Q${quoteId}` : "manual booking",
          actor,
        })
        .execute();
      // A booking made from a quote answers it, and books its open price if it has one.
      if (quoteId) {
        await lockKeys(trx, [`quote:${quoteId}`]);
        const open = await trx
          .selectFrom("quote_offers")
          .select("id")
          .where("quote_id", "=", quoteId)
          .where("status", "=", "sent")
          .executeTakeFirst();
        if (open)
          await trx
            .updateTable("orders")
            .set({ quote_offer_id: open.id })
            .where("id", "=", row.id)
            .execute();
        await markQuoteBooked(
          trx,
          { quote_id: quoteId, quote_offer_id: open?.id ?? null },
          new Date().toISOString(),
        );
      }
      return row.id;
    });
  return { ok: true, orderId, fullDayWarning: dateCheck.full };
}

export const bookingUpdateSchema = contactDetailsSchema(ORDER_CONTACT_NAMES, "staff").extend({
  date: z.string().trim(),
  status: z.enum(["pending", "complete"], { error: "Choose pending or complete" }),
  booking_status: z.enum(["pending", "complete"], { error: "Choose pending or complete" }),
});
export type BookingUpdateField = keyof z.infer<typeof bookingUpdateSchema>;

export interface EditableBooking {
  orderId: number;
  full_name: string;
  email: string;
  phone_number: string;
  address_1: string;
  town: string;
  postcode: string;
  date: string;
  status: "pending" | "complete";
  booking_status: "pending" | "complete";
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
        full_name: r.full_name,
        email: r.email,
        phone_number: r.phone_number,
        address_1: r.address_1,
        town: r.town,
        postcode: r.postcode,
        date: r.collection_date,
        status: r.status,
        booking_status: r.booking_status,
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

const DB_COLUMN: Record<BookingUpdateField, keyof EditableBooking> = {
  full_name: "full_name",
  email: "email",
  phone_number: "phone_number",
  address_1: "address_1",
  town: "town",
  postcode: "postcode",
  date: "date",
  status: "status",
  booking_status: "booking_status",
};

/**
 * Staff change a booking: statuses, billing details, date. Validation as at
 * checkout, except that a full day is allowed (with a warning) and an
 * unchanged date, or contact detail, is always accepted. Each change is written to the order's
 * history.
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
  let fullDayWarning = false;
  if (input.date !== current.date) {
    const check = await checkCollectionDate(input.date, "staff");
    if (!check.ok) errors.date = check.message;
    else fullDayWarning = check.full;
  }
  if (!parsed.success || errors.date)
    return { ok: false, status: 400, message: MANUAL_BOOKING_FAILED, errors };

  const next = parsed.data;
  const changed = (Object.keys(DB_COLUMN) as BookingUpdateField[]).filter(
    (field) => String(next[field]) !== String(current[DB_COLUMN[field]]),
  );
  const now = new Date().toISOString();
  const completionEmail = await db()
    .transaction()
    .execute(async (trx) => {
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
          paid_at: next.status === "complete" && current.status !== "complete" ? now : undefined,
          updated_at: now,
        })
        .where("id", "=", orderId)
        .execute();
      // A new day: the calendar event moves on (a later .ics replaces the one the customer has),
      // and the day-before reminder is due again for it.
      if (next.date !== current.date)
        await trx
          .updateTable("orders")
          .set((eb) => ({ ics_sequence: eb("ics_sequence", "+", 1), reminder_sent_at: null }))
          .where("id", "=", orderId)
          .execute();
      for (const field of changed) {
        await trx
          .insertInto("order_events")
          .values({
            order_id: orderId,
            field,
            old_value: String(current[DB_COLUMN[field]]),
            new_value: String(next[field]),
            actor,
          })
          .execute();
      }
      // Marked complete here rather than with the crew's form: the documents come from what was booked.
      return next.booking_status === "complete" && current.booking_status !== "complete"
        ? completeFromBooking(trx, orderId, actor, new Date(now))
        : undefined;
    });
  if (completionEmail) await deliverNow([completionEmail]);
  return { ok: true, date: next.date, fullDayWarning, changed };
}
