import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { CANCEL_MESSAGES } from "~/models/bookings/cancel-booking.server";
import {
  calendarEventOf,
  dayState,
  emailsAbout,
  html,
  manageLinkOf,
  startCardCheckout,
} from "../support/bookings";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe";
import { rows } from "../support/database";
import { startServer, TEST_ENGINE, type RunningServer } from "../support/server";
import { signInStaff } from "../support/staff";

/**
 * Customers cancel their own booking from its page (issue 18): the refund is changeTerms's,
 * sent back through the gateway (a fake Stripe, or the demo gateway), the day's slot is freed,
 * and the customer and the office are emailed. A refused refund changes nothing.
 */

const OFFICE = "office@haulbook.test";
const CUSTOMER = {
  full_name: "Nadia Okafor",
  email: "nadia@example.com",
  phone_number: "07700 900555",
  address_1: "9 Canal Walk",
  town: "Reading",
  postcode: "RG1 8AA",
};

interface OrderRow {
  id: number;
  total_pence: number;
  status: string;
  cancelled_at: string | null;
  refund_pence: number | null;
  refund_reference: string | null;
  cancel_started_at: string | null;
  manage_token: string | null;
}

const orderBySession = async (server: RunningServer, sessionId: string) =>
  (
    await rows<OrderRow>(
      server,
      `SELECT id, total_pence, status, cancelled_at, refund_pence, refund_reference,
         cancel_started_at, manage_token FROM orders WHERE payment_session_id = ?`,
      sessionId,
    )
  )[0]!;

const orderById = async (server: RunningServer, id: number) =>
  (
    await rows<OrderRow>(
      server,
      `SELECT id, total_pence, status, cancelled_at, refund_pence, refund_reference,
         cancel_started_at, manage_token FROM orders WHERE id = ?`,
      id,
    )
  )[0]!;

