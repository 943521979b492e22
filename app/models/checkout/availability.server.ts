import { sql, type Kysely } from "kysely";
import {
  addDaysIso,
  isIsoDay,
  isMonth,
  monthGrid,
  shiftMonth,
  type CalendarMonth,
} from "~/lib/calendar";
import {
  dayCapacity,
  INVALID_DATE_MESSAGE,
  type CapacityAnswer,
  type Load,
  type WindowChoice,
} from "~/lib/capacity";
import type { VanBooking } from "~/lib/van-assignment";
import { db, type DB } from "~/services/db.server";
import { bookingRules, fillsDay, isBooking } from "../bookings/booking.server";
import { fleetForDays } from "../bookings/fleet.server";

/**
 * Where a booking fits (docs/rules.md#capacity-by-load, docs/decisions/027, 028): THE capacity
 * rule (app/lib/capacity.ts) fed from the database. Every path that makes or moves a booking
 * (checkout, quote booking, rearranging, staff booking and edits, /api) and every calendar asks
 * here; the writers ask inside the transaction that writes the booking, holding the day's lock.
 */

/** What a booking needs of a day: its load and crew minutes (orderLoad of its lines). */
export type Need = Load;
/** A calendar for no bag in particular: a day is open while one more collection fits. */
export const NOTHING: Need = { loadHundredths: 0, minutes: 0 };

export interface AvailabilityOptions {
  now?: Date;
  /** the transaction writing the booking (the day's lock held) */
  executor?: Kysely<DB>;
  /** the booking being moved: it does not count against itself */
  excludeOrderId?: number;
  /** staff booking over capacity: full becomes "over" (the caller asks for a reason) */
  staffOverride?: boolean;
  /** which orders count: those filling the day now, holds included (the default), or bookings alone (the staff calendar's fill) */
  counting?: "fills" | "booked";
}

/**
 * The orders counted on the days between two (inclusive), summed by day, window and van: how many,
 * and what their lines take (as snapshot on them). One query, whatever the range; an order with
 * no lines (a booking staff made by hand) counts as a collection that takes nothing.
 */
async function ordersOnDays(
  from: string,
  to: string,
  options: AvailabilityOptions,
): Promise<Map<string, VanBooking[]>> {
  const executor = options.executor ?? db();
  const counted = options.counting === "booked" ? isBooking : fillsDay(options.now ?? new Date());
  let query = executor
    .selectFrom("orders")
    .leftJoin("order_items", "order_items.order_id", "orders.id")
    .select([
      "orders.collection_date",
      "orders.arrival_window",
      "orders.van_id",
      sql<number>`count(DISTINCT orders.id)`.as("n"),
      sql<number>`coalesce(sum(coalesce(order_items.load_hundredths, 0) * order_items.quantity), 0)`.as(
        "load",
      ),
      sql<number>`coalesce(sum(coalesce(order_items.handling_minutes, 0) * order_items.quantity), 0)`.as(
        "minutes",
      ),
    ])
    .where("orders.collection_date", ">=", from)
    .where("orders.collection_date", "<=", to)
    .where(counted)
    .groupBy(["orders.collection_date", "orders.arrival_window", "orders.van_id"]);
  if (options.excludeOrderId !== undefined)
    query = query.where("orders.id", "<>", options.excludeOrderId);
  const rows = await query.execute();
  const byDay = new Map<string, VanBooking[]>();
  for (const row of rows) {
    const list = byDay.get(row.collection_date) ?? [];
    list.push({
      loadHundredths: Number(row.load),
      minutes: Number(row.minutes),
      window: row.arrival_window,
      count: Number(row.n),
      vanId: row.van_id,
    });
    byDay.set(row.collection_date, list);
  }
  return byDay;
}

/**
 * THE capacity rule's answer for each day between two (inclusive), for a booking needing `need`:
 * the day's state and each window's (the request is made for any time; pickWindow chooses).
 * Four queries whatever the range.
 */
export async function capacityByDay(
  from: string,
  to: string,
  need: Need,
  options: AvailabilityOptions = {},
): Promise<Map<string, CapacityAnswer>> {
  const fleetOf = await fleetForDays(from, to, options.executor ?? db());
  const orders = await ordersOnDays(from, to, options);
  const answers = new Map<string, CapacityAnswer>();
  for (let day = from; day <= to; day = addDaysIso(day, 1)) {
    const { fleet, blocked, windows } = fleetOf(day);
    answers.set(
      day,
      dayCapacity({
        fleet,
        blocked,
        windows,
        bookings: orders.get(day) ?? [],
        request: { ...need, window: "any", staffOverride: options.staffOverride },
      }),
    );
  }
  return answers;
}

/** THE capacity rule's answer for one day (capacityByDay for a day). */
export async function dayAvailability(
  day: string,
  need: Need,
  options: AvailabilityOptions = {},
): Promise<CapacityAnswer> {
  return (await capacityByDay(day, day, need, options)).get(day)!;
}

