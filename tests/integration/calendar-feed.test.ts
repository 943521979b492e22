import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { withTestDatabase, type TestDatabase } from "../support/database";
import { startServer, type RunningServer } from "../support/server";
import { followRedirect, signInStaff, type SignedIn } from "../support/staff";

/**
 * The staff calendar feed (/calendar/<secret>.ics) and its page (/dashboard/calendar-feed):
 * the bookings the calendar counts, as iCalendar events, at an address only staff can read and
 * can replace.
 */
let server: RunningServer;
let staff: SignedIn;
const today = todayInLondon();
const DAY = addDaysIso(today, 9);

beforeAll(async () => {
  server = await startServer();
  staff = await signInStaff(server);
});
afterAll(async () => {
  await server?.stop();
});

async function insertOrder(
  db: TestDatabase,
  fields: {
    full_name: string;
    day: string;
    status: "pending" | "complete";
    payment_method: "card" | "cash_payment" | "bank_transfer";
    notes?: string | null;
  },
  items: { name: string; position: string | null; quantity: number }[] = [],
): Promise<number> {
  const row = await db.get<{ id: number }>(
    `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date,
       status, booking_status, payment_method, total_pence, source, notes)
     VALUES (?, 'feed@example.com', '07700 900444', '5 Station Road', 'Woking', 'GU22 7AA', ?, ?,
       'pending', ?, 12000, ?, ?) RETURNING id`,
    fields.full_name,
    fields.day,
    fields.status,
    fields.payment_method,
    fields.payment_method === "card" ? "web" : "manual",
    fields.notes ?? null,
  );
  for (const item of items)
    await db.run(
      `INSERT INTO order_items (order_id, product_id, product_name, product_description, position,
         unit_price_pence, quantity) VALUES (?, NULL, ?, '', ?, 4000, ?)`,
      row!.id,
      item.name,
      item.position,
      item.quantity,
    );
  return Number(row!.id);
}

async function get(path: string, { cookie = staff.cookie, from = "" } = {}) {
  const response = await fetch(new URL(path, server.url), {
    headers: { cookie, ...(from ? { "x-forwarded-for": from } : {}) },
    redirect: "manual",
  });
  return { response, text: (await response.text()).replaceAll("<!-- -->", "") };
}

