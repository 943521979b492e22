import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { LOOKUP_MESSAGES } from "~/models/customer-links/booking-lookup.server";
import { rows } from "../support/database";
import { startServer, type RunningServer } from "../support/server";
import { eventually, startSmtp } from "../support/smtp";

/**
 * "Manage your booking" without an account: /booking emails a booking's link when its reference
 * and postcode match and answers the same page either way (with its limits), and the booking's
 * own page, at its link, with what a change would cost today.
 */

let server: RunningServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const sql = <T = Record<string, unknown>>(text: string, ...params: unknown[]) =>
  rows<T>(server, text, ...params);

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

let network = 0;
const newAddress = () => `203.0.${++network}.9`;
let customers = 0;

async function insertOrder(fields: {
  status: "pending" | "complete";
  payment_method: "card" | "cash_payment";
  collection_date: string;
  postcode?: string;
  email?: string;
}): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date,
       status, booking_status, payment_method, total_pence, source, paid_at)
     VALUES ('Lucy Grey', ?, '07700 900333', '3 Elm Row', 'Leeds', ?, ?, ?, 'pending',
       ?, 8500, ?, ?) RETURNING id`,
    fields.email ?? `lucy.${++customers}@example.com`,
    fields.postcode ?? "SE1 4AP",
    fields.collection_date,
    fields.status,
    fields.payment_method,
    fields.payment_method === "card" ? "web" : "manual",
    fields.status === "complete" ? new Date().toISOString() : null,
  );
  await sql(
    `INSERT INTO order_items (order_id, product_id, product_name, product_description, position,
       unit_price_pence, quantity) VALUES (?, NULL, 'Armchair', '', 'outside', 8500, 1) RETURNING id`,
    row!.id,
  );
  return Number(row!.id);
}

function lookUp(reference: string, postcode: string, from = newAddress()) {
  return fetch(`${server.url}/booking`, {
    method: "POST",
    body: new URLSearchParams({ reference, postcode }),
    redirect: "manual",
    headers: { origin: server.url, "x-forwarded-for": from },
  });
}

const text = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

/** Waits until the schedule has matched every link request (its pass runs every two seconds). */
const requestsMatched = () =>
  eventually(async () => {
    const [row] = await sql<{ n: number }>(
      "SELECT count(*) AS n FROM scheduled_jobs WHERE kind = 'booking-link'",
    );
    return Number(row!.n) === 0 ? true : undefined;
  });

/** The link emails written for an order's customer, oldest first, once every request is matched. */
const linkEmails = async (orderId: number) => {
  await requestsMatched();
  return sql<{ id: number; to_address: string; subject: string; text_body: string }>(
    `SELECT o.id, o.to_address, o.subject, o.text_body FROM outbox o
      WHERE o.kind = 'booking_link' AND o.to_address = (SELECT email FROM orders WHERE id = ?)
      ORDER BY o.id`,
    orderId,
  );
};

/** A customer's booking made ready to be looked up: its id and postcode. */
async function booking(postcode = "SE1 4AP", payment: "card" | "cash_payment" = "card") {
  return insertOrder({
    status: payment === "card" ? "complete" : "pending",
    payment_method: payment,
    collection_date: addDaysIso(todayInLondon(), 20),
    postcode,
  });
}

/** The page as anyone sees it, without what differs on every response (the script nonce). */
const samePage = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

/** Counts the statuses of a set of responses: { 200: 10, 429: 40 }. */
const tally = (responses: Response[]) => {
  const counts: Record<number, number> = {};
  for (const res of responses) counts[res.status] = (counts[res.status] ?? 0) + 1;
  return counts;
};

describe("asking for a booking's link by reference and postcode", () => {
  it("answers the same page for a match and a miss, and emails the link only for a match", async () => {
    const id = await booking("SE1 4AP");
    const other = await booking("BN1 5TR");
    // The same reference typed each time; only the postcode after it decides.
    const hit = await lookUp(`hb ${id}`, "se14ap");
    const misses = [
      await lookUp(`hb ${id}`, "se14aq"),
      await lookUp(`hb ${other}`, "se14ap"),
      await lookUp("hb 99999999", "se14ap"),
    ];
    expect(hit.status).toBe(200);
    expect(hit.headers.get("location")).toBeNull();
    const page = await text(hit);
    expect(page).toContain(LOOKUP_MESSAGES.sent);
    expect(page).toContain("check your spam or junk folder");
    // Nothing of the booking is shown.
    expect(page).not.toContain("Lucy Grey");
    expect(page).not.toContain("3 Elm Row");
    expect(page).not.toContain("/booking/");
    for (const miss of misses) {
      expect(miss.status).toBe(200);
      expect(miss.headers.get("location")).toBeNull();
      const body = await text(miss);
      expect(body).toContain(LOOKUP_MESSAGES.sent);
    }
    // Exactly one email, for the match, to the booking's own address; none for the misses.
    const emails = await linkEmails(id);
    expect(emails).toHaveLength(1);
    expect(await linkEmails(other)).toEqual([]);
    // Byte for byte the same page as a miss with the same fields typed (but the reference).
    const hitAgain = await text(await lookUp(`HB${id}`, "SE1 4AP"));
    const missAgain = await text(await lookUp(`HB${other}`, "SE1 4AP"));
    const typed = (ref: number) => new RegExp(`\\bHB${ref}\\b`, "g");
    expect(samePage(hitAgain).replace(typed(id), "REF")).toBe(
      samePage(missAgain).replace(typed(other), "REF"),
    );
    expect(await linkEmails(id)).toHaveLength(2);
    expect(await linkEmails(other)).toEqual([]);
    const [first] = emails;
    expect(first!.subject).toBe(`The link to manage your booking HB${id}`);
    const mail = await eventually(() => smtp.messages.find((m) => m.outboxId === first!.id));
    expect(mail.to).toEqual([first!.to_address]);
    const link = /https?:\/\/\S+(\/booking\/[A-Za-z0-9_-]{32})(?![A-Za-z0-9_-])/.exec(
      mail.text,
    )?.[1];
    expect(link).toBeDefined();

    // The customer follows the emailed link to their booking.
    const res = await fetch(`${server.url}${link}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
    const body = await text(res);
    expect(body).toContain(`Your booking HB${id}`);
    expect(body).toContain("1 × Armchair (Outside — left out for collection): £85.00");
    expect(body).toContain("Paid (card)");
    // Booked today for 20 days ahead: inside the cancellation period.
    expect(body).toContain("You are within your 14-day cancellation period");
    expect(body).toContain("You get £85.00 back.");
    expect(body).toContain("Rearranging is free up to 14 days before the collection.");
  });

  it("emails one booking's link at most three times a day, and still answers the same page", async () => {
    const id = await booking("GU22 7AA");
    for (let i = 0; i < 5; i++) {
      const res = await lookUp(`HB${id}`, "GU22 7AA");
      expect(res.status).toBe(200);
      expect(await text(res)).toContain(LOOKUP_MESSAGES.sent);
    }
    expect(await linkEmails(id)).toHaveLength(3);
  });

  it("does not email an unpaid card checkout's link", async () => {
    const unpaid = await insertOrder({
      status: "pending",
      payment_method: "card",
      collection_date: addDaysIso(todayInLondon(), 5),
      postcode: "OX1 1AA",
    });
    const res = await lookUp(`HB${unpaid}`, "OX1 1AA");
    expect(res.status).toBe(200);
    expect(await text(res)).toContain(LOOKUP_MESSAGES.sent);
    expect(await linkEmails(unpaid)).toEqual([]);
  });

  it("emails a cash booking's link; its page says a fee is never more than was paid, and nothing is owed", async () => {
    const cash = await insertOrder({
      status: "pending",
      payment_method: "cash_payment",
      collection_date: todayInLondon(),
      postcode: "E1 1AE",
    });
    // Made long ago for today: outside the cancellation period, on the day.
    await sql("UPDATE orders SET created_at = ? WHERE id = ?", "2026-01-05T10:00:00.000Z", cash);
    expect((await lookUp(`HB${cash}`, "E1 1AE")).status).toBe(200);
    const [email] = await linkEmails(cash);
    const link = /\/booking\/[A-Za-z0-9_-]{32}/.exec(email!.text_body)![0];
    const body = await text(await fetch(`${server.url}${link}`));
    expect(body).toContain("To pay on the day (cash)");
    expect(body).toContain(
      "Cancelling on the day of the collection costs £48.00. A fee is never more than was paid: nothing was paid, so it costs you nothing.",
    );
    expect(body).not.toMatch(/\bowe/);
  });

  it("asks for both halves", async () => {
    const res = await lookUp("", "SE1 4AP");
    expect(res.status).toBe(400);
    expect(await text(res)).toContain(LOOKUP_MESSAGES.missing);
  });

  it("answers 10 lookups an hour from one network, reserved at once: of 50 in parallel, 40 are refused", async () => {
    const id = await booking("TN21 3PU");
    // One home's /64: every address in it is the same network. Every lookup is a hit here.
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        lookUp(`HB${id}`, "TN21 3PU", `2001:db8:77:1::${(i + 1).toString(16)}`),
      ),
    );
    expect(tally(burst)).toEqual({ 200: 10, 429: 40 });
    const refused = burst.find((res) => res.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await text(refused)).toContain("Too many booking look-ups from your connection");
    // Ten lookups matched; the booking's cap let three emails through.
    expect(await linkEmails(id)).toHaveLength(3);
    // Another network is not held up.
    expect((await lookUp(`HB${id}`, "TN21 3PU")).status).toBe(200);
  });

  it("sends one booking at most three emails when 50 networks ask for it at once", async () => {
    const id = await booking("ME1 1AA");
    const burst = await Promise.all(Array.from({ length: 50 }, () => lookUp(`HB${id}`, "ME1 1AA")));
    expect(tally(burst)).toEqual({ 200: 50 });
    expect(await linkEmails(id)).toHaveLength(3);
  });
});

