import {
  dayCapacity,
  formatLoadYards,
  type ArrivalWindow,
  type DayBooking,
  type DayFleet,
  type Load,
  type OverBy,
  type WindowChoice,
} from "./capacity";

/**
 * Which van a booking goes on (docs/rules.md#vans-and-crews). A van holds what THE capacity rule
 * gives a day of one van: its load per trip × trips, one crew's minutes, each window's share of
 * them. The day's collections are the day's, not a van's. The day decides whether a booking is
 * taken (lib/capacity.ts); this only says which van takes it.
 */

/** A booking counted on a day, with the van it is on (null: none yet). */
export interface VanBooking extends DayBooking {
  vanId: number | null;
}

export interface VanDay {
  fleet: DayFleet;
  windows: readonly ArrivalWindow[];
  /** the vans out that day, in the order they go out */
  vanIds: readonly number[];
  bookings: readonly VanBooking[];
}

/** Where the booking would leave a van: null when it fits, else what the van is over by. */
export function vanOverBy(
  day: Omit<VanDay, "vanIds">,
  vanId: number,
  request: Load & { window: WindowChoice },
): OverBy | null {
  const answer = dayCapacity({
    fleet: { ...day.fleet, vans: 1, maxJobs: Number.MAX_SAFE_INTEGER },
    blocked: null,
    windows: day.windows,
    bookings: day.bookings.filter((b) => b.vanId === vanId),
    request: { ...request, staffOverride: true },
  }).request;
  if (answer.state === "over") return answer.overBy;
  return answer.state === "available" ? null : { loadHundredths: 0, minutes: 0, jobs: 0 };
}

export type VanPick = { vanId: number; overBy: OverBy | null };

/**
 * The first van out with room for the booking in its window; when none has (the day fits, but
 * split between vans), the one it takes least past its room, by load then minutes. Null when
 * no van is out.
 */
export function pickVan(day: VanDay, request: Load & { window: WindowChoice }): VanPick | null {
  let best: VanPick | null = null;
  for (const vanId of day.vanIds) {
    const overBy = vanOverBy(day, vanId, request);
    if (overBy === null) return { vanId, overBy };
    if (
      best === null ||
      overBy.loadHundredths < best.overBy!.loadHundredths ||
      (overBy.loadHundredths === best.overBy!.loadHundredths &&
        overBy.minutes < best.overBy!.minutes)
    )
      best = { vanId, overBy };
  }
  return best;
}

/** "over its load by 1.5 yd³ and its time by 20 min", for the office's move. */
export function vanOverText(overBy: OverBy): string {
  const parts = [
    overBy.loadHundredths > 0 ? `its load by ${formatLoadYards(overBy.loadHundredths)} yd³` : "",
    overBy.minutes > 0 ? `its time by ${overBy.minutes} min` : "",
  ].filter(Boolean);
  return parts.length > 0 ? `over ${parts.join(" and ")}` : "over what it holds";
}
