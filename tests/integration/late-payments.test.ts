import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { formatPence } from "~/lib/format";
import { todayInLondon } from "~/lib/london-clock.server";
import { bagWith, BOOKING_CUSTOMER, html, nextVisitor } from "../support/bookings";
import { rows, run } from "../support/database";
import {
  signedStripeWebhook,
  startFakeStripe,
  stripeSessionEvent,
  type FakeStripe,
} from "../support/fake-stripe";
import { phonePhoto } from "../support/images";
import { quoteForm, sendQuote } from "../support/make";
import { startServer, TEST_ENGINE, type RunningServer } from "../support/server";
import { startSmtp } from "../support/smtp";
import { signInStaff } from "../support/staff";

/**
 * One quote, one booking; a hold and its payment end together
 * (docs/decisions/032-one-quote-one-booking.md). A customer's payment left open on their quote
 * page while staff book the quote by hand, revise or withdraw its price; a payment reported after
 * its hold lapsed, on a day that filled meanwhile. Through HTTP, with the fake Stripe server and
 * with the demo gateway, on both engines.
 */

const OFFICE = "office@haulbook.test";
const CUSTOMER_EMAIL = "lena@example.com";
const WEBHOOK_SECRET = "whsec_test_late_payments";
const HOLD_MS = 31 * 60_000;

let network = 0;
const newAddress = () => `198.19.${Math.floor(++network / 250)}.${network % 250}`;

