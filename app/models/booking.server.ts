import { sql, type Kysely } from "kysely";
import {
  addDaysIso,
  isIsoDay,
  isMonth,
  monthGrid,
  shiftMonth,
  type CalendarMonth,
} from "~/lib/calendar";
import { londonTime, todayInLondon } from "~/lib/london-clock.server";
import { db, type DB } from "~/services/db.server";
import { oneWhen } from "~/services/dialect.server";
import { getSetting } from "./settings.server";

/**
 * Collection days (docs/rules.md#collection-days): from today (before the
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

// ---------------------------------------------------------------------------
// Which orders fill a collection day: the one definition, used by every count and list

/**
 * An order that was made a booking: a paid order, or a booking staff made by
 * hand (whatever its payment status), cancelled since or not. What a quote
 * remembers as "booked", and what the day view lists (cancelled ones marked).
 */
export const wasBooked = sql<boolean>`(status = 'complete' OR payment_method <> 'card')`;

/** A job on its day: a booking that has not been cancelled (docs/rules.md#cancelled-orders). */
export const isBooking = sql<boolean>`(${wasBooked} AND cancelled_at IS NULL)`;

/** An unpaid card checkout still within its payment window: it holds a slot while it is paid. */
function isHeld(now: Date) {
  const freshSince = new Date(now.getTime() - PAYMENT_WINDOW_MINUTES * 60_000).toISOString();
  return sql<boolean>`(payment_method = 'card' AND status = 'pending' AND payment_closed IS NULL AND payment_review_at IS NULL AND created_at >= ${freshSince})`;
}

/**
 * An order that takes one of its day's slots: a booking, a payment staff
 * are checking (money was taken), or a checkout still being paid.
 */
function fillsDay(now: Date) {
  return sql<boolean>`(cancelled_at IS NULL AND (${isBooking} OR payment_review_at IS NOT NULL OR ${isHeld(now)}))`;
}

export interface BookingRules {
  capacity: number;
  firstDay: string;
  lastDay: string;
  today: string;
}

export async function bookingRules(now = new Date()): Promise<BookingRules> {
  const [capacity, cutoff, windowDays] = await Promise.all([
    getSetting("daily_capacity"),
    getSetting("same_day_cutoff"),
    getSetting("booking_window_days"),
  ]);
  const today = todayInLondon(now);
  const beforeCutoff = londonTime(now) < (cutoff ?? "12:00");
  return {
    capacity: Number(capacity ?? 8),
    today,
    firstDay: beforeCutoff ? today : addDaysIso(today, 1),
    lastDay: addDaysIso(today, Number(windowDays ?? 90)),
  };
}

/** Active bookings per day between two days (inclusive). */
async function activeBookingsByDay(
  from: string,
  to: string,
  now = new Date(),
  executor: Kysely<DB> = db(),
): Promise<Map<string, number>> {
  const rows = await executor
    .selectFrom("orders")
    .select(["collection_date", (eb) => eb.fn.countAll<number>().as("n")])
    .where("collection_date", ">=", from)
    .where("collection_date", "<=", to)
    .where(fillsDay(now))
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
  const held = isHeld(now);
  const row = await executor
    .selectFrom("orders")
    .select([
      sql<number>`coalesce(sum(${oneWhen(fillsDay(now))}), 0)`.as("booked"),
      sql<number>`coalesce(sum(${oneWhen(held)}), 0)`.as("held"),
      sql<number>`coalesce(sum(${oneWhen(sql<boolean>`${held} AND client_key = ${clientKey}`)}), 0)`.as(
        "by_address",
      ),
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

export interface CheckoutCalendar extends CalendarMonth {
  firstDay: string;
  lastDay: string;
}
type CalendarDay = CalendarMonth["weeks"][number][number];

/** A month of collection days, each marked bookable or with the reason it is not. */
export async function collectionCalendar(
  requested: string | null | undefined,
  now = new Date(),
): Promise<CheckoutCalendar> {
  const rules = await bookingRules(now);
  const firstMonth = rules.firstDay.slice(0, 7);
  const lastMonth = rules.lastDay.slice(0, 7);
  const month =
    isMonth(requested) && requested >= firstMonth && requested <= lastMonth
      ? requested
      : firstMonth;
  const grid = monthGrid(month);
  const from = grid[0]![0]!.day;
  const to = grid.at(-1)!.at(-1)!.day;
  const booked = await activeBookingsByDay(from, to, now);
  const weeks = grid.map((week) =>
    week.map(({ day, inMonth }): CalendarDay => {
      if (!inMonth) return { day, state: "outside" };
      if (day < rules.firstDay) return { day, state: "past" };
      if (day > rules.lastDay) return { day, state: "beyond" };
      if ((booked.get(day) ?? 0) >= rules.capacity) return { day, state: "full" };
      return { day, state: "available" };
    }),
  );
  return {
    month,
    weeks,
    firstDay: rules.firstDay,
    lastDay: rules.lastDay,
    previous: month > firstMonth ? shiftMonth(month, -1) : null,
    next: month < lastMonth ? shiftMonth(month, 1) : null,
  };
}

/** Jobs per day for the staff calendar: every order on that day except card orders never paid. */
export async function jobsByDay(from: string, to: string): Promise<Map<string, number>> {
  const rows = await db()
    .selectFrom("orders")
    .select(["collection_date", (eb) => eb.fn.countAll<number>().as("n")])
    .where("collection_date", ">=", from)
    .where("collection_date", "<=", to)
    .where(isBooking)
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
  /** when the booking was cancelled (it stays listed, marked, and fills no slot) */
  cancelledAt: string | null;
}

/** What staff see of a booking, in the day view and the edit form. */
export const BOOKING_COLUMNS = [
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
  "cancelled_at",
] as const;

/** A day's bookings for the day view, in progress first, cancelled ones last. */
export async function bookingsOn(day: string): Promise<DayBooking[]> {
  const rows = await db()
    .selectFrom("orders")
    .select(BOOKING_COLUMNS)
    .where("collection_date", "=", day)
    .where(wasBooked)
    .orderBy(sql`cancelled_at IS NOT NULL`)
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
    cancelledAt: r.cancelled_at,
  }));
}

/** Every booking (the spec's GET /api/general/bookings). */
export async function listBookings(): Promise<
  { date: string; order_id: number; status: string; booking_status: string }[]
> {
  const rows = await db()
    .selectFrom("orders")
    .select(["collection_date", "id", "status", "booking_status"])
    .where(isBooking)
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