describe("a booking's own link", () => {
  it("answers 30 links that find nothing from one network with 404, then 429, yet serves the real link there", async () => {
    const id = await booking("TW1 2AA");
    const [{ token }] = (await sql<{ token: string }>(
      "SELECT manage_token AS token FROM orders WHERE id = ?",
      id,
    )) as [{ token: string | null }];
    expect(token).toBeNull();
    // The customer asks for their link from a network strangers are guessing from.
    const home = (n: number) => `2001:db8:99:5::${n.toString(16)}`;
    expect((await lookUp(`HB${id}`, "TW1 2AA", home(1000))).status).toBe(200);
    const [email] = await linkEmails(id);
    const link = /\/booking\/[A-Za-z0-9_-]{32}/.exec(email!.text_body)![0];

    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(`${server.url}/booking/${"G".repeat(30)}${String(i).padStart(2, "0")}`, {
          headers: { "x-forwarded-for": home(i + 1) },
        }),
      ),
    );
    expect(tally(guesses)).toEqual({ 404: 30, 429: 20 });
    const refused = guesses.find((res) => res.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await text(refused)).toContain("Too many links that do not exist");

    // The real link is served from that same network, page and actions alike.
    const page = await fetch(`${server.url}${link}`, { headers: { "x-forwarded-for": home(7) } });
    expect(page.status).toBe(200);
    expect(await text(page)).toContain(`Your booking HB${id}`);
    const month = await fetch(`${server.url}${link}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: server.url,
        "x-forwarded-for": home(8),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: `month:${addDaysIso(todayInLondon(), 40).slice(0, 7)}` }),
    });
    expect(month.status).toBe(200);
    // A wrong link from there is still refused, by page or by post.
    const wrong = await fetch(`${server.url}/booking/${"H".repeat(32)}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: server.url,
        "x-forwarded-for": home(9),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "cancel" }),
    });
    expect(wrong.status).toBe(429);
  });

  it("answers 404 for a link that does not exist", async () => {
    expect((await fetch(`${server.url}/booking/${"a".repeat(32)}`)).status).toBe(404);
  });
});
