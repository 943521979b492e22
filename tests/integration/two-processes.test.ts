import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { rows, run } from "../support/database";
import { signedStripeWebhook, startFakeStripe, type FakeStripe } from "../support/fake-stripe";
import { phonePhoto } from "../support/images";
import { quoteForm, sendQuote } from "../support/make";
import { startServers, TEST_ENGINE, type RunningServer } from "../support/server";
import { startSmtp } from "../support/smtp";
import { cookiesOf, postSignIn, signInStaff } from "../support/staff";

/**
 * Issue 15: two shop processes on one PostgreSQL, as behind a load balancer (docs/deploy.md, "Two
 * or more processes on PostgreSQL"). Both have the same DATABASE_URL and SESSION_SECRET, talk to the
 * same (fake) Stripe and the same SMTP server, and both run their outbox workers. Whatever one
 * process decides must hold for the other: the day's capacity under a burst of checkouts split
 * between them, each email sent once, a rate limit counted across both, a staff session.
 */

const OFFICE = "office@haulbook.test";
const WEBHOOK_SECRET = "whsec_test_two_processes";

/** The day's capacity (the default daily_capacity setting) and the slots left for the race. */
const CAPACITY = 8;
const SLOTS_LEFT = 3;
const RACERS = 20;

const CUSTOMER = {
  full_name: "Priya Raman",
  phone_number: "07700 900123",
  address_1: "22 Elm Grove",
  town: "Guildford",
  postcode: "GU1 3AB",
};

/** What the checkout says about a day it cannot take (booking.server.ts, INVALID_DATE_MESSAGE). */
const DAY_FULL = "Please select a valid date";

const signedWebhook = (server: RunningServer, event: object) =>
  signedStripeWebhook(server, event, WEBHOOK_SECRET);

function completedEvent(id: string, session: object) {
  return {
    id,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    type: "checkout.session.completed",
    data: { object: session },
  };
}

