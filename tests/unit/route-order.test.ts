import { describe, expect, it } from "vitest";
import {
  arrivalMinutes,
  directionsLinks,
  distanceKm,
  formatKm,
  planRoute,
  type Place,
  type RouteStop,
  type RouteWindow,
} from "~/lib/route-order";

/**
 * A van's run in road order (issue 34; docs/rules.md#the-run-sheet): nearest first then 2-opt,
 * window by window from the yard and back, any-time jobs where they add least, and the fallback
 * to windows then postcode districts when a place is not known; as tables of cases.
 */

const YARD: Place = { lat: 51.5, lng: -0.1 };
/** A place `east` and `north` km from the yard (near enough on a London scale). */
const at = (east: number, north: number): Place => ({
  lat: YARD.lat + north / 111.2,
  lng: YARD.lng + east / (111.2 * Math.cos((YARD.lat * Math.PI) / 180)),
});
const stop = (
  name: string,
  place: Place | null,
  window: RouteWindow = "any",
  postcode = "N1 7GR",
): RouteStop<string> => ({ item: name, postcode, window, place });
const names = (plan: ReturnType<typeof planRoute<string>>) => plan.stops.map((s) => s.item);

describe("distanceKm", () => {
  it.each([
    ["London to Manchester", { lat: 51.5074, lng: -0.1278 }, { lat: 53.4808, lng: -2.2426 }, 262],
    ["the same place", YARD, YARD, 0],
    ["10 km east of the yard", YARD, at(10, 0), 10],
  ])("%s: about %s km", (_, a, b, km) => {
    expect(distanceKm(a, b)).toBeCloseTo(km, 0);
  });
});

describe("planRoute", () => {
  it("drives a line of jobs out and back in order, nearest first", () => {
    const plan = planRoute(YARD, [
      stop("far", at(30, 0)),
      stop("near", at(10, 0)),
      stop("middle", at(20, 0)),
    ]);
    expect(plan.placed).toBe(true);
    expect(names(plan)).toEqual(["near", "middle", "far"]);
    expect(plan.stops.map((s) => Math.round(s.legKm!))).toEqual([10, 10, 10]);
    expect(plan.totalKm).toBeCloseTo(60, 0);
  });

  it("uncrosses what nearest-first leaves crossed (2-opt): never longer, here shorter", () => {
    // Nearest first from the yard goes B (2.2 km), then C, then D, then A, and back: C then D
    // crosses the way back. Uncrossed, it is C, B, D, A: 1.4 km shorter.
    const stops = [
      stop("A", at(-3, 5)),
      stop("B", at(1, 2)),
      stop("C", at(2, 1)),
      stop("D", at(0, 4)),
    ];
    const plan = planRoute(YARD, stops);
    const loop = (order: string[]) => {
      const byName = new Map(stops.map((s) => [s.item, s.place!]));
      let previous = YARD;
      let km = 0;
      for (const name of [...order, "yard"]) {
        const place = name === "yard" ? YARD : byName.get(name)!;
        km += distanceKm(previous, place);
        previous = place;
      }
      return km;
    };
    expect(names(plan)).toEqual(["C", "B", "D", "A"]);
    expect(loop(names(plan))).toBeLessThan(loop(["B", "C", "D", "A"]) - 1);
    expect(plan.totalKm).toBeCloseTo(loop(names(plan)), 6);
    // No shorter order exists for these four (checked against all 24).
    const orders = permutations(["A", "B", "C", "D"]);
    expect(Math.min(...orders.map(loop))).toBeCloseTo(plan.totalKm!, 6);
  });

  it("keeps the windows' order whatever the distance: the morning first, even far away", () => {
    const plan = planRoute(YARD, [
      stop("afternoon, next door", at(1, 0), "afternoon"),
      stop("morning, far", at(40, 0), "morning"),
      stop("evening", at(5, 5), "evening"),
    ]);
    expect(names(plan)).toEqual(["morning, far", "afternoon, next door", "evening"]);
  });

  it("puts a job for any time where it adds least, before or between the timed ones", () => {
    // The run is a triangle: out to the morning job, on to the afternoon's, back to the yard.
    const plan = planRoute(YARD, [
      stop("morning", at(10, 0), "morning"),
      stop("afternoon", at(10, 10), "afternoon"),
      stop("any time, on the way", at(10.5, 5), "any"),
      stop("any time, just short of the morning", at(10, -1.5), "any"),
    ]);
    expect(names(plan)).toEqual([
      "any time, just short of the morning",
      "morning",
      "any time, on the way",
      "afternoon",
    ]);
  });

  it("plans a day of any-time jobs alone like one window", () => {
    const plan = planRoute(YARD, [stop("far", at(30, 0)), stop("near", at(10, 0))]);
    expect(names(plan)).toEqual(["near", "far"]);
  });

  it.each([
    ["a job's postcode is not placed", YARD, null],
    ["the yard is not placed", null, at(3, 0)],
  ])("falls back to windows, then postcode districts, when %s", (_, yard, missing) => {
    const plan = planRoute(yard, [
      stop("any, SE1", at(1, 0), "any", "SE1 1AA"),
      stop("morning, N7", at(2, 0), "morning", "N7 8AA"),
      stop("morning, N1", missing, "morning", "N1 7GR"),
      stop("afternoon, E2", at(4, 0), "afternoon", "E2 6AB"),
      stop("morning, N10", at(5, 0), "morning", "N10 1AA"),
    ]);
    expect(plan.placed).toBe(false);
    expect(plan.totalKm).toBeNull();
    expect(names(plan)).toEqual([
      "morning, N1",
      "morning, N7",
      "morning, N10",
      "afternoon, E2",
      "any, SE1",
    ]);
    expect(plan.stops.every((s) => s.legKm === null)).toBe(true);
  });

  it("has nothing to plan on a day without jobs", () => {
    expect(planRoute(YARD, [])).toEqual({ stops: [], totalKm: 0, placed: true });
  });
});

