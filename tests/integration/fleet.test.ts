import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { formatLongDate } from "~/lib/format";
import { todayInLondon } from "~/lib/london-clock.server";
import { rows } from "../support/database";
import { startServer, type RunningServer } from "../support/server";
import { followRedirect, signInStaff, type SignedIn } from "../support/staff";

/**
 * The fleet page (/dashboard/fleet) without JavaScript: the vans, a van's load, trips, crew
 * minutes and windows saved; blocked days and per-day overrides added and removed; every
 * refusal shown next to its field with the values typed.
 */
let server: RunningServer;
let staff: SignedIn;
const today = todayInLondon();

beforeAll(async () => {
  server = await startServer();
  staff = await signInStaff(server);
});
afterAll(async () => {
  await server?.stop();
});

const textOf = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

const page = (init: RequestInit = {}) =>
  fetch(`${server.url}/dashboard/fleet`, {
    redirect: "manual",
    ...init,
    headers: { cookie: staff.cookie, origin: server.url, ...init.headers },
  });

const post = (fields: Record<string, string>) =>
  page({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

const FLEET = {
  intent: "fleet",
  vans_0: "1",
  vans_1: "2",
  vans_2: "2",
  vans_3: "2",
  vans_4: "2",
  vans_5: "2",
  vans_6: "2",
  van_load: "10",
  van_trips: "2",
  crew_minutes: "600",
  max_jobs: "8",
  window_morning: "07:00-12:00",
  window_afternoon: "12:00-17:00",
  window_evening: "17:00-22:00",
};

const inputValue = (html: string, name: string) =>
  new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1] ??
  new RegExp(`<input[^>]*value="([^"]*)"[^>]*name="${name}"`).exec(html)?.[1];

describe("the fleet page", () => {
  it("is for staff only", async () => {
    const res = await fetch(`${server.url}/dashboard/fleet`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirectTo=%2Fdashboard%2Ffleet");
    const posted = await fetch(`${server.url}/dashboard/fleet`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "block", day: addDaysIso(today, 3), reason: "x" }),
    });
    expect([302, 303]).toContain(posted.status);
    expect(await rows(server, "SELECT day FROM blocked_days")).toEqual([]);
  });

  it("shows the migration's fleet: Mon–Sat 2 vans, Sunday 1, 10 yd³, 2 trips, 600 minutes", async () => {
    const html = await textOf(await page());
    expect(html).toContain("<h1");
    expect(html).toContain("Fleet");
    expect(inputValue(html, "vans_0")).toBe("1");
    expect(inputValue(html, "vans_1")).toBe("2");
    expect(inputValue(html, "van_load")).toBe("10");
    expect(inputValue(html, "van_trips")).toBe("2");
    expect(inputValue(html, "crew_minutes")).toBe("600");
    expect(inputValue(html, "max_jobs")).toBe("8");
    expect(inputValue(html, "window_morning")).toBe("07:00-12:00");
    expect(inputValue(html, "window_evening")).toBe("17:00-22:00");
    expect(html).toContain("No days blocked ahead.");
  });

  it("saves the fleet, and refuses bad numbers with the values typed", async () => {
    const bad = await post({
      ...FLEET,
      vans_3: "1.5",
      van_load: "0.2",
      window_evening: "23:00-22:00",
    });
    expect(bad.status).toBe(400);
    const html = await textOf(bad);
    expect(html).toContain("Please enter the vans on Wednesday as a whole number");
    expect(html).toContain("A van&#x27;s load must be between 0.5 and 50 cubic yards");
    expect(html).toMatch(/id="field-window_evening"[^>]*aria-invalid="true"/);
    expect(inputValue(html, "vans_3")).toBe("1.5");
    expect(await rows(server, "SELECT vans FROM fleet_days WHERE weekday = 3")).toEqual([
      { vans: 2 },
    ]);

    const saved = await post({
      ...FLEET,
      vans_0: "0",
      vans_6: "3",
      van_load: "12.5",
      max_jobs: "10",
    });
    expect(saved.status).toBe(303);
    const { html: after } = await followRedirect(server, saved, staff.cookie);
    expect(after).toMatch(/role="status"[^>]*data-testid="fleet-notice">Fleet saved\.</);
    expect(inputValue(after, "vans_6")).toBe("3");
    expect(inputValue(after, "van_load")).toBe("12.5");
    expect(await rows(server, "SELECT weekday, vans FROM fleet_days ORDER BY weekday")).toEqual([
      { weekday: 0, vans: 0 },
      { weekday: 1, vans: 2 },
      { weekday: 2, vans: 2 },
      { weekday: 3, vans: 2 },
      { weekday: 4, vans: 2 },
      { weekday: 5, vans: 2 },
      { weekday: 6, vans: 3 },
    ]);
    expect(
      await rows(server, "SELECT value FROM settings WHERE key = 'van_load_hundredths'"),
    ).toEqual([{ value: "1250" }]);
    expect(await rows(server, "SELECT value FROM settings WHERE key = 'daily_capacity'")).toEqual([
      { value: "10" },
    ]);
    expect((await post(FLEET)).status).toBe(303);
  });

  it("blocks a day with a reason, refuses a duplicate, a past day and an empty reason, and opens it again", async () => {
    const day = addDaysIso(today, 20);
    const blocked = await post({ intent: "block", day, reason: "Staff training" });
    expect(blocked.status).toBe(303);
    const { html } = await followRedirect(server, blocked, staff.cookie);
    expect(html).toContain(`${formatLongDate(day)} is blocked: Staff training.`);
    expect(html).toMatch(/data-testid="blocked-days"[\s\S]*Staff training[\s\S]*by admin/);
    expect(await rows(server, "SELECT day, reason, created_by FROM blocked_days")).toEqual([
      { day, reason: "Staff training", created_by: "admin" },
    ]);

    const twice = await post({ intent: "block", day, reason: "Again" });
    expect(twice.status).toBe(400);
    expect(await textOf(twice)).toContain("That day is blocked already");

    const past = await post({ intent: "block", day: addDaysIso(today, -1), reason: "Late" });
    expect(past.status).toBe(400);
    expect(await textOf(past)).toContain("Please choose today or a day ahead, not a past day");

    const empty = await post({ intent: "block", day: addDaysIso(today, 21), reason: " " });
    expect(empty.status).toBe(400);
    const emptyHtml = await textOf(empty);
    expect(emptyHtml).toContain("Please give a reason, such as Christmas Day");
    expect(emptyHtml).toMatch(/id="field-block-reason"[^>]*aria-invalid="true"/);
    expect(await rows(server, "SELECT count(*) AS n FROM blocked_days")).toEqual([{ n: 1 }]);

    const opened = await post({ intent: "unblock", day });
    expect(opened.status).toBe(303);
    expect((await followRedirect(server, opened, staff.cookie)).html).toContain(
      `${formatLongDate(day)} is open again.`,
    );
    expect(await rows(server, "SELECT day FROM blocked_days")).toEqual([]);
    expect((await post({ intent: "unblock", day })).status).toBe(404);
  });

  it("sets a day's vans (0 too) once, and removes it", async () => {
    const day = addDaysIso(today, 12);
    const set = await post({ intent: "override", day, vans: "0", reason: "Both vans at MOT" });
    expect(set.status).toBe(303);
    const { html } = await followRedirect(server, set, staff.cookie);
    expect(html).toContain(`${formatLongDate(day)} has 0 vans.`);
    expect(html).toMatch(/data-testid="day-overrides"[\s\S]*0 vans — Both vans at MOT/);
    const again = await post({ intent: "override", day, vans: "3" });
    expect(again.status).toBe(400);
    expect(await textOf(again)).toContain(
      "That day has an override already: remove it first to change it",
    );
    const bad = await post({ intent: "override", day: addDaysIso(today, 13), vans: "-2" });
    expect(bad.status).toBe(400);
    expect(await textOf(bad)).toContain("Please enter the vans that day as a whole number");
    expect(await rows(server, "SELECT day, vans, reason FROM day_overrides")).toEqual([
      { day, vans: 0, reason: "Both vans at MOT" },
    ]);
    const removed = await post({ intent: "remove-override", day });
    expect(removed.status).toBe(303);
    expect(await rows(server, "SELECT day FROM day_overrides")).toEqual([]);
  });
});