function postCancel(server: RunningServer, link: string) {
  return fetch(`${server.url}${link}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "cancel" }),
  });
}

describe("cancelling a card booking paid through Stripe (a fake Stripe)", () => {
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
        BUSINESS_EMAIL: OFFICE,
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await stripe?.close();
  });

  /** A paid card booking: its order and its manage link. */
  async function paidBooking(date: string, productId = 5) {
    const { sessionId } = await startCardCheckout(server, date, productId, CUSTOMER);
    stripe.pay(sessionId);
    await fetch(`${server.url}/payment?session_id=${sessionId}`, { redirect: "manual" });
    const order = await orderBySession(server, sessionId);
    expect(order.status).toBe("complete");
    return { order, sessionId, link: await manageLinkOf(server, order.id) };
  }

  it("within the cancellation period: a full refund at the gateway, the day freed, two emails", async () => {
    const day = addDaysIso(todayInLondon(), 6);
    await rows(server, "UPDATE settings SET value = '1' WHERE key = 'daily_capacity'");
    try {
      const { order, sessionId, link } = await paidBooking(day);
      expect(await dayState(server, day)).toBe("full");

      const page = await html(await fetch(`${server.url}${link}`));
      expect(page).toContain("Cancel this booking");
      expect(page).toContain(`${link}?cancel=1#cancel`);
      expect(page).toContain('href="/cancellation-form"');
      const confirm = await html(await fetch(`${server.url}${link}?cancel=1`));
      expect(confirm).toContain("Are you sure?");
      const total = `£${(order.total_pence / 100).toFixed(2)}`;
      expect(confirm).toContain(`You get ${total} back to the card you paid with.`);
      expect(confirm).toContain("Yes, cancel my booking");

      const started = performance.now();
      const res = await postCancel(server, link);
      const ms = performance.now() - started;
      console.log(`[cancel] (${TEST_ENGINE}) cancel with a Stripe refund took ${ms.toFixed(0)} ms`);
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(link);

      // The refund: against the session's PaymentIntent, the whole amount, one key per order.
      const refunds = stripe.refunds.filter(
        (r) => r.payment_intent === stripe.sessions.get(sessionId)!.payment_intent,
      );
      expect(refunds.map((r) => r.amount)).toEqual([order.total_pence]);
      expect(stripe.refundRequests().at(-1)!.idempotencyKey).toBe(`cancel-${order.id}`);

      const after = await orderById(server, order.id);
      expect(after.cancelled_at).toBeTruthy();
      expect(after.refund_pence).toBe(order.total_pence);
      expect(after.refund_reference).toBe(refunds[0]!.id);
      expect(after.cancel_started_at).toBeNull();
      const events = await rows<{ field: string; actor: string; new_value: string }>(
        server,
        "SELECT field, actor, new_value FROM order_events WHERE order_id = ? AND field = 'cancelled'",
        order.id,
      );
      expect(events).toEqual([
        expect.objectContaining({ actor: "customer", new_value: expect.stringContaining(total) }),
      ]);

      const emails = (await emailsAbout(server, order.id)).filter((e) =>
        e.kind.startsWith("booking_cancelled"),
      );
      expect(emails.map((e) => [e.kind, e.to_address])).toEqual([
        ["booking_cancelled", CUSTOMER.email],
        ["booking_cancelled_notification", OFFICE],
      ]);
      expect(emails[0]!.text_body).toContain(
        `Refund of your booking: ${total} to the card you paid with.`,
      );
      expect(emails[0]!.text_body).toContain("Cancellation fee: none");
      expect(emails[1]!.text_body).toContain(`Refunded to the card: ${total} (${refunds[0]!.id})`);

      // The confirmation's calendar event, now cancelled (same UID, a higher SEQUENCE), read by ical.js.
      const calendarEvent = async (outboxId: number) => {
        const { uid, sequence, status } = await calendarEventOf(server, outboxId);
        return [uid, sequence, status];
      };
      const [confirmation] = (await emailsAbout(server, order.id)).filter(
        (e) => e.kind === "booking_confirmation",
      );
      const [uid] = await calendarEvent(confirmation!.id);
      expect(await calendarEvent(confirmation!.id)).toEqual([uid, 0, "CONFIRMED"]);
      expect(await calendarEvent(emails[0]!.id)).toEqual([uid, 1, "CANCELLED"]);

      // The slot is free again, and the page says what happened.
      expect(await dayState(server, day)).toBe("available");
      const cancelled = await html(await fetch(`${server.url}${link}`));
      expect(cancelled).toContain("Cancelled:");
      expect(cancelled).toContain(`${total} is on its way back to your card`);
      expect(cancelled).not.toContain("Yes, cancel my booking");
      expect(cancelled).toContain("This booking is cancelled.");

      // A second cancel is refused, and asks nothing of the gateway.
      const requestsBefore = stripe.refundRequests().length;
      const again = await postCancel(server, link);
      expect(again.status).toBe(409);
      expect(await html(again)).toContain("This booking is cancelled.");
      expect(stripe.refundRequests()).toHaveLength(requestsBefore);
    } finally {
      await rows(server, "UPDATE settings SET value = '8' WHERE key = 'daily_capacity'");
    }
  });

  it("outside the period, 10 days ahead: the £24 fee is kept and the rest refunded", async () => {
    const day = addDaysIso(todayInLondon(), 10);
    const { order, link } = await paidBooking(day, 6);
    // Booked (and paid) 20 days ago: the 14-day period has ended.
    const longAgo = new Date(Date.now() - 20 * 86_400_000).toISOString();
    await rows(
      server,
      "UPDATE orders SET created_at = ?, paid_at = ? WHERE id = ?",
      longAgo,
      longAgo,
      order.id,
    );
    const expected = order.total_pence - 2400;
    const confirm = await html(await fetch(`${server.url}${link}?cancel=1`));
    expect(confirm).toContain("£24.00");
    expect(confirm).toContain(`You get £${(expected / 100).toFixed(2)} back`);

    expect((await postCancel(server, link)).status).toBe(303);
    expect(stripe.refunds.at(-1)!.amount).toBe(expected);
    const after = await orderById(server, order.id);
    expect(after.refund_pence).toBe(expected);
    const [customer] = (await emailsAbout(server, order.id)).filter(
      (e) => e.kind === "booking_cancelled",
    );
    // Not VAT registered: the fee names no VAT (lib/vat.ts).
    expect(customer!.text_body).toContain("Cancellation fee: £24.00\n");
    expect(customer!.text_body).not.toMatch(/VAT/);
    expect(customer!.text_body).toContain(
      `Refund of your booking: £${(expected / 100).toFixed(2)} to the card`,
    );
  });

  it("a refused refund leaves the booking as it was, tells the office and asks the customer to call", async () => {
    const day = addDaysIso(todayInLondon(), 7);
    const { order, link } = await paidBooking(day, 7);
    stripe.refuseRefunds(1);
    const refundsBefore = stripe.refunds.length;
    const res = await postCancel(server, link);
    expect(res.status).toBe(502);
    const page = await html(res);
    expect(page).toContain("your booking has not been cancelled");
    expect(page).toContain("Please call us on");
    expect(stripe.refunds).toHaveLength(refundsBefore);

    const after = await orderById(server, order.id);
    expect(after).toEqual(order);
    const emails = await emailsAbout(server, order.id);
    expect(emails.filter((e) => e.kind.startsWith("booking_cancelled"))).toEqual([]);
    const refused = emails.filter((e) => e.kind === "refund_refused");
    expect(refused.map((e) => e.to_address)).toEqual([OFFICE]);
    expect(refused[0]!.text_body).toContain("has been disputed and cannot be refunded");
    // Still a booking: its page still offers the cancellation.
    expect(await html(await fetch(`${server.url}${link}`))).toContain("Cancel this booking");
  });

  it("a cash booking is cancelled with nothing refunded at the gateway", async () => {
    const day = addDaysIso(todayInLondon(), 12);
    const [row] = await rows<{ id: number }>(
      server,
      `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date,
         status, booking_status, payment_method, total_pence, source, manage_token)
       VALUES ('Cash Customer', 'cash@example.com', '07700 900666', '1 High St', 'Bath', 'BA1 1AA', ?,
         'pending', 'pending', 'cash_payment', 9000, 'manual', ?) RETURNING id`,
      day,
      "cashTokenAAAAAAAAAAAAAAAAAAAAAAA",
    );
    const link = "/booking/cashTokenAAAAAAAAAAAAAAAAAAAAAAA";
    const confirm = await html(await fetch(`${server.url}${link}?cancel=1`));
    expect(confirm).toContain("Nothing is refunded.");
    const refundRequests = stripe.refundRequests().length;
    expect((await postCancel(server, link)).status).toBe(303);
    expect(stripe.refundRequests()).toHaveLength(refundRequests);
    const after = await orderById(server, row!.id);
    expect(after.cancelled_at).toBeTruthy();
    expect(after.refund_pence).toBeNull();
    expect(after.refund_reference).toBeNull();
    const emails = (await emailsAbout(server, row!.id)).filter((e) =>
      e.kind.startsWith("booking_cancelled"),
    );
    expect(emails.map((e) => e.to_address)).toEqual(["cash@example.com", OFFICE]);
    expect(emails[0]!.text_body).toContain("nothing was paid, so there is nothing to refund");
  });

  it("staff see cancelled orders as cancelled, and filter by it", async () => {
    const staff = await signInStaff(server);
    const cancelled = await rows<{ id: number; collection_date: string }>(
      server,
      "SELECT id, collection_date FROM orders WHERE cancelled_at IS NOT NULL ORDER BY id",
    );
    expect(cancelled.length).toBeGreaterThanOrEqual(3);
    const list = await html(
      await fetch(`${server.url}/dashboard/orders?status=cancelled`, {
        headers: { cookie: staff.cookie },
      }),
    );
    for (const { id } of cancelled) expect(list).toContain(`/dashboard/orders/${id}"`);
    expect(list).toContain(`${cancelled.length} orders`);
    expect(list).toContain('<option value="cancelled" selected="">Cancelled</option>');
    const standing = await rows<{ id: number }>(
      server,
      "SELECT id FROM orders WHERE cancelled_at IS NULL AND status = 'complete' LIMIT 1",
    );
    expect(list).not.toContain(`/dashboard/orders/${standing[0]!.id}"`);

    const detail = await html(
      await fetch(`${server.url}/dashboard/orders/${cancelled[0]!.id}`, {
        headers: { cookie: staff.cookie },
      }),
    );
    expect(detail).toMatch(/data-testid="order-job-status">cancelled /);
    expect(detail).toContain("customer: cancelled");

    const day = await html(
      await fetch(`${server.url}/dashboard/home?day=${cancelled[0]!.collection_date}`, {
        headers: { cookie: staff.cookie },
      }),
    );
    expect(day).toContain("<h3>Cancelled</h3>");

    // The spec's /api listing keeps its values, with the cancellation added beside them.
    const api = (await (
      await fetch(`${server.url}/api/orders?status=cancelled&limit=100`, {
        headers: { cookie: staff.cookie },
      })
    ).json()) as Record<string, unknown>[];
    expect(api.map((o) => o.order_id).sort()).toEqual(cancelled.map((o) => o.id).sort());
    const first = api.find((o) => o.order_id === cancelled[0]!.id)!;
    expect(first).toMatchObject({ status: "complete", booking_status: "pending", cancelled: true });
  });
});