describe("directionsLinks", () => {
  const query = (link: string) => Object.fromEntries(new URL(link).searchParams);

  it("is one link from the yard through the stops and back", () => {
    const [link, ...more] = directionsLinks("N1 7GR", ["GU1 3AA", "GU22 7AA"]);
    expect(more).toEqual([]);
    expect(link!.startsWith("https://www.google.com/maps/dir/?")).toBe(true);
    expect(query(link!)).toEqual({
      api: "1",
      origin: "N1 7GR",
      destination: "N1 7GR",
      travelmode: "driving",
      waypoints: "GU1 3AA|GU22 7AA",
    });
  });

  it("cuts a long run into links of nine stops, each starting where the last ended", () => {
    const stops = Array.from({ length: 12 }, (_, i) => `E${i + 1} 1AA`);
    const links = directionsLinks("N1 7GR", stops).map(query);
    expect(links).toHaveLength(2);
    expect(links[0]).toMatchObject({ origin: "N1 7GR", destination: "E10 1AA" });
    expect(links[0]!.waypoints!.split("|")).toEqual(stops.slice(0, 9));
    expect(links[1]).toMatchObject({ origin: "E10 1AA", destination: "N1 7GR" });
    expect(links[1]!.waypoints!.split("|")).toEqual(["E11 1AA", "E12 1AA"]);
  });

  it("has no link for a day with nothing to do", () => {
    expect(directionsLinks("N1 7GR", [])).toEqual([]);
  });
});

describe("formatKm", () => {
  it.each([
    [0.044, "40 m"],
    [0.456, "460 m"],
    [1, "1 km"],
    [12.345, "12.3 km"],
    [1234.5, "1,234.5 km"],
  ])("%s km → %s", (km, text) => {
    expect(formatKm(km)).toBe(text);
  });
});

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

describe("arrivalMinutes", () => {
  it.each([
    [null, null],
    [0, 10],
    [1, 10],
    [5, 15],
    [5.2, 15],
    [6, 20],
    [20, 60],
  ])("%s km in a straight line → %s minutes", (km, minutes) => {
    expect(arrivalMinutes(km)).toBe(minutes);
  });
});
