import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { formatPence } from "~/lib/format";
import { todayInLondon } from "~/lib/london-clock.server";
import { rows } from "../support/database";
import {
  signedStripeWebhook,
  startFakeStripe,
  stripeSessionEvent,
  type FakeStripe,
} from "../support/fake-stripe";
import { startServer, type RunningServer } from "../support/server";
import { attachmentsOf, eventually, startSmtp, type ReceivedMail } from "../support/smtp";
import { signInStaff } from "../support/staff";

/**
 * A phone booking as good as a web one (issue 32): staff book catalogue items and lines of their
 * own, the lines take their share of the day, the customer is emailed the confirmation with the
 * manage link and the calendar file, and a booking to be paid by card is paid from that link,
 * through the fake Stripe server and the checkout's completion. Cancelled unpaid, its open
 * payment is closed at Stripe.
 */

const OFFICE = "office@haulbook.test";
const WEBHOOK_SECRET = "whsec_test_phone_bookings";

let stripe: FakeStripe;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: RunningServer;
let staff: string;

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
  staff = (await signInStaff(server)).cookie;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await stripe?.close();
});

const sql = <T = Record<string, unknown>>(text: string, ...params: unknown[]) =>
  rows<T>(server, text, ...params);

const post = (path: string, fields: Record<string, string>, cookie = staff) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });

let dayOffset = 3;
const nextDay = () => addDaysIso(todayInLondon(), ++dayOffset);

/** Two products of the demo catalogue, with what the shop charges for each left outside. */
async function twoProducts() {
  const products = await sql<{ id: number; name: string; pence: number; load: number }>(
    `SELECT id, name, price_pence + outside_pence AS pence, load_hundredths AS load
       FROM products WHERE retired_at IS NULL ORDER BY id LIMIT 2`,
  );
  expect(products).toHaveLength(2);
  return products;
}

const CUSTOMER = {
  full_name: "Priya Shah",
  phone_number: "07700 900555",
  address_1: "12 Station Road",
  town: "Guildford",
  postcode: "GU1 4AA",
};

/** "Create Booking" from the calendar, as the office fills it in on the phone. */
async function bookByPhone(email: string, date: string, fields: Record<string, string>) {
  const res = await post("/dashboard/home?new=booking", {
    intent: "create-booking",
    catalogue_rows: "2",
    free_rows: "2",
    ...CUSTOMER,
    email,
    date,
    ...fields,
  });
  const [order] = await sql<{ id: number }>(
    "SELECT id FROM orders WHERE email = ? ORDER BY id DESC",
    email,
  );
  return { res, orderId: order?.id };
}

/** The first email to `to` whose words (its text, or its plain subject) match. */
const mailTo = (to: string, words: RegExp) =>
  eventually(() =>
    smtp.messages.find((m) => m.to.includes(to) && (words.test(m.subject) || words.test(m.text))),
  );

/** An email's subject as the outbox keeps it (the sent header is encoded when it has a £). */
const subjectOf = async (mail: ReceivedMail) =>
  (await sql<{ subject: string }>("SELECT subject FROM outbox WHERE id = ?", mail.outboxId))[0]!
    .subject;

/** The manage link in a confirmation, as the customer taps it. */
function manageLinkIn(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+\/booking\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  return new URL(link!).pathname;
}

