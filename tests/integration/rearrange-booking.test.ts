import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EARLY_START_MESSAGE } from "~/lib/cancellation";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { REARRANGE_MESSAGES } from "~/models/bookings/rearrange-booking.server";
import { CANCELLED_BOOKING_MESSAGE } from "~/models/bookings/booking-edit.server";
import {
  BOOKING_CUSTOMER,
  calendarEventOf,
  dayState,
  emailsAbout,
  html,
  manageLinkOf,
  payOnDemoPage,
  postForm,
  startCardCheckout,
} from "../support/bookings";
import { rows } from "../support/database";
import {
  signedStripeWebhook,
  startFakeStripe,
  stripeSessionEvent,
  type FakeStripe,
} from "../support/fake-stripe";
import { startServer, TEST_ENGINE, type RunningServer } from "../support/server";
import { signInStaff } from "../support/staff";

/**
 * Customers move their own booking to another day (issue 18): free 14 or more days ahead, £24
 * within 14 days, paid through the gateway before the move; the move takes the new day's slot
 * and frees the old one in one transaction, so a race for a day's last slot has one winner and
 * the loser's fee goes back. The customer gets a new confirmation whose calendar event moves
 * (same UID, a higher SEQUENCE); the office gets a note; the order's history says who moved it.
 */

const OFFICE = "office@haulbook.test";
const WEBHOOK_SECRET = "whsec_test_rearrange";
const day = (n: number) => addDaysIso(todayInLondon(), n);
const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

interface OrderRow {
  id: number;
  collection_date: string;
  ics_sequence: number;
  total_pence: number;
}
const orderById = async (server: RunningServer, id: number) =>
  (
    await rows<OrderRow>(
      server,
      "SELECT id, collection_date, ics_sequence, total_pence FROM orders WHERE id = ?",
      id,
    )
  )[0]!;
const changesOf = (server: RunningServer, id: number) =>
  rows<{
    from_date: string;
    to_date: string;
    fee_pence: number;
    status: string;
    refund_reference: string | null;
  }>(
    server,
    "SELECT from_date, to_date, fee_pence, status, refund_reference FROM booking_changes WHERE order_id = ? ORDER BY id",
    id,
  );

const rearrange = (server: RunningServer, link: string, date: string, extra = {}) =>
  postForm(server, link, { intent: "rearrange", date, ui: "hosted", ...extra });

