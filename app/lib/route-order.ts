import { postcodeParts } from "./service-area";

/**
 * A van's run in road order (docs/rules.md#the-run-sheet): from the yard, through the day's jobs
 * window by window (morning, afternoon, evening), and back. Within a window the nearest job comes
 * next, then any two legs that cross are uncrossed (2-opt) until nothing shortens; a job for any
 * time goes where it adds least. Distances are straight lines between postcodes' centres (the
 * crew's maps app finds the roads). Without a place for the yard or every job, the order is the
 * windows', then postcode districts', and says so.
 */

export interface Place {
  lat: number;
  lng: number;
}

/** The windows in the day's order; "any" is a job that fits anywhere. */
export type RouteWindow = "morning" | "afternoon" | "evening" | "any";
const TIMED: readonly RouteWindow[] = ["morning", "afternoon", "evening"];

export interface RouteStop<T> {
  item: T;
  postcode: string;
  window: RouteWindow;
  place: Place | null;
}

export interface RoutePlan<T> {
  /** in the order to drive, with the straight-line distance from the stop before (the yard first) */
  stops: { item: T; postcode: string; legKm: number | null }[];
  /** yard, every stop, and back to the yard; null when not every place is known */
  totalKm: number | null;
  /** false: some place was not known, so the order is by window and postcode district */
  placed: boolean;
}

const EARTH_KM = 6371.0088;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two places, km. */
export function distanceKm(a: Place, b: Place): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The length of a path through places, from `start` (and on to `end` when given). */
function pathKm(start: Place, path: readonly Place[], end: Place | null): number {
  let total = 0;
  let at = start;
  for (const place of path) {
    total += distanceKm(at, place);
    at = place;
  }
  return end ? total + distanceKm(at, end) : total;
}

/** Nearest neighbour from `start`: each next stop the closest of those left. */
function nearestFirst<T>(start: Place, stops: RouteStop<T>[]): RouteStop<T>[] {
  const left = [...stops];
  const order: RouteStop<T>[] = [];
  let at = start;
  while (left.length > 0) {
    let best = 0;
    for (let i = 1; i < left.length; i++)
      if (distanceKm(at, left[i]!.place!) < distanceKm(at, left[best]!.place!)) best = i;
    const [next] = left.splice(best, 1);
    order.push(next!);
    at = next!.place!;
  }
  return order;
}

/** 2-opt: reverses any stretch whose reversal shortens the path, until none does. */
function uncrossed<T>(start: Place, order: RouteStop<T>[], end: Place | null): RouteStop<T>[] {
  let best = [...order];
  let bestKm = pathKm(
    start,
    best.map((s) => s.place!),
    end,
  );
  for (let improved = true; improved;) {
    improved = false;
    for (let i = 0; i < best.length - 1; i++)
      for (let j = i + 1; j < best.length; j++) {
        const candidate = [
          ...best.slice(0, i),
          ...best.slice(i, j + 1).reverse(),
          ...best.slice(j + 1),
        ];
        const km = pathKm(
          start,
          candidate.map((s) => s.place!),
          end,
        );
        if (km < bestKm - 1e-9) {
          best = candidate;
          bestKm = km;
          improved = true;
        }
      }
  }
  return best;
}

/** Each any-time stop where it adds least to the route from the yard and back. */
function cheapestInsertion<T>(yard: Place, route: RouteStop<T>[], extra: RouteStop<T>[]) {
  const result = [...route];
  for (const stop of extra) {
    let bestAt = result.length;
    let bestAdded = Infinity;
    for (let at = 0; at <= result.length; at++) {
      const before = at === 0 ? yard : result[at - 1]!.place!;
      const after = at === result.length ? yard : result[at]!.place!;
      const added =
        distanceKm(before, stop.place!) +
        distanceKm(stop.place!, after) -
        distanceKm(before, after);
      if (added < bestAdded - 1e-9) {
        bestAdded = added;
        bestAt = at;
      }
    }
    result.splice(bestAt, 0, stop);
  }
  return result;
}

/** "SW1A 2AA" → "SW1A": the fallback groups a run by postcode district. */
const district = (postcode: string) => postcodeParts(postcode)?.outcode ?? postcode.toUpperCase();

