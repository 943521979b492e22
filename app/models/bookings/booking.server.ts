import { paymentWayOf } from "~/lib/domain";
import { sql, type Kysely } from "kysely";
import { addDaysIso } from "~/lib/calendar";
import {
  ORDER_CONTACT_NAMES,
  quoteContactDetails,
  type QuoteContactDetails,
} from "~/lib/contact-details";
import { INVALID_DATE_MESSAGE, type SlotState, type WindowChoice } from "~/lib/capacity";
import { londonTime, todayInLondon } from "~/lib/london-clock.server";
import { db, type DB } from "~/services/db.server";
import { oneWhen } from "~/services/dialect.server";
import { PAYMENT_WINDOW_MINUTES } from "~/lib/payment-hold";
import { getSetting } from "../shop/settings.server";

/**
 * Collection days (docs/rules.md#collection-days): from today (before the
 * same-day cut-off, else tomorrow) to 90 days ahead; whether a day has room
 * for a booking is THE capacity rule's (app/models/checkout/availability.server.ts).
 * What fills a day is defined here. Active: paid orders,
 * bookings staff made by hand, card orders still within their 30-minute
 * payment window (so an abandoned checkout frees its slot), and card orders
 * whose payment did not match (money was taken: the day stays held while
 * staff check it).
 */

export { INVALID_DATE_MESSAGE };
/** How long a card payment may take, and its hold on the day lasts (app/lib/payment-hold.ts). */
export { PAYMENT_WINDOW_MINUTES };

// ---------------------------------------------------------------------------
// Which orders fill a collection day: the one definition, used by every count and list

/** Paid, or made by staff by hand (whatever its payment status, a card payment link's too). */
const bookedOrPaid = sql<boolean>`(status = 'complete' OR payment_method <> 'card' OR payment_link_at IS NOT NULL)`;

/**
 * An order that was made a booking: a paid order, or a booking staff made by
 * hand (whatever its payment status), cancelled since or not. What a quote
 * remembers as "booked", and what the day view lists (cancelled ones marked).
 * A payment refused for a quote no longer on offer was never one.
 */
export const wasBooked = sql<boolean>`(${bookedOrPaid} AND payment_refused IS NULL)`;

/**
 * A job on its day: a booking that has not been cancelled (docs/rules.md#cancelled-orders).
 * (A refused payment is cancelled too, so the day's counts need only the columns of their index.)
 */
export const isBooking = sql<boolean>`(${bookedOrPaid} AND cancelled_at IS NULL)`;

/**
 * A web checkout whose card payment never arrived: being paid now, declined, expired, failed or
 * left. Not an order the business has: the orders list, its count and the /api keep them apart
 * (a payment that arrived but did not match stays an order: staff are checking it).
 */
export const isUnfinishedCheckout = sql<boolean>`(payment_method = 'card' AND payment_link_at IS NULL AND status = 'pending' AND payment_review_at IS NULL)`;

/** An unpaid card checkout still within its payment window: it holds a slot while it is paid. */
function isHeld(now: Date) {
  const freshSince = new Date(now.getTime() - PAYMENT_WINDOW_MINUTES * 60_000).toISOString();
  return sql<boolean>`(payment_method = 'card' AND payment_link_at IS NULL AND status = 'pending' AND payment_closed IS NULL AND payment_review_at IS NULL AND created_at >= ${freshSince})`;
}

/**
 * An order that takes its share of its day: a booking, a payment staff
 * are checking (money was taken), or a checkout still being paid.
 */
export function fillsDay(now: Date) {
  return sql<boolean>`(cancelled_at IS NULL AND (${isBooking} OR payment_review_at IS NOT NULL OR ${isHeld(now)}))`;
}

export interface BookingRules {
  firstDay: string;
  lastDay: string;
  today: string;
}

export async function bookingRules(now = new Date()): Promise<BookingRules> {
  const [cutoff, windowDays] = await Promise.all([
    getSetting("same_day_cutoff"),
    getSetting("booking_window_days"),
  ]);
  const today = todayInLondon(now);
  const beforeCutoff = londonTime(now) < (cutoff ?? "12:00");
  return {
    today,
    firstDay: beforeCutoff ? today : addDaysIso(today, 1),
    lastDay: addDaysIso(today, Number(windowDays ?? 90)),
  };
}

// ---------------------------------------------------------------------------
// Holds: unpaid checkouts keep a slot while they are paid, but only a share of a day

/** Unpaid checkouts one address may hold on one day (a household needs one; a retry makes two). */
export const MAX_HOLDS_PER_ADDRESS = 2;

