import { paymentWayOf } from "~/lib/domain";
import { sql } from "kysely";
import { windowDescription } from "~/lib/capacity";
import { needsConsignmentNote } from "~/lib/waste";
import { jobPaymentLine, mapsHref, telHref, type RunSheetJob } from "~/lib/run-sheet";
import { directionsLinks, planRoute, type RouteWindow } from "~/lib/route-order";
import { postcodeAtEnd } from "~/lib/waste-export";
import { isBooking } from "../bookings/booking.server";
import { businessProfile } from "../shop/business-profile.server";
import { placesOf } from "./postcode-places.server";
import { crewsOn, type CrewMember } from "../bookings/van-crews.server";
import { vansOut, type Van } from "../bookings/vans.server";
import { crewJobLines, crewJobsQuery } from "./crew-jobs.server";

/** The day's run in road order (lib/route-order.ts), or why not. */
export interface RunRoute {
  /** false: not every postcode (or the yard's) has a place, so the order is by window and district */
  placed: boolean;
  /** from the yard through the jobs to do and back, straight lines; null when not placed */
  totalKm: number | null;
  /** the run for the phone's maps app: yard, the jobs to do in order, yard (nine stops a link) */
  links: string[];
}

/** One van's run: its crew, its jobs in road order, its route (van null: the jobs on no van). */
export interface VanRun {
  van: Van | null;
  crew: CrewMember[];
  jobs: RunSheetJob[];
  route: RunRoute;
}

/** Morning, afternoon, evening, then any time, in SQL. */
const WINDOW_ORDER = sql`CASE orders.arrival_window WHEN 'morning' THEN 0 WHEN 'afternoon' THEN 1 WHEN 'evening' THEN 2 ELSE 3 END`;

/**
 * A day's jobs for the crew, in collection order: every booking the calendar
 * counts for the day (isBooking: paid orders and staff bookings, never an
 * unpaid card checkout): the jobs to do in road order from the yard and back
 * (planRoute: window by window, nearest first then uncrossed; any time where it
 * adds least), or, without places, by window then postcode district; then the
 * completed ones by window.
 */
export async function runSheet(
  day: string,
  onlyVanId: number | null = null,
): Promise<{ vans: Van[]; runs: VanRun[] }> {
  const orders = await crewJobsQuery()
    .select([
      "orders.booking_status",
      "orders.business_name",
      "orders.sic_code",
      "orders.on_my_way_at",
      "orders.van_id",
    ])
    .where("orders.collection_date", "=", day)
    .where(isBooking)
    .orderBy(sql`orders.booking_status = 'complete'`)
    .orderBy(WINDOW_ORDER)
    .orderBy("orders.id")
    .execute();
  const { vans, fleetDay } = await vansOut(day);
  const crews = await crewsOn(day);
  const { windows } = fleetDay;
  const linesOf = orders.length > 0 ? await crewJobLines(orders.map((o) => o.id)) : new Map();
  const jobs = orders.map((o): RunSheetJob => {
    const address = `${o.address_1}, ${o.town}, ${o.postcode}`;
    const notes = o.notes?.trim() || o.comments?.trim();
    const business = o.business_name ? { name: o.business_name, sicCode: o.sic_code } : null;
    return {
      orderId: o.id,
      fullName: o.full_name,
      address,
      mapsHref: mapsHref(address),
      phoneNumber: o.phone_number,
      telHref: telHref(o.phone_number),
      business,
      items: linesOf.get(o.id)?.items ?? [],
      notes: notes ? notes : null,
      consignmentNote: needsConsignmentNote({
        business: business !== null,
        hazardous: linesOf.get(o.id)?.hazardous ?? false,
      }),
      payment: jobPaymentLine(paymentWayOf(o), o.status, o.total_pence),
      done: o.booking_status === "complete",
      window: o.arrival_window,
      windowText: windowDescription(o.arrival_window, windows),
      legKm: null,
      onMyWayAt: o.on_my_way_at,
      vanId: vans.some((v) => v.id === o.van_id) ? o.van_id : null,
    };
  });
  const postcodeOf = new Map(orders.map((o) => [o.id, o.postcode]));
  const runs: VanRun[] = [];
  for (const van of [...vans, null]) {
    if (onlyVanId !== null && van?.id !== onlyVanId) continue;
    const own = jobs.filter((job) => job.vanId === (van?.id ?? null));
    // The jobs on no van are listed only when there are some.
    if (van === null && own.length === 0) continue;
    runs.push({
      van,
      crew: van ? (crews.get(van.id) ?? []) : [],
      ...(await inRoadOrder(
        own,
        own.map((job) => postcodeOf.get(job.orderId)!),
      )),
    });
  }
  return { vans, runs };
}

/** The jobs to do in road order from the yard, with their legs; the done ones after, as they were. */
async function inRoadOrder(
  jobs: RunSheetJob[],
  postcodes: string[],
): Promise<{ jobs: RunSheetJob[]; route: RunRoute }> {
  const yard = postcodeAtEnd(businessProfile().address);
  const toDo = jobs.map((job, i) => ({ job, postcode: postcodes[i]! })).filter((s) => !s.job.done);
  if (toDo.length === 0) return { jobs, route: { placed: false, totalKm: null, links: [] } };
  const places = await placesOf([yard, ...toDo.map((s) => s.postcode)].filter(Boolean));
  const plan = planRoute(
    yard ? (places.get(yard) ?? null) : null,
    toDo.map((s) => ({
      item: s.job,
      postcode: s.postcode,
      window: s.job.window as RouteWindow,
      place: places.get(s.postcode) ?? null,
    })),
  );
  const planned = plan.stops.map((stop) => ({ ...stop.item, legKm: stop.legKm }));
  return {
    jobs: [...planned, ...jobs.filter((job) => job.done)],
    route: {
      placed: plan.placed,
      totalKm: plan.totalKm,
      links: directionsLinks(
        yard || businessProfile().address,
        plan.stops.map((stop) => stop.postcode),
      ),
    },
  };
}