const windowRank = (window: RouteWindow) =>
  window === "any" ? TIMED.length : TIMED.indexOf(window);

/** The order to drive a day's stops in; see the file's comment. Pure: the same stops, the same plan. */
export function planRoute<T>(yard: Place | null, stops: readonly RouteStop<T>[]): RoutePlan<T> {
  if (yard === null || stops.some((stop) => stop.place === null)) {
    const fallback = [...stops].sort(
      (a, b) =>
        windowRank(a.window) - windowRank(b.window) ||
        district(a.postcode).localeCompare(district(b.postcode), "en-GB", { numeric: true }),
    );
    return {
      stops: fallback.map((stop) => ({ item: stop.item, postcode: stop.postcode, legKm: null })),
      totalKm: null,
      placed: false,
    };
  }
  let route: RouteStop<T>[] = [];
  let at = yard;
  const timedWindows = TIMED.filter((window) => stops.some((stop) => stop.window === window));
  timedWindows.forEach((window, i) => {
    const group = stops.filter((stop) => stop.window === window);
    const last = i === timedWindows.length - 1;
    const ordered = uncrossed(at, nearestFirst(at, group), last ? yard : null);
    route = [...route, ...ordered];
    at = ordered[ordered.length - 1]!.place!;
  });
  const anyTime = stops.filter((stop) => stop.window === "any");
  route =
    route.length === 0
      ? uncrossed(yard, nearestFirst(yard, anyTime), yard)
      : cheapestInsertion(yard, route, anyTime);
  let previous = yard;
  const planned = route.map((stop) => {
    const legKm = distanceKm(previous, stop.place!);
    previous = stop.place!;
    return { item: stop.item, postcode: stop.postcode, legKm };
  });
  return {
    stops: planned,
    totalKm: pathKm(
      yard,
      route.map((s) => s.place!),
      yard,
    ),
    placed: true,
  };
}

/** Google Maps' limit of stops between the start and the end of one directions link. */
export const WAYPOINTS_PER_LINK = 9;

/**
 * The run as directions links for the phone's maps app (Google Maps' URLs, which Apple and Android
 * phones open in their maps app): from the yard through the stops and back, cut into links of at
 * most nine stops between their ends, each link starting where the last one ended.
 */
export function directionsLinks(yard: string, stops: readonly string[]): string[] {
  if (stops.length === 0) return [];
  const points = [yard, ...stops, yard];
  const links: string[] = [];
  for (let from = 0; from < points.length - 1; from += WAYPOINTS_PER_LINK + 1) {
    const to = Math.min(from + WAYPOINTS_PER_LINK + 1, points.length - 1);
    const params = new URLSearchParams({
      api: "1",
      origin: points[from]!,
      destination: points[to]!,
      travelmode: "driving",
    });
    const waypoints = points.slice(from + 1, to);
    if (waypoints.length > 0) params.set("waypoints", waypoints.join("|"));
    links.push(`https://www.google.com/maps/dir/?${params.toString()}`);
  }
  return links;
}

/** 12.345 → "12.3 km"; under 1 km in metres to the nearest 10: "450 m". */
export function formatKm(km: number): string {
  if (km < 1) return `${Math.round((km * 1000) / 10) * 10} m`;
  return `${km.toLocaleString("en-GB", { maximumFractionDigits: 1 })} km`;
}

/**
 * When the crew should arrive, said to the customer as they set off (docs/rules.md#on-my-way):
 * the leg's straight line × 1.4 for the roads (a usual detour factor for UK towns) at 30 km/h,
 * rounded up to the next 5 minutes, never under 10; null when the leg is not known (no places).
 */
export const ROAD_FACTOR = 1.4;
export const TOWN_KMH = 30;

export function arrivalMinutes(legKm: number | null): number | null {
  if (legKm === null || !Number.isFinite(legKm) || legKm < 0) return null;
  const minutes = ((legKm * ROAD_FACTOR) / TOWN_KMH) * 60;
  return Math.max(10, Math.ceil(minutes / 5) * 5);
}