/** The bag cookie after adding one product, as a browser would hold it. */
async function bagOn(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.url}/bag`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "add",
      id: "1",
      position: "outside",
      quantity: "1",
      redirectTo: "/",
    }),
  });
  const cookie = /cart=[^;]*/.exec(res.headers.get("set-cookie") ?? "")?.[0] ?? "";
  expect(cookie).toMatch(/^cart=/);
  return cookie;
}

function submitCheckout(
  server: RunningServer,
  cookie: string,
  fields: Record<string, string>,
  clientIp: string,
): Promise<Response> {
  return fetch(`${server.url}/checkout`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: server.url,
      cookie,
      "content-type": "application/x-www-form-urlencoded",
      // The shop believes X-Forwarded-For from loopback (TRUST_PROXY's default), as from Caddy.
      "x-forwarded-for": clientIp,
    },
    // The early-start request (CCR reg. 36) is ticked: the days are inside the cancellation period.
    body: new URLSearchParams({ intent: "pay", early_start: "yes", ...fields }),
  });
}

/** How many times each value occurs, for the values occurring more than once. */
function repeated(values: readonly string[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return Object.fromEntries([...counts].filter(([, n]) => n > 1));
}

const tally = (statuses: readonly number[]) =>
  statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

// It needs PostgreSQL: one SQLite file is served by one process, so on SQLite there is no second
// process to run. It runs in the PostgreSQL pass of `npm test` (TEST_ENGINE=postgres).
describe.skipIf(TEST_ENGINE !== "postgres")("two shop processes on one PostgreSQL", () => {
  let stripe: FakeStripe;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let a: RunningServer;
  let b: RunningServer;
  /** process A, B, A, B… */
  const either = (i: number) => (i % 2 === 0 ? a : b);

  beforeAll(async () => {
    stripe = await startFakeStripe();
    smtp = await startSmtp();
    [a, b] = (await startServers(2, {
      env: {
        NODE_ENV: "test",
        STRIPE_SECRET_KEY: "sk_test_haulbook_fake",
        STRIPE_PUBLISHABLE_KEY: "pk_test_haulbook_fake",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.url,
        SMTP_URL: smtp.url,
        BUSINESS_EMAIL: OFFICE,
      },
    })) as [RunningServer, RunningServer];
    expect(a.databaseUrl).toBe(b.databaseUrl);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.close();
    await stripe?.close();
  });

  it(`${RACERS} checkouts at once for a day with ${SLOTS_LEFT} slots left, split across both: exactly ${SLOTS_LEFT} paid bookings`, async () => {
    const date = addDaysIso(todayInLondon(), 10);
    // The day is filled to SLOTS_LEFT below capacity with bookings staff made by hand.
    for (let i = 0; i < CAPACITY - SLOTS_LEFT; i++)
      await run(
        a,
        `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date, payment_method, total_pence, source)
         VALUES ('Filler', 'f@example.com', '0', 'x', 'y', 'Z1 1ZZ', ?, 'cash_payment', 0, 'manual')`,
        date,
      );
    // One bag, made on A, sent to both: the cart cookie is the customer's, not a process's.
    const cookie = await bagOn(a);

    // Every customer from an address of their own: neither the hourly checkout limit nor the
    // two unpaid checkouts an address may hold stops them, only the day's capacity.
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: RACERS }, async (_, i) => {
        const server = either(i);
        const res = await submitCheckout(
          server,
          cookie,
          {
            ...CUSTOMER,
            email: `racer${i}@example.com`,
            date,
            ui: "hosted",
            token: `tokenTwoProcesses${String(i).padStart(2, "0")}AAAA`,
          },
          `198.51.100.${i + 1}`,
        );
        const html = res.status === 303 ? "" : (await res.text()).replaceAll("&#x27;", "'");
        return { i, server, status: res.status, location: res.headers.get("location"), html };
      }),
    );
    const burstMs = performance.now() - started;
    const sessions = answers
      .filter((r) => r.status === 303)
      .map((r) => ({ ...r, sessionId: r.location!.split("/").pop()! }));

    // Each customer who got to Stripe pays. Stripe's webhook reaches one process while the
    // customer's browser returns to the other's /payment page and Stripe sends the event again
    // there: all three complete the same payment at once.
    const completions = await Promise.all(
      sessions.map(async ({ i, sessionId }, n) => {
        const paid = stripe.pay(sessionId);
        const event = completedEvent(`evt_two_processes_${n}`, paid);
        const [hook, page, replay] = await Promise.all([
          signedWebhook(either(i), event),
          fetch(`${either(i + 1).url}/payment?session_id=${sessionId}`, { redirect: "manual" }),
          signedWebhook(either(i + 1), event),
        ]);
        return [hook.status, page.status, replay.status];
      }),
    );

    const [web] = await rows<{ n: number; complete: number }>(
      a,
      `SELECT count(*) AS n, sum(CASE WHEN status = 'complete' THEN 1 ELSE 0 END) AS complete
       FROM orders WHERE collection_date = ? AND source = 'web'`,
      date,
    );
    const [day] = await rows<{ n: number }>(
      a,
      "SELECT count(*) AS n FROM orders WHERE collection_date = ?",
      date,
    );
    console.log(
      `[two processes] ${RACERS} checkouts at once (A: ${answers.filter((r) => r.server === a).length}, ` +
        `B: ${answers.filter((r) => r.server === b).length}) in ${burstMs.toFixed(0)} ms → statuses ` +
        `${JSON.stringify(tally(answers.map((r) => r.status)))}; ${web!.n} web orders for the day, ` +
        `${web!.complete} paid; ${day!.n} orders on a day of ${CAPACITY}; completions ` +
        `${JSON.stringify(tally(completions.flat()))}`,
    );

    expect(answers.filter((r) => r.status >= 500)).toEqual([]);
    expect(completions.flat().filter((s) => s >= 500)).toEqual([]);
    expect(sessions).toHaveLength(SLOTS_LEFT);
    const refused = answers.filter((r) => r.status !== 303);
    expect(refused).toHaveLength(RACERS - SLOTS_LEFT);
    for (const r of refused) {
      expect(r.status, `checkout ${r.i}`).toBe(400);
      expect(r.html, `checkout ${r.i}`).toContain(DAY_FULL);
    }
    expect(web).toEqual({ n: SLOTS_LEFT, complete: SLOTS_LEFT });
    expect(day!.n).toBe(CAPACITY);
    // Stripe's webhook is answered 200 by either process, the first time and the repeat.
    for (const [hook, page, replay] of completions) {
      expect(hook).toBe(200);
      expect(replay).toBe(200);
      expect([200, 302]).toContain(page);
    }
  }, 90_000);

  it("each email is sent exactly once, with both processes' outbox workers running", async () => {
    // Each paid booking queued a confirmation to its customer and a notification to the office.
    const paid = await rows<{ id: number; email: string }>(
      a,
      "SELECT id, email FROM orders WHERE source = 'web' AND status = 'complete' ORDER BY id",
    );
    expect(paid.length).toBeGreaterThan(0);
    // Both processes are up, so both outbox workers poll the one outbox.
    for (const server of [a, b]) expect(server.process.exitCode, server.url).toBeNull();
    const outbox = await drainedOutbox(a);
    const booking = outbox.filter((e) => e.kind.startsWith("booking_"));
    expect(booking.map((e) => [e.kind, e.to_address]).sort()).toEqual(
      paid
        .flatMap((o) => [
          ["booking_confirmation", o.email],
          ["booking_notification", OFFICE],
        ])
        .sort(),
    );
    await expectEachSentOnce(outbox);
  }, 90_000);

  it("a rate limit holds across both: 5 quotes an hour from one address, 5 wrong passwords in 15 minutes", async () => {
    // Twelve quote requests at once from one address, six to each process: five get through.
    const photo = await phonePhoto();
    const from = "192.0.2.44";
    const quotesBefore = (await rows<{ n: number }>(a, "SELECT count(*) AS n FROM quotes"))[0]!.n;
    const quoteStatuses = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const form = quoteForm({ fullName: `Burst Sender ${i}`, email: `burst${i}@example.com` }, [
          { name: `p${i}.jpg`, bytes: photo },
        ]);
        const res = await sendQuote(either(i), form, { from });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const quotesAfter = (await rows<{ n: number }>(a, "SELECT count(*) AS n FROM quotes"))[0]!.n;

    // Wrong staff passwords from one address, alternately to A and B, one after another:
    // five are checked (401), then the address waits (429) whichever process it asks.
    const loginStatuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await postSignIn(either(i), {
        via: "api",
        credentials: { username: "intruder", password: `wrong-password-${i}` },
        from: "192.0.2.45",
      });
      await res.arrayBuffer();
      loginStatuses.push(res.status);
    }
    console.log(
      `[two processes] 12 quotes at once from one address → ${JSON.stringify(tally(quoteStatuses))}, ` +
        `${quotesAfter - quotesBefore} stored; 8 wrong passwords alternating → ${loginStatuses.join(" ")}`,
    );
    // Soft: a limit that leaks on one count still has the others and the emails looked at.
    expect.soft(quoteStatuses.filter((s) => s === 201)).toHaveLength(5);
    expect.soft(quoteStatuses.filter((s) => s === 429)).toHaveLength(7);
    expect.soft(quotesAfter - quotesBefore).toBe(5);
    expect.soft(loginStatuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);

    // The quotes' emails, like the bookings', go out once each.
    await expectEachSentOnce(await drainedOutbox(a));
  }, 90_000);

  it("a staff session made on one process works on the other, and signing out on either ends it on both", async () => {
    for (const [one, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const session = await signInStaff(one, { from: one === a ? "192.0.2.61" : "192.0.2.62" });
      for (const server of [one, other]) {
        const page = await fetch(`${server.url}/dashboard/home`, {
          headers: { cookie: session.cookie },
          redirect: "manual",
        });
        expect(page.status, server.url).toBe(200);
      }
      const out = await fetch(`${other.url}/logout`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: session.cookie, origin: other.url },
      });
      expect(out.headers.get("location")).toBe("/login");
      expect(cookiesOf(out).value("__session")).toBe("");
      // Someone who kept the cookie is signed out on both processes.
      for (const server of [one, other]) {
        const page = await fetch(`${server.url}/dashboard/home`, {
          headers: { cookie: session.cookie },
          redirect: "manual",
        });
        expect(page.status, server.url).toBe(302);
        expect(page.headers.get("location")).toBe("/login?redirectTo=%2Fdashboard%2Fhome");
        const check = await fetch(`${server.url}/api/login/validate-token`, {
          headers: { cookie: session.cookie },
        });
        expect(await check.json()).toMatchObject({ status: false });
      }
    }
  });

  it("one quote, one booking across both: staff book by hand on one process while the payment is reported on the other", async () => {
    const staff = (await signInStaff(a, { from: "192.0.2.71" })).cookie;
    const post = (
      server: RunningServer,
      path: string,
      fields: Record<string, string>,
      from: string,
      cookie = staff,
    ) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          cookie,
          origin: server.url,
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": from,
        },
        body: new URLSearchParams(fields),
      });
    // How much later the payment's reports set off than the staff request (below zero: the
    // staff request sets off later), so the rounds meet at different points of the race.
    const STAGGER_MS = [-40, -10, 0, 5, 20, 60];
    const ROUNDS = STAGGER_MS.length;
    const later = <T>(ms: number, work: () => Promise<T>) =>
      new Promise<T>((resolve, reject) =>
        setTimeout(() => work().then(resolve, reject), Math.max(0, ms)),
      );
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const from = `198.18.77.${round + 1}`;
      const name = `Race Quote ${round}`;
      const sent = await sendQuote(
        a,
        quoteForm({ fullName: name, email: `race${round}@example.com` }, [
          { name: "sofa.jpg", bytes: await phonePhoto("#6d8a4d") },
        ]),
        { from },
      );
      expect(sent.status).toBe(201);
      const [quote] = await rows<{ id: number }>(
        a,
        "SELECT id FROM quotes WHERE full_name = ?",
        name,
      );
      const priced = await post(
        b,
        `/dashboard/quotes/${quote!.id}/price`,
        {
          intent: "send",
          catalogue_rows: "0",
          free_rows: "1",
          f0_description: "Old wardrobe",
          f0_price: "90.00",
          f0_quantity: "1",
          f0_load: "1",
          f0_minutes: "15",
          valid_days: "14",
        },
        from,
      );
      expect(priced.status).toBe(303);
      const [offer] = await rows<{ token: string }>(
        a,
        "SELECT token FROM quote_offers WHERE quote_id = ?",
        quote!.id,
      );
      const date = addDaysIso(todayInLondon(), 20 + round);
      const pay = await post(
        either(round),
        `/quote/${offer!.token}`,
        { intent: "pay", date, early_start: "yes", ui: "hosted" },
        from,
        "",
      );
      expect(pay.status).toBe(303);
      const [order] = await rows<{ id: number; session: string }>(
        a,
        "SELECT id, payment_session_id AS session FROM orders WHERE quote_id = ?",
        quote!.id,
      );
      // Paid at Stripe; at the same moment staff book the quote by hand on one process while
      // Stripe's webhook reaches the other and the customer's browser returns to the first.
      const paid = stripe.pay(order!.session);
      const [booked, hook, page] = await Promise.all([
        later(-STAGGER_MS[round]!, () =>
          post(
            either(round),
            `/dashboard/quotes/${quote!.id}`,
            {
              intent: "book",
              full_name: name,
              email: `race${round}@example.com`,
              phone_number: "07700 900777",
              address_1: "3 Race Row",
              town: "Guildford",
              postcode: "GU1 3AB",
              date,
              order_price: "90",
              payment_method: "cash_payment",
            },
            from,
          ),
        ),
        later(STAGGER_MS[round]!, () =>
          signedWebhook(either(round + 1), completedEvent(`evt_quote_race_${round}`, paid)),
        ),
        later(STAGGER_MS[round]!, () =>
          fetch(`${either(round).url}/payment?session_id=${order!.session}`, {
            redirect: "manual",
          }),
        ),
      ]);
      expect(hook.status).toBe(200);
      expect(page.status).toBeLessThan(500);
      const orders = await rows<{
        payment_method: string;
        status: string;
        cancelled_at: string | null;
        refund_pence: number | null;
      }>(
        a,
        "SELECT payment_method, status, cancelled_at, refund_pence FROM orders WHERE quote_id = ? ORDER BY id",
        quote!.id,
      );
      const standing = orders.filter(
        (o) => o.cancelled_at === null && (o.status === "complete" || o.payment_method !== "card"),
      );
      expect(standing, `round ${round}`).toHaveLength(1);
      const refunds = stripe.refunds.filter((r) => r.payment_intent === paid.payment_intent);
      if (standing[0]!.payment_method === "card") {
        expect([400, 409]).toContain(booked.status);
        expect(refunds).toEqual([]);
        outcomes.push("payment first");
      } else {
        expect(booked.status).toBe(303);
        expect(refunds.map((r) => r.amount)).toEqual([9000]);
        const emails = await rows<{ kind: string }>(
          a,
          "SELECT kind FROM outbox WHERE kind LIKE 'quote_payment_refunded%' AND text_body LIKE ?",
          `%quote Q${quote!.id}%`,
        );
        expect(emails).toHaveLength(2);
        outcomes.push("staff first");
      }
    }
    console.log(
      `[two processes] staff booking vs payment, ${ROUNDS} rounds: ${outcomes.join(", ")}`,
    );
  }, 120_000);

  interface OutboxRow {
    id: number;
    kind: string;
    to_address: string;
    subject: string;
    status: string;
    message_id: string | null;
  }

  /**
   * The outbox once nothing in it is waiting (pending or sending): polled, as the workers poll
   * every 2 s, up to a deadline.
   */
  async function drainedOutbox(server: RunningServer): Promise<OutboxRow[]> {
    const deadline = Date.now() + 45_000;
    for (;;) {
      const outbox = await rows<OutboxRow>(
        server,
        "SELECT id, kind, to_address, subject, status, message_id FROM outbox ORDER BY id",
      );
      const waiting = outbox.filter((e) => e.status === "pending" || e.status === "sending");
      if (waiting.length === 0) return outbox;
      if (Date.now() > deadline)
        throw new Error(
          `The outbox still has ${waiting.length} of ${outbox.length} emails waiting: ${JSON.stringify(waiting)}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /**
   * Every outbox row was sent, and the SMTP server received it once: one message per Message-ID,
   * one per recipient and subject, and nothing that is not in the outbox. A copy sent twice by two
   * workers would arrive within one more pass of each (2 s): the count is watched that long.
   */
  async function expectEachSentOnce(outbox: readonly OutboxRow[]) {
    expect(outbox.filter((e) => e.status !== "sent")).toEqual([]);
    const settleUntil = Date.now() + 4_500;
    while (Date.now() < settleUntil && smtp.messages.length <= outbox.length)
      await new Promise((resolve) => setTimeout(resolve, 250));
    const received = smtp.messages;
    const byMessageId = repeated(received.map((m) => m.messageId));
    const byRecipientAndSubject = repeated(received.map((m) => `${m.to.join(",")} | ${m.subject}`));
    console.log(
      `[two processes] ${outbox.length} emails in the outbox, ${received.length} received; ` +
        `repeated Message-IDs ${JSON.stringify(byMessageId)}, repeated recipient+subject ${JSON.stringify(byRecipientAndSubject)}`,
    );
    expect(byMessageId).toEqual({});
    expect(byRecipientAndSubject).toEqual({});
    expect(received.map((m) => m.messageId).sort()).toEqual(outbox.map((e) => e.message_id).sort());
    expect(received.map((m) => m.outboxId).sort((x, y) => x! - y!)).toEqual(
      outbox.map((e) => e.id),
    );
  }
  // Last: it changes the business's name on both processes.
  it("the business's details saved on one process show on the other's next page, its kept copy too", async () => {
    const home = async (server: RunningServer) => (await fetch(`${server.url}/`)).text();
    // Twice on B: the second answer is B's kept shared copy.
    await home(b);
    expect(await home(b)).toContain("<title>Haulbook Waste Removal — rubbish");
    const staff = await signInStaff(a, { from: "192.0.2.71" });
    const saved = await fetch(`${a.url}/dashboard/settings`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie: staff.cookie,
        origin: a.url,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        intent: "business",
        name: "Two Yards Removals",
        phone: "020 7946 0999",
        email: OFFICE,
        address: "Yard 1, Mill Lane, Guildford GU1 3AA",
        openingHours: "",
        areaInWords: "",
        wasteCarrierLicence: "CBDU222222",
        vatRegistered: "no",
        vatNumber: "",
        companyNumber: "",
        legalName: "",
        registeredOffice: "",
      }),
    });
    expect(saved.status).toBe(303);
    const page = await home(b);
    expect(page).toContain(
      "<title>Two Yards Removals — rubbish and junk removal, booked online</title>",
    );
    expect(page).toContain("020 7946 0999");
    expect(page).not.toContain("Haulbook Waste Removal");
  });
});
