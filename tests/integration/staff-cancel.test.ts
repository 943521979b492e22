import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { CANCEL_MESSAGES } from "~/models/bookings/cancel-booking.server";
import { calendarEventOf, emailsAbout, html, startCardCheckout } from "../support/bookings";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe";
import { rows } from "../support/database";
import { startServer, STAFF, TEST_ENGINE, type RunningServer } from "../support/server";
import { followRedirect, signInStaff, type SignedIn } from "../support/staff";

/**
 * Staff cancel a booking from its order page (/dashboard/orders/{id}): the confirmation step
 * (?cancel=1) shows the customer's terms today and a full refund; either choice refunds a card
 * through the gateway (a fake Stripe, or the demo gateway) by the same cancelOrder as the
 * customer's own cancellation, writes the history row with the staff member and the reason, and
 * emails the customer (with the calendar event cancelled, its SEQUENCE moved on) and the office.
 */

const OFFICE = "office@haulbook.test";
const CUSTOMER = {
  full_name: "Owen Staffcancel",
  email: "owen@example.com",
  phone_number: "07700 900777",
  address_1: "4 Mill Lane",
  town: "Reading",
  postcode: "RG1 3BB",
};

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

interface OrderRow {
  id: number;
  total_pence: number;
  status: string;
  booking_status: string;
  cancelled_at: string | null;
  refund_pence: number | null;
  refund_reference: string | null;
  cancel_started_at: string | null;
  ics_sequence: number;
}

const ORDER_COLUMNS = `id, total_pence, status, booking_status, cancelled_at, refund_pence,
  refund_reference, cancel_started_at, ics_sequence`;

const orderById = async (server: RunningServer, id: number) =>
  (await rows<OrderRow>(server, `SELECT ${ORDER_COLUMNS} FROM orders WHERE id = ?`, id))[0]!;

const cancelEvents = (server: RunningServer, id: number) =>
  rows<{ actor: string; new_value: string }>(
    server,
    "SELECT actor, new_value FROM order_events WHERE order_id = ? AND field = 'cancelled'",
    id,
  );

/** A cash or bank-transfer booking as staff make one by hand. */
async function handBooking(
  server: RunningServer,
  day: string,
  { status = "pending", method = "cash_payment", total = 9000 } = {},
): Promise<number> {
  const [row] = await rows<{ id: number }>(
    server,
    `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date,
       status, booking_status, payment_method, total_pence, source)
     VALUES ('Hand Booker', 'hand@example.com', '07700 900888', '2 Quay St', 'Bath', 'BA1 2BB', ?,
       ?, 'pending', ?, ?, 'manual') RETURNING id`,
    day,
    status,
    method,
    total,
  );
  return Number(row!.id);
}

function postStaffCancel(
  server: RunningServer,
  staff: SignedIn | null,
  id: number,
  fields: { intent: string; reason?: string },
  origin = server.url,
) {
  return fetch(`${server.url}/dashboard/orders/${id}?cancel=1`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin,
      cookie: staff?.cookie ?? "",
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ reason: "", ...fields }),
  });
}

const orderPage = async (server: RunningServer, staff: SignedIn, id: number, query = "") =>
  html(
    await fetch(`${server.url}/dashboard/orders/${id}${query}`, {
      headers: { cookie: staff.cookie },
    }),
  );

