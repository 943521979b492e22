import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import {
  BOOKING_CUSTOMER,
  calendarEventOf,
  dayState,
  emailsAbout,
  html,
  nextVisitor,
  payOnDemoPage,
} from "../support/bookings";
import { rows, run } from "../support/database";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe";
import { startServer, type RunningServer } from "../support/server";

/**
 * Arrival windows and capacity by load at the checkout and the /api (issue 19;
 * docs/decisions/028-arrival-windows.md): the window chosen is stored and told; a big bag finds an
 * afternoon full that a small one still fits; a blocked day is refused; "Any time" takes 10% off a
 * bag left outside, through to the card provider's lines, the order and the emails.
 */

/**
 * The `n`th day ahead that is not a Sunday (Monday to Saturday have 2 vans): at least `n` days
 * ahead, and a different day for each `n`, whatever today's weekday, so tests never share a day.
 */
function weekdayAhead(n: number): string {
  let day = todayInLondon();
  for (let found = 0; found < n;) {
    day = addDaysIso(day, 1);
    if (new Date(`${day}T12:00:00Z`).getUTCDay() !== 0) found++;
  }
  return day;
}

const ARMCHAIR = 1; // 1 yd³, 10 minutes; £29 + outside
const THREE_SEATER = 3; // 2.5 yd³, 20 minutes
const CORNER_SOFA = 4; // 4 yd³, 30 minutes

async function bag(server: RunningServer, id: number, position = "outside"): Promise<string> {
  const res = await fetch(`${server.url}/bag`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "add", id: String(id), position, quantity: "1" }),
  });
  return /cart=[^;]*/.exec(res.headers.get("set-cookie") ?? "")![0];
}

let tokens = 0;
async function checkout(
  server: RunningServer,
  cookie: string,
  fields: Record<string, string>,
): Promise<Response> {
  return fetch(`${server.url}/checkout`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: server.url,
      cookie,
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": nextVisitor(),
    },
    body: new URLSearchParams({
      intent: "pay",
      early_start: "yes",
      ui: "hosted",
      token: `windowToken${String(++tokens).padStart(6, "0")}AAAA`,
      ...BOOKING_CUSTOMER,
      ...fields,
    }),
  });
}

/** A booking staff made by hand, taking `minutes` of a window (one order line carries its size). */
async function bookedByHand(
  server: RunningServer,
  day: string,
  window: string,
  load: { hundredths: number; minutes: number },
) {
  const [order] = await rows<{ id: number }>(
    server,
    `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date,
       payment_method, total_pence, source, arrival_window)
     VALUES ('Filler', 'f@example.com', '07700 900000', '1 St', 'Leeds', 'SE1 1AA', ?, 'cash_payment', 1000, 'manual', ?)
     RETURNING id`,
    day,
    window,
  );
  await run(
    server,
    `INSERT INTO order_items (order_id, product_id, product_name, product_description, unit_price_pence, quantity, load_hundredths, handling_minutes)
     VALUES (?, NULL, 'House clearance', '', 1000, 1, ?, ?)`,
    order!.id,
    load.hundredths,
    load.minutes,
  );
}

const orderOf = async (server: RunningServer, sessionId: string) =>
  (
    await rows<{
      id: number;
      arrival_window: string;
      window_discount_pence: number;
      total_pence: number;
    }>(
      server,
      "SELECT id, arrival_window, window_discount_pence, total_pence FROM orders WHERE payment_session_id = ?",
      sessionId,
    )
  )[0]!;

const sessionOf = (res: Response) =>
  decodeURIComponent(/session_id=([^&]+)/.exec(res.headers.get("location") ?? "")![1]!);