/** The orders counted on one day, summed by window and van (for lib/van-assignment.ts). */
export async function dayBookingsByVan(
  day: string,
  options: AvailabilityOptions = {},
): Promise<VanBooking[]> {
  return (await ordersOnDays(day, day, options)).get(day) ?? [];
}

/** Is a day open for this booking: not blocked, and at least one window (or any time) fits? */
const dayOpen = (answer: CapacityAnswer) =>
  answer.day.state === "available" ||
  answer.windows.some((w) => w.slot.state === "available") ||
  answer.anyTime.state === "available";

export interface DayFill {
  /** the day's bookings (paid, and made by staff) */
  jobs: number;
  /** how full the day is with its bookings, in whole percent (the fullest of load, crew minutes and collections) */
  fillPercent: number;
  /** why the day takes no collections, or null when it is open */
  closed: string | null;
}

/**
 * Each day's jobs and fill between two days (inclusive), for the staff calendar's counts and bars:
 * bookings alone, no holds (what `isBooking` counts).
 */
export async function daysFill(from: string, to: string): Promise<Map<string, DayFill>> {
  const answers = await capacityByDay(from, to, NOTHING, { counting: "booked" });
  return new Map(
    [...answers].map(([day, answer]) => [
      day,
      {
        jobs: answer.jobsUsed,
        fillPercent: answer.fillPercent,
        closed: answer.day.state === "blocked" ? answer.day.reason : null,
      },
    ]),
  );
}

export type DateCheck =
  { ok: true; full: boolean; answer: CapacityAnswer } | { ok: false; message: string };

/**
 * Is this a day a collection needing `need` can be booked for? Customers: within the booking
 * window, open, and with room in some window. Staff: from today whatever the time, never a
 * blocked day, and a full one with `full` set (the caller asks for a reason to book over).
 * Outside a transaction: a first answer for the form; the writer asks again under the day's lock.
 */
export async function checkCollectionDate(
  day: unknown,
  who: "customer" | "staff",
  now = new Date(),
  need: Need = NOTHING,
  options: Pick<AvailabilityOptions, "excludeOrderId"> = {},
): Promise<DateCheck> {
  if (!isIsoDay(day)) return { ok: false, message: INVALID_DATE_MESSAGE };
  const rules = await bookingRules(now);
  const first = who === "staff" ? rules.today : rules.firstDay;
  if (day < first || day > rules.lastDay) return { ok: false, message: INVALID_DATE_MESSAGE };
  const answer = await dayAvailability(day, need, { now, ...options });
  if (answer.day.state === "blocked")
    return {
      ok: false,
      message:
        who === "staff"
          ? `That day is closed (${answer.day.reason}). Open it on the Fleet page first to book it.`
          : INVALID_DATE_MESSAGE,
    };
  const full = !dayOpen(answer);
  if (full && who === "customer") return { ok: false, message: INVALID_DATE_MESSAGE };
  return { ok: true, full, answer };
}

/** Which arrival windows fit a booking on a day (any: the whole day, for a bag left outside). */
export type WindowSlots = Record<WindowChoice, boolean>;

export interface CheckoutCalendar extends CalendarMonth {
  firstDay: string;
  lastDay: string;
  /** for each bookable day of the month, the windows that fit the booking */
  slots: Record<string, WindowSlots>;
}

/** The windows that fit, from a day's answer. */
export function windowSlots(answer: CapacityAnswer): WindowSlots {
  const fits = (key: string) =>
    answer.windows.find((w) => w.key === key)?.slot.state === "available";
  return {
    morning: fits("morning"),
    afternoon: fits("afternoon"),
    evening: fits("evening"),
    any: answer.anyTime.state === "available",
  };
}
type CalendarDay = CalendarMonth["weeks"][number][number];

/**
 * A month of collection days for a booking needing `need`, each marked bookable or with the
 * reason it is not: a big bag sees a day full that a small one can still book.
 */
export async function collectionCalendar(
  requested: string | null | undefined,
  now = new Date(),
  need: Need = NOTHING,
  options: Pick<AvailabilityOptions, "excludeOrderId"> = {},
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
  const answers = await capacityByDay(from, to, need, { now, ...options });
  const slots: Record<string, WindowSlots> = {};
  const weeks = grid.map((week) =>
    week.map(({ day, inMonth }): CalendarDay => {
      if (!inMonth) return { day, state: "outside" };
      if (day < rules.firstDay) return { day, state: "past" };
      if (day > rules.lastDay) return { day, state: "beyond" };
      const answer = answers.get(day)!;
      if (answer.day.state === "blocked") return { day, state: "closed" };
      if (!dayOpen(answer)) return { day, state: "full" };
      slots[day] = windowSlots(answer);
      return { day, state: "available" };
    }),
  );
  return {
    month,
    weeks,
    firstDay: rules.firstDay,
    lastDay: rules.lastDay,
    slots,
    previous: month > firstMonth ? shiftMonth(month, -1) : null,
    next: month < lastMonth ? shiftMonth(month, 1) : null,
  };
}