describe("staff cancel a card booking paid through Stripe (a fake Stripe)", () => {
  let stripe: FakeStripe;
  let server: RunningServer;
  let staff: SignedIn;

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
    staff = await signInStaff(server);
  });
  afterAll(async () => {
    await server?.stop();
    await stripe?.close();
  });

  /** A paid card booking `daysAhead`, booked 20 days ago (outside the CCR period). */
  async function paidBooking(daysAhead: number, productId: number) {
    const { sessionId } = await startCardCheckout(
      server,
      addDaysIso(todayInLondon(), daysAhead),
      productId,
      CUSTOMER,
    );
    stripe.pay(sessionId);
    await fetch(`${server.url}/payment?session_id=${sessionId}`, { redirect: "manual" });
    const [row] = await rows<{ id: number }>(
      server,
      "SELECT id FROM orders WHERE payment_session_id = ?",
      sessionId,
    );
    const longAgo = new Date(Date.now() - 20 * 86_400_000).toISOString();
    await rows(
      server,
      "UPDATE orders SET created_at = ?, paid_at = ? WHERE id = ?",
      longAgo,
      longAgo,
      row!.id,
    );
    const order = await orderById(server, row!.id);
    expect(order.status).toBe("complete");
    return { order, sessionId };
  }

  it("with the customer's terms: the £24 fee kept, the rest refunded, history, emails, SEQUENCE", async () => {
    const { order, sessionId } = await paidBooking(10, 5);
    // As if rearranged twice: the cancellation's event must come after those.
    await rows(server, "UPDATE orders SET ics_sequence = 2 WHERE id = ?", order.id);
    const expected = order.total_pence - 2400;

    const page = await orderPage(server, staff, order.id);
    expect(page).toContain(`href="/dashboard/orders/${order.id}?cancel=1#cancel"`);
    expect(page).toContain(">Cancel booking</a>");
    const confirm = await orderPage(server, staff, order.id, "?cancel=1");
    expect(confirm).toContain("Cancel this booking?");
    const customers = /data-testid="cancel-customer-terms">([\s\S]*?)<\/div>/.exec(confirm)![1]!;
    expect(customers).toContain("<dt>Fee</dt><dd>£24.00</dd>");
    expect(customers).toContain(`<dd>${pounds(expected)} to the card</dd>`);
    const full = /data-testid="cancel-full-terms">([\s\S]*?)<\/div>/.exec(confirm)![1]!;
    expect(full).toContain("<dt>Fee</dt><dd>none</dd>");
    expect(full).toContain(`<dd>${pounds(order.total_pence)} to the card</dd>`);
    expect(confirm).toContain("Cancel with the customer&#x27;s terms");
    expect(confirm).toContain("Cancel and refund in full");

    const started = performance.now();
    const res = await postStaffCancel(server, staff, order.id, {
      intent: "cancel-terms",
      reason: "Customer phoned: moving house",
    });
    console.log(
      `[staff-cancel] (${TEST_ENGINE}) staff cancel with a Stripe refund took ${(performance.now() - started).toFixed(0)} ms`,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/dashboard/orders/${order.id}`);

    const refunds = stripe.refunds.filter(
      (r) => r.payment_intent === stripe.sessions.get(sessionId)!.payment_intent,
    );
    expect(refunds.map((r) => r.amount)).toEqual([expected]);
    expect(stripe.refundRequests().at(-1)!.idempotencyKey).toBe(`cancel-${order.id}`);

    const after = await orderById(server, order.id);
    expect(after.cancelled_at).toBeTruthy();
    expect(after.refund_pence).toBe(expected);
    expect(after.refund_reference).toBe(refunds[0]!.id);
    expect(after.cancel_started_at).toBeNull();
    expect(after.ics_sequence).toBe(3);

    const events = await cancelEvents(server, order.id);
    expect(events).toHaveLength(1);
    expect(events[0]!.actor).toBe(STAFF.username);
    expect(events[0]!.new_value).toContain(
      "on the customer's terms (within 14 days of the collection)",
    );
    expect(events[0]!.new_value).toContain("reason: Customer phoned: moving house");
    expect(events[0]!.new_value).toContain("fee £24.00");
    expect(events[0]!.new_value).toContain(`refunded ${pounds(expected)} (${refunds[0]!.id})`);

    const emails = (await emailsAbout(server, order.id)).filter((e) =>
      e.kind.startsWith("booking_cancelled"),
    );
    expect(emails.map((e) => [e.kind, e.to_address])).toEqual([
      ["booking_cancelled", CUSTOMER.email],
      ["booking_cancelled_notification", OFFICE],
    ]);
    expect(emails[0]!.text_body).toContain("We have cancelled your collection");
    // Not VAT registered: the fee names no VAT (lib/vat.ts).
    expect(emails[0]!.text_body).toContain("Cancellation fee: £24.00\n");
    expect(emails[0]!.text_body).not.toMatch(/VAT/);
    expect(emails[0]!.text_body).toContain(
      `Refund of your booking: ${pounds(expected)} to the card you paid with.`,
    );
    expect(emails[0]!.text_body).not.toContain("moving house");
    expect(emails[1]!.subject).toContain(`cancelled by ${STAFF.username}`);
    expect(emails[1]!.text_body).toContain("Reason: Customer phoned: moving house");
    const event = await calendarEventOf(server, emails[0]!.id);
    expect(event).toMatchObject({
      uid: expect.stringMatching(new RegExp(`^booking-${order.id}@`)),
      sequence: 3,
      status: "CANCELLED",
    });

    // The page after the redirect: the flash, the cancellation line, no cancel button.
    const landed = await followRedirect(server, res, staff.cookie);
    expect(landed.html).toContain(`${pounds(expected)} refunded to the card (${refunds[0]!.id})`);
    expect(landed.html).toMatch(
      new RegExp(
        `data-testid="order-cancelled"><strong>Cancelled</strong> on [^<]+ by ${STAFF.username}, refunded ${pounds(expected).replace(".", "\\.")} \\(${refunds[0]!.id}\\)\\.`,
      ),
    );
    expect(landed.html).not.toContain(">Cancel booking</a>");
    expect(await orderPage(server, staff, order.id, "?cancel=1")).not.toContain(
      "Cancel this booking?",
    );

    // A second cancel is refused, and asks nothing of the gateway.
    const before = stripe.refundRequests().length;
    const again = await postStaffCancel(server, staff, order.id, {
      intent: "cancel-full",
      reason: "again",
    });
    expect(again.status).toBe(409);
    expect(stripe.refundRequests()).toHaveLength(before);
  });

  it("in full: no fee, everything paid refunded, even inside the fee's days", async () => {
    const { order } = await paidBooking(3, 6);
    const res = await postStaffCancel(server, staff, order.id, {
      intent: "cancel-full",
      reason: "Our van is off the road",
    });
    expect(res.status).toBe(303);
    expect(stripe.refunds.at(-1)!.amount).toBe(order.total_pence);
    const after = await orderById(server, order.id);
    expect(after.refund_pence).toBe(order.total_pence);
    expect(after.ics_sequence).toBe(1);
    const [event] = await cancelEvents(server, order.id);
    expect(event).toMatchObject({ actor: STAFF.username });
    expect(event!.new_value).toContain("cancelled by staff, refunded in full (no fee)");
    expect(event!.new_value).toContain("reason: Our van is off the road");
    const [customer] = (await emailsAbout(server, order.id)).filter(
      (e) => e.kind === "booking_cancelled",
    );
    expect(customer!.text_body).toContain("Cancellation fee: none");
    expect(customer!.text_body).toContain(
      `Refund of your booking: ${pounds(order.total_pence)} to the card`,
    );
    expect(await calendarEventOf(server, customer!.id)).toMatchObject({
      sequence: 1,
      status: "CANCELLED",
    });
  });

  it("a refused refund leaves the order as it was, says so to staff and emails the office", async () => {
    const { order } = await paidBooking(9, 7);
    stripe.refuseRefunds(1);
    const refundsBefore = stripe.refunds.length;
    const res = await postStaffCancel(server, staff, order.id, {
      intent: "cancel-full",
      reason: "Customer asked",
    });
    expect(res.status).toBe(502);
    const page = await html(res);
    const alert = /data-testid="order-cancel-error">([^<]*)<\/p>/.exec(page)?.[1];
    expect(alert).toContain(`The card refund of ${pounds(order.total_pence)} was refused`);
    expect(alert).toContain("so the booking has not been cancelled");
    // The step is still there, with what was typed.
    expect(page).toContain("Cancel this booking?");
    expect(page).toContain(">Customer asked</textarea>");
    expect(stripe.refunds).toHaveLength(refundsBefore);

    expect(await orderById(server, order.id)).toEqual(order);
    expect(await cancelEvents(server, order.id)).toEqual([]);
    const emails = await emailsAbout(server, order.id);
    expect(emails.filter((e) => e.kind.startsWith("booking_cancelled"))).toEqual([]);
    const refused = emails.filter((e) => e.kind === "refund_refused");
    expect(refused.map((e) => e.to_address)).toEqual([OFFICE]);
    expect(refused[0]!.text_body).toContain(`${STAFF.username} tried to cancel booking`);
    expect(await orderPage(server, staff, order.id)).toContain(">Cancel booking</a>");
  });

  it("refuses without a reason, or with one too long, and changes nothing", async () => {
    const { order } = await paidBooking(11, 8);
    const requests = stripe.refundRequests().length;
    const missing = await postStaffCancel(server, staff, order.id, { intent: "cancel-full" });
    expect(missing.status).toBe(400);
    const page = await html(missing);
    expect(page).toMatch(
      new RegExp(
        `id="cancel-reason-error" aria-live="polite">${CANCEL_MESSAGES.reasonMissing.replace(/[()]/g, "\\$&")}`,
      ),
    );
    expect(page).toContain('aria-invalid="true"');
    const long = await postStaffCancel(server, staff, order.id, {
      intent: "cancel-terms",
      reason: "x".repeat(501),
    });
    expect(long.status).toBe(400);
    expect(await html(long)).toContain(
      `id="cancel-reason-error" aria-live="polite">${CANCEL_MESSAGES.reasonTooLong}</p>`,
    );
    expect(stripe.refundRequests()).toHaveLength(requests);
    expect(await orderById(server, order.id)).toEqual(order);
  });

  it("is staff-only and same-origin: signed out goes to /login, another site is refused", async () => {
    const { order } = await paidBooking(12, 5);
    const step = await fetch(`${server.url}/dashboard/orders/${order.id}?cancel=1`, {
      redirect: "manual",
    });
    expect([302, 303]).toContain(step.status);
    expect(step.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    const signedOut = await postStaffCancel(server, null, order.id, {
      intent: "cancel-full",
      reason: "no session",
    });
    expect([302, 303]).toContain(signedOut.status);
    expect(signedOut.headers.get("location")).toMatch(/^\/login/);
    const crossSite = await postStaffCancel(
      server,
      staff,
      order.id,
      { intent: "cancel-full", reason: "forged" },
      "https://evil.example",
    );
    expect(crossSite.status).toBe(403);
    expect(await orderById(server, order.id)).toEqual(order);
  });

  it("refuses a done job, and does not offer it", async () => {
    const { order } = await paidBooking(4, 6);
    await rows(server, "UPDATE orders SET booking_status = 'complete' WHERE id = ?", order.id);
    const page = await orderPage(server, staff, order.id, "?cancel=1");
    expect(page).not.toContain(">Cancel booking</a>");
    expect(page).not.toContain("Cancel this booking?");
    const res = await postStaffCancel(server, staff, order.id, {
      intent: "cancel-full",
      reason: "too late",
    });
    expect(res.status).toBe(409);
    expect(await html(res)).toMatch(
      /<p role="alert" class="notice notice-error" data-testid="order-cancel-error">This collection has been done\.<\/p>/,
    );
    expect((await orderById(server, order.id)).cancelled_at).toBeNull();
  });

  it("a paid cash booking: nothing through the gateway, the page says what to return by hand", async () => {
    const id = await handBooking(server, addDaysIso(todayInLondon(), 5), {
      status: "complete",
      total: 6000,
    });
    const confirm = await orderPage(server, staff, id, "?cancel=1");
    expect(confirm).toContain("£60.00 paid by cash");
    expect(confirm).toContain("£60.00, to return by hand (paid by cash)");
    const requests = stripe.refundRequests().length;
    const res = await postStaffCancel(server, staff, id, {
      intent: "cancel-full",
      reason: "Customer found a skip",
    });
    expect(res.status).toBe(303);
    expect(stripe.refundRequests()).toHaveLength(requests);
    const landed = await followRedirect(server, res, staff.cookie);
    expect(landed.html).toContain(
      "Booking cancelled. Return £60.00 to the customer by hand: they paid by cash.",
    );
    const after = await orderById(server, id);
    expect(after.cancelled_at).toBeTruthy();
    expect(after.refund_pence).toBeNull();
    const [event] = await cancelEvents(server, id);
    expect(event!.new_value).toContain("return £60.00 by hand (cash)");
    const emails = (await emailsAbout(server, id)).filter((e) =>
      e.kind.startsWith("booking_cancelled"),
    );
    expect(emails.map((e) => e.to_address)).toEqual(["hand@example.com", OFFICE]);
    expect(emails[1]!.text_body).toContain("To return by hand: £60.00 (paid by cash)");
  });

  it("the spec's /api/general/updatebooking knows no cancelled value and cancels nothing", async () => {
    const id = await handBooking(server, addDaysIso(todayInLondon(), 6));
    const res = await fetch(`${server.url}/api/general/updatebooking`, {
      method: "POST",
      headers: {
        origin: server.url,
        cookie: staff.cookie,
        "x-xsrf-token": staff.xsrf,
        "content-type": "application/json",
      },
      body: JSON.stringify({ order_id: id, booking_status: "cancelled" }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { status: boolean; errors: Record<string, string> };
    expect(body.status).toBe(false);
    expect(body.errors.booking_status).toBe("Choose pending or complete");
    expect((await orderById(server, id)).cancelled_at).toBeNull();
  });
});

describe("staff cancel a booking paid through the demo gateway", () => {
  let server: RunningServer;
  let staff: SignedIn;
  beforeAll(async () => {
    server = await startServer({ env: { NODE_ENV: "test", BUSINESS_EMAIL: OFFICE } });
    staff = await signInStaff(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("records the refund with a demo id, in full or on the customer's terms", async () => {
    const book = async (daysAhead: number, productId: number) => {
      const { location, sessionId } = await startCardCheckout(
        server,
        addDaysIso(todayInLondon(), daysAhead),
        productId,
        CUSTOMER,
      );
      expect(location).toMatch(/^\/payment\/demo\?session_id=demo_/);
      const paid = await fetch(`${server.url}/payment/demo`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ session_id: sessionId, intent: "pay" }),
      });
      expect(paid.status).toBe(303);
      await fetch(`${server.url}${paid.headers.get("location")}`, { redirect: "manual" });
      const [row] = await rows<{ id: number }>(
        server,
        "SELECT id FROM orders WHERE payment_session_id = ?",
        sessionId,
      );
      return orderById(server, row!.id);
    };

    const inFull = await book(8, 8);
    expect(inFull.status).toBe("complete");
    const res = await postStaffCancel(server, staff, inFull.id, {
      intent: "cancel-full",
      reason: "Crew short-handed",
    });
    expect(res.status).toBe(303);
    const after = await orderById(server, inFull.id);
    expect(after.refund_pence).toBe(inFull.total_pence);
    expect(after.refund_reference).toMatch(/^demo_re_[A-Za-z0-9_-]{24}$/);
    expect(server.output()).toContain(`[payments] demo refund ${after.refund_reference}`);

    // Booked today for a date inside the CCR period: the customer's terms refund everything too.
    const onTerms = await book(2, 5);
    const confirm = await orderPage(server, staff, onTerms.id, "?cancel=1");
    expect(confirm).toContain("within your 14-day cancellation period");
    expect(
      (
        await postStaffCancel(server, staff, onTerms.id, {
          intent: "cancel-terms",
          reason: "Customer changed their mind",
        })
      ).status,
    ).toBe(303);
    expect((await orderById(server, onTerms.id)).refund_pence).toBe(onTerms.total_pence);
    const [event] = await cancelEvents(server, onTerms.id);
    expect(event!.new_value).toContain("(within the 14-day cancellation period)");
  });
});