/** Unpaid checkouts a day may hold: half the collections it takes (at least one, so a small day can be booked). */
export function holdLimit(maxJobs: number): number {
  return Math.max(1, Math.floor(maxJobs / 2));
}

export const DAY_HELD_MESSAGE =
  "Other customers are paying for bookings on this day right now. Please choose another date, or try this one again in about 30 minutes.";
export const ADDRESS_HOLDS_MESSAGE = `You already have ${MAX_HOLDS_PER_ADDRESS} unfinished payments for this day. Finish or cancel one of them, or choose another date.`;

export interface HoldCount {
  /** unpaid card checkouts still holding their share of the day */
  held: number;
  /** of those, the ones started from this address */
  heldByAddress: number;
}

export interface DayLoad extends HoldCount {
  /** the request's slot by THE capacity rule (holds counted), in the window it takes */
  slot: SlotState;
  /** the most collections the day takes */
  maxJobs: number;
}

export type HoldDecision =
  { ok: true } | { ok: false; reason: "full" | "day-held" | "address"; message: string };

/**
 * May one more unpaid checkout hold its share of this day? The one rule for
 * holds (unit-tested as a table): the booking fits (THE capacity rule),
 * unpaid checkouts hold at most half the day's collections, and one address
 * holds at most two of them.
 */
export function holdDecision(load: DayLoad): HoldDecision {
  if (load.slot.state !== "available")
    return { ok: false, reason: "full", message: INVALID_DATE_MESSAGE };
  if (load.held >= holdLimit(load.maxJobs))
    return { ok: false, reason: "day-held", message: DAY_HELD_MESSAGE };
  if (load.heldByAddress >= MAX_HOLDS_PER_ADDRESS)
    return { ok: false, reason: "address", message: ADDRESS_HOLDS_MESSAGE };
  return { ok: true };
}

/** A day's unpaid checkouts, counted for holdDecision (inside the transaction that writes the order). */
export async function holdsOn(
  day: string,
  clientKey: string,
  now: Date,
  executor: Kysely<DB> = db(),
): Promise<HoldCount> {
  const held = isHeld(now);
  const row = await executor
    .selectFrom("orders")
    .select([
      sql<number>`coalesce(sum(${oneWhen(held)}), 0)`.as("held"),
      sql<number>`coalesce(sum(${oneWhen(sql<boolean>`${held} AND client_key = ${clientKey}`)}), 0)`.as(
        "by_address",
      ),
    ])
    .where("collection_date", "=", day)
    .executeTakeFirstOrThrow();
  return { held: Number(row.held), heldByAddress: Number(row.by_address) };
}

/** A booking on the day view, with its customer's details. */
export interface DayBooking extends QuoteContactDetails {
  orderId: number;
  totalPence: number;
  /** how it is paid (paymentWayOf: "card_link" for a card payment link) */
  paymentMethod: string;
  status: string;
  bookingStatus: string;
  /** when the booking was cancelled (it stays listed, marked, and fills no slot) */
  cancelledAt: string | null;
  window: WindowChoice;
  /** what its lines take: hundredths of a cubic yard, crew minutes */
  loadHundredths: number;
  minutes: number;
}

/** What staff see of a booking, in the day view and the edit form. */
export const BOOKING_COLUMNS = [
  "id",
  ...Object.values(ORDER_CONTACT_NAMES),
  "collection_date",
  "total_pence",
  "payment_method",
  "payment_link_at",
  "status",
  "booking_status",
  "cancelled_at",
  "arrival_window",
] as const;

/** A day's bookings for the day view, in progress first, cancelled ones last. */
export async function bookingsOn(day: string): Promise<DayBooking[]> {
  const rows = await db()
    .selectFrom("orders")
    .select(BOOKING_COLUMNS)
    .select([
      sql<number>`(SELECT coalesce(sum(coalesce(oi.load_hundredths, 0) * oi.quantity), 0) FROM order_items oi WHERE oi.order_id = orders.id)`.as(
        "load",
      ),
      sql<number>`(SELECT coalesce(sum(coalesce(oi.handling_minutes, 0) * oi.quantity), 0) FROM order_items oi WHERE oi.order_id = orders.id)`.as(
        "minutes",
      ),
    ])
    .where("collection_date", "=", day)
    .where(wasBooked)
    .orderBy(sql`cancelled_at IS NOT NULL`)
    .orderBy(sql`booking_status = 'complete'`)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    orderId: r.id,
    ...quoteContactDetails(r),
    totalPence: r.total_pence,
    paymentMethod: paymentWayOf(r),
    status: r.status,
    bookingStatus: r.booking_status,
    cancelledAt: r.cancelled_at,
    window: r.arrival_window,
    loadHundredths: Number(r.load),
    minutes: Number(r.minutes),
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