/** The address the staff page shows, read from its HTML. */
async function shownAddress(): Promise<string> {
  const { response, text } = await get("/dashboard/calendar-feed");
  expect(response.status).toBe(200);
  const url = /id="calendar-feed-url"[^>]*value="([^"]+)"/.exec(text)?.[1];
  expect(url).toMatch(new RegExp(`^${server.url}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
  return url!;
}

function rotate(cookie = staff.cookie) {
  return fetch(`${server.url}/dashboard/calendar-feed`, {
    method: "POST",
    headers: {
      cookie,
      origin: server.url,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ intent: "rotate" }),
    redirect: "manual",
  });
}

const textOf = (event: ICAL.Component, name: string) => String(event.getFirstPropertyValue(name));

describe("the calendar feed", () => {
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    await withTestDatabase(server, async (db) => {
      ids.cash = await insertOrder(db, {
        full_name: "Cash Booker",
        day: DAY,
        status: "pending",
        payment_method: "cash_payment",
      });
      ids.card = await insertOrder(
        db,
        {
          full_name: "Card Payer",
          day: addDaysIso(today, 2),
          status: "complete",
          payment_method: "card",
          notes: "Side gate is unlocked; the dog is friendly.",
        },
        [
          { name: "Three-seater sofa", position: "outside", quantity: 1 },
          { name: "Fridge freezer", position: "inside_dismantle", quantity: 2 },
        ],
      );
      // An unpaid card checkout is not a job, and a booking far outside the window is not listed.
      ids.unpaid = await insertOrder(
        db,
        { full_name: "Unpaid Checkout", day: DAY, status: "pending", payment_method: "card" },
        [{ name: "Mattress", position: "outside", quantity: 1 }],
      );
      // Cancelled within the window: listed as cancelled, so phones that had it drop it.
      ids.cancelled = await insertOrder(
        db,
        { full_name: "Called It Off", day: DAY, status: "complete", payment_method: "card" },
        [{ name: "Wardrobe", position: "inside_no_dismantle", quantity: 1 }],
      );
      await db.run(
        "UPDATE orders SET cancelled_at = ?, ics_sequence = 1 WHERE id = ?",
        new Date().toISOString(),
        ids.cancelled,
      );
      // A booking moved twice: its event carries that sequence.
      await db.run("UPDATE orders SET ics_sequence = 2 WHERE id = ?", ids.card);
      ids.old = await insertOrder(db, {
        full_name: "Long Ago",
        day: addDaysIso(today, -30),
        status: "complete",
        payment_method: "card",
      });
    });
  });

  it("shows staff its address, and serves the bookings there as iCalendar", async () => {
    const address = await shownAddress();
    const { response, text } = await get(address, { cookie: "" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("private, max-age=300");
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);

    const root = new ICAL.Component(ICAL.parse(text));
    const events = root.getAllSubcomponents("vevent");
    expect(events.map((e) => textOf(e, "uid")).sort()).toEqual(
      [ids.card, ids.cash, ids.cancelled].map((id) => `booking-${id}@haulbook.example`).sort(),
    );
    expect(text).not.toContain("Unpaid Checkout");
    expect(text).not.toContain("Long Ago");

    const card = events.find((e) => textOf(e, "uid") === `booking-${ids.card}@haulbook.example`)!;
    expect(textOf(card, "summary")).toBe("Collection: Card Payer (3 items)");
    expect(textOf(card, "location")).toBe("5 Station Road, Woking, GU22 7AA");
    expect(textOf(card, "status")).toBe("CONFIRMED");
    expect(card.getFirstPropertyValue("sequence")).toBe(2);
    const description = textOf(card, "description");
    expect(description).toContain("Phone: 07700 900444");
    // Booked before arrival windows: any time of the collection day.
    expect(description).toContain("Arrival: Any time, 7:00 to 22:00");
    expect(description).toContain("- 1 × Three-seater sofa (Outside — left out for collection)");
    expect(description).toContain("- 2 × Fridge freezer (Inside — needs dismantling)");
    expect(description).toContain("Side gate is unlocked; the dog is friendly.");
    expect(description).toContain(`${server.url}/dashboard/orders/${ids.card}`);
    expect(card.getFirstProperty("dtstart")!.getParameter("tzid")).toBe("Europe/London");
    expect(String(card.getFirstPropertyValue("dtstart"))).toBe(`${addDaysIso(today, 2)}T07:00:00`);

    const cash = events.find((e) => textOf(e, "uid") === `booking-${ids.cash}@haulbook.example`)!;
    expect(textOf(cash, "summary")).toBe("Collection: Cash Booker (0 items)");
    expect(textOf(cash, "description")).toContain("Collect £120.00 (cash)");
    expect(textOf(cash, "status")).toBe("CONFIRMED");
    expect(cash.getFirstPropertyValue("sequence")).toBe(0);

    const cancelled = events.find(
      (e) => textOf(e, "uid") === `booking-${ids.cancelled}@haulbook.example`,
    )!;
    expect(textOf(cancelled, "status")).toBe("CANCELLED");
    expect(cancelled.getFirstPropertyValue("sequence")).toBe(1);
    expect(textOf(cancelled, "summary")).toBe("Cancelled: Collection: Called It Off (1 item)");
    expect(textOf(cancelled, "description")).toMatch(/^Cancelled .+: no collection\./);
  });

  it("answers 404 to a wrong secret; of 50 at once from one network, 30 answer 404 and 20 answer 429", async () => {
    const address = await shownAddress();
    const wrong = (i: number) =>
      address.replace(
        /\/calendar\/[^/]+\.ics$/,
        `/calendar/${"A".repeat(41)}${String(i).padStart(2, "0")}.ics`,
      );
    // One network: an IPv6 /64, any address in it.
    const from = (n: number) => `2001:db8:feed:1::${n.toString(16)}`;
    const miss = await get(wrong(99), { cookie: "", from: "203.0.113.78" });
    expect(miss.response.status).toBe(404);
    expect(miss.text).not.toContain("VCALENDAR");
    expect(
      (await get("/calendar/not-a-feed", { cookie: "", from: "203.0.113.78" })).response.status,
    ).toBe(404);
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, i) => get(wrong(i), { cookie: "", from: from(i + 1) })),
    );
    const count = (status: number) => burst.filter((b) => b.response.status === status).length;
    expect([count(404), count(429)]).toEqual([30, 20]);
    const limited = burst.find((b) => b.response.status === 429)!;
    expect(Number(limited.response.headers.get("retry-after"))).toBeGreaterThan(0);
    // The feed itself is served on that same network: strangers' misses never lock staff out.
    const feed = await get(address, { cookie: "", from: from(77) });
    expect(feed.response.status).toBe(200);
    expect(feed.text).toContain("BEGIN:VCALENDAR");
    expect((await get(wrong(1), { cookie: "", from: from(78) })).response.status).toBe(429);
    // Another network is not held back.
    expect((await get(address, { cookie: "", from: "198.51.100.8" })).response.status).toBe(200);
  });

  it("makes a new address on request: the old one answers 404, the new one 200", async () => {
    const before = await shownAddress();
    const posted = await rotate();
    expect(posted.status).toBe(303);
    const landed = await followRedirect(server, posted, staff.cookie);
    expect(landed.response.status).toBe(200);
    expect(landed.html).toContain("New address made. The old address no longer works");
    const after = await shownAddress();
    expect(after).not.toBe(before);
    expect((await get(before, { cookie: "", from: "192.0.2.10" })).response.status).toBe(404);
    const fresh = await get(after, { cookie: "", from: "192.0.2.10" });
    expect(fresh.response.status).toBe(200);
    expect(fresh.text).toContain(`UID:booking-${ids.card}@haulbook.example`);
  });

  it("is on the staff menu, and sends anyone not signed in to /login", async () => {
    const menu = await get("/dashboard/home?menu=open");
    expect(menu.text).toMatch(
      /href="\/dashboard\/calendar-feed"[^>]*>.*?<span>Calendar feed<\/span>/,
    );
    const page = await get("/dashboard/calendar-feed", { cookie: "" });
    expect([302, 303]).toContain(page.response.status);
    expect(page.response.headers.get("location")).toMatch(
      /^\/login\?redirectTo=%2Fdashboard%2Fcalendar-feed/,
    );
    expect(page.text).not.toContain("/calendar/");
    const before = await shownAddress();
    const posted = await rotate("");
    expect([302, 303]).toContain(posted.status);
    expect(posted.headers.get("location")).toMatch(/^\/login/);
    expect(await shownAddress()).toBe(before);
  });
});
