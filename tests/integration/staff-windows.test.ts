import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { rows, run } from "../support/database";
import { BOOKING, createBooking } from "../support/make";
import { startServer, type RunningServer } from "../support/server";
import { followRedirect, signInStaff, type SignedIn } from "../support/staff";

/**
 * Staff book and move bookings by arrival window and capacity by load (docs/rules.md#capacity-by-load),
 * through the running server: a full day is booked only with a reason (kept in the history), a
 * closed day never; the day view lists jobs under their windows with their load; the run sheet
 * runs by window; a move into a full window needs a reason.
 */
let server: RunningServer;
let staff: SignedIn;
const today = todayInLondon();
// Two vans every day (400 crew minutes a window), at most 2 collections a day.
const FLEET = {
  intent: "fleet",
  ...Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`vans_${i}`, "2"])),
  van_load: "10",
  van_trips: "2",
  crew_minutes: "600",
  max_jobs: "2",
  window_morning: "07:00-12:00",
  window_afternoon: "12:00-17:00",
  window_evening: "17:00-22:00",
};

const text = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

const post = (path: string, fields: Record<string, string>) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie: staff.cookie,
      origin: server.url,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields).toString(),
  });

const page = async (path: string) =>
  text(await fetch(`${server.url}${path}`, { headers: { cookie: staff.cookie } }));

const FORM = {
  intent: "create-booking",
  full_name: "Form Booker",
  email: "form@example.com",
  phone_number: "07700 900321",
  address_1: "4 Mill Road",
  town: "Leeds",
  postcode: "SE1 4AP",
  f0_description: "Bags of rubble",
  f0_price: "70",
  f0_load: "0.5",
  f0_minutes: "10",
  payment_method: "cash_payment",
};

const eventsOf = (orderId: number) =>
  rows<{ field: string; old_value: string | null; new_value: string; actor: string }>(
    server,
    "SELECT field, old_value, new_value, actor FROM order_events WHERE order_id = ? ORDER BY id",
    orderId,
  );

/** An item line on an order: what it takes of a day. */
const giveLoad = (orderId: number, loadHundredths: number, minutes: number) =>
  run(
    server,
    `INSERT INTO order_items (order_id, product_name, product_description, unit_price_pence, quantity, load_hundredths, handling_minutes)
     VALUES (?, 'Sofa', 'A sofa', 0, 1, ?, ?)`,
    orderId,
    loadHundredths,
    minutes,
  );

beforeAll(async () => {
  server = await startServer();
  staff = await signInStaff(server, { via: "api" });
  const saved = await post("/dashboard/fleet", FLEET);
  expect(saved.status).toBe(303);
});
afterAll(async () => {
  await server?.stop();
});

