import { sql, type Kysely } from "kysely";
import { z } from "zod";
import { addDaysIso, isIsoDay } from "~/lib/calendar";
import { poundsToPence, todayInLondon, UK_TIME_ZONE } from "~/lib/format";
import { fieldErrors } from "~/lib/forms";
import { MANUAL_BOOKING_FAILED } from "~/lib/messages";
import { db, type DB } from "~/services/db.server";
import { getSetting } from "./settings.server";

/**
 * Collection days (DESIGN.md "Collection date"): from today (before the
 * same-day cut-off, else tomorrow) to 90 days ahead; a day holding as many
 * active bookings as the daily capacity is full. Active: paid orders,
 * bookings staff made by hand, card orders still within their 30-minute
 * payment window (so an abandoned checkout frees its slot), and card orders
 * whose payment did not match (money was taken: the day stays held while
 * staff check it).
 */

export const INVALID_DATE_MESSAGE = "Please select a valid date";
/**
 * How long a card payment may take. Stripe closes a Checkout Session no
 * sooner than 30 minutes after it is made; one more minute covers the time
 * between writing the order and asking for its session.
 */
export const PAYMENT_WINDOW_MINUTES = 31;

export interface BookingRules {
  capacity: number;
  firstDay: string;
  lastDay: string;
  today: string;
}

function londonClock(now: Date): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: UK_TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(now);
}

export async function bookingRules(now = new Date()): Promise<BookingRules> {
  const [capacity, cutoff, windowDays] = await Promise.all([
    getSetting("daily_capacity"),
    getSetting("same_day_cutoff"),
    getSetting("booking_window_days"),
  ]);
  const today = todayInLondon(now);
  const beforeCutoff = londonClock(now) < (cutoff ?? "12:00");
  return {
    capacity: Number(capacity ?? 8),
    today,
    firstDay: beforeCutoff ? today : addDaysIso(today, 1),
    lastDay: addDaysIso(today, Number(windowDays ?? 90)),
  };
}

/** Active bookings per day between two days (inclusive). */
export async function activeBookingsByDay(
  from: string,
  to: string,
  now = new Date(),
  executor: Kysely<DB> = db(),
): Promise<Map<string, number>> {
  const freshSince = new Date(now.getTime() - PAYMENT_WINDOW_MINUTES * 60_000).toISOString();
  const rows = await executor
    .selectFrom("orders")
    .select(["collection_date", (eb) => eb.fn.countAll<number>().as("n")])
    .where("collection_date", ">=", from)
    .where("collection_date", "<=", to)
    .where(
      sql<boolean>`(status = 'complete' OR payment_method <> 'card' OR payment_review_at IS NOT NULL OR (status = 'pending' AND payment_closed IS NULL AND created_at >= ${freshSince}))`,
    )
    .groupBy("collection_date")
    .execute();
  return new Map(rows.map((r) => [r.collection_date, Number(r.n)]));
}

// ---------------------------------------------------------------------------
// Holds: unpaid checkouts keep a slot while they are paid, but only a share of a day

/** Unpaid checkouts one address may hold on one day (a household needs one; a retry makes two). */
export const MAX_HOLDS_PER_ADDRESS = 2;

/** Unpaid checkouts a day may hold: half its capacity (at least one, so a small day can be booked). */
export function holdLimit(capacity: number): number {
  return Math.max(1, Math.floor(capacity / 2));
}

export const DAY_HELD_MESSAGE =
  "Other customers are paying for bookings on this day right now. Please choose another date, or try this one again in about 30 minutes.";
export const ADDRESS_HOLDS_MESSAGE = `You already have ${MAX_HOLDS_PER_ADDRESS} unfinished payments for this day. Finish or cancel one of them, or choose another date.`;

export interface DayLoad {
  capacity: number;
  /** active bookings on the day: paid, made by staff, and unpaid checkouts still held */
  booked: number;
  /** unpaid card checkouts still holding a slot */
  held: number;
  /** of those, the ones started from this address */
  heldByAddress: number;
}

export type HoldDecision =
  { ok: true } | { ok: false; reason: "full" | "day-held" | "address"; message: string };

/**
 * May one more unpaid checkout hold a slot on this day? The one rule for
 * holds (unit-tested as a table): the day is not full, unpaid checkouts hold
 * at most half of it, and one address holds at most two of them.
 */
