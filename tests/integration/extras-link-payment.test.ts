import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { formatPence } from "~/lib/format";
import { CONTAINMENTS } from "~/lib/job-completion";
import { todayInLondon } from "~/lib/london-clock.server";
import { rows } from "../support/database";
import {
  signedStripeWebhook,
  startFakeStripe,
  stripeSessionEvent,
  type FakeStripe,
} from "../support/fake-stripe";
import { phonePhoto } from "../support/images";
import { pdfText } from "../support/pdf-text";
import { startServer, type RunningServer } from "../support/server";
import { eventually, startSmtp, type ReceivedMail } from "../support/smtp";
import { signInStaff } from "../support/staff";

/**
 * What the crew added on the day, paid by card from a link (issue 32; docs/rules.md#job-
 * completion): a phone booking paid by bank transfer is completed with an extra catalogue item
 * and "email the customer a link to pay by card"; the completion email links the booking's page,
 * whose "Pay" opens a session for the extras alone at the fake Stripe server (a second press
 * closes the first), and the payment is recorded once: the receipt, the history, the takings.
 */

const WEBHOOK_SECRET = "whsec_test_extras_link";

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

const page = async (path: string) =>
  (await (await fetch(`${server.url}${path}`)).text()).replaceAll("<!-- -->", "");

/** A phone booking of one catalogue item, to be paid by bank transfer, then made today's job. */
async function bookedJob(email: string) {
  const [item, extra] = await sql<{ id: number; pence: number }>(
    `SELECT id, price_pence + outside_pence AS pence FROM products
      WHERE retired_at IS NULL AND low_code <> '' AND waste_description <> '' ORDER BY id LIMIT 2`,
  );
  const res = await post("/dashboard/home?new=booking", {
    intent: "create-booking",
    catalogue_rows: "1",
    free_rows: "1",
    full_name: "Dev Patel",
    email,
    phone_number: "07700 900777",
    address_1: "4 Quarry Street",
    town: "Guildford",
    postcode: "GU1 3UY",
    date: addDaysIso(todayInLondon(), 5),
    c0_product: String(item!.id),
    c0_position: "outside",
    c0_quantity: "1",
    payment_method: "bank_transfer",
  });
  expect(res.status).toBe(303);
  const [order] = await sql<{ id: number }>("SELECT id FROM orders WHERE email = ?", email);
  // The crew completes it today: the transfer cannot be dated before its collection day.
  await sql("UPDATE orders SET collection_date = ? WHERE id = ?", todayInLondon(), order!.id);
  return { orderId: order!.id, extra: extra! };
}

/** The crew's completion form, with one extra catalogue item and how it is paid. */
async function complete(orderId: number, extraId: number, extrasPayment: string) {
  const form = new FormData();
  const fields: Record<string, string> = {
    handed_over_by: "Dev Patel",
    transferred_at: new Date(Date.now() - 10 * 60_000)
      .toLocaleString("sv-SE", { timeZone: "Europe/London" })
      .slice(0, 16)
      .replace(" ", "T"),
    containment: CONTAINMENTS[0],
    extra_0_product: String(extraId),
    extra_0_quantity: "1",
    extra_0_position: "outside",
    extras_taken: extrasPayment,
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const kind of ["before", "after"])
    form.append(
      `${kind}_photos`,
      new Blob([new Uint8Array(await phonePhoto())], { type: "image/jpeg" }),
      `${kind}.jpg`,
    );
  return fetch(`${server.url}/dashboard/orders/${orderId}/complete`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { cookie: staff, origin: server.url },
  });
}

/** The receipt attached to the job's completion email, as text. */
async function receiptText(orderId: number): Promise<string> {
  const [file] = await sql<{ bytes: Uint8Array }>(
    `SELECT a.bytes FROM outbox_attachments a JOIN outbox o ON o.id = a.outbox_id
      WHERE o.kind = 'job_completed' AND o.subject LIKE ? AND a.filename LIKE 'receipt-%'
      ORDER BY a.id DESC`,
    `%(ref HB${orderId})`,
  );
  return (await pdfText(Buffer.from(file!.bytes))).pages.join("\n").replace(/\s+/g, " ");
}

