import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EARLY_START_MESSAGE } from "~/lib/cancellation";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import {
  signedStripeWebhook,
  startFakeStripe,
  stripeSessionEvent,
  type FakeStripe,
} from "../support/fake-stripe";
import { rows, run } from "../support/database";
import { startServer, TEST_ENGINE, type RunningServer } from "../support/server";
import { followRedirect, signInStaff } from "../support/staff";
import { startSmtp } from "../support/smtp";

const OFFICE = "office@haulbook.test";
const WEBHOOK_SECRET = "whsec_test_checkout_secret";

const CUSTOMER = {
  full_name: "Priya Raman",
  email: "priya@example.com",
  phone_number: "07700 900123",
  address_1: "22 Elm Grove",
  town: "Guildford",
  postcode: "gu1 3ab",
};

/** A day in the booking window, `offset` days after the first safe one. */
const dayAhead = (offset: number) => addDaysIso(todayInLondon(), 3 + offset);

/** The bag cookie after adding products, as a browser would hold it. */
async function bagWith(
  server: RunningServer,
  lines: { id: number; position: string; quantity: number }[],
): Promise<string> {
  let cookie = "";
  for (const line of lines) {
    const res = await fetch(`${server.url}/bag`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: server.url,
        cookie,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        intent: "add",
        id: String(line.id),
        position: line.position,
        quantity: String(line.quantity),
        redirectTo: "/",
      }),
    });
    const setCookie = res.headers.get("set-cookie") ?? "";
    cookie = /cart=[^;]*/.exec(setCookie)?.[0] ?? cookie;
  }
  expect(cookie).toMatch(/^cart=/);
  return cookie;
}

let visitor = 0;
/** A different address for each visitor, so the limit on new checkouts per address stays out of the way. */
const nextVisitor = () => `198.51.100.${(visitor = (visitor % 250) + 1)}`;

function submitCheckout(
  server: RunningServer,
  cookie: string,
  fields: Record<string, string>,
  clientIp = nextVisitor(),
): Promise<Response> {
  return fetch(`${server.url}/checkout`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: server.url,
      cookie,
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": clientIp,
    },
    // The early-start request (CCR reg. 36) is ticked unless a test says otherwise.
    body: new URLSearchParams({ intent: "pay", early_start: "yes", ...fields }),
  });
}

const signedWebhook = (server: RunningServer, event: object, secret = WEBHOOK_SECRET) =>
  signedStripeWebhook(server, event, secret);

const sessionEvent = stripeSessionEvent;

interface OrderRow {
  id: number;
  status: string;
  booking_status: string;
  early_start_requested: number;
  payment_method: string;
  source: string;
  total_pence: number;
  collection_date: string;
  payment_session_id: string | null;
  payment_closed: string | null;
  postcode: string;
}

const orderBySession = async (server: RunningServer, id: string) =>
  (await rows<OrderRow>(server, "SELECT * FROM orders WHERE payment_session_id = ?", id))[0];

const outboxFor = async (server: RunningServer, orderRef: string) =>
  await rows<{ id: number; kind: string; to_address: string; subject: string; text_body: string }>(
    server,
    "SELECT id, kind, to_address, subject, text_body FROM outbox WHERE kind LIKE 'booking_%' AND text_body LIKE ? ORDER BY id",
    `%${orderRef}%`,
  );

/** Unit prices from the database, as the checkout must charge them. */
async function unitPence(server: RunningServer, productId: number, position: string) {
  const column = `${position}_pence`;
  const [row] = await rows<{ price: number; name: string }>(
    server,
    `SELECT price_pence + ${column} AS price, name FROM products WHERE id = ?`,
    productId,
  );
  return row!;
}