describe("booking by hand past a day's capacity", () => {
  const day = addDaysIso(today, 3);

  it("refuses a full day without a reason, books it with one and keeps the reason", async () => {
    for (const name of ["First Job", "Second Job"]) {
      const { response } = await createBooking(server, staff, { full_name: name, date: day });
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({ data: "Booking created" });
    }
    const refused = await post("/dashboard/home?new=booking", { ...FORM, date: day });
    expect(refused.status).toBe(400);
    const html = await text(refused);
    expect(html).toContain(
      "This day is full for this booking (over by 1 collection). To book it anyway, give a reason.",
    );
    expect(html).toContain("Reason to book over capacity");
    expect(
      await rows(server, "SELECT id FROM orders WHERE full_name = 'Form Booker'"),
    ).toHaveLength(0);

    const booked = await post("/dashboard/home?new=booking", {
      ...FORM,
      date: day,
      arrival_window: "evening",
      over_reason: "Regular customer; the crew agreed",
    });
    expect(booked.status).toBe(303);
    const { html: dayView } = await followRedirect(server, booked, staff.cookie);
    expect(dayView).toContain("This day was already full: check the crews can take it.");
    const [order] = await rows<{ id: number; arrival_window: string }>(
      server,
      "SELECT id, arrival_window FROM orders WHERE full_name = 'Form Booker'",
    );
    expect(order?.arrival_window).toBe("evening");
    expect(await eventsOf(order!.id)).toEqual([
      { field: "created", old_value: null, new_value: "manual booking", actor: "admin" },
      {
        field: "capacity_override",
        old_value: "over by 1 collection",
        new_value: "Regular customer; the crew agreed",
        actor: "admin",
      },
    ]);
    const orderPage = await page(`/dashboard/orders/${order!.id}`);
    expect(orderPage).toContain(
      "booked over capacity (over by 1 collection): Regular customer; the crew agreed",
    );
    expect(orderPage).toMatch(/data-testid="order-arrival">Evening, 17:00 to 22:00</);
  });

  it("the API books a full day, recorded as booked through it", async () => {
    const { response, orderId } = await createBooking(server, staff, {
      full_name: "Api Over",
      date: day,
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      data: "Booking created (that day was already full)",
    });
    expect((await eventsOf(orderId!)).at(-1)).toMatchObject({
      field: "capacity_override",
      new_value: "booked through the API",
    });
  });

  it("refuses a closed day, with or without a reason", async () => {
    const closed = addDaysIso(today, 5);
    expect(
      (await post("/dashboard/fleet", { intent: "block", day: closed, reason: "Staff training" }))
        .status,
    ).toBe(303);
    const refused = await post("/dashboard/home?new=booking", {
      ...FORM,
      full_name: "Closed Day",
      date: closed,
      over_reason: "Urgent",
    });
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain(
      "That day is closed (Staff training). Open it on the Fleet page first to book it.",
    );
    const { response } = await createBooking(server, staff, { full_name: "Closed", date: closed });
    expect(response.status).toBe(400);
    expect(await rows(server, "SELECT id FROM orders WHERE collection_date = ?", closed)).toEqual(
      [],
    );
  });
});

describe("the day view and the run sheet, by window", () => {
  const day = addDaysIso(today, 7);

  it("lists the day's jobs under their windows with their load, and the run sheet in window order", async () => {
    const { orderId: evening } = await createBooking(server, staff, {
      full_name: "Evening Person",
      date: day,
      arrival_window: "evening",
    });
    const { orderId: morning } = await createBooking(server, staff, {
      full_name: "Morning Person",
      date: day,
      arrival_window: "morning",
    });
    await giveLoad(evening!, 250, 45);

    const html = await page(`/dashboard/home?month=${day.slice(0, 7)}&day=${day}`);
    const section = (heading: string) =>
      new RegExp(
        `<section class="day-section" aria-label="${heading}">([\\s\\S]*?)</section>`,
      ).exec(html)?.[1] ?? "";
    expect(section("Morning 07:00–12:00")).toContain("Morning Person");
    expect(section("Morning 07:00–12:00")).toContain("0 of 400 min");
    expect(section("Evening 17:00–22:00")).toContain("Evening Person");
    expect(section("Evening 17:00–22:00")).toContain("45 of 400 min");
    expect(section("Evening 17:00–22:00")).toMatch(
      /data-testid="day-booking-load">2\.5 yd³ · 45 min</,
    );
    expect(section("Afternoon 12:00–17:00")).toContain("None.");
    expect(html).toMatch(
      /data-testid="day-totals">Load 2\.5 of 40 yd³ · 45 of 1200 crew minutes · 2 of 2 collections</,
    );
    expect(html.indexOf("Morning Person")).toBeLessThan(html.indexOf("Evening Person"));

    const sheet = await page(`/dashboard/today?day=${day}`);
    const jobs = sheet.split('data-testid="run-job"').slice(1);
    expect(
      jobs.map((j) => /<span class="run-job-number">\d+\.<\/span> ([^<]+)</.exec(j)?.[1]),
    ).toEqual(["Morning Person", "Evening Person"]);
    expect(jobs[0]).toMatch(/data-testid="run-job-window">Morning, 7:00 to 12:00</);
    expect(jobs[1]).toMatch(/data-testid="run-job-window">Evening, 17:00 to 22:00</);
    expect(morning).toBeGreaterThan(evening!);
  });

  it("the order page shows the arrival window and the any-time discount", async () => {
    const { orderId } = await createBooking(server, staff, {
      full_name: "Any Time Person",
      date: day,
      arrival_window: "any",
    });
    await giveLoad(orderId!, 100, 10);
    await run(server, "UPDATE orders SET window_discount_pence = 150 WHERE id = ?", orderId);
    const html = await page(`/dashboard/orders/${orderId}`);
    expect(html).toMatch(/data-testid="order-arrival">Any time, 7:00 to 22:00</);
    expect(html).toMatch(
      /data-testid="order-window-discount"><p><strong>Any time discount \(10%\)<\/strong> · −£1\.50/,
    );
  });
});