describe("extras paid by card from a link", () => {
  it("emails the link, takes the extras alone through Stripe once, and the receipt says so", async () => {
    const email = "dev@example.com";
    const { orderId, extra } = await bookedJob(email);
    const completed = await complete(orderId, extra.id, "card_link");
    if (completed.status !== 303) console.log(server.output().slice(-3000));
    expect(completed.status).toBe(303);
    const [completion] = await sql<{ id: number; extras_pence: number; linked: number }>(
      `SELECT id, extras_pence, CASE WHEN extras_link_at IS NULL THEN 0 ELSE 1 END AS linked,
              extras_taken FROM job_completions WHERE order_id = ?`,
      orderId,
    );
    expect(completion).toMatchObject({ extras_pence: extra.pence, linked: 1, extras_taken: null });
    const due = formatPence(extra.pence);
    // Each line weighed at its product's weight of one (the crew left the estimate as it was).
    const weights = await sql<{ weight_grams: number; product: number }>(
      `SELECT l.weight_grams, p.weight_grams AS product FROM job_waste_lines l
         JOIN products p ON p.id = l.product_id WHERE l.completion_id = ? ORDER BY l.sort_order`,
      completion!.id,
    );
    expect(weights).toHaveLength(2);
    for (const line of weights) {
      expect(Number(line.weight_grams)).toBeGreaterThan(0);
      expect(Number(line.weight_grams)).toBe(Number(line.product));
    }

    // The completion email asks for the payment first, with the booking's own page.
    const mail = await eventually(() =>
      smtp.messages.find((m) => m.to.includes(email) && /is complete/.test(m.text)),
    );
    expect(mail.text).toContain(`Please pay ${due} for what was added on the day, by card, here:`);
    const link = new URL(/https?:\/\/\S+\/booking\/[A-Za-z0-9_-]+/.exec(mail.text)![0]).pathname;
    expect(await receiptText(orderId)).toContain(
      `Added on the day: ${due}, to pay by card from the link we emailed`,
    );

    // The page shows what is due and offers it; each press opens a new session, closing the last.
    const before = await page(link);
    expect(before).toContain(`Pay ${due} by card`);
    expect(before).toContain("To pay by card, below");
    const first = await post(link, { intent: "pay_extras", ui: "hosted" }, "");
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const sessionOf = async () =>
      (
        await sql<{ s: string }>(
          "SELECT extras_session_id AS s FROM job_completions WHERE id = ?",
          completion!.id,
        )
      )[0]!.s;
    const firstSession = await sessionOf();
    expect(stripe.sessions.get(firstSession)).toMatchObject({
      amount_total: extra.pence,
      metadata: { order_id: String(orderId), extras_id: String(completion!.id) },
    });
    expect((await post(link, { intent: "pay_extras", ui: "hosted" }, "")).status).toBe(303);
    const secondSession = await sessionOf();
    expect(secondSession).not.toBe(firstSession);
    expect(stripe.sessions.get(firstSession)!.status).toBe("expired");

    // Paid at Stripe: the customer's return and the webhook (sent twice) report it at once; it
    // is recorded once.
    const paid = stripe.pay(secondSession);
    const [back, ...hooks] = await Promise.all([
      page(`${link}?session_id=${secondSession}`),
      ...[0, 1].map((i) =>
        signedStripeWebhook(
          server,
          stripeSessionEvent(`evt_extras_${orderId}_${i}`, "checkout.session.completed", paid),
          WEBHOOK_SECRET,
        ),
      ),
    ]);
    expect(hooks.map((hook) => hook.status)).toEqual([200, 200]);
    expect(back).toMatch(
      new RegExp(
        `Thank you: your payment of ${due.replace(".", "\\.")} is received|has not reached us yet`,
      ),
    );
    const again = await page(`${link}?session_id=${secondSession}`);
    expect(again).toContain(`Thank you: your payment of ${due} is received`);
    expect(again).not.toContain(`Pay ${due} by card`);
    expect(
      await sql(
        "SELECT COUNT(*) AS n FROM order_events WHERE order_id = ? AND new_value LIKE '%paid by card%'",
        orderId,
      ),
    ).toEqual([{ n: 1 }]);
    const [stored] = await sql<{ paid: number; note: string; status: string }>(
      `SELECT CASE WHEN c.extras_paid_at IS NULL THEN 0 ELSE 1 END AS paid, c.payment_note AS note,
              o.status FROM job_completions c JOIN orders o ON o.id = c.order_id WHERE c.id = ?`,
      completion!.id,
    );
    expect(stored!.paid).toBe(1);
    expect(stored!.note).toMatch(
      new RegExp(`Added on the day: ${due.replace(".", "\\.")}, paid by card on `),
    );
    // The booking's own bank transfer is still awaited: paying the extras pays nothing else.
    expect(stored!.status).toBe("pending");
    const thanked = (m: ReceivedMail) =>
      m.to.includes(email) && /we have your card payment of/.test(m.text);
    await eventually(() => smtp.messages.find(thanked));
    expect(smtp.messages.filter(thanked)).toHaveLength(1);
    const history = (
      await (
        await fetch(`${server.url}/dashboard/orders/${orderId}`, { headers: { cookie: staff } })
      ).text()
    ).replaceAll("<!-- -->", "");
    expect(history).toContain(`${due} added on the day paid by card`);

    // The documents page's receipt, printed again, says it is paid.
    const [{ token }] = (await sql<{ token: string }>(
      "SELECT photo_token AS token FROM job_completions WHERE id = ?",
      completion!.id,
    )) as [{ token: string }];
    const receipt = await fetch(`${server.url}/job/${token}/receipt.pdf`);
    expect(receipt.status).toBe(200);
    const reprinted = (await pdfText(Buffer.from(await receipt.arrayBuffer()))).pages.join(" ");
    expect(reprinted.replace(/\s+/g, " ")).toContain(`Added on the day: ${due}, paid by card on `);

    // Today's takings count the extras as card.
    const today = todayInLondon();
    const csv = await (
      await fetch(`${server.url}/dashboard/takings.csv?from=${today}&to=${today}`, {
        headers: { cookie: staff },
      })
    ).text();
    expect(csv).toContain(`"Card","${(extra.pence / 100).toFixed(2)}"`);
  });

  it("with nothing to pay by card, the page offers no payment and refuses one", async () => {
    const email = "rosa@example.com";
    const { orderId, extra } = await bookedJob(email);
    expect((await complete(orderId, extra.id, "cash_payment")).status).toBe(303);
    const [{ token }] = (await sql<{ token: string }>(
      "SELECT manage_token AS token FROM orders WHERE id = ?",
      orderId,
    )) as [{ token: string }];
    const link = `/booking/${token}`;
    const shown = await page(link);
    expect(shown).toContain("Added on the day");
    expect(shown).not.toContain("by card</h2>");
    const refused = await post(link, { intent: "pay_extras", ui: "hosted" }, "");
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("There is nothing more to pay on this booking.");
  });
});
