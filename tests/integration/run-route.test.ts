import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { rows } from "../support/database";
import { startFakePostcodes } from "../support/fake-postcodes";
import { createBooking } from "../support/make";
import { startServer, type RunningServer } from "../support/server";
import { signInStaff, type SignedIn } from "../support/staff";

/**
 * The run sheet in road order (issue 34; docs/rules.md#the-run-sheet): the day's postcodes are
 * looked up once from a postcodes.io-compatible service (a fake at the network edge) and kept;
 * the jobs to do come from the yard (N1 7GR) nearest first, window by window, with each leg's
 * straight-line distance and the run as a directions link; when the service is down and a
 * postcode has no place, the order is by window then postcode district, and the page says so.
 */

// Yard, then three jobs east of it along a line, and one job whose postcode the service lacks.
const PLACES = {
  "N1 7GR": { lat: 51.5362, lng: -0.0931 },
  "E2 6AB": { lat: 51.5362, lng: -0.0571 },
  "E3 2AA": { lat: 51.5362, lng: -0.0211 },
  "E15 1AA": { lat: 51.5362, lng: 0.0149 },
};

let server: RunningServer;
let staff: SignedIn;
let postcodes: Awaited<ReturnType<typeof startFakePostcodes>>;
const DAY = addDaysIso(todayInLondon(), 3);

beforeAll(async () => {
  postcodes = await startFakePostcodes(PLACES);
  server = await startServer({ env: { NODE_ENV: "test", POSTCODES_URL: postcodes.url } });
  staff = await signInStaff(server, { via: "api" });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await postcodes?.close();
});

const book = async (name: string, postcode: string, date = DAY) => {
  const made = await createBooking(server, staff, {
    full_name: name,
    postcode,
    date,
    payment_method: "cash_payment",
    order_price: 60,
  });
  expect(made.response.status, name).toBe(201);
};

const sheet = async (day: string) =>
  (
    await (
      await fetch(`${server.url}/dashboard/today?day=${day}`, {
        headers: { cookie: staff.cookie },
      })
    ).text()
  ).replaceAll("<!-- -->", "");

const namesIn = (html: string) =>
  [...html.matchAll(/<span class="run-job-number">\d+\.<\/span> ([^<]+)</g)].map((m) => m[1]);

describe("the run sheet in road order", () => {
  it("orders the jobs from the yard nearest first, with each leg, the total and the directions", async () => {
    // Booked in the opposite order to the road's.
    await book("Far Job", "E15 1AA");
    await book("Near Job", "E2 6AB");
    await book("Middle Job", "e3 2aa");
    const html = await sheet(DAY);
    expect(namesIn(html)).toEqual(["Near Job", "Middle Job", "Far Job"]);
    expect(html).toMatch(/In road order: about 1[0-9](\.\d)? km from the yard and back/);
    expect(html).toContain("2.5 km from the yard");
    expect(html).toContain("2.5 km from the last stop");
    const link = /href="(https:\/\/www\.google\.com\/maps\/dir\/[^"]+)"/.exec(html)![1]!;
    const query = new URL(link.replaceAll("&amp;", "&")).searchParams;
    expect(query.get("origin")).toBe("N1 7GR");
    expect(query.get("destination")).toBe("N1 7GR");
    expect(query.get("waypoints")).toBe("E2 6AB|E3 2AA|E15 1AA");

    // Kept: the next look asks the service nothing.
    const asked = postcodes.requests.length;
    await sheet(DAY);
    expect(postcodes.requests.length).toBe(asked);
    expect(
      await rows(
        server,
        "SELECT postcode, lat_micro FROM postcode_places WHERE postcode = 'E3 2AA'",
      ),
    ).toEqual([{ postcode: "E3 2AA", lat_micro: 51_536_200 }]);
  });

  it("falls back to windows then postcode districts when a postcode has no place, and says so", async () => {
    const day = addDaysIso(DAY, 1);
    await book("Unknown Place", "SE1 7PB", day);
    await book("Known Place", "E2 6AB", day);
    postcodes.setDown(true);
    try {
      const html = await sheet(day);
      expect(html).toContain(
        "Not in road order: the postcodes are not placed on a map, so the jobs are in window order, then by postcode district.",
      );
      expect(namesIn(html)).toEqual(["Known Place", "Unknown Place"]);
      // The directions link still leads the crew round, in this order.
      expect(html).toContain("waypoints=E2+6AB%7CSE1+7PB");
    } finally {
      postcodes.setDown(false);
    }
  });
});