describe("arrival windows at the checkout (demo gateway)", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { NODE_ENV: "test" } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("offers the three windows, and Any time only for a bag left outside", async () => {
    const outside = await html(
      await fetch(`${server.url}/checkout`, { headers: { cookie: await bag(server, ARMCHAIR) } }),
    );
    expect(outside).toContain("Arrival time");
    for (const [name, when] of [
      ["Morning", "7:00 to 12:00"],
      ["Afternoon", "12:00 to 17:00"],
      ["Evening", "17:00 to 22:00"],
      ["Any time", "7:00 to 22:00"],
    ])
      expect(outside).toMatch(
        new RegExp(`arrival-name">${name}</span><span class="arrival-when">${when}</span>`),
      );
    expect(outside).toMatch(/10% off: you save £\d+\.\d\d/);

    const inside = await html(
      await fetch(`${server.url}/checkout`, {
        headers: { cookie: await bag(server, ARMCHAIR, "inside_no_dismantle") },
      }),
    );
    expect(inside).toContain('value="evening"');
    expect(inside).not.toContain('value="any"');
    expect(inside).not.toContain("10% off");
  });

  it("stores the window chosen, and the emails tell it", async () => {
    const day = weekdayAhead(20);
    const res = await checkout(server, await bag(server, THREE_SEATER), {
      date: day,
      window: "afternoon",
    });
    expect(res.status).toBe(303);
    const sessionId = sessionOf(res);
    const order = await orderOf(server, sessionId);
    expect(order).toMatchObject({ arrival_window: "afternoon", window_discount_pence: 0 });
    await payOnDemoPage(server, sessionId);
    const confirmation = (await emailsAbout(server, order.id)).find(
      (e) => e.kind === "booking_confirmation",
    );
    expect(confirmation?.text_body).toContain("Arrival: Afternoon, 12:00 to 17:00");
    expect(confirmation?.text_body).not.toContain("discount");
    // The calendar file puts the collection in the afternoon, UK time.
    const event = await calendarEventOf(server, confirmation!.id);
    expect(event.start).toBe(`${day}T12:00:00`);
    expect(event.zone).toBe("Europe/London");
  });

  it("takes 10% off a bag left outside collected any time, as a line, through to the emails", async () => {
    const day = weekdayAhead(21);
    const [sofa] = await rows<{ unit: number }>(
      server,
      "SELECT price_pence + outside_pence AS unit FROM products WHERE id = ?",
      THREE_SEATER,
    );
    const discount = Math.round(sofa!.unit / 10);
    const res = await checkout(server, await bag(server, THREE_SEATER), {
      date: day,
      window: "any",
    });
    expect(res.status).toBe(303);
    const sessionId = sessionOf(res);
    const order = await orderOf(server, sessionId);
    expect(order).toMatchObject({
      arrival_window: "any",
      window_discount_pence: discount,
      total_pence: sofa!.unit - discount,
    });
    // The demo payment page shows the discount as a line and asks for the discounted total.
    const demo = await html(await fetch(`${server.url}/payment/demo?session_id=${sessionId}`));
    expect(demo).toContain("Any time discount (10%)");
    expect(demo).toContain(`−£${(discount / 100).toFixed(2)}`);
    expect(demo).toContain(`Pay £${((sofa!.unit - discount) / 100).toFixed(2)}`);
    await payOnDemoPage(server, sessionId);
    const [paid] = await rows<{ status: string }>(
      server,
      "SELECT status FROM orders WHERE id = ?",
      order.id,
    );
    expect(paid!.status).toBe("complete");
    const confirmation = (await emailsAbout(server, order.id)).find(
      (e) => e.kind === "booking_confirmation",
    );
    expect(confirmation?.text_body).toContain("Arrival: Any time, 7:00 to 22:00");
    expect(confirmation?.text_body).toContain(
      `Any time discount (10%): −£${(discount / 100).toFixed(2)}`,
    );
    expect(confirmation?.text_body).toContain(
      `Total paid: £${((sofa!.unit - discount) / 100).toFixed(2)}`,
    );
  });

  it("refuses Any time for a bag with an item collected from inside", async () => {
    const res = await checkout(server, await bag(server, ARMCHAIR, "inside_no_dismantle"), {
      date: weekdayAhead(22),
      window: "any",
    });
    expect(res.status).toBe(400);
    expect(await html(res)).toContain(
      "Any time is for collections where every item is left outside. Please choose a window.",
    );
  });

  it("a big bag finds the afternoon full that a small bag still fits", async () => {
    const day = weekdayAhead(23);
    // 385 of the afternoon's 400 crew minutes are booked (2 vans × 600 minutes, a third each).
    await bookedByHand(server, day, "afternoon", { hundredths: 500, minutes: 385 });

    const big = await checkout(server, await bag(server, CORNER_SOFA), {
      date: day,
      window: "afternoon",
    });
    expect(big.status).toBe(400);
    const page = await html(big);
    expect(page).toContain(
      "The afternoon is full on that day for your collection. Please choose another time, or another date.",
    );
    // Without JavaScript the page comes back with that day's windows: the afternoon is out.
    expect(page).toMatch(
      /<input type="radio" name="window" required="" disabled="" value="afternoon"/,
    );
    expect(page).toMatch(/<input type="radio" name="window" required="" value="morning"/);

    const small = await checkout(server, await bag(server, ARMCHAIR), {
      date: day,
      window: "afternoon",
    });
    expect(small.status).toBe(303);
    expect((await orderOf(server, sessionOf(small))).arrival_window).toBe("afternoon");
  });

  it("a day whose load is spoken for is full in the calendar for a big bag only", async () => {
    const day = weekdayAhead(24);
    // 37 of the day's 40 yd³ are booked: a corner sofa (4 yd³) no longer fits, an armchair does.
    await bookedByHand(server, day, "any", { hundredths: 3700, minutes: 60 });
    const stateFor = async (id: number) => {
      const page = await html(
        await fetch(`${server.url}/checkout?month=${day.slice(0, 7)}`, {
          headers: { cookie: await bag(server, id) },
        }),
      );
      return new RegExp(
        `calendar-day-(\\w+)"><input type="radio" name="date"(?: disabled="")? value="${day}"`,
      ).exec(page)?.[1];
    };
    expect(await stateFor(CORNER_SOFA)).toBe("full");
    expect(await stateFor(ARMCHAIR)).toBe("available");
    const refused = await checkout(server, await bag(server, CORNER_SOFA), {
      date: day,
      window: "morning",
    });
    expect(refused.status).toBe(400);
    expect(await html(refused)).toContain("Please select a valid date");
  });

  it("a blocked day is closed in the calendar and refused", async () => {
    const day = weekdayAhead(25);
    await run(
      server,
      "INSERT INTO blocked_days (day, reason, created_by) VALUES (?, 'Staff training', 'Owner')",
      day,
    );
    expect(await dayState(server, day)).toBe("closed");
    const res = await checkout(server, await bag(server, ARMCHAIR), {
      date: day,
      window: "morning",
    });
    expect(res.status).toBe(400);
    expect(await html(res)).toContain("Please select a valid date");
    expect(await rows(server, "SELECT id FROM orders WHERE collection_date = ?", day)).toEqual([]);
  });

  it("/api: a window may be sent; without one the first window that fits is taken", async () => {
    const day = weekdayAhead(26);
    const api = (billing: Record<string, string>, id = ARMCHAIR) =>
      fetch(`${server.url}/api/products/create-checkout-session/`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": nextVisitor() },
        body: JSON.stringify({
          billing_infomation: { ...BOOKING_CUSTOMER, date: day, ...billing },
          cart_items: [{ id, addon: { label: "Outside — left out for collection" }, quantity: 1 }],
        }),
      });
    const latestWindow = async () =>
      (
        await rows<{ arrival_window: string }>(
          server,
          "SELECT arrival_window FROM orders WHERE collection_date = ? ORDER BY id DESC LIMIT 1",
          day,
        )
      )[0]?.arrival_window;

    expect((await api({ window: "evening" })).status).toBe(200);
    expect(await latestWindow()).toBe("evening");
    // The morning's crew time is spoken for: a client sending only a date gets the afternoon.
    await bookedByHand(server, day, "morning", { hundredths: 100, minutes: 400 });
    expect((await api({})).status).toBe(200);
    expect(await latestWindow()).toBe("afternoon");
    const wrong = await api({ window: "midnight" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      errors: { window: "Please choose an arrival time" },
    });
  });
});