/** What one shop needs for these tests: its staff cookie, quotes, the customer's link. */
function shopHelpers(get: () => { server: RunningServer; staff: string }) {
  const sql = <T = Record<string, unknown>>(text: string, ...params: unknown[]) =>
    rows<T>(get().server, text, ...params);
  const post = (path: string, fields: Record<string, string>, cookie = get().staff) =>
    fetch(`${get().server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie,
        origin: get().server.url,
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": newAddress(),
      },
      body: new URLSearchParams(fields),
    });
  const PRICE = (description = "Sofa and two chairs", price = "120.00") => ({
    catalogue_rows: "0",
    free_rows: "1",
    f0_description: description,
    f0_price: price,
    f0_quantity: "1",
    f0_load: "1",
    f0_minutes: "20",
    valid_days: "14",
    note: "",
    intent: "send",
  });
  /** A quote request, priced by staff at £120: its id and its open offer. */
  async function pricedQuote(fullName: string) {
    const res = await sendQuote(
      get().server,
      quoteForm({ fullName, email: CUSTOMER_EMAIL }, [
        { name: "sofa.jpg", bytes: await phonePhoto("#8a6f4d") },
      ]),
      { from: newAddress() },
    );
    expect(res.status).toBe(201);
    const [quote] = await sql<{ id: number }>(
      "SELECT id FROM quotes WHERE full_name = ? ORDER BY id DESC",
      fullName,
    );
    expect((await post(`/dashboard/quotes/${quote!.id}/price`, PRICE())).status).toBe(303);
    return { id: quote!.id, offer: await latestOffer(quote!.id) };
  }
  async function latestOffer(quoteId: number) {
    const [offer] = await sql<{ id: number; token: string; status: string }>(
      "SELECT id, token, status FROM quote_offers WHERE quote_id = ? ORDER BY version DESC",
      quoteId,
    );
    return offer!;
  }
  /** The customer presses "Book and pay" on their quote page: the order and its session id. */
  async function startQuotePayment(token: string, date: string) {
    const res = await post(
      `/quote/${token}`,
      { intent: "pay", date, early_start: "yes", ui: "hosted" },
      "",
    );
    expect(res.status).toBe(303);
    const [order] = await sql<{ id: number; session: string; created_at: string }>(
      `SELECT id, payment_session_id AS session, created_at FROM orders
        WHERE quote_id = (SELECT quote_id FROM quote_offers WHERE token = ?) AND status = 'pending'
        ORDER BY id DESC`,
      token,
    );
    expect(order?.session).toBeTruthy();
    return { ...order!, location: res.headers.get("location")! };
  }
  /** Staff "Create Booking" for the quote, by hand (cash). */
  const bookByHand = (quoteId: number, date: string) =>
    post(`/dashboard/quotes/${quoteId}`, {
      intent: "book",
      full_name: "Lena Fischer",
      email: CUSTOMER_EMAIL,
      phone_number: "07700 900444",
      address_1: "4 Mill Lane",
      town: "Reading",
      postcode: "RG1 2AB",
      date,
      f0_description: "Sofa and two chairs",
      f0_price: "120",
      f0_load: "2",
      f0_minutes: "30",
      payment_method: "cash_payment",
    });
  const withdraw = (quoteId: number) =>
    post(`/dashboard/quotes/${quoteId}`, { intent: "withdraw" });
  const revise = (quoteId: number) =>
    post(`/dashboard/quotes/${quoteId}/price`, PRICE("Sofa, two chairs and a table", "150.00"));
  /** The quote's orders: what became of each. */
  const ordersOf = (quoteId: number) =>
    sql<{
      id: number;
      payment_method: string;
      status: string;
      cancelled_at: string | null;
      refund_pence: number | null;
      refund_reference: string | null;
    }>(
      `SELECT id, payment_method, status, cancelled_at, refund_pence, refund_reference
         FROM orders WHERE quote_id = ? ORDER BY id`,
      quoteId,
    );
  /** The quote's bookings that stand (paid or made by hand, not cancelled). */
  const bookingsOf = async (quoteId: number) =>
    (await ordersOf(quoteId)).filter(
      (o) => o.cancelled_at === null && (o.status === "complete" || o.payment_method !== "card"),
    );
  const emailsAbout = (orderId: number) =>
    sql<{ kind: string; to_address: string; text_body: string }>(
      "SELECT kind, to_address, text_body FROM outbox WHERE text_body LIKE ? ORDER BY id",
      `%HB${orderId}%`,
    );
  const refusedEmails = (quoteId: number) =>
    sql<{ kind: string; to_address: string; text_body: string }>(
      `SELECT kind, to_address, text_body FROM outbox
        WHERE kind IN ('quote_payment_refunded', 'quote_payment_refunded_notice') AND text_body LIKE ?
        ORDER BY id`,
      `%quote Q${quoteId}%`,
    );
  return {
    sql,
    post,
    pricedQuote,
    latestOffer,
    startQuotePayment,
    bookByHand,
    withdraw,
    revise,
    ordersOf,
    bookingsOf,
    emailsAbout,
    refusedEmails,
  };
}

/**
 * How much later the payment's reports set off than the staff request, round by round (below
 * zero: the staff request sets off later), so the race meets at different points each round.
 */
const STAGGER_MS = [-40, -10, 0, 5, 20, 60];
const later = <T>(ms: number, work: () => Promise<T>) =>
  new Promise<T>((resolve, reject) =>
    setTimeout(() => work().then(resolve, reject), Math.max(0, ms)),
  );

let dayOffset = 4;
const nextDay = () => addDaysIso(todayInLondon(), ++dayOffset);

/** The refusal's two emails: the customer's in plain words, and the office's. */
function expectRefusalEmails(
  emails: { kind: string; to_address: string; text_body: string }[],
  words: string,
) {
  expect(emails.map((e) => [e.kind, e.to_address])).toEqual([
    ["quote_payment_refunded", CUSTOMER_EMAIL],
    ["quote_payment_refunded_notice", OFFICE],
  ]);
  expect(emails[0]!.text_body).toContain(words);
  expect(emails[0]!.text_body).toContain(`refunding the full ${formatPence(12000)} to your card`);
}

describe("one quote, one booking with Stripe (a fake Stripe server)", () => {
  let stripe: FakeStripe;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: RunningServer;
  let staff: string;
  const shop = shopHelpers(() => ({ server, staff }));

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
        VAT_NUMBER: "",
      },
    });
    staff = (await signInStaff(server)).cookie;
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    await stripe?.close();
  });

  const completed = (sessionId: string, n: string) =>
    signedStripeWebhook(
      server,
      stripeSessionEvent(
        `evt_late_${n}`,
        "checkout.session.completed",
        stripe.sessions.get(sessionId)!,
      ),
      WEBHOOK_SECRET,
    );
  /** The customer's browser back on /payment (which asks Stripe and completes the order). */
  const returnToPayment = (sessionId: string) =>
    fetch(`${server.url}/payment?session_id=${sessionId}`);
  const expiriesOf = (sessionId: string) =>
    stripe.sessionExpiries().filter((r) => r.path === `/v1/checkout/sessions/${sessionId}/expire`);
  const refundsOf = (sessionId: string) =>
    stripe.refunds.filter(
      (r) => r.payment_intent === stripe.sessions.get(sessionId)!.payment_intent,
    );

  it("a Stripe session closes when the order's hold on its day ends: expires_at is the hold's end", async () => {
    const { offer } = await shop.pricedQuote("Hold Length");
    const order = await shop.startQuotePayment(offer.token, nextDay());
    const session = stripe.sessions.get(order.session)!;
    expect(session.expires_at).toBe(Math.floor((Date.parse(order.created_at) + HOLD_MS) / 1000));
    // Stripe's floor: at least 30 minutes after the session is made.
    expect(session.expires_at! * 1000 - Date.now()).toBeGreaterThanOrEqual(30 * 60_000 - 5_000);
  });

  it("staff book by hand while the customer's payment is open: the session is expired at Stripe and can no longer be paid; one booking", async () => {
    const { id, offer } = await shop.pricedQuote("Open While Booked");
    const date = nextDay();
    const order = await shop.startQuotePayment(offer.token, date);
    const started = performance.now();
    expect((await shop.bookByHand(id, date)).status).toBe(303);
    console.log(
      `[perf] (${TEST_ENGINE}) staff booking that closes an open Stripe payment: ${(performance.now() - started).toFixed(0)} ms`,
    );
    expect(expiriesOf(order.session)).toHaveLength(1);
    expect(stripe.sessions.get(order.session)!.status).toBe("expired");
    expect(() => stripe.pay(order.session)).toThrow(/expired/);
    const orders = await shop.ordersOf(id);
    expect(orders.find((o) => o.id === order.id)).toMatchObject({ status: "pending" });
    expect(await shop.sql("SELECT payment_closed FROM orders WHERE id = ?", order.id)).toEqual([
      { payment_closed: "expired" },
    ]);
    expect(await shop.bookingsOf(id)).toHaveLength(1);
  });

  it("staff book by hand after the customer paid but before Stripe told us: the payment is refunded in full, one booking, both emails", async () => {
    const { id, offer } = await shop.pricedQuote("Paid Before Booked");
    const date = nextDay();
    const order = await shop.startQuotePayment(offer.token, date);
    stripe.pay(order.session); // paid at Stripe; the webhook is late
    expect((await shop.bookByHand(id, date)).status).toBe(303);
    // Closing the session found it paid: completion refused it and refunded it.
    expect(refundsOf(order.session).map((r) => r.amount)).toEqual([12000]);
    const mine = (await shop.ordersOf(id)).find((o) => o.id === order.id)!;
    expect(mine).toMatchObject({ status: "complete", refund_pence: 12000 });
    expect(mine.cancelled_at).toBeTruthy();
    expect(mine.refund_reference).toBe(refundsOf(order.session)[0]!.id);
    expectRefusalEmails(await shop.refusedEmails(id), "the job was already booked");
    // The webhook arrives now, twice: nothing more happens.
    expect((await completed(order.session, `${order.id}a`)).status).toBe(200);
    expect((await completed(order.session, `${order.id}b`)).status).toBe(200);
    expect(refundsOf(order.session)).toHaveLength(1);
    expect(await shop.refusedEmails(id)).toHaveLength(2);
    const bookings = await shop.bookingsOf(id);
    expect(bookings).toHaveLength(1);
    expect(bookings[0]!.payment_method).toBe("cash_payment");
    // The customer's return page says what happened, not "booked".
    const page = await html(await fetch(`${server.url}/payment?session_id=${order.session}`));
    expect(page).toContain("no collection is booked");
    expect(page).toContain(`href="/quote/${offer.token}"`);
    // Staff see the order as cancelled and refunded, with its history.
    const staffOrder = await html(
      await fetch(`${server.url}/dashboard/orders/${order.id}`, { headers: { cookie: staff } }),
    );
    expect(staffOrder).toContain("not booked; full refund of £120.00 due");
    expect(staffOrder).toContain(`refunded £120.00 (${mine.refund_reference})`);
  });

  (["withdraw", "revise"] as const).forEach((change) => {
    it(`staff ${change} the price while Stripe is down: the action stands, and the payment that then completes is refunded in full, nothing booked`, async () => {
      const { id, offer } = await shop.pricedQuote(`Late after ${change}`);
      const order = await shop.startQuotePayment(offer.token, nextDay());
      stripe.failNext(3); // the expire call and the SDK's two retries
      const res = change === "withdraw" ? await shop.withdraw(id) : await shop.revise(id);
      expect(res.status).toBe(303);
      expect(await shop.latestOffer(id)).toMatchObject(
        change === "withdraw" ? { status: "withdrawn" } : { status: "sent" },
      );
      // The session is still open at Stripe: the customer pays it, and Stripe tells us.
      expect(stripe.sessions.get(order.session)!.status).toBe("open");
      stripe.pay(order.session);
      expect((await completed(order.session, `${order.id}`)).status).toBe(200);
      expect(refundsOf(order.session).map((r) => r.amount)).toEqual([12000]);
      expect(await shop.bookingsOf(id)).toEqual([]);
      const [mine] = await shop.ordersOf(id);
      expect(mine!.cancelled_at).toBeTruthy();
      expectRefusalEmails(
        await shop.refusedEmails(id),
        change === "withdraw"
          ? "the quote was withdrawn"
          : "the quote was replaced by a newer price",
      );
      expect(await shop.sql("SELECT state FROM quotes WHERE id = ?", id)).toEqual([
        { state: change === "withdraw" ? "withdrawn" : "priced" },
      ]);
    });

    it(`staff ${change} the price with Stripe up: the open session is expired`, async () => {
      const { id, offer } = await shop.pricedQuote(`Open at ${change}`);
      const order = await shop.startQuotePayment(offer.token, nextDay());
      const res = change === "withdraw" ? await shop.withdraw(id) : await shop.revise(id);
      expect(res.status).toBe(303);
      expect(expiriesOf(order.session)).toHaveLength(1);
      expect(() => stripe.pay(order.session)).toThrow(/expired/);
    });
  });

  it("a refused payment whose refund Stripe refuses goes to Payments to review, and the office is told", async () => {
    const { id, offer } = await shop.pricedQuote("Refund Refused");
    const date = nextDay();
    const order = await shop.startQuotePayment(offer.token, date);
    stripe.pay(order.session);
    stripe.refuseRefunds(1);
    expect((await shop.withdraw(id)).status).toBe(303);
    expect(refundsOf(order.session)).toEqual([]);
    expect(await shop.bookingsOf(id)).toEqual([]);
    const [stored] = await shop.sql<{ payment_refused: string; refund_reference: string | null }>(
      "SELECT payment_refused, refund_reference FROM orders WHERE id = ?",
      order.id,
    );
    expect(stored).toEqual({ payment_refused: "withdrawn", refund_reference: null });
    expect((await shop.emailsAbout(order.id)).map((e) => [e.kind, e.to_address])).toContainEqual([
      "refund_refused",
      OFFICE,
    ]);
    const home = await html(
      await fetch(`${server.url}/dashboard/home`, { headers: { cookie: staff } }),
    );
    const item = new RegExp(
      `<li data-kind="refund-refused">[\\s\\S]*?Order HB${order.id}[\\s\\S]*?</li>`,
    ).exec(home)?.[0];
    expect(item).toContain("the automatic refund was refused");
    // A replayed webhook does not ask again: staff have it now.
    expect((await completed(order.session, `${order.id}refused`)).status).toBe(200);
    expect(
      stripe.refundRequests().filter((r) => r.idempotencyKey === `late-payment-refund-${order.id}`),
    ).toHaveLength(1);
  });

  it("staff book by hand and the payment is reported at the same moment: one booking, and the other side refunded or refused", async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < STAGGER_MS.length; round++) {
      const { id, offer } = await shop.pricedQuote(`Race ${round}`);
      const date = nextDay();
      const order = await shop.startQuotePayment(offer.token, date);
      stripe.pay(order.session);
      // The payment's reports set off a little later each round: the race meets at different points.
      const [booked] = await Promise.all([
        later(-STAGGER_MS[round]!, () => shop.bookByHand(id, date)),
        later(STAGGER_MS[round]!, () => completed(order.session, `race${round}`)),
        later(STAGGER_MS[round]!, () => returnToPayment(order.session)),
      ]);
      const bookings = await shop.bookingsOf(id);
      expect(bookings).toHaveLength(1);
      if (bookings[0]!.payment_method === "card") {
        // the payment won: staff were refused, nothing refunded
        expect([400, 409]).toContain(booked.status);
        expect(refundsOf(order.session)).toEqual([]);
        outcomes.push("payment first");
      } else {
        expect(booked.status).toBe(303);
        expect(refundsOf(order.session).map((r) => r.amount)).toEqual([12000]);
        expect(await shop.refusedEmails(id)).toHaveLength(2);
        outcomes.push("staff first");
      }
    }
    console.log(`[race] (${TEST_ENGINE}) staff booking vs payment: ${outcomes.join(", ")}`);
  });

  it("staff withdraw and the payment is reported at the same moment: never both booked and withdrawn", async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < STAGGER_MS.length; round++) {
      const { id, offer } = await shop.pricedQuote(`Withdraw race ${round}`);
      const order = await shop.startQuotePayment(offer.token, nextDay());
      stripe.pay(order.session);
      await Promise.all([
        later(-STAGGER_MS[round]!, () => shop.withdraw(id)),
        later(STAGGER_MS[round]!, () => completed(order.session, `wrace${round}`)),
      ]);
      const [quote] = await shop.sql<{ state: string }>(
        "SELECT state FROM quotes WHERE id = ?",
        id,
      );
      const bookings = await shop.bookingsOf(id);
      if (quote!.state === "booked") {
        expect(bookings).toHaveLength(1);
        expect(refundsOf(order.session)).toEqual([]);
        outcomes.push("payment first");
      } else {
        expect(quote!.state).toBe("withdrawn");
        expect(bookings).toEqual([]);
        expect(refundsOf(order.session).map((r) => r.amount)).toEqual([12000]);
        outcomes.push("staff first");
      }
    }
    console.log(`[race] (${TEST_ENGINE}) staff withdrawal vs payment: ${outcomes.join(", ")}`);
  });

  it("a payment reported after its hold lapsed, on a day now full: kept, counted over, listed to review; Refund in full refunds it", async () => {
    const date = nextDay();
    const [product] = await shop.sql<{ id: number }>(
      "SELECT id FROM products WHERE retired_at IS NULL ORDER BY id LIMIT 1",
    );
    const cookie = await bagWith(server, product!.id);
    const res = await fetch(`${server.url}/checkout`, {
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
        ...BOOKING_CUSTOMER,
        date,
        ui: "hosted",
        token: `tokenLatePayment${Date.now().toString(36)}`,
      }),
    });
    expect(res.status).toBe(303);
    const [order] = await shop.sql<{ id: number; session: string; total_pence: number }>(
      "SELECT id, payment_session_id AS session, total_pence FROM orders WHERE collection_date = ? AND source = 'web'",
      date,
    );
    // Paid at Stripe in time; Stripe's webhook is delayed past the hold.
    stripe.pay(order!.session);
    const lapsed = new Date(Date.now() - HOLD_MS - 60_000).toISOString();
    await run(server, "UPDATE orders SET created_at = ? WHERE id = ?", lapsed, order!.id);
    // Meanwhile the day filled: staff bookings up to the day's 8 collections.
    for (let i = 0; i < 8; i++)
      await run(
        server,
        `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date, payment_method, total_pence, source)
         VALUES ('Filler', 'f@example.com', '0', 'x', 'y', 'RG1 1AA', ?, 'cash_payment', 0, 'manual')`,
        date,
      );
    expect((await completed(order!.session, `over${order!.id}`)).status).toBe(200);
    // The customer paid: the booking stands, and the day counts it, over.
    expect(
      await shop.sql("SELECT status, cancelled_at FROM orders WHERE id = ?", order!.id),
    ).toEqual([{ status: "complete", cancelled_at: null }]);
    const month = date.slice(0, 7);
    const home = await html(
      await fetch(`${server.url}/dashboard/home?month=${month}`, { headers: { cookie: staff } }),
    );
    expect(home).toMatch(/: 9 jobs, 1\d\d% full/);
    expect(home).toContain("calendar-fill-over");
    // Listed under Payments to review as over capacity, with Move and Refund in full.
    const item = new RegExp(
      `<li data-kind="over-capacity">[\\s\\S]*?Order HB${order!.id}[\\s\\S]*?</li>`,
    ).exec(home)?.[0];
    expect(item).toBeTruthy();
    expect(item).toContain("Over capacity.");
    expect(item).toContain(`href="/dashboard/home?month=${month}&amp;edit=${order!.id}"`);
    expect(item).toContain("Refund in full");
    const [notice] = await shop.sql<{ to_address: string }>(
      "SELECT to_address FROM outbox WHERE kind = 'payment_over_capacity' AND text_body LIKE ?",
      `%HB${order!.id} %`,
    );
    expect(notice?.to_address).toBe(OFFICE);
    // The Move link opens the booking's edit form.
    const edit = await html(
      await fetch(`${server.url}/dashboard/home?month=${month}&edit=${order!.id}`, {
        headers: { cookie: staff },
      }),
    );
    expect(edit).toContain(`Edit booking HB${order!.id}`);

    const refund = await shop.post("/dashboard/home", {
      intent: "refund-over-capacity",
      orderId: String(order!.id),
    });
    expect(refund.status).toBe(303);
    expect(refundsOf(order!.session).map((r) => r.amount)).toEqual([order!.total_pence]);
    const [after] = await shop.sql<{
      cancelled_at: string | null;
      payment_review_at: string | null;
    }>("SELECT cancelled_at, payment_review_at FROM orders WHERE id = ?", order!.id);
    expect(after!.cancelled_at).toBeTruthy();
    expect(after!.payment_review_at).toBeNull();
    expect((await shop.emailsAbout(order!.id)).map((e) => [e.kind, e.to_address])).toContainEqual([
      "booking_cancelled",
      BOOKING_CUSTOMER.email,
    ]);
    const homeAfter = await html(
      await fetch(`${server.url}/dashboard/home?month=${month}`, { headers: { cookie: staff } }),
    );
    expect(homeAfter).not.toContain(`Order HB${order!.id}</a>`);
    // A second press refunds nothing more.
    await shop.post("/dashboard/home", {
      intent: "refund-over-capacity",
      orderId: String(order!.id),
    });
    expect(refundsOf(order!.session)).toHaveLength(1);
  });
});

describe("one quote, one booking with the demo gateway", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: RunningServer;
  let staff: string;
  const shop = shopHelpers(() => ({ server, staff }));

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({
      env: { NODE_ENV: "test", SMTP_URL: smtp.url, BUSINESS_EMAIL: OFFICE, VAT_NUMBER: "" },
    });
    staff = (await signInStaff(server)).cookie;
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  /** The demo page's Pay button, pressed (the page may have been open for a while). */
  const pressPay = (sessionId: string) =>
    fetch(`${server.url}/payment/demo`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ session_id: sessionId, intent: "pay" }),
    });

  (["book", "withdraw", "revise", "decline"] as const).forEach((change) => {
    const who = {
      book: "staff book by hand",
      withdraw: "staff withdraw",
      revise: "staff revise",
      decline: "the customer declines in another tab",
    }[change];
    it(`${who} while the demo payment page is open: its Pay button refuses, with the way back to the quote`, async () => {
      const { id, offer } = await shop.pricedQuote(`Demo ${change}`);
      const date = nextDay();
      const order = await shop.startQuotePayment(offer.token, date);
      expect(order.location).toBe(`/payment/demo?session_id=${order.session}`);
      const res =
        change === "book"
          ? await shop.bookByHand(id, date)
          : change === "withdraw"
            ? await shop.withdraw(id)
            : change === "revise"
              ? await shop.revise(id)
              : await shop.post(`/quote/${offer.token}`, { intent: "decline", reason: "" }, "");
      expect(res.status).toBe(change === "decline" ? 200 : 303);
      const paid = await pressPay(order.session);
      expect(paid.status).toBe(303);
      const page = await html(await fetch(`${server.url}${paid.headers.get("location")}`));
      expect(page).toContain("This payment has expired, so no money was taken");
      expect(page).toContain(`href="/quote/${offer.token}"`);
      expect(
        await shop.sql("SELECT status, payment_closed FROM orders WHERE id = ?", order.id),
      ).toEqual([{ status: "pending", payment_closed: "expired" }]);
      expect(await shop.bookingsOf(id)).toHaveLength(change === "book" ? 1 : 0);
    });
  });

  it("the demo gateway refuses to pay a session past its hold: the page says it has expired and leads back to the checkout", async () => {
    const date = nextDay();
    const [product] = await shop.sql<{ id: number }>(
      "SELECT id FROM products WHERE retired_at IS NULL ORDER BY id LIMIT 1",
    );
    const cookie = await bagWith(server, product!.id);
    const res = await fetch(`${server.url}/checkout`, {
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
        ...BOOKING_CUSTOMER,
        date,
        ui: "hosted",
        token: `tokenDemoExpiry${Date.now().toString(36)}`,
      }),
    });
    expect(res.status).toBe(303);
    const sessionId = new URL(res.headers.get("location")!, server.url).searchParams.get(
      "session_id",
    )!;
    // The page was opened in time…
    expect((await fetch(`${server.url}/payment/demo?session_id=${sessionId}`)).status).toBe(200);
    // …and Pay is pressed after the hold ran out.
    const lapsed = new Date(Date.now() - HOLD_MS - 1_000).toISOString();
    await run(
      server,
      "UPDATE orders SET created_at = ? WHERE payment_session_id = ?",
      lapsed,
      sessionId,
    );
    const paid = await pressPay(sessionId);
    expect(paid.status).toBe(303);
    const page = await html(await fetch(`${server.url}${paid.headers.get("location")}`));
    expect(page).toContain("This payment has expired, so no money was taken");
    expect(page).toContain(`href="/checkout?retry=${sessionId}"`);
    expect(
      await shop.sql(
        "SELECT status, payment_closed FROM orders WHERE payment_session_id = ?",
        sessionId,
      ),
    ).toEqual([{ status: "pending", payment_closed: "expired" }]);
    // Opening the page again goes straight to that answer.
    const again = await fetch(`${server.url}/payment/demo?session_id=${sessionId}`, {
      redirect: "manual",
    });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`/payment?session_id=${sessionId}`);
  });
});
