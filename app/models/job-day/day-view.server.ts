import {
  formatLoadYards,
  formatMinute,
  WINDOW_CHOICES,
  windowName,
  type ArrivalWindow,
  type CapacityAnswer,
  type WindowChoice,
} from "~/lib/capacity";
import { dayAvailability, NOTHING } from "../checkout/availability.server";
import { bookingsOn, type DayBooking } from "../bookings/booking.server";
import { fleetOnDay } from "../bookings/fleet.server";

/**
 * The calendar's day view (docs/rules.md#capacity-by-load): a day's jobs under their arrival
 * windows, each with its load, each window with the crew minutes it uses of its share, and the
 * day's totals against its capacity. Bookings alone count (no unpaid checkouts), as the
 * calendar's fill bars.
 */

export interface DayViewJob extends DayBooking {
  /** "2.5 yd³ · 45 min" */
  loadText: string;
}

export interface DayViewWindow {
  key: WindowChoice;
  /** "Afternoon 12:00–17:00", or "Any time" */
  heading: string;
  /** "180 of 400 min" (a window's crew minutes; any time counts against the day alone) */
  use: string | null;
  jobs: DayViewJob[];
}

export interface DayView {
  windows: DayViewWindow[];
  /** cancelled bookings, listed last */
  cancelled: DayViewJob[];
  /** "Load 4.5 of 12 yd³ · 225 of 960 crew minutes · 3 of 8 collections" */
  totals: string;
  /** why the day takes no collections, or null */
  closed: string | null;
}

/** "2.5 yd³ · 45 min" */
export function jobLoadText(job: { loadHundredths: number; minutes: number }): string {
  return `${formatLoadYards(job.loadHundredths)} yd³ · ${job.minutes} min`;
}

/** The day view from a day's bookings, THE capacity rule's answer for it and its windows (pure). */
export function groupDay(
  bookings: readonly DayBooking[],
  answer: CapacityAnswer,
  windows: readonly ArrivalWindow[],
): DayView {
  const withLoad = (b: DayBooking): DayViewJob => ({ ...b, loadText: jobLoadText(b) });
  const live = bookings.filter((b) => !b.cancelledAt).map(withLoad);
  const groups = WINDOW_CHOICES.map((key): DayViewWindow => {
    const jobs = live.filter((b) => b.window === key);
    if (key === "any") return { key, heading: windowName(key), use: null, jobs };
    const times = windows.find((w) => w.key === key);
    const share = answer.windows.find((w) => w.key === key);
    return {
      key,
      heading: times
        ? `${windowName(key)} ${formatMinute(times.startMinute)}–${formatMinute(times.endMinute)}`
        : windowName(key),
      use: share ? `${share.minutesUsed} of ${share.minutesCapacity} min` : null,
      jobs,
    };
  });
  return {
    windows: groups,
    cancelled: bookings.filter((b) => b.cancelledAt).map(withLoad),
    totals:
      `Load ${formatLoadYards(answer.loadUsed)} of ${formatLoadYards(answer.loadCapacity)} yd³` +
      ` · ${answer.minutesUsed} of ${answer.minutesCapacity} crew minutes` +
      ` · ${answer.jobsUsed} of ${answer.jobsCapacity} ${answer.jobsCapacity === 1 ? "collection" : "collections"}`,
    closed: answer.day.state === "blocked" ? answer.day.reason : null,
  };
}

/** The day view for a day. */
export async function dayView(day: string): Promise<DayView> {
  const [bookings, answer, fleet] = await Promise.all([
    bookingsOn(day),
    dayAvailability(day, NOTHING, { counting: "booked" }),
    fleetOnDay(day),
  ]);
  return groupDay(bookings, answer, fleet.windows);
}