describe("the any-time discount at the card provider (a fake Stripe)", () => {
  let stripe: FakeStripe;
  let server: RunningServer;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startServer({
      env: {
        NODE_ENV: "test",
        STRIPE_SECRET_KEY: "sk_test_haulbook_fake",
        STRIPE_PUBLISHABLE_KEY: "pk_test_haulbook_fake",
        STRIPE_WEBHOOK_SECRET: "whsec_windows",
        STRIPE_API_BASE: stripe.url,
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await stripe?.close();
  });

  it("sends each unit at its discounted price, so the session's total is the order's, and the payment completes", async () => {
    const day = weekdayAhead(27);
    const res = await fetch(`${server.url}/api/products/create-checkout-session/`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": nextVisitor() },
      body: JSON.stringify({
        billing_infomation: { ...BOOKING_CUSTOMER, date: day, window: "any" },
        cart_items: [
          { id: THREE_SEATER, addon: { label: "Outside — left out for collection" }, quantity: 2 },
          { id: ARMCHAIR, addon: { label: "Outside — left out for collection" }, quantity: 1 },
        ],
      }),
    });
    expect(res.status).toBe(200);
    const body = stripe.sessionCreations().at(-1)!.body as {
      line_items: {
        quantity: string;
        price_data: { unit_amount: string; product_data: { name: string } };
      }[];
    };
    const [order] = await rows<{
      id: number;
      total_pence: number;
      window_discount_pence: number;
      payment_session_id: string;
    }>(
      server,
      "SELECT id, total_pence, window_discount_pence, payment_session_id FROM orders WHERE collection_date = ?",
      day,
    );
    const items = await rows<{ unit_price_pence: number; quantity: number }>(
      server,
      "SELECT unit_price_pence, quantity FROM order_items WHERE order_id = ? ORDER BY id",
      order!.id,
    );
    expect(body.line_items.map((l) => Number(l.price_data.unit_amount))).toEqual(
      items.map((i) => i.unit_price_pence - Math.round(i.unit_price_pence / 10)),
    );
    expect(body.line_items[0]!.price_data.product_data.name).toMatch(/, any time \(10% off\)$/);
    const sent = body.line_items.reduce(
      (sum, l) => sum + Number(l.price_data.unit_amount) * Number(l.quantity),
      0,
    );
    const full = items.reduce((sum, i) => sum + i.unit_price_pence * i.quantity, 0);
    expect(sent).toBe(order!.total_pence);
    expect(full - order!.window_discount_pence).toBe(order!.total_pence);

    // Paid: the amount matches the order, so it completes (not held for review).
    stripe.pay(order!.payment_session_id);
    const status = await fetch(
      `${server.url}/api/products/payment_status?id=${order!.payment_session_id}`,
    );
    expect(await status.json()).toEqual({ status: "complete" });
  });
});