describe("cancelling a booking paid through the demo gateway", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { NODE_ENV: "test", BUSINESS_EMAIL: OFFICE } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("records the refund with a demo id", async () => {
    const day = addDaysIso(todayInLondon(), 8);
    const { location, sessionId } = await startCardCheckout(server, day, 8, CUSTOMER);
    expect(location).toMatch(/^\/payment\/demo\?session_id=demo_/);
    const paid = await fetch(`${server.url}/payment/demo`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ session_id: sessionId, intent: "pay" }),
    });
    expect(paid.status).toBe(303);
    await fetch(`${server.url}${paid.headers.get("location")}`, { redirect: "manual" });
    const order = await orderBySession(server, sessionId);
    expect(order.status).toBe("complete");
    const link = await manageLinkOf(server, order.id);

    expect((await postCancel(server, link)).status).toBe(303);
    const after = await orderById(server, order.id);
    expect(after.cancelled_at).toBeTruthy();
    expect(after.refund_pence).toBe(order.total_pence);
    expect(after.refund_reference).toMatch(/^demo_re_[A-Za-z0-9_-]{24}$/);
    expect(server.output()).toContain(`[payments] demo refund ${after.refund_reference}`);
  });

  it("refuses a cancel through a link that does not exist", async () => {
    const res = await postCancel(server, `/booking/${"b".repeat(32)}`);
    expect(res.status).toBe(404);
    expect(await html(res)).toContain(CANCEL_MESSAGES.notFound);
  });
});