describe("checkout with Stripe (a fake Stripe server)", () => {
  let stripe: FakeStripe;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: RunningServer;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    smtp = await startSmtp();
    server = await startServer({
      env: {
        NODE_ENV: "test",
        STRIPE_SECRET_KEY: "sk_test_haulbook_fake",
        STRIPE_PUBLISHABLE_KEY: "pk_test_haulbook_fake",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
        SMTP_URL: smtp.url,
        BUSINESS_EMAIL: OFFICE,
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await stripe?.close();
  });

  it("without JavaScript: a hosted session priced from the database, and a 303 to Stripe", async () => {
    const cookie = await bagWith(server, [
      { id: 1, position: "outside", quantity: 2 },
      { id: 3, position: "inside_dismantle", quantity: 1 },
    ]);
    const first = await unitPence(server, 1, "outside");
    const second = await unitPence(server, 3, "inside_dismantle");
    const date = dayAhead(0);
    const before = stripe.sessionCreations().length;
    const started = performance.now();
    const res = await submitCheckout(server, cookie, {
      ...CUSTOMER,
      date,
      ui: "hosted",
      token: "tokenHostedAAAAAAAAAAAA",
    });
    const submitMs = performance.now() - started;
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

    const created = stripe.sessionCreations().slice(before);
    expect(created).toHaveLength(1);
    const request = created[0]!;
    const body = request.body;
    expect(body.ui_mode).toBe("hosted_page");
    expect(body.mode).toBe("payment");
    expect(body.success_url).toBe(`${server.url}/payment?session_id={CHECKOUT_SESSION_ID}`);
    expect(body.return_url).toBeUndefined();
    expect(body.customer_email).toBe(CUSTOMER.email);
    expect(request.stripeVersion).toBe("2026-10-28.endive");
    const items = body.line_items as unknown as {
      quantity: string;
      price_data: { currency: string; unit_amount: string; product_data: { name: string } };
    }[];
    expect(
      items.map((i) => [i.quantity, i.price_data.currency, Number(i.price_data.unit_amount)]),
    ).toEqual([
      ["2", "gbp", first.price],
      ["1", "gbp", second.price],
    ]);
    expect(items[0]!.price_data.product_data.name).toBe(
      `${first.name} (Outside — left out for collection)`,
    );

    const sessionId = location.split("/").pop()!;
    const order = (await orderBySession(server, sessionId))!;
    expect(order).toMatchObject({
      status: "pending",
      booking_status: "pending",
      payment_method: "card",
      source: "web",
      collection_date: date,
      total_pence: first.price * 2 + second.price,
      postcode: "GU1 3AB",
    });
    expect(body.client_reference_id).toBe(String(order.id));
    // Stripe's "back" link gives this checkout up; only this order's key can.
    expect(body.cancel_url).toMatch(
      new RegExp(`^${server.url}/checkout\\?cancelled=1&order=${order.id}&key=[\\w-]{22}$`),
    );
    expect((body.metadata as Record<string, string>).order_id).toBe(String(order.id));
    expect(request.idempotencyKey).toMatch(new RegExp(`^order-${order.id}-\\d+-hosted$`));
    const snapshot = await rows<{
      product_name: string;
      unit_price_pence: number;
      quantity: number;
    }>(
      server,
      "SELECT product_name, unit_price_pence, quantity FROM order_items WHERE order_id = ? ORDER BY id",
      order.id,
    );
    expect(snapshot).toEqual([
      { product_name: first.name, unit_price_pence: first.price, quantity: 2 },
      { product_name: second.name, unit_price_pence: second.price, quantity: 1 },
    ]);
    console.log(`[perf] checkout submit (order + Stripe session): ${submitMs.toFixed(1)} ms`);
  });

  it("with JavaScript: an embedded session whose client secret mounts the card form", async () => {
    const cookie = await bagWith(server, [{ id: 2, position: "inside_no_dismantle", quantity: 1 }]);
    const before = stripe.sessionCreations().length;
    const res = await submitCheckout(server, cookie, {
      ...CUSTOMER,
      date: dayAhead(1),
      ui: "embedded",
      token: "tokenEmbeddedAAAAAAAAAA",
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Pay by card");
    const [request] = stripe.sessionCreations().slice(before);
    const body = request!.body as Record<string, unknown>;
    expect(body.ui_mode).toBe("embedded_page");
    expect(body.return_url).toBe(`${server.url}/payment?session_id={CHECKOUT_SESSION_ID}`);
    expect(body.success_url).toBeUndefined();
    expect(body.cancel_url).toBeUndefined();
    const session = [...stripe.sessions.values()].find(
      (s) => s.client_reference_id === (body.client_reference_id as string),
    )!;
    expect(html).toContain(session.client_secret!);
    expect(request!.idempotencyKey).toMatch(/-embedded$/);
  });

  it("a repeated submit of the same checkout gives the same order and the same session", async () => {
    const cookie = await bagWith(server, [{ id: 4, position: "outside", quantity: 1 }]);
    const fields = {
      ...CUSTOMER,
      date: dayAhead(2),
      ui: "hosted",
      token: "tokenRepeatAAAAAAAAAAAA",
    };
    const [a, b] = await Promise.all([
      submitCheckout(server, cookie, fields),
      submitCheckout(server, cookie, fields),
    ]);
    const c = await submitCheckout(server, cookie, fields);
    expect([a.status, b.status, c.status]).toEqual([303, 303, 303]);
    const locations = new Set([a, b, c].map((r) => r.headers.get("location")));
    expect(locations.size).toBe(1);
    const orders = await rows<{ n: number }>(
      server,
      "SELECT count(*) AS n FROM orders WHERE checkout_token = ?",
      fields.token,
    );
    expect(orders[0]!.n).toBe(1);
  });

  it("asks for the early-start request only for a collection inside the cancellation period", async () => {
    const cookie = await bagWith(server, [{ id: 5, position: "outside", quantity: 1 }]);
    const refused = await submitCheckout(server, cookie, {
      ...CUSTOMER,
      date: dayAhead(1),
      ui: "hosted",
      early_start: "",
    });
    expect(refused.status).toBe(400);
    const page = (await refused.text()).replaceAll("<!-- -->", "");
    expect(page).toContain(EARLY_START_MESSAGE);
    expect(page).toMatch(/name="early_start"[^>]*aria-invalid="true"/);

    const ticked = await submitCheckout(server, cookie, {
      ...CUSTOMER,
      date: dayAhead(1),
      ui: "hosted",
      token: "tokenEarlyStartAAAAAAAAA",
    });
    expect(ticked.status).toBe(303);
    const inside = await orderBySession(server, ticked.headers.get("location")!.split("/").pop()!);
    expect(inside!.early_start_requested).toBe(1);

    // A month ahead: nothing to ask, and a tick is not recorded.
    const later = await submitCheckout(server, cookie, {
      ...CUSTOMER,
      date: addDaysIso(todayInLondon(), 30),
      ui: "hosted",
      token: "tokenEarlyStartBBBBBBBBB",
    });
    expect(later.status).toBe(303);
    const outside = await orderBySession(server, later.headers.get("location")!.split("/").pop()!);
    expect(outside!.early_start_requested).toBe(0);
  });

  it("a signed completed event pays the order and queues exactly two emails; a replay does nothing", async () => {
    const cookie = await bagWith(server, [{ id: 5, position: "outside", quantity: 3 }]);
    const res = await submitCheckout(server, cookie, {
      ...CUSTOMER,
      email: "webhook.customer@example.com",
      date: dayAhead(3),
      ui: "hosted",
      token: "tokenWebhookAAAAAAAAAAA",
    });
    const sessionId = res.headers.get("location")!.split("/").pop()!;
    const order = (await orderBySession(server, sessionId))!;
    const paid = stripe.pay(sessionId);
    const event = sessionEvent("evt_test_paid_1", "checkout.session.completed", paid);

    const started = performance.now();
    const hook = await signedWebhook(server, event);
    const completionMs = performance.now() - started;
    expect(hook.status).toBe(200);
    expect((await orderBySession(server, sessionId))!.status).toBe("complete");
    const emails = await outboxFor(server, `HB${order.id}`);
    expect(emails.map((e) => [e.kind, e.to_address])).toEqual([
      ["booking_confirmation", "webhook.customer@example.com"],
      ["booking_notification", OFFICE],
    ]);
    const confirmation = emails[0]!.text_body;
    expect(confirmation).toContain(`Booking reference: HB${order.id}`);
    // This shop is not VAT registered: the total and the terms name no VAT (lib/vat.ts).
    expect(confirmation).toMatch(/Total paid: £\d+\.\d\d\n/);
    expect(confirmation).toContain("the charge is £24,");
    expect(confirmation).toContain("it is £48.");
    expect(confirmation).not.toMatch(/VAT/);
    expect(confirmation).toMatch(/Registered waste carrier CBDU/);
    expect(confirmation).toMatch(
      /Manage your booking: .*:\nhttp:\/\/\S+\/booking\/[A-Za-z0-9_-]{32}\n/,
    );
    // Self-service first: the link comes before the booking's details and before "call us".
    expect(confirmation.indexOf("Manage your booking")).toBeLessThan(
      confirmation.indexOf(`Booking reference: HB${order.id}`),
    );
    expect(confirmation).toContain("To rearrange or cancel, use the link above, or call us on");

    // The collection as a calendar event, read back by ical.js.
    const [ics] = await rows<{ filename: string; content_type: string; bytes: Uint8Array }>(
      server,
      "SELECT filename, content_type, bytes FROM outbox_attachments WHERE outbox_id = ?",
      emails[0]!.id,
    );
    expect(ics!.filename).toBe(`collection-HB${order.id}.ics`);
    expect(ics!.content_type).toBe("text/calendar; charset=utf-8; method=PUBLISH");
    const root = new ICAL.Component(ICAL.parse(Buffer.from(ics!.bytes).toString("utf8")));
    for (const zone of root.getAllSubcomponents("vtimezone"))
      ICAL.TimezoneService.register(new ICAL.Timezone(zone));
    const [vevent] = root.getAllSubcomponents("vevent");
    const start = vevent!.getFirstPropertyValue("dtstart") as ICAL.Time;
    expect(start.toString().slice(0, 10)).toBe(dayAhead(3));
    expect(start.zone?.tzid).toBe("Europe/London");
    expect(vevent!.getFirstPropertyValue("uid")).toMatch(new RegExp(`^booking-${order.id}@`));
    expect(vevent!.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(vevent!.getFirstPropertyValue("summary")).toContain(`(ref HB${order.id})`);

    const replay = await signedWebhook(server, event);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ handled: "replayed" });
    // Another event for the same payment (Stripe may send both) changes nothing either.
    const again = await signedWebhook(
      server,
      sessionEvent("evt_test_paid_2", "checkout.session.async_payment_succeeded", paid),
    );
    expect(again.status).toBe(200);
    expect(await outboxFor(server, `HB${order.id}`)).toHaveLength(2);
    const history = await rows<{ field: string; new_value: string }>(
      server,
      "SELECT field, new_value FROM order_events WHERE order_id = ? AND field = 'status'",
      order.id,
    );
    expect(history).toEqual([{ field: "status", new_value: "complete" }]);

    // Each paid line carries its product's waste class as it was, for the waste transfer note,
    // and what it takes of a van and a crew, for the day's capacity.
    const waste = "waste_description, low_code, pops, hazardous, load_hundredths, handling_minutes";
    const [product] = await rows<Record<string, unknown>>(
      server,
      `SELECT ${waste} FROM products WHERE id = 5`,
    );
    expect(product!.low_code).toMatch(/^\d\d \d\d \d\d\*?$/);
    expect(Number(product!.load_hundredths)).toBeGreaterThan(0);
    expect(
      await rows(server, `SELECT ${waste} FROM order_items WHERE order_id = ?`, order.id),
    ).toEqual([product]);

    // The mail goes out through the outbox to the SMTP server.
    await expect
      .poll(() => smtp.messages.filter((m) => m.subject.includes(`HB${order.id}`)).length, {
        timeout: 15_000,
      })
      .toBe(2);
    console.log(
      `[perf] payment completion (signed webhook → paid, 2 emails queued): ${completionMs.toFixed(1)} ms`,
    );
  });

  it("a bad signature is refused with 400 and changes nothing", async () => {
    const cookie = await bagWith(server, [{ id: 6, position: "outside", quantity: 1 }]);
    const res = await submitCheckout(server, cookie, {
      ...CUSTOMER,
      date: dayAhead(4),
      ui: "hosted",
      token: "tokenBadSignatureAAAAAA",
    });
    const sessionId = res.headers.get("location")!.split("/").pop()!;
    const paid = stripe.pay(sessionId);
    const event = sessionEvent("evt_test_forged", "checkout.session.completed", paid);
    const forged = await signedWebhook(server, event, "whsec_someone_else");
    expect(forged.status).toBe(400);
    const unsigned = await fetch(`${server.url}/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    expect((await orderBySession(server, sessionId))!.status).toBe("pending");
    expect(
      await rows(server, "SELECT id FROM payment_events WHERE id = 'evt_test_forged'"),
    ).toEqual([]);
  });

  it("refuses a payment whose amount or currency differs from the order", async () => {
    const cookie = await bagWith(server, [{ id: 7, position: "outside", quantity: 1 }]);
    const res = await submitCheckout(server, cookie, {
      ...CUSTOMER,
      date: dayAhead(5),
      ui: "hosted",
      token: "tokenMismatchAAAAAAAAAA",
    });
    const sessionId = res.headers.get("location")!.split("/").pop()!;
    const order = (await orderBySession(server, sessionId))!;
    const paid = stripe.pay(sessionId, { amount_total: 100 });
    const hook = await signedWebhook(
      server,
      sessionEvent("evt_test_short", "checkout.session.completed", paid),
    );
    expect(hook.status).toBe(200);
    expect((await orderBySession(server, sessionId))!.status).toBe("pending");
    expect(await outboxFor(server, `HB${order.id}`)).toHaveLength(0);
    const page = await (await fetch(`${server.url}/payment?session_id=${sessionId}`)).text();
    expect(page).toContain("Payment status: <!-- -->review");

    // The order is flagged for staff, and the office is told once, however often it is reported.
    await signedWebhook(server, sessionEvent("evt_test_short", "checkout.session.completed", paid));
    await signedWebhook(
      server,
      sessionEvent("evt_test_short_2", "checkout.session.async_payment_succeeded", paid),
    );
    const [flag] = await rows<{ payment_review_at: string | null }>(
      server,
      "SELECT payment_review_at FROM orders WHERE id = ?",
      order.id,
    );
    expect(flag!.payment_review_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const notices = await rows<{ to_address: string; subject: string; text_body: string }>(
      server,
      "SELECT to_address, subject, text_body FROM outbox WHERE kind = 'payment_review' AND subject LIKE ?",
      `%HB${order.id}:%`,
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.to_address).toBe(OFFICE);
    expect(notices[0]!.subject).toBe(
      `Payment to check for order HB${order.id}: paid £1.00, order total £${(order.total_pence / 100).toFixed(2)}`,
    );
    expect(notices[0]!.text_body).toContain(`/dashboard/orders/${order.id}`);
    await expect
      .poll(
        () =>
          smtp.messages.filter((m) =>
            m.text.includes(`payment for order HB${order.id} does not match`),
          ).length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);

    // Staff see it on the dashboard home, with a link to the order.
    const { cookie: staffCookie } = await signInStaff(server);
    const home = (
      await (
        await fetch(`${server.url}/dashboard/home`, { headers: { cookie: staffCookie } })
      ).text()
    ).replaceAll("<!-- -->", "");
    expect(home).toMatch(/data-testid="count-payments-to-review"><a href="#payments-to-review">1</);
    expect(home).toContain(`href="/dashboard/orders/${order.id}"`);

    // A currency mismatch on another order is flagged too.
    const cookie2 = await bagWith(server, [{ id: 7, position: "outside", quantity: 1 }]);
    const res2 = await submitCheckout(server, cookie2, {
      ...CUSTOMER,
      date: dayAhead(5),
      ui: "hosted",
      token: "tokenMismatchEurAAAAAAA",
    });
    const session2 = res2.headers.get("location")!.split("/").pop()!;
    const paidEur = stripe.pay(session2, { currency: "eur" });
    await signedWebhook(
      server,
      sessionEvent("evt_test_eur", "checkout.session.completed", paidEur),
    );
    expect(await orderBySession(server, session2)).toMatchObject({ status: "pending" });
    const home2 = (
      await (
        await fetch(`${server.url}/dashboard/home`, { headers: { cookie: staffCookie } })
      ).text()
    ).replaceAll("<!-- -->", "");
    expect(home2).toMatch(
      /data-testid="count-payments-to-review"><a href="#payments-to-review">2</,
    );

    // Staff check the first one (refunded it): it leaves the list,
    // and the customer returning to /payment does not flag it or email the office again.
    const checked = await fetch(`${server.url}/dashboard/home`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie: staffCookie,
        origin: server.url,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "clear-review", orderId: String(order.id) }),
    });
    expect(checked.status).toBe(303);
    await fetch(`${server.url}/payment?session_id=${sessionId}`);
    expect(
      await rows<{ payment_review_at: string | null }>(
        server,
        "SELECT payment_review_at FROM orders WHERE id = ?",
        order.id,
      ),
    ).toEqual([{ payment_review_at: null }]);
    expect(
      await rows(
        server,
        "SELECT id FROM outbox WHERE kind = 'payment_review' AND subject LIKE ?",
        `%HB${order.id}:%`,
      ),
    ).toHaveLength(1);
    const { html: home3 } = await followRedirect(server, checked, staffCookie);
    expect(home3).toMatch(
      /data-testid="count-payments-to-review"><a href="#payments-to-review">1</,
    );
    expect(home3).toContain(`Order HB${order.id} is checked`);
  });

  it("an expired session leaves the order pending and frees its slot", async () => {
    const date = dayAhead(6);
    const cookie = await bagWith(server, [{ id: 8, position: "outside", quantity: 1 }]);
    // Fill the day to one below capacity with bookings staff made by hand.
    for (let i = 0; i < 7; i++)
      await run(
        server,
        `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date, payment_method, total_pence, source)
         VALUES ('Filler', 'f@example.com', '0', 'x', 'y', 'Z1 1ZZ', ?, 'cash_payment', 0, 'manual')`,
        date,
      );
    const res = await submitCheckout(server, cookie, {
      ...CUSTOMER,
      date,
      ui: "hosted",
      token: "tokenExpiredAAAAAAAAAAA",
    });
    const sessionId = res.headers.get("location")!.split("/").pop()!;
    // The day is now full: another customer cannot take it.
    const other = await submitCheckout(server, cookie, {
      ...CUSTOMER,
      date,
      ui: "hosted",
      token: "tokenExpiredOtherAAAAAA",
    });
    expect(other.status).toBe(400);
    expect(await other.text()).toContain("Please select a valid date");

    const hook = await signedWebhook(
      server,
      sessionEvent("evt_test_expired", "checkout.session.expired", stripe.expire(sessionId)),
    );
    expect(hook.status).toBe(200);
    expect(await orderBySession(server, sessionId)).toMatchObject({
      status: "pending",
      payment_closed: "expired",
    });
    const retry = await submitCheckout(server, cookie, {
      ...CUSTOMER,
      date,
      ui: "hosted",
      token: "tokenExpiredRetryAAAAAA",
    });
    expect(retry.status).toBe(303);
  });

  it("a full day is refused; two customers racing for the last slot: exactly one gets it", async () => {
    const date = dayAhead(7);
    for (let i = 0; i < 7; i++)
      await run(
        server,
        `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date, payment_method, total_pence, source)
         VALUES ('Filler', 'f@example.com', '0', 'x', 'y', 'Z1 1ZZ', ?, 'bank_transfer', 0, 'manual')`,
        date,
      );
    const cookie = await bagWith(server, [{ id: 9, position: "outside", quantity: 1 }]);
    const results = await Promise.all(
      ["tokenRaceOneAAAAAAAAAAA", "tokenRaceTwoAAAAAAAAAAA", "tokenRaceThreeAAAAAAAAA"].map(
        (token) => submitCheckout(server, cookie, { ...CUSTOMER, date, ui: "hosted", token }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([303, 400, 400]);
    const web = await rows<{ n: number }>(
      server,
      "SELECT count(*) AS n FROM orders WHERE collection_date = ? AND source = 'web'",
      date,
    );
    expect(web[0]!.n).toBe(1);
    const full = await submitCheckout(server, cookie, {
      ...CUSTOMER,
      date,
      ui: "hosted",
      token: "tokenRaceLateAAAAAAAAAAA",
    });
    expect(full.status).toBe(400);
  });

  it("refuses bad dates and missing fields with messages, keeping what was typed", async () => {
    const cookie = await bagWith(server, [{ id: 10, position: "outside", quantity: 1 }]);
    const today = todayInLondon();
    for (const date of [addDaysIso(today, -1), addDaysIso(today, 120), "2026-02-30", "soon", ""]) {
      const res = await submitCheckout(server, cookie, { ...CUSTOMER, date, ui: "hosted" });
      expect(res.status, date).toBe(400);
      expect(await res.text()).toContain("Please select a valid date");
    }
    const res = await submitCheckout(server, cookie, {
      ...CUSTOMER,
      full_name: "",
      postcode: "not a postcode",
      date: dayAhead(8),
      ui: "hosted",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Please enter your full name");
    expect(html).toContain("Please enter a UK postcode");
    expect(html).toContain('value="22 Elm Grove"');
  });

  it("an empty bag cannot check out", async () => {
    const res = await submitCheckout(server, "", { ...CUSTOMER, date: dayAhead(9), ui: "hosted" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Your bag is empty");
  });

  it("/payment reads the session, completes a paid order once, and empties the bag", async () => {
    const cookie = await bagWith(server, [{ id: 11, position: "outside", quantity: 1 }]);
    const res = await submitCheckout(server, cookie, {
      ...CUSTOMER,
      date: dayAhead(10),
      ui: "hosted",
      token: "tokenPaymentPageAAAAAAA",
    });
    const sessionId = res.headers.get("location")!.split("/").pop()!;
    const order = (await orderBySession(server, sessionId))!;

    const open = await fetch(`${server.url}/payment?session_id=${sessionId}`, {
      headers: { cookie },
    });
    expect(await open.text()).toContain("Payment status: <!-- -->open");

    stripe.pay(sessionId);
    const back = await fetch(`${server.url}/payment?session_id=${sessionId}`, {
      headers: { cookie },
      redirect: "manual",
    });
    // Paid: the bag is emptied by answering with an empty cookie and the same page again.
    expect(back.status).toBe(302);
    expect(back.headers.get("set-cookie")).toMatch(/^cart=/);
    const shown = await fetch(`${server.url}/payment?session_id=${sessionId}`);
    const html = await shown.text();
    expect(html).toContain("Payment status: <!-- -->complete");
    expect(html).toContain(`HB${order.id}`);
    expect((await orderBySession(server, sessionId))!.status).toBe("complete");
    // The webhook arriving afterwards changes nothing.
    await signedWebhook(
      server,
      sessionEvent("evt_test_late", "checkout.session.completed", stripe.sessions.get(sessionId)!),
    );
    expect(await outboxFor(server, `HB${order.id}`)).toHaveLength(2);

    const status = await fetch(`${server.url}/api/products/payment_status?id=${sessionId}`);
    expect(await status.json()).toEqual({ status: "complete" });
    const unknown = await fetch(`${server.url}/payment?session_id=cs_test_nobody`);
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain("Payment not found");
    const none = await fetch(`${server.url}/payment`);
    expect(await none.text()).toContain("No payment in progress");
  });

  function apiCheckout(body: unknown, contentType = "application/json") {
    return fetch(`${server.url}/api/products/create-checkout-session/`, {
      method: "POST",
      headers: {
        "content-type": contentType,
        origin: server.url,
        "x-forwarded-for": nextVisitor(),
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  }
  const OUTSIDE = { label: "Outside — left out for collection" };

  it("the /api refuses a quantity it would have had to guess, with 400 naming the line", async () => {
    const name = (await unitPence(server, 19, "outside")).name;
    const sessionsBefore = stripe.sessionCreations().length;
    const [ordersBefore] = await rows<{ n: number }>(server, "SELECT count(*) AS n FROM orders");
    for (const quantity of [-5, 0, 0.5, "abc", 1e9, null, "", 100]) {
      const res = await apiCheckout({
        billing_infomation: { ...CUSTOMER, date: dayAhead(16) },
        cart_items: [
          { id: 18, addon: OUTSIDE, quantity: 1 },
          { id: 19, addon: OUTSIDE, quantity },
        ],
      });
      expect(res.status, String(quantity)).toBe(400);
      expect(await res.json()).toMatchObject({
        message: `Line 2 (${name}, Outside — left out for collection): Please choose a quantity from 1 to 99 (whole numbers).`,
      });
    }
    expect(stripe.sessionCreations()).toHaveLength(sessionsBefore);
    expect(await rows(server, "SELECT count(*) AS n FROM orders")).toEqual([ordersBefore]);
  });

  it("the /api refuses unknown and retired products, and orders beyond what is taken online", async () => {
    const unknown = await apiCheckout({
      billing_infomation: { ...CUSTOMER, date: dayAhead(16) },
      cart_items: [{ id: 999_999, addon: OUTSIDE, quantity: 1 }],
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      message: "Line 1: there is no item with id 999999 for sale.",
    });

    await run(server, "UPDATE products SET retired_at = '2026-01-01T00:00:00.000Z' WHERE id = 40");
    const retiredName = (await unitPence(server, 40, "outside")).name;
    const retired = await apiCheckout({
      billing_infomation: { ...CUSTOMER, date: dayAhead(16) },
      cart_items: [
        { id: 18, addon: OUTSIDE, quantity: 1 },
        { id: 40, addon: OUTSIDE, quantity: 1 },
      ],
    });
    expect(retired.status).toBe(400);
    expect(await retired.json()).toMatchObject({
      message: `Line 2 (${retiredName}): this item is no longer available.`,
    });

    // The report's order: 50 copies of one line at 99.
    const copies = await apiCheckout({
      billing_infomation: { ...CUSTOMER, date: dayAhead(16) },
      cart_items: Array.from({ length: 50 }, () => ({ id: 18, addon: OUTSIDE, quantity: 99 })),
    });
    expect(copies.status).toBe(400);
    expect(((await copies.json()) as { message: string }).message).toMatch(
      /^Lines 1 and 2 and .* and 50 \(.*\) add up to 4950; one order can have at most 99 of an item\.$/,
    );

    // 31 different items: more than one order takes (30, a setting).
    const many = await apiCheckout({
      billing_infomation: { ...CUSTOMER, date: dayAhead(16) },
      cart_items: Array.from({ length: 31 }, (_, i) => ({
        id: i + 1,
        addon: OUTSIDE,
        quantity: 1,
      })),
    });
    expect(many.status).toBe(400);
    expect(((await many.json()) as { message: string }).message).toMatch(
      /^An order can have at most 30 different items; this one has 31\./,
    );

    // Over £5,000 (a setting): the customer is pointed to a quote.
    const [dearest] = await rows<{ id: number; unit: number }>(
      server,
      "SELECT id, price_pence + outside_pence AS unit FROM products WHERE retired_at IS NULL ORDER BY unit DESC LIMIT 1",
    );
    const quantity = Math.floor(500_000 / dearest!.unit) + 1;
    const dear = await apiCheckout({
      billing_infomation: { ...CUSTOMER, date: dayAhead(16) },
      cart_items: [{ id: dearest!.id, addon: OUTSIDE, quantity }],
    });
    expect(dear.status).toBe(400);
    expect(((await dear.json()) as { message: string }).message).toMatch(
      /^Orders over £5,000\.00 cannot be booked online \(this one comes to £[\d,]+\.\d\d\)\. For a job this size, ask us for a quote/,
    );
    // Staff can raise the limit in the settings (and a job this size needs a day of many vans).
    await run(server, "UPDATE settings SET value = '1000000' WHERE key = 'max_order_total_pence'");
    await run(
      server,
      "INSERT INTO day_overrides (day, vans, reason, created_by) VALUES (?, 50, 'Hired vans', 'Test')",
      dayAhead(16),
    );
    const raised = await apiCheckout({
      billing_infomation: { ...CUSTOMER, date: dayAhead(16) },
      cart_items: [{ id: dearest!.id, addon: OUTSIDE, quantity }],
    });
    await run(server, "UPDATE settings SET value = '500000' WHERE key = 'max_order_total_pence'");
    await run(server, "DELETE FROM day_overrides WHERE day = ?", dayAhead(16));
    expect(raised.status).toBe(200);
  });

  it("the /api merges duplicate lines (same product and option) into one", async () => {
    const before = stripe.sessionCreations().length;
    const res = await apiCheckout({
      billing_infomation: { ...CUSTOMER, date: dayAhead(17) },
      cart_items: [
        { id: 20, addon: OUTSIDE, quantity: 2 },
        { id: 21, addon: OUTSIDE, quantity: 1 },
        { id: 20, addon: OUTSIDE, quantity: "3" },
        { id: "20", addon: { label: "Inside — no dismantling" }, quantity: 1 },
      ],
    });
    expect(res.status).toBe(200);
    const [request] = stripe.sessionCreations().slice(before);
    const items = request!.body.line_items as { quantity: string }[];
    expect(items.map((i) => i.quantity)).toEqual(["5", "1", "1"]);
    const orderId = Number(request!.body.client_reference_id);
    expect(
      await rows<{ product_id: number; position: string; quantity: number }>(
        server,
        "SELECT product_id, position, quantity FROM order_items WHERE order_id = ? ORDER BY id",
        orderId,
      ),
    ).toEqual([
      { product_id: 20, position: "outside", quantity: 5 },
      { product_id: 21, position: "outside", quantity: 1 },
      { product_id: 20, position: "inside_no_dismantle", quantity: 1 },
    ]);
  });

  it("the /api answers bad bodies with 4xx and a message, never 5xx", async () => {
    const cases: [unknown, string, number, RegExp][] = [
      ["null", "application/json", 400, /^Send a JSON object/],
      ["[]", "application/json", 400, /^Send a JSON object/],
      ['"checkout"', "application/json", 400, /^Send a JSON object/],
      ["42", "application/json", 400, /^Send a JSON object/],
      ["{", "application/json", 400, /^The body is not valid JSON/],
      [{ billing_infomation: [], cart_items: [] }, "application/json", 400, /^billing_infomation/],
      [{ billing_infomation: {}, cart_items: "sofa" }, "application/json", 400, /^cart_items/],
      [
        { billing_infomation: {}, cart_items: [] },
        "application/json",
        400,
        /^cart_items: Your bag is empty/,
      ],
      [
        { billing_infomation: {}, cart_items: [null] },
        "application/json",
        400,
        /^cart_items\.0: Each cart item/,
      ],
      ["{}", "text/plain", 415, /Content-Type: application\/json/],
      ["a=1", "application/x-www-form-urlencoded", 415, /Content-Type: application\/json/],
      [
        {
          billing_infomation: { ...CUSTOMER, full_name: "Priya\u0000Raman", date: dayAhead(16) },
          cart_items: [{ id: 18, addon: OUTSIDE, quantity: 1 }],
        },
        "application/json",
        400,
        /characters we cannot accept/,
      ],
      [
        {
          billing_infomation: { ...CUSTOMER, town: 7, date: dayAhead(16) },
          cart_items: [{ id: 18, addon: OUTSIDE, quantity: 1 }],
        },
        "application/json",
        400,
        /^town: Please enter your town or city/,
      ],
    ];
    for (const [body, type, status, message] of cases) {
      const res = await apiCheckout(body, type);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(((await res.json()) as { message: string }).message, JSON.stringify(body)).toMatch(
        message,
      );
    }
    expect(
      await rows(
        server,
        `SELECT id FROM orders WHERE full_name LIKE 'Priya%Raman' AND ${
          // PostgreSQL's text cannot hold a NUL at all.
          TEST_ENGINE === "postgres" ? "1 = 0" : "instr(full_name, char(0)) > 0"
        }`,
      ),
    ).toEqual([]);
  });

  it("payment_status asks Stripe at most once every few seconds per session, and never for an id that is not one", async () => {
    const res = await apiCheckout({
      billing_infomation: { ...CUSTOMER, date: dayAhead(18) },
      cart_items: [{ id: 22, addon: OUTSIDE, quantity: 1 }],
    });
    const { clientSecret } = (await res.json()) as { clientSecret: string };
    const sessionId = clientSecret.split("_secret_")[0]!;
    const reads = () => stripe.sessionReads(sessionId).length;
    const status = (id: string) =>
      fetch(`${server.url}/api/products/payment_status?id=${encodeURIComponent(id)}`);
    const before = reads();
    const answers = await Promise.all(Array.from({ length: 10 }, () => status(sessionId)));
    for (const answer of answers) expect(await answer.json()).toEqual({ status: "open" });
    expect(await (await status(sessionId)).json()).toEqual({ status: "open" });
    expect(reads() - before).toBe(1);

    const allReads = stripe.sessionReads().length;
    for (const id of [
      "abc",
      "cs_test_x",
      "../../v1/customers",
      "cs_test_" + "a".repeat(300),
      "cs_test_abc/expire",
      "",
    ]) {
      const answer = await status(id);
      expect(answer.status, id).toBe(404);
    }
    expect(stripe.sessionReads()).toHaveLength(allReads);
  });

  it("the bag refuses quantities it would have had to guess, and keeps the bag as it was", async () => {
    const cookie = await bagWith(server, [{ id: 23, position: "outside", quantity: 98 }]);
    const post = (fields: Record<string, string>, js = true) =>
      fetch(`${server.url}/bag`, {
        method: "POST",
        redirect: "manual",
        headers: {
          origin: server.url,
          cookie,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({
          id: "23",
          position: "outside",
          redirectTo: "/",
          ...(js ? { js: "1" } : {}),
          ...fields,
        }),
      });
    const bagOf = async (res: Response) => {
      const set = /cart=([^;]*)/.exec(res.headers.get("set-cookie") ?? "")?.[1] ?? "";
      return set ? JSON.parse(Buffer.from(decodeURIComponent(set), "base64").toString("utf8")) : [];
    };
    for (const quantity of ["-5", "0", "0.5", "abc", "1e9", ""]) {
      for (const intent of ["add", "set"]) {
        const res = await post({ intent, quantity });
        expect(res.status, `${intent} ${quantity}`).toBe(400);
        expect(await res.json()).toEqual({
          ok: false,
          error:
            "Please choose a quantity from 1 to 99 (whole numbers). To take an item out of your bag, choose Remove.",
        });
        expect(await bagOf(res)).toEqual([{ id: 23, position: "outside", quantity: 98 }]);
      }
    }
    // Adding two more to 98 would pass 99: refused, not cut to 99.
    const over = await post({ intent: "add", quantity: "2" });
    expect(over.status).toBe(400);
    expect(await bagOf(over)).toEqual([{ id: 23, position: "outside", quantity: 98 }]);
    const up = await post({ intent: "increment" });
    expect(await bagOf(up)).toEqual([{ id: 23, position: "outside", quantity: 99 }]);
    // Without JavaScript: back to the page with the bag open and the reason.
    const noJs = await post({ intent: "set", quantity: "0" }, false);
    expect(noJs.status).toBe(303);
    expect(noJs.headers.get("location")).toBe("/?bag=open&bag_error=quantity");
    const shown = await fetch(`${server.url}${noJs.headers.get("location")}`, {
      headers: { cookie },
    });
    expect(await shown.text()).toContain("Please choose a quantity from 1 to 99 (whole numbers).");
    // A body that is not a form is refused, not a server error.
    const json = await fetch(`${server.url}/bag`, {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/json" },
      body: JSON.stringify({ intent: "add", id: 23 }),
    });
    expect(json.status).toBe(415);
  });

  it("the checkout page refuses an item that left the shop, naming it, and keeps what was typed", async () => {
    const cookie = await bagWith(server, [
      { id: 24, position: "outside", quantity: 1 },
      { id: 41, position: "outside", quantity: 1 },
    ]);
    await run(server, "UPDATE products SET retired_at = '2026-01-01T00:00:00.000Z' WHERE id = 41");
    const name = (await unitPence(server, 41, "outside")).name;
    const res = await submitCheckout(server, cookie, {
      ...CUSTOMER,
      date: dayAhead(19),
      ui: "hosted",
      token: "tokenRetiredInBagAAAAAA",
    });
    expect(res.status).toBe(400);
    const html = (await res.text()).replaceAll("&#x27;", "'");
    expect(html).toContain(
      `Line 2 (${name}): this item is no longer available. We have taken it out of your bag: please check the new total and book again.`,
    );
    expect(html).toContain('value="22 Elm Grove"');
    expect(
      await rows(server, "SELECT id FROM orders WHERE checkout_token = 'tokenRetiredInBagAAAAAA'"),
    ).toEqual([]);
  });

  it("the checkout page says when the bag is bigger than an order taken online, and refuses it", async () => {
    const cookie = await bagWith(
      server,
      Array.from({ length: 31 }, (_, i) => ({
        id: i + 1,
        position: "inside_no_dismantle",
        quantity: 1,
      })),
    );
    const page = await (await fetch(`${server.url}/checkout`, { headers: { cookie } })).text();
    expect(page).toContain("An order can have at most 30 different items; this one has 31.");
    // This shop has no VAT_NUMBER: the terms beside the total charge no VAT, so they name none.
    expect(page.replaceAll("<!-- -->", "")).toContain(
      "Within 14 days £24, on the day £48. Registered waste carrier",
    );
    const res = await submitCheckout(server, cookie, {
      ...CUSTOMER,
      date: dayAhead(19),
      ui: "hosted",
      token: "tokenTooManyLinesAAAAAA",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("An order can have at most 30 different items; this one has 31.");
    expect(html).toContain('value="22 Elm Grove"');
    const json = await fetch(`${server.url}/checkout`, {
      method: "POST",
      headers: { origin: server.url, cookie, "content-type": "application/json" },
      body: JSON.stringify({ intent: "pay" }),
    });
    expect(json.status).toBe(415);
    // Refused at the server's door (server/request-guard.ts), before the route reads it.
    expect(await json.text()).toContain("it arrived in a format we do not accept");
  });

  it("POST /api/products/create-checkout-session/ ignores prices sent by the client", async () => {
    const genuine = await unitPence(server, 12, "inside_dismantle");
    const before = stripe.sessionCreations().length;
    const res = await fetch(`${server.url}/api/products/create-checkout-session/`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: server.url,
        "x-forwarded-for": nextVisitor(),
      },
      body: JSON.stringify({
        billing_infomation: { ...CUSTOMER, date: dayAhead(11) },
        cart_items: [
          {
            id: 12,
            name: "Anything",
            addon: { label: "Inside — needs dismantling" },
            price_id: 0.01,
            quantity: 2,
            total: 0.02,
            imgURL: "x",
          },
        ],
      }),
    });
    expect(res.status).toBe(200);
    const { clientSecret } = (await res.json()) as { clientSecret: string };
    expect(clientSecret).toMatch(/^cs_test_.*_secret_/);
    const [request] = stripe.sessionCreations().slice(before);
    const body = request!.body as {
      ui_mode: string;
      line_items: { quantity: string; price_data: { unit_amount: string } }[];
    };
    expect(body.ui_mode).toBe("embedded_page");
    expect(Number(body.line_items[0]!.price_data.unit_amount)).toBe(genuine.price);
    expect(body.line_items[0]!.quantity).toBe("2");

    const sessionId = clientSecret.split("_secret_")[0]!;
    const status = await fetch(`${server.url}/api/products/payment_status?id=${sessionId}`);
    expect(await status.json()).toEqual({ status: "open" });

    const badDate = await fetch(`${server.url}/api/products/create-checkout-session/`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: server.url,
        "x-forwarded-for": nextVisitor(),
      },
      body: JSON.stringify({
        billing_infomation: { ...CUSTOMER, date: "2020-01-01" },
        cart_items: [
          { id: 12, addon: { label: "Outside — left out for collection" }, quantity: 1 },
        ],
      }),
    });
    expect(badDate.status).toBe(400);
    expect(await badDate.json()).toMatchObject({ message: "Please select a valid date" });
    const noStatus = await fetch(`${server.url}/api/products/payment_status?id=cs_test_none`);
    expect(noStatus.status).toBe(404);
  });

  it("unpaid checkouts hold at most half a day and two per address; giving up on Stripe's page frees the slot at once", async () => {
    const date = dayAhead(13);
    const cookie = await bagWith(server, [{ id: 15, position: "outside", quantity: 1 }]);
    const checkout = (token: string, address: string) =>
      submitCheckout(server, cookie, { ...CUSTOMER, date, ui: "hosted", token }, address);
    const before = stripe.sessionCreations().length;

    // One address: two unpaid checkouts for the day, not a third.
    const home = "203.0.113.10";
    expect((await checkout("tokenHoldA1AAAAAAAAAAAA", home)).status).toBe(303);
    expect((await checkout("tokenHoldA2AAAAAAAAAAAA", home)).status).toBe(303);
    const third = await checkout("tokenHoldA3AAAAAAAAAAAA", home);
    expect(third.status).toBe(400);
    const thirdPage = (await third.text()).replaceAll("&#x27;", "'");
    expect(thirdPage).toContain("You already have 2 unfinished payments for this day");
    expect(thirdPage).toContain('value="22 Elm Grove"');
    expect(thirdPage).toMatch(/id="date-error"[^>]*>[^<]*You already have 2 unfinished payments/);

    // Other addresses: unpaid checkouts may hold half the day's 8 slots, so two more and no more.
    expect((await checkout("tokenHoldB1AAAAAAAAAAAA", "203.0.113.11")).status).toBe(303);
    expect((await checkout("tokenHoldC1AAAAAAAAAAAA", "203.0.113.12")).status).toBe(303);
    const fifth = await checkout("tokenHoldD1AAAAAAAAAAAA", "203.0.113.13");
    expect(fifth.status).toBe(400);
    expect(await fifth.text()).toContain("Other customers are paying for bookings on this day");
    const [held] = await rows<{ n: number; keys: number }>(
      server,
      "SELECT count(*) AS n, count(DISTINCT client_key) AS keys FROM orders WHERE collection_date = ? AND source = 'web'",
      date,
    );
    expect(held).toEqual({ n: 4, keys: 3 });
    // The address itself is never stored.
    expect(await rows(server, "SELECT id FROM orders WHERE client_key LIKE '%203.0.113%'")).toEqual(
      [],
    );

    // The first customer gives up on Stripe's page: its "back" link closes the session at Stripe
    // and frees the slot at once, and the form comes back filled in.
    const first = stripe.sessionCreations()[before]!;
    const cancelUrl = String(first.body.cancel_url);
    const forged = await fetch(cancelUrl.replace(/key=[\w-]+/, "key=AAAAAAAAAAAAAAAAAAAAAA"));
    expect(forged.status).toBe(200);
    expect(await forged.text()).not.toContain("Your date is free again");
    expect(stripe.sessionExpiries()).toHaveLength(0);
    const back = await fetch(cancelUrl, { headers: { cookie } });
    expect(back.status).toBe(200);
    const backPage = await back.text();
    expect(backPage).toContain(
      "Your payment was cancelled and no money was taken. Your date is free again",
    );
    expect(backPage).toContain('value="22 Elm Grove"');
    expect(stripe.sessionExpiries()).toHaveLength(1);
    const firstSession = [...stripe.sessions.values()].find(
      (s) => s.client_reference_id === first.body.client_reference_id,
    )!;
    expect(firstSession.status).toBe("expired");
    expect(await orderBySession(server, firstSession.id)).toMatchObject({
      status: "pending",
      payment_closed: "expired",
    });
    // Visiting the link again changes nothing and asks Stripe nothing.
    await fetch(cancelUrl);
    expect(stripe.sessionExpiries()).toHaveLength(1);
    expect((await checkout("tokenHoldD2AAAAAAAAAAAA", "203.0.113.13")).status).toBe(303);
    // The first address now holds one: it is refused only because the day is back at four holds.
    const again = await checkout("tokenHoldA4AAAAAAAAAAAA", home);
    expect(again.status).toBe(400);
    const againPage = await again.text();
    expect(againPage).toContain("Other customers are paying for bookings on this day");
    expect(againPage).not.toContain("You already have 2 unfinished payments");
  });

  it("the Cancel button by the embedded card form closes the session and keeps the details", async () => {
    const date = dayAhead(14);
    const cookie = await bagWith(server, [{ id: 16, position: "outside", quantity: 1 }]);
    const res = await submitCheckout(server, cookie, {
      ...CUSTOMER,
      date,
      ui: "embedded",
      token: "tokenEmbeddedCancelAAAA",
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Cancel payment and change details");
    const order = /name="order" value="(\d+)"/.exec(html)![1]!;
    const key = /name="key" value="([\w-]+)"/.exec(html)![1]!;
    const expiries = stripe.sessionExpiries().length;
    const cancel = await fetch(`${server.url}/checkout`, {
      method: "POST",
      headers: {
        origin: server.url,
        cookie,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "abandon", order, key }),
    });
    expect(cancel.status).toBe(200);
    const page = await cancel.text();
    expect(page).toContain("Your payment was cancelled and no money was taken");
    expect(page).toContain('value="Priya Raman"');
    expect(stripe.sessionExpiries()).toHaveLength(expiries + 1);
    const [row] = await rows<OrderRow>(server, "SELECT * FROM orders WHERE id = ?", Number(order));
    expect(row).toMatchObject({ status: "pending", payment_closed: "expired" });
  });

  it("giving up after paying completes the order instead", async () => {
    const cookie = await bagWith(server, [{ id: 17, position: "outside", quantity: 1 }]);
    const res = await submitCheckout(server, cookie, {
      ...CUSTOMER,
      date: dayAhead(15),
      ui: "hosted",
      token: "tokenPaidThenBackAAAAAA",
    });
    const sessionId = res.headers.get("location")!.split("/").pop()!;
    stripe.pay(sessionId);
    const orderId = (await orderBySession(server, sessionId))!.id;
    const creation = stripe
      .sessionCreations()
      .find((r) => String(r.body.cancel_url).includes(`order=${orderId}&`))!;
    const back = await fetch(String(creation.body.cancel_url), { redirect: "manual" });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(`/payment?session_id=${sessionId}`);
    expect(await orderBySession(server, sessionId)).toMatchObject({
      status: "complete",
      payment_closed: null,
    });
  });

  it("one address may start 12 checkouts an hour; the next is refused with 429 and Retry-After", async () => {
    const cookie = await bagWith(server, [{ id: 14, position: "outside", quantity: 1 }]);
    const address = "203.0.113.77";
    for (let i = 0; i < 12; i++) {
      const res = await submitCheckout(
        server,
        cookie,
        {
          ...CUSTOMER,
          date: dayAhead(30 + i),
          ui: "hosted",
          token: `tokenLimit${i}AAAAAAAAAAAAAA`,
        },
        address,
      );
      expect(res.status, `checkout ${i + 1}`).toBe(303);
    }
    // A repeated submit of a checkout already made is not a new one.
    const repeat = await submitCheckout(
      server,
      cookie,
      { ...CUSTOMER, date: dayAhead(30), ui: "hosted", token: "tokenLimit0AAAAAAAAAAAAAA" },
      address,
    );
    expect(repeat.status).toBe(303);
    const refused = await submitCheckout(
      server,
      cookie,
      { ...CUSTOMER, date: dayAhead(50), ui: "hosted", token: "tokenLimitLastAAAAAAAAAA" },
      address,
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(await refused.text()).toContain("You have started several checkouts in the last hour");
    const [count] = await rows<{ n: number }>(
      server,
      "SELECT count(*) AS n FROM orders WHERE checkout_token LIKE 'tokenLimit%'",
    );
    expect(count!.n).toBe(12);
  });

  it("of 50 checkouts started at once from one address, exactly 12 go ahead and 38 are refused", async () => {
    const cookie = await bagWith(server, [{ id: 14, position: "outside", quantity: 1 }]);
    const address = "203.0.113.78";
    // Each on its own day, so only the address's limit can refuse one.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        submitCheckout(
          server,
          cookie,
          {
            ...CUSTOMER,
            date: dayAhead(30 + i),
            ui: "hosted",
            token: `tokenBurst${String(i).padStart(2, "0")}AAAAAAAAAAAA`,
          },
          address,
        ),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect([
      statuses.filter((s) => s === 303).length,
      statuses.filter((s) => s === 429).length,
    ]).toEqual([12, 38]);
    const [count] = await rows<{ n: number }>(
      server,
      "SELECT count(*) AS n FROM orders WHERE checkout_token LIKE 'tokenBurst%'",
    );
    expect(count!.n).toBe(12);
  });

  it("when Stripe fails, the customer sees 'Something went wrong' and the slot is not held", async () => {
    const cookie = await bagWith(server, [{ id: 13, position: "outside", quantity: 1 }]);
    stripe.failNext(3); // the first try and both retries
    const res = await submitCheckout(server, cookie, {
      ...CUSTOMER,
      date: dayAhead(12),
      ui: "hosted",
      token: "tokenStripeDownAAAAAAAA",
    });
    expect(res.status).toBe(502);
    expect(await res.text()).toContain("Something went wrong");
    const [order] = await rows<OrderRow>(
      server,
      "SELECT * FROM orders WHERE checkout_token = 'tokenStripeDownAAAAAAAA'",
    );
    expect(order).toMatchObject({ status: "pending", payment_closed: "failed" });
    // Trying again with the same form works and makes a fresh order.
    const retry = await submitCheckout(server, cookie, {
      ...CUSTOMER,
      date: dayAhead(12),
      ui: "hosted",
      token: "tokenStripeDownAAAAAAAA",
    });
    expect(retry.status).toBe(303);
  });
});

describe("checkout in production without Stripe keys", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("marks the bag cookie Secure", async () => {
    const res = await fetch(`${server.url}/bag`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "add", id: "1", position: "outside", quantity: "1" }),
    });
    expect(res.headers.get("set-cookie")).toMatch(/^cart=[^;]+;.*; Secure/);
  });

  it("says card payment is unavailable and how to book by phone", async () => {
    const cookie = await bagWith(server, [{ id: 1, position: "outside", quantity: 1 }]);
    const page = await (await fetch(`${server.url}/checkout`, { headers: { cookie } })).text();
    expect(page).toContain("Card payment is not available online at the moment");
    expect(page).toContain("020 7946 0321");
    const res = await submitCheckout(server, cookie, { ...CUSTOMER, date: dayAhead(0) });
    expect(res.status).toBe(503);
    expect(await rows(server, "SELECT id FROM orders WHERE source = 'web'")).toEqual([]);
    const demo = await fetch(`${server.url}/payment/demo?session_id=demo_aaaaaaaaaaaaaaaaaaaaaaaa`);
    expect(demo.status).toBe(404);
    const hook = await fetch(`${server.url}/webhooks/stripe`, { method: "POST", body: "{}" });
    expect(hook.status).toBe(404);
  });
});