describe("a phone booking with catalogue items, paid by card from a link", () => {
  it("books the lines with their load, emails the confirmation and takes the payment through Stripe", async () => {
    const [sofa, chair] = await twoProducts();
    const date = nextDay();
    const email = "priya@example.com";
    const { res, orderId } = await bookByPhone(email, date, {
      c0_product: String(sofa!.id),
      c0_position: "outside",
      c0_quantity: "1",
      c1_product: String(chair!.id),
      c1_position: "outside",
      c1_quantity: "2",
      payment_method: "card_link",
    });
    if (res.status !== 303) console.log(server.output().slice(-3000));
    expect(res.status).toBe(303);
    const total = sofa!.pence + 2 * chair!.pence;

    // Stored as a booking awaiting payment, its lines copied with their load.
    const [order] = await sql<Record<string, unknown>>(
      `SELECT payment_method, status, total_pence, source,
              CASE WHEN payment_link_at IS NULL THEN 0 ELSE 1 END AS linked
         FROM orders WHERE id = ?`,
      orderId,
    );
    expect(order).toEqual({
      payment_method: "card",
      status: "pending",
      total_pence: total,
      source: "manual",
      linked: 1,
    });
    const lines = await sql<{ product_id: number; quantity: number; load_hundredths: number }>(
      "SELECT product_id, quantity, load_hundredths FROM order_items WHERE order_id = ? ORDER BY id",
      orderId,
    );
    expect(lines).toEqual([
      { product_id: sofa!.id, quantity: 1, load_hundredths: sofa!.load },
      { product_id: chair!.id, quantity: 2, load_hundredths: chair!.load },
    ]);

    // The day view shows what it takes of the van, and that the payment is awaited.
    const day = (
      await (
        await fetch(`${server.url}/dashboard/home?day=${date}`, { headers: { cookie: staff } })
      ).text()
    ).replaceAll("<!-- -->", "");
    expect(day).toContain(`Card, by payment link · awaiting payment`);
    expect(day).not.toContain("0 yd³ · 0 min");

    // The customer's confirmation: how to pay first, the manage link, the calendar file.
    const confirmation = await mailTo(email, /Please pay £[\d.,]+ by card/);
    expect(await subjectOf(confirmation)).toContain(
      `pay ${formatPence(total)} by card (ref HB${orderId})`,
    );
    expect(confirmation.text).toContain(`Please pay ${formatPence(total)} by card, securely`);
    expect(confirmation.text).toContain(`Total to pay: ${formatPence(total)}`);
    const ics = attachmentsOf(confirmation).find((a) => a.filename.endsWith(".ics"));
    expect(ics).toBeTruthy();
    const event = new ICAL.Component(ICAL.parse(ics!.bytes.toString("utf8")))
      .getFirstSubcomponent("vevent")!
      .getFirstPropertyValue("dtstart") as ICAL.Time;
    expect(event.toString().slice(0, 10)).toBe(date);

    // The customer's page offers the payment, and "Pay" goes to Stripe's page.
    const manage = manageLinkIn(confirmation);
    const page = (await (await fetch(`${server.url}${manage}`)).text()).replaceAll("<!-- -->", "");
    expect(page).toContain(`Pay ${formatPence(total)} by card`);
    expect(page).toContain("Awaiting your card payment");
    const pay = await post(manage, { intent: "pay", ui: "hosted" }, "");
    expect(pay.status).toBe(303);
    expect(pay.headers.get("location")).toMatch(
      /^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/,
    );
    const [{ session }] = (await sql<{ session: string }>(
      "SELECT payment_session_id AS session FROM orders WHERE id = ?",
      orderId,
    )) as [{ session: string }];
    expect(stripe.sessions.get(session)!.amount_total).toBe(total);

    // Paid at Stripe; its webhook completes it, as a checkout's does (twice: once).
    const paid = stripe.pay(session);
    for (let i = 0; i < 2; i++) {
      const hook = await signedStripeWebhook(
        server,
        stripeSessionEvent(`evt_phone_${orderId}`, "checkout.session.completed", paid),
        WEBHOOK_SECRET,
      );
      expect(hook.status).toBe(200);
    }
    expect(
      await sql("SELECT status, payment_session_id FROM orders WHERE id = ?", orderId),
    ).toEqual([{ status: "complete", payment_session_id: session }]);
    const received = await mailTo(email, /we have your card payment/);
    expect(await subjectOf(received)).toMatch(/^Payment received/);
    expect(received.text).toContain(`we have your card payment for booking HB${orderId}`);
    const notice = await mailTo(OFFICE, /from the link in its confirmation/);
    expect(notice.text).toContain(`paid ${formatPence(total)} by card for booking HB${orderId}`);
    expect(
      smtp.messages.filter((m) => m.to.includes(email) && /we have your card payment/.test(m.text)),
    ).toHaveLength(1);
    const after = (await (await fetch(`${server.url}${manage}`)).text()).replaceAll("<!-- -->", "");
    expect(after).not.toContain(`Pay ${formatPence(total)} by card`);
    expect(after).toContain("Paid (card)");
  });

  it("a cash booking says so in its confirmation, and is paid to the crew", async () => {
    const email = "cash.customer@example.com";
    const { res, orderId } = await bookByPhone(email, nextDay(), {
      f0_description: "Garden waste, about 2 m³",
      f0_price: "95",
      f0_load: "2.5",
      f0_minutes: "40",
      payment_method: "cash_payment",
    });
    expect(res.status).toBe(303);
    expect(
      await sql(
        "SELECT product_id, product_name, unit_price_pence, load_hundredths, handling_minutes FROM order_items WHERE order_id = ?",
        orderId,
      ),
    ).toEqual([
      {
        product_id: null,
        product_name: "Garden waste, about 2 m³",
        unit_price_pence: 9500,
        load_hundredths: 250,
        handling_minutes: 40,
      },
    ]);
    const confirmation = await mailTo(email, /^Your collection is booked/);
    expect(confirmation.text).toContain("Please pay £95.00 in cash to the crew on the day.");
    expect(confirmation.text).toContain("Garden waste, about 2 m³");
    const page = await (await fetch(`${server.url}${manageLinkIn(confirmation)}`)).text();
    expect(page).toContain("To pay on the day (cash)");
    expect(page).not.toContain('data-testid="pay-by-card"');
  });

  it("cancelled before it is paid, the open payment is closed at Stripe and nothing is refunded", async () => {
    const [sofa] = await twoProducts();
    const email = "cancels@example.com";
    const { orderId } = await bookByPhone(email, addDaysIso(todayInLondon(), 30), {
      c0_product: String(sofa!.id),
      c0_position: "outside",
      payment_method: "card_link",
    });
    const manage = manageLinkIn(await mailTo(email, /Please pay £[\d.,]+ by card/));
    expect((await post(manage, { intent: "pay", ui: "hosted" }, "")).status).toBe(303);
    const [{ session }] = (await sql<{ session: string }>(
      "SELECT payment_session_id AS session FROM orders WHERE id = ?",
      orderId,
    )) as [{ session: string }];
    const expiriesBefore = stripe.sessionExpiries().length;
    expect((await post(manage, { intent: "cancel" }, "")).status).toBe(303);
    expect(stripe.sessionExpiries().length).toBe(expiriesBefore + 1);
    expect(stripe.sessions.get(session)!.status).toBe("expired");
    const [order] = await sql<{ cancelled: number; refund_pence: number | null }>(
      "SELECT cancelled_at IS NOT NULL AS cancelled, refund_pence FROM orders WHERE id = ?",
      orderId,
    );
    expect(Number(order!.cancelled)).toBe(1);
    expect(order!.refund_pence ?? 0).toBe(0);
    expect(stripe.refunds).toHaveLength(0);
    // Nothing left to pay on the cancelled booking's page.
    const page = await (await fetch(`${server.url}${manage}`)).text();
    expect(page).not.toContain('data-testid="pay-by-card"');
  });
});