describe("rearranging a card booking paid through Stripe (a fake Stripe)", () => {
  let stripe: FakeStripe;
  let server: RunningServer;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startServer({
      env: {
        NODE_ENV: "test",
        STRIPE_SECRET_KEY: "sk_test_haulbook_fake",
        STRIPE_PUBLISHABLE_KEY: "pk_test_haulbook_fake",
        STRIPE_API_BASE: stripe.url,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        BUSINESS_EMAIL: OFFICE,
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await stripe?.close();
  });

  async function paidBooking(date: string, productId = 5) {
    const { sessionId } = await startCardCheckout(server, date, productId);
    stripe.pay(sessionId);
    await fetch(`${server.url}/payment?session_id=${sessionId}`, { redirect: "manual" });
    const [order] = await rows<OrderRow>(
      server,
      "SELECT id, collection_date, ics_sequence, total_pence FROM orders WHERE payment_session_id = ?",
      sessionId,
    );
    expect(order).toBeTruthy();
    return { sessionId, order: order!, link: await manageLinkOf(server, order!.id) };
  }

  it("30 days ahead: free, moved at once, the slots follow, a new confirmation whose event moves", async () => {
    const { order, link } = await paidBooking(day(30));
    const page = await html(await fetch(`${server.url}${link}`));
    expect(page).toContain("Moving your collection is free.");
    expect(page).toContain(`${link}?rearrange=1#rearrange`);
    // The calendar opens on the booking's month, and moves to any other.
    const picker = await html(await fetch(`${server.url}${link}?rearrange=1`));
    expect(picker).toContain(`value="${day(30)}"`);
    const later = await html(
      await fetch(`${server.url}${link}?rearrange=1&month=${day(40).slice(0, 7)}`),
    );
    expect(later).toContain(`value="${day(40)}"`);
    expect(picker).toContain("Move my collection");

    const started = performance.now();
    const res = await rearrange(server, link, day(40));
    console.log(
      `[rearrange] (${TEST_ENGINE}) a free move took ${(performance.now() - started).toFixed(0)} ms`,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${link}?moved=1`);
    const after = await orderById(server, order.id);
    expect(after).toMatchObject({ collection_date: day(40), ics_sequence: 1 });
    expect(await changesOf(server, order.id)).toEqual([
      {
        from_date: day(30),
        to_date: day(40),
        fee_pence: 0,
        status: "applied",
        refund_reference: null,
      },
    ]);
    const moved = await html(await fetch(`${server.url}${link}?moved=1`));
    expect(moved).toContain("Your collection has moved to");
    expect(moved).toContain("We have emailed you a new confirmation.");

    const history = await rows<{
      field: string;
      old_value: string;
      new_value: string;
      actor: string;
    }>(
      server,
      "SELECT field, old_value, new_value, actor FROM order_events WHERE order_id = ? AND field = 'collection_date'",
      order.id,
    );
    expect(history).toEqual([
      {
        field: "collection_date",
        old_value: day(30),
        new_value: `${day(40)} (rearranged, no fee)`,
        actor: "customer",
      },
    ]);
    const staff = await signInStaff(server);
    const staffPage = await html(
      await fetch(`${server.url}/dashboard/orders/${order.id}`, {
        headers: { cookie: staff.cookie },
      }),
    );
    expect(staffPage).toContain(`${day(40)} (rearranged, no fee)`);

    const emails = await emailsAbout(server, order.id);
    const confirmation = emails.find((e) => e.kind === "booking_confirmation")!;
    const rearranged = emails.filter((e) => e.kind.startsWith("booking_rearranged"));
    expect(rearranged.map((e) => [e.kind, e.to_address])).toEqual([
      ["booking_rearranged", BOOKING_CUSTOMER.email],
      ["booking_rearranged_notification", OFFICE],
    ]);
    expect(rearranged[0]!.text_body).toContain("Date change fee: none");
    expect(rearranged[0]!.text_body).toContain(link);
    const before = await calendarEventOf(server, confirmation.id);
    const now = await calendarEventOf(server, rearranged[0]!.id);
    expect(now.uid).toBe(before.uid);
    expect([before.sequence, now.sequence]).toEqual([0, 1]);
    expect(now.start).toBe(`${day(40)}T07:00:00`);
    expect(now.zone).toBe("Europe/London");
  });

  it("10 days ahead: £24 paid through the gateway before the move; a repeat report changes nothing", async () => {
    const { order, link } = await paidBooking(day(10), 6);
    expect(await html(await fetch(`${server.url}${link}?rearrange=1`))).toContain(
      "Pay £24.00 and move my collection",
    );
    const res = await rearrange(server, link, day(12));
    expect(res.status).toBe(303);
    const sessionId = res.headers.get("location")!.split("/").pop()!;
    const session = stripe.sessions.get(sessionId)!;
    expect(session.amount_total).toBe(2400);
    expect(session.metadata).toMatchObject({ order_id: String(order.id) });
    expect(session.success_url).toContain(`${link}?session_id=`);
    // Not paid yet: nothing has moved.
    expect((await orderById(server, order.id)).collection_date).toBe(day(10));
    expect((await changesOf(server, order.id)).map((c) => c.status)).toEqual(["pending"]);

    stripe.pay(sessionId);
    const back = await html(await fetch(`${server.url}${link}?session_id=${sessionId}`));
    expect(back).toContain("Your collection has moved to");
    expect(back).toContain("and your £24.00 fee is paid");
    expect(await orderById(server, order.id)).toMatchObject({
      collection_date: day(12),
      ics_sequence: 1,
    });
    expect(await changesOf(server, order.id)).toEqual([
      {
        from_date: day(10),
        to_date: day(12),
        fee_pence: 2400,
        status: "applied",
        refund_reference: null,
      },
    ]);
    const count = async () =>
      (await emailsAbout(server, order.id)).filter((e) => e.kind === "booking_rearranged").length;
    expect(await count()).toBe(1);
    await fetch(`${server.url}${link}?session_id=${sessionId}`);
    expect(await count()).toBe(1);
    const [email] = (await emailsAbout(server, order.id)).filter(
      (e) => e.kind === "booking_rearranged",
    );
    // Not VAT registered: the fee names no VAT (lib/vat.ts).
    expect(email!.text_body).toContain("Date change fee paid by card: £24.00\n");
    expect(email!.text_body).not.toMatch(/VAT/);
  });

  it("cancelled within its cancellation period after a paid move: the booking and the £24 come back, each to its own payment", async () => {
    const { sessionId, order, link } = await paidBooking(day(9), 6);
    const moved = await rearrange(server, link, day(11));
    const feeSession = moved.headers.get("location")!.split("/").pop()!;
    stripe.pay(feeSession);
    await fetch(`${server.url}${link}?session_id=${feeSession}`);
    expect((await changesOf(server, order.id)).map((c) => c.status)).toEqual(["applied"]);

    // Booked today: the cancellation period runs, so everything paid goes back.
    const total = order.total_pence + 2400;
    const pounds = (p: number) => `£${(p / 100).toFixed(2)}`;
    const page = await html(await fetch(`${server.url}${link}`));
    expect(page).toContain(
      `so cancelling is free. You get ${pounds(total)} back, the £24.00 you paid to move it included.`,
    );
    const cancelled = await postForm(server, link, { intent: "cancel" });
    expect(cancelled.status).toBe(303);

    const intentOf = (session: string) => stripe.sessions.get(session)!.payment_intent;
    const refunds = stripe.refunds.map((r) => [r.payment_intent, r.amount]);
    expect(refunds).toEqual(
      expect.arrayContaining([
        [intentOf(sessionId), order.total_pence],
        [intentOf(feeSession), 2400],
      ]),
    );
    expect(stripe.refundRequests().map((r) => r.idempotencyKey)).toEqual(
      expect.arrayContaining([
        `cancel-${order.id}`,
        expect.stringMatching(`^cancel-${order.id}-move-\\d+$`),
      ]),
    );
    const [change] = await changesOf(server, order.id);
    expect(change!.refund_reference).toMatch(/^re_/);
    const [event] = await rows<{ new_value: string }>(
      server,
      "SELECT new_value FROM order_events WHERE order_id = ? AND field = 'cancelled'",
      order.id,
    );
    expect(event!.new_value).toContain("within the 14-day cancellation period");
    expect(event!.new_value).toContain("fee paid to move it refunded £24.00 (re_");
    const [email] = (await emailsAbout(server, order.id)).filter(
      (e) => e.kind === "booking_cancelled",
    );
    expect(email!.text_body).toContain(
      `Refund of your booking: ${pounds(order.total_pence)} to the card you paid with.`,
    );
    expect(email!.text_body).toContain(
      "Refund of the fee you paid to move it: £24.00 to the card you paid it with.",
    );
  });

  it("the gateway's webhook makes a paid move, and an expired fee session closes the change, not the order", async () => {
    const { order, link } = await paidBooking(day(7), 3);
    const res = await rearrange(server, link, day(9));
    const sessionId = res.headers.get("location")!.split("/").pop()!;
    const paid = stripe.pay(sessionId);
    const hook = await signedStripeWebhook(
      server,
      stripeSessionEvent("evt_test_change_paid", "checkout.session.completed", paid),
      WEBHOOK_SECRET,
    );
    expect(hook.status).toBe(200);
    expect(await orderById(server, order.id)).toMatchObject({
      collection_date: day(9),
      ics_sequence: 1,
    });

    const again = await rearrange(server, link, day(10));
    const unpaid = again.headers.get("location")!.split("/").pop()!;
    const expired = stripe.expire(unpaid);
    const closed = await signedStripeWebhook(
      server,
      stripeSessionEvent("evt_test_change_expired", "checkout.session.expired", expired),
      WEBHOOK_SECRET,
    );
    expect(closed.status).toBe(200);
    expect((await changesOf(server, order.id)).map((c) => c.status)).toEqual(["applied", "closed"]);
    const [still] = await rows<{
      status: string;
      collection_date: string;
      payment_closed: string | null;
    }>(server, "SELECT status, collection_date, payment_closed FROM orders WHERE id = ?", order.id);
    expect(still).toEqual({ status: "complete", collection_date: day(9), payment_closed: null });
  });

  it("the race for a day's last slot has one winner; the other fee goes back", async () => {
    await rows(server, "UPDATE settings SET value = '1' WHERE key = 'daily_capacity'");
    try {
      const first = await paidBooking(day(5), 7);
      const second = await paidBooking(day(6), 8);
      const a = await rearrange(server, first.link, day(8));
      const b = await rearrange(server, second.link, day(8));
      const sa = a.headers.get("location")!.split("/").pop()!;
      const sb = b.headers.get("location")!.split("/").pop()!;
      stripe.pay(sa);
      stripe.pay(sb);
      const [pageA, pageB] = await Promise.all([
        fetch(`${server.url}${first.link}?session_id=${sa}`).then(html),
        fetch(`${server.url}${second.link}?session_id=${sb}`).then(html),
      ]);
      const dates = [
        (await orderById(server, first.order.id)).collection_date,
        (await orderById(server, second.order.id)).collection_date,
      ];
      const winners = dates.filter((d) => d === day(8));
      expect(winners).toHaveLength(1);
      const loser = dates[0] === day(8) ? second : first;
      const loserPage = dates[0] === day(8) ? pageB : pageA;
      expect(loserPage).toContain("filled up while you paid, so your date has not changed");
      const [change] = await changesOf(server, loser.order.id);
      expect(change).toMatchObject({ status: "refunded", fee_pence: 2400 });
      const refund = stripe.refunds.find((r) => r.id === change!.refund_reference);
      expect(refund?.amount).toBe(2400);
      const told = (await emailsAbout(server, loser.order.id)).filter(
        (e) => e.kind === "booking_rearrange_refunded",
      );
      expect(told).toHaveLength(1);
      expect(told[0]!.text_body).toContain("We have refunded your £24.00 date change fee");
      expect(await dayState(server, day(8))).toBe("full");
    } finally {
      await rows(server, "UPDATE settings SET value = '8' WHERE key = 'daily_capacity'");
    }
  });

  /** The order's window as stored, and its changes' windows. */
  const windowsOf = async (id: number) => ({
    order: (
      await rows<{ arrival_window: string }>(
        server,
        "SELECT arrival_window FROM orders WHERE id = ?",
        id,
      )
    )[0]!.arrival_window,
    changes: (
      await rows<{ to_window: string }>(
        server,
        "SELECT to_window FROM booking_changes WHERE order_id = ? ORDER BY id",
        id,
      )
    ).map((c) => c.to_window),
  });

  /**
   * A manual booking in `date`'s afternoon taking all of the afternoon's crew minutes (its share
   * of the day's, by the windows' lengths: a third by default), so the afternoon is full while
   * the rest of the day is not.
   */
  async function fillAfternoon(date: string) {
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const [fleetDay] = await rows<{ vans: number }>(
      server,
      "SELECT vans FROM fleet_days WHERE weekday = ?",
      weekday,
    );
    const [crew] = await rows<{ value: string }>(
      server,
      "SELECT value FROM settings WHERE key = 'crew_minutes_per_day'",
    );
    const vans = fleetDay?.vans ?? (weekday === 0 ? 1 : 2);
    const share = Math.floor((vans * Number(crew?.value ?? 600)) / 3);
    const [filler] = await rows<{ id: number }>(
      server,
      `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date, arrival_window, payment_method, total_pence, source)
       VALUES ('Afternoon Filler', 'f@example.com', '0', 'x', 'y', 'Z1 1ZZ', ?, 'afternoon', 'cash_payment', 0, 'manual') RETURNING id`,
      date,
    );
    await rows(
      server,
      `INSERT INTO order_items (order_id, product_name, product_description, position, unit_price_pence, quantity, load_hundredths, handling_minutes)
       VALUES (?, 'Filler', '', 'outside', 0, 1, 1, ?)`,
      filler!.id,
      share,
    );
  }

  it("moves to another window on the same day; refuses a full window with its message; the booking page shows the arrival", async () => {
    const { order, link } = await paidBooking(day(32), 11);
    // Booked without a window named: the first that fits, the morning.
    const page = await html(await fetch(`${server.url}${link}`));
    expect(page).toMatch(/Arrival<\/dt><dd[^>]*>Morning, 7:00 to 12:00<\/dd>/);
    const picker = await html(await fetch(`${server.url}${link}?rearrange=1`));
    expect(picker).toContain("Arrival time");
    expect(picker).toMatch(/value="afternoon"/);
    expect(picker).not.toMatch(/value="any"/);

    const moved = await rearrange(server, link, day(32), { window: "afternoon" });
    expect(moved.status).toBe(303);
    expect(await orderById(server, order.id)).toMatchObject({ collection_date: day(32) });
    expect(await windowsOf(order.id)).toEqual({ order: "afternoon", changes: ["afternoon"] });
    expect(await html(await fetch(`${server.url}${link}?moved=1`))).toMatch(
      /Arrival<\/dt><dd[^>]*>Afternoon, 12:00 to 17:00<\/dd>/,
    );
    const [email] = (await emailsAbout(server, order.id)).filter(
      (e) => e.kind === "booking_rearranged",
    );
    expect(email!.text_body).toContain("Afternoon, 12:00 to 17:00");

    // Any time is for bookings made any time: refused here.
    const anyTime = await rearrange(server, link, day(33), { window: "any" });
    expect(anyTime.status).toBe(400);
    expect(await html(anyTime)).toContain(REARRANGE_MESSAGES.window);

    await fillAfternoon(day(34));
    const full = await rearrange(server, link, day(34), { window: "afternoon" });
    expect(full.status).toBe(409);
    const refused = await html(full);
    expect(refused).toContain(
      "The afternoon is full on that day for your collection. Please choose another time, or another date.",
    );
    // The picker shows the chosen day's windows: the afternoon full, the morning free.
    expect(refused).toMatch(/<input[^>]*disabled=""[^>]*value="afternoon"/);
    expect(refused).not.toMatch(/<input[^>]*disabled=""[^>]*value="morning"/);
    expect(refused).toContain("Full on this day");
    expect(await orderById(server, order.id)).toMatchObject({ collection_date: day(32) });
    const morning = await rearrange(server, link, day(34), { window: "morning" });
    expect(morning.status).toBe(303);
    expect(await windowsOf(order.id)).toEqual({
      order: "morning",
      changes: ["afternoon", "morning"],
    });
  });

  it("a move with a fee keeps the window asked for until it is paid", async () => {
    const { order, link } = await paidBooking(day(10), 12);
    const res = await rearrange(server, link, day(11), { window: "evening" });
    expect(res.status).toBe(303);
    expect(await windowsOf(order.id)).toEqual({ order: "morning", changes: ["evening"] });
    const sessionId = res.headers.get("location")!.split("/").pop()!;
    stripe.pay(sessionId);
    await fetch(`${server.url}${link}?session_id=${sessionId}`);
    expect(await orderById(server, order.id)).toMatchObject({ collection_date: day(11) });
    expect(await windowsOf(order.id)).toEqual({ order: "evening", changes: ["evening"] });
  });

  it("a booking made for any time stays any time: no windows offered, and its discount shown", async () => {
    const { order, link } = await paidBooking(day(36), 13);
    await rows(
      server,
      "UPDATE orders SET arrival_window = 'any', window_discount_pence = 450 WHERE id = ?",
      order.id,
    );
    const page = await html(await fetch(`${server.url}${link}?rearrange=1`));
    expect(page).toContain("Any time (your booking has the any-time discount)");
    expect(page).not.toMatch(/name="window"/);
    expect(page).toContain("Any time discount (10%): −£4.50");
    expect(page).toMatch(/Arrival<\/dt><dd[^>]*>Any time/);
    const moved = await rearrange(server, link, day(38), { window: "morning" });
    expect(moved.status).toBe(303);
    expect(await windowsOf(order.id)).toEqual({ order: "any", changes: ["any"] });
  });

  it("refuses the same day, a day outside the window, a full day, and a move into the cancellation period without the request", async () => {
    const { order, link } = await paidBooking(day(35), 9);
    const same = await rearrange(server, link, day(35));
    expect(same.status).toBe(400);
    expect(await html(same)).toContain(REARRANGE_MESSAGES.sameDay);
    const tooFar = await rearrange(server, link, day(400));
    expect(tooFar.status).toBe(400);
    expect(await html(tooFar)).toContain("Please select a valid date");

    await rows(server, "UPDATE settings SET value = '1' WHERE key = 'daily_capacity'");
    try {
      await paidBooking(day(37), 10);
      const full = await rearrange(server, link, day(37));
      expect(full.status).toBe(409);
      expect(await html(full)).toContain(REARRANGE_MESSAGES.full);
    } finally {
      await rows(server, "UPDATE settings SET value = '8' WHERE key = 'daily_capacity'");
    }

    // Booked today for 35 days ahead: moving to 9 days ahead is inside the 14-day cancellation period.
    const early = await rearrange(server, link, day(9));
    expect(early.status).toBe(400);
    expect(await html(early)).toContain(EARLY_START_MESSAGE);
    const ticked = await rearrange(server, link, day(9), { early_start: "yes" });
    expect(ticked.status).toBe(303);
    expect(await orderById(server, order.id)).toMatchObject({ collection_date: day(9) });
    const [flag] = await rows<{ early_start_requested: number | boolean }>(
      server,
      "SELECT early_start_requested FROM orders WHERE id = ?",
      order.id,
    );
    expect(Number(flag!.early_start_requested)).toBe(1);
    // 9 days ahead now: a second move costs the fee.
    expect(await html(await fetch(`${server.url}${link}`))).toContain(
      `Moving your collection costs ${pounds(2400)}`,
    );
  });
});

describe("rearranging through the demo gateway", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { NODE_ENV: "test", BUSINESS_EMAIL: OFFICE } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("the fee is paid on the demo page, which comes back to the booking", async () => {
    const { location, sessionId } = await startCardCheckout(server, day(11), 4);
    expect(location).toMatch(/^\/payment\/demo\?session_id=demo_/);
    await payOnDemoPage(server, sessionId);
    const [order] = await rows<OrderRow>(
      server,
      "SELECT id, collection_date, ics_sequence, total_pence FROM orders WHERE payment_session_id = ?",
      sessionId,
    );
    const link = await manageLinkOf(server, order!.id);
    const res = await rearrange(server, link, day(13));
    expect(res.status).toBe(303);
    const demo = res.headers.get("location")!;
    expect(demo).toMatch(/^\/payment\/demo\?session_id=demo_/);
    const demoPage = await html(await fetch(`${server.url}${demo}`));
    expect(demoPage).toContain("Pay £24.00");
    expect(demoPage).toContain(`Date change fee, booking HB${order!.id}`);
    expect(demoPage).toContain("Your collection moves to");

    const { back, page } = await payOnDemoPage(server, decodeURIComponent(demo.split("=").pop()!));
    expect(back).toMatch(new RegExp(`^${link}\\?session_id=demo_`));
    expect(await html(page)).toContain("Your collection has moved to");
    expect(await orderById(server, order!.id)).toMatchObject({
      collection_date: day(13),
      ics_sequence: 1,
    });
  });

  it("staff moving a booking's day move its calendar event on and make its reminder due again", async () => {
    const { sessionId } = await startCardCheckout(server, day(15), 2);
    await payOnDemoPage(server, sessionId);
    const [order] = await rows<OrderRow>(
      server,
      "SELECT id, collection_date, ics_sequence, total_pence FROM orders WHERE payment_session_id = ?",
      sessionId,
    );
    await rows(
      server,
      "UPDATE orders SET reminder_sent_at = ? WHERE id = ?",
      new Date().toISOString(),
      order!.id,
    );
    const { cookie, xsrf } = await signInStaff(server, { via: "api" });
    const update = await fetch(`${server.url}/api/general/updatebooking`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", "x-xsrf-token": xsrf },
      body: JSON.stringify({ order_id: order!.id, date: day(16) }),
    });
    expect(await update.json()).toMatchObject({ status: true });
    const [after] = await rows<{
      collection_date: string;
      ics_sequence: number;
      reminder_sent_at: string | null;
    }>(
      server,
      "SELECT collection_date, ics_sequence, reminder_sent_at FROM orders WHERE id = ?",
      order!.id,
    );
    expect(after).toEqual({ collection_date: day(16), ics_sequence: 1, reminder_sent_at: null });

    // Once cancelled, it is a record: neither the customer nor staff move it any more.
    const link = await manageLinkOf(server, order!.id);
    expect((await postForm(server, link, { intent: "cancel" })).status).toBe(303);
    expect((await rearrange(server, link, day(17))).status).toBe(409);
    const refused = await fetch(`${server.url}/api/general/updatebooking`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", "x-xsrf-token": xsrf },
      body: JSON.stringify({ order_id: order!.id, date: day(18), booking_status: "complete" }),
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      status: false,
      message: CANCELLED_BOOKING_MESSAGE,
    });
    expect(await orderById(server, order!.id)).toMatchObject({
      collection_date: day(16),
      ics_sequence: 2,
    });
  });

  it("a declined fee leaves the date as it was", async () => {
    const { sessionId } = await startCardCheckout(server, day(12), 3);
    await payOnDemoPage(server, sessionId);
    const [order] = await rows<OrderRow>(
      server,
      "SELECT id, collection_date, ics_sequence, total_pence FROM orders WHERE payment_session_id = ?",
      sessionId,
    );
    const link = await manageLinkOf(server, order!.id);
    const res = await rearrange(server, link, day(20));
    const feeSession = decodeURIComponent(res.headers.get("location")!.split("=").pop()!);
    const declined = await postForm(server, "/payment/demo", {
      session_id: feeSession,
      intent: "decline",
    });
    expect(declined.status).toBe(303);
    const page = await html(await fetch(`${server.url}${declined.headers.get("location")}`));
    expect(page).toContain("The fee was not paid, so your date has not changed.");
    expect(await orderById(server, order!.id)).toMatchObject({
      collection_date: day(12),
      ics_sequence: 0,
    });
    expect((await changesOf(server, order!.id)).map((c) => c.status)).toEqual(["closed"]);
  });
});