describe("the staff calendar's fill bars", () => {
  it("shows each day's load against its fleet, and a blocked day closed with its reason", async () => {
    const day = addDaysIso(today, 40);
    const closedDay = addDaysIso(today, 41);
    // A booking on `day` with one line of 2.5 yd³ × 4 = 10 yd³: a 2-van day carries 40 yd³, a 1-van Sunday 20.
    const [order] = await rows<{ id: number }>(
      server,
      `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date,
         status, booking_status, payment_method, total_pence, source)
       VALUES ('Fill Bar', 'fill@example.com', '07700 900111', '1 Bar St', 'Bath', 'BA1 1BB', ?,
         'pending', 'pending', 'cash_payment', 10000, 'manual') RETURNING id`,
      day,
    );
    await rows(
      server,
      `INSERT INTO order_items (order_id, product_id, product_name, product_description, position,
         unit_price_pence, quantity, load_hundredths, handling_minutes)
       VALUES (?, NULL, 'Sofa', '', NULL, 2500, 4, 250, 10)`,
      order!.id,
    );
    await post({ intent: "block", day: closedDay, reason: "Bank holiday" });

    const month = day.slice(0, 7);
    const calendar = await textOf(
      await fetch(`${server.url}/dashboard/home?month=${month}`, {
        headers: { cookie: staff.cookie },
      }),
    );
    const vans = new Date(`${day}T12:00:00Z`).getUTCDay() === 0 ? 1 : 2;
    const percent = Math.round((1000 / (vans * 2000)) * 100);
    expect(calendar).toMatch(
      new RegExp(`aria-label="${formatLongDate(day)}: 1 job, ${percent}% full"`),
    );
    expect(calendar).toContain(`data-fill="${percent}"`);
    if (closedDay.slice(0, 7) === month)
      expect(calendar).toContain(
        `aria-label="${formatLongDate(closedDay)}: 0 jobs, closed (Bank holiday)"`,
      );
  });
});