export function holdDecision(load: DayLoad): HoldDecision {
  if (load.booked >= load.capacity)
    return { ok: false, reason: "full", message: INVALID_DATE_MESSAGE };
  if (load.held >= holdLimit(load.capacity))
    return { ok: false, reason: "day-held", message: DAY_HELD_MESSAGE };
  if (load.heldByAddress >= MAX_HOLDS_PER_ADDRESS)
    return { ok: false, reason: "address", message: ADDRESS_HOLDS_MESSAGE };
  return { ok: true };
}

/** A day's bookings and holds, counted for holdDecision (inside the transaction that writes the order). */
export async function dayLoad(
  day: string,
  clientKey: string,
  capacity: number,
  now: Date,
  executor: Kysely<DB> = db(),
): Promise<DayLoad> {
  const freshSince = new Date(now.getTime() - PAYMENT_WINDOW_MINUTES * 60_000).toISOString();
  const held = sql<number>`(payment_method = 'card' AND status = 'pending' AND payment_closed IS NULL AND payment_review_at IS NULL AND created_at >= ${freshSince})`;
  const row = await executor
    .selectFrom("orders")
    .select([
      sql<number>`coalesce(sum(status = 'complete' OR payment_method <> 'card' OR payment_review_at IS NOT NULL OR ${held}), 0)`.as(
        "booked",
      ),
      sql<number>`coalesce(sum(${held}), 0)`.as("held"),
      sql<number>`coalesce(sum(${held} AND client_key = ${clientKey}), 0)`.as("by_address"),
    ])
    .where("collection_date", "=", day)
    .executeTakeFirstOrThrow();
  return {
    capacity,
    booked: Number(row.booked),
    held: Number(row.held),
    heldByAddress: Number(row.by_address),
  };
}

export type DateCheck = { ok: true; full: boolean } | { ok: false; message: string };

/**
 * Is this a day a collection can be booked for? Customers: within the window
 * and not full. Staff may book today whatever the time, and a full day (the
 * caller shows a warning).
 */
export async function checkCollectionDate(
  day: unknown,
  who: "customer" | "staff",
  now = new Date(),
): Promise<DateCheck> {
  if (!isIsoDay(day)) return { ok: false, message: INVALID_DATE_MESSAGE };
  const rules = await bookingRules(now);
  const first = who === "staff" ? rules.today : rules.firstDay;
  if (day < first || day > rules.lastDay) return { ok: false, message: INVALID_DATE_MESSAGE };
  const booked = (await activeBookingsByDay(day, day, now)).get(day) ?? 0;
  const full = booked >= rules.capacity;
  if (full && who === "customer") return { ok: false, message: INVALID_DATE_MESSAGE };
  return { ok: true, full };
}

/** Jobs per day for the staff calendar: every order on that day except card orders never paid. */
export async function jobsByDay(from: string, to: string): Promise<Map<string, number>> {
  const rows = await db()
    .selectFrom("orders")
    .select(["collection_date", (eb) => eb.fn.countAll<number>().as("n")])
    .where("collection_date", ">=", from)
    .where("collection_date", "<=", to)
    .where(sql<boolean>`(status = 'complete' OR payment_method <> 'card')`)
    .groupBy("collection_date")
    .execute();
  return new Map(rows.map((r) => [r.collection_date, Number(r.n)]));
}

export interface DayBooking {
  orderId: number;
  fullName: string;
  email: string;
  phoneNumber: string;
  address1: string;
  town: string;
  postcode: string;
  totalPence: number;
  paymentMethod: string;
  status: string;
  bookingStatus: string;
}

const BOOKING_COLUMNS = [
  "id",
  "full_name",
  "email",
  "phone_number",
  "address_1",
  "town",
  "postcode",
  "collection_date",
  "total_pence",
  "payment_method",
  "status",
  "booking_status",
] as const;

/** A day's bookings for the day view, in progress first. */
export async function bookingsOn(day: string): Promise<DayBooking[]> {
  const rows = await db()
    .selectFrom("orders")
    .select(BOOKING_COLUMNS)
    .where("collection_date", "=", day)
    .where(sql<boolean>`(status = 'complete' OR payment_method <> 'card')`)
    .orderBy(sql`booking_status = 'complete'`)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    orderId: r.id,
    fullName: r.full_name,
    email: r.email,
    phoneNumber: r.phone_number,
    address1: r.address_1,
    town: r.town,
    postcode: r.postcode,
    totalPence: r.total_pence,
    paymentMethod: r.payment_method,
    status: r.status,
    bookingStatus: r.booking_status,
  }));
}