describe("moving a booking to another day or window", () => {
  const day = addDaysIso(today, 9);
  const other = addDaysIso(today, 10);

  it("needs a reason to move into a full window, and records the window and the reason", async () => {
    const { orderId: filler } = await createBooking(server, staff, {
      full_name: "Long Morning",
      date: day,
      arrival_window: "morning",
    });
    await giveLoad(filler!, 100, 400);
    const { orderId } = await createBooking(server, staff, {
      full_name: "Moving Person",
      date: other,
      arrival_window: "afternoon",
    });
    await giveLoad(orderId!, 50, 30);
    await run(
      server,
      "UPDATE orders SET reminder_sent_at = '2026-01-01T00:00:00Z' WHERE id = ?",
      orderId,
    );
    const edit = {
      intent: "update-booking",
      orderId: String(orderId),
      booking_status: "pending",
      status: "pending",
      ...Object.fromEntries(
        ["full_name", "email", "phone_number", "address_1", "town", "postcode"].map((k) => [
          k,
          k === "full_name" ? "Moving Person" : String(BOOKING[k as keyof typeof BOOKING]),
        ]),
      ),
      date: day,
      arrival_window: "morning",
    };
    const path = `/dashboard/home?month=${day.slice(0, 7)}&edit=${orderId}`;
    const refused = await post(path, edit);
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain(
      "The morning is full on this day for this booking (over by 30 crew minutes). To book it anyway, give a reason.",
    );
    expect(
      await rows(
        server,
        "SELECT collection_date, arrival_window FROM orders WHERE id = ?",
        orderId,
      ),
    ).toEqual([{ collection_date: other, arrival_window: "afternoon" }]);

    const moved = await post(path, { ...edit, over_reason: "Customer only in mornings" });
    expect(moved.status).toBe(303);
    expect(
      await rows(
        server,
        "SELECT collection_date, arrival_window, ics_sequence, reminder_sent_at FROM orders WHERE id = ?",
        orderId,
      ),
    ).toEqual([
      { collection_date: day, arrival_window: "morning", ics_sequence: 1, reminder_sent_at: null },
    ]);
    const events = await eventsOf(orderId!);
    expect(events.slice(1)).toEqual([
      {
        field: "capacity_override",
        old_value: "over by 30 crew minutes",
        new_value: "Customer only in mornings",
        actor: "admin",
      },
      { field: "date", old_value: other, new_value: day, actor: "admin" },
      { field: "arrival_window", old_value: "afternoon", new_value: "morning", actor: "admin" },
    ]);
    expect(await page(`/dashboard/orders/${orderId}`)).toContain(
      "arrival window Afternoon → Morning",
    );

    // The window alone: the afternoon has room, so no reason is asked; the event moves on again.
    const again = await post(path, { ...edit, arrival_window: "afternoon" });
    expect(again.status).toBe(303);
    expect(
      await rows(server, "SELECT arrival_window, ics_sequence FROM orders WHERE id = ?", orderId),
    ).toEqual([{ arrival_window: "afternoon", ics_sequence: 2 }]);
  });

  it("the API moves into a full day with its warning, recorded as booked through it", async () => {
    const { orderId } = await createBooking(server, staff, { full_name: "Api Mover", date: other });
    const full = addDaysIso(today, 3); // three bookings already: past its 2 collections
    const res = await fetch(`${server.url}/api/general/updatebooking`, {
      method: "POST",
      headers: {
        cookie: staff.cookie,
        origin: server.url,
        "content-type": "application/json",
        "x-xsrf-token": staff.xsrf,
      },
      body: JSON.stringify({ order_id: orderId, date: full }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: true,
      warning: "That day was already full",
    });
    expect(await eventsOf(orderId!)).toContainEqual(
      expect.objectContaining({ field: "capacity_override", new_value: "booked through the API" }),
    );
  });
});