/** The manual booking form of spec §3, with its field names. */
export const manualBookingSchema = z.object({
  full_name: z.string().trim().min(1, "Please enter the customer's name").max(120),
  email: z.email("Please enter a valid email address").trim().max(200),
  phone_number: z.string().trim().min(1, "Please enter a phone number").max(40),
  address_1: z.string().trim().min(1, "Please enter the first line of the address").max(200),
  town: z.string().trim().min(1, "Please enter the town").max(100),
  postcode: z.string().trim().min(1, "Please enter the postcode").max(12),
  date: z.string().trim(),
  order_price: z.coerce
    .number({ error: "Please enter the price in pounds, such as 85 or 85.50" })
    .min(0, "The price cannot be negative")
    .max(100_000, "Please check the price"),
  payment_method: z.enum(["cash_payment", "bank_transfer"], {
    error: "Please choose cash or bank transfer",
  }),
});
export type ManualBookingField = keyof z.infer<typeof manualBookingSchema>;

export { MANUAL_BOOKING_FAILED } from "~/lib/messages";

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
  const dateCheck = await checkCollectionDate(input.date, "staff");
  if (!dateCheck.ok) errors.date = dateCheck.message;
  if (!parsed.success || !dateCheck.ok)
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
          postcode: b.postcode.toUpperCase(),
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
      // A booking made from a quote answers it.
      if (quoteId) {
        await trx
          .updateTable("quotes")
          .set({ responded: "yes", updated_at: new Date().toISOString() })
          .where("id", "=", quoteId)
          .execute();
      }
      return row.id;
    });
  return { ok: true, orderId, fullDayWarning: dateCheck.full };
}

export const bookingUpdateSchema = z.object({
  full_name: manualBookingSchema.shape.full_name,
  email: manualBookingSchema.shape.email,
  phone_number: manualBookingSchema.shape.phone_number,
  address_1: manualBookingSchema.shape.address_1,
  town: manualBookingSchema.shape.town,
  postcode: manualBookingSchema.shape.postcode,
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
      }
    : undefined;
}

export type BookingUpdateResult =
  | { ok: true; date: string; fullDayWarning: boolean; changed: string[] }
  | {
      ok: false;
      status: 400 | 404;
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
 * unchanged date is always accepted. Each change is written to the order's
 * history.
 */
export async function updateBooking(
  orderId: number,
  values: Record<string, unknown>,
  actor: string,
): Promise<BookingUpdateResult> {
  const current = await getBooking(orderId);
  if (!current) return { ok: false, status: 404, message: "Booking not found", errors: {} };
  const input: Record<string, unknown> = { ...current, ...values };
  const parsed = bookingUpdateSchema.safeParse(input);
  const errors = parsed.success ? {} : fieldErrors<BookingUpdateField>(parsed.error);
  let fullDayWarning = false;
  if (input.date !== current.date) {
    const check = await checkCollectionDate(input.date, "staff");
    if (!check.ok) errors.date = check.message;
    else fullDayWarning = check.full;
  }
  if (!parsed.success || errors.date)
    return { ok: false, status: 400, message: MANUAL_BOOKING_FAILED, errors };

  const next = { ...parsed.data, postcode: parsed.data.postcode.toUpperCase() };
  const changed = (Object.keys(DB_COLUMN) as BookingUpdateField[]).filter(
    (field) => String(next[field]) !== String(current[DB_COLUMN[field]]),
  );
  const now = new Date().toISOString();
  await db()
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
    });
  return { ok: true, date: next.date, fullDayWarning, changed };
}

/** Every booking (the spec's GET /api/general/bookings). */
export async function listBookings(): Promise<
  { date: string; order_id: number; status: string; booking_status: string }[]
> {
  const rows = await db()
    .selectFrom("orders")
    .select(["collection_date", "id", "status", "booking_status"])
    .where(sql<boolean>`(status = 'complete' OR payment_method <> 'card')`)
    .orderBy("collection_date")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    date: r.collection_date,
    order_id: r.id,
    status: r.status,
    booking_status: r.booking_status,
  }));
}
