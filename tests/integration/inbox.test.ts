import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows, run } from "../support/database";
import { phonePhoto } from "../support/images";
import { quoteForm, sendQuote } from "../support/make";
import { startServer, type RunningServer } from "../support/server";
import { eventually, startSmtp } from "../support/smtp";
import { signInStaff } from "../support/staff";

/**
 * The office's inbox (issue 32): the contact form's messages are kept and answered from the
 * dashboard by email through the outbox; priced quotes nobody answers are listed after the days
 * the owner sets, and reminded with one press, once. On both engines.
 */

const OFFICE = "office@haulbook.test";
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: RunningServer;
let staff: string;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({
    env: { NODE_ENV: "test", SMTP_URL: smtp.url, BUSINESS_EMAIL: OFFICE },
  });
  staff = (await signInStaff(server)).cookie;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const form = (path: string, fields: Record<string, string>, cookie = staff) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
const page = async (path: string) =>
  (await (await fetch(`${server.url}${path}`, { headers: { cookie: staff } })).text()).replaceAll(
    "<!-- -->",
    "",
  );

describe("messages from the contact form", () => {
  it("are kept as new, answered by email from the dashboard, and then handled", async () => {
    const sent = await form(
      "/contact",
      {
        name: "Nadia Green",
        email: "nadia@example.com",
        message: "Do you take paint tins?\nThanks",
      },
      "",
    );
    expect(sent.status).toBe(303);
    const [message] = await rows<{ id: number; handled_at: string | null }>(
      server,
      "SELECT id, handled_at FROM contact_messages WHERE email = ?",
      "nadia@example.com",
    );
    expect(message!.handled_at).toBeNull();
    // The office is told, with the way to the inbox.
    const copy = await eventually(() =>
      smtp.messages.find((m) => m.to.includes(OFFICE) && m.text.includes("paint tins")),
    );
    expect(copy.text).toMatch(/Answer them from the dashboard's inbox: \S+\/dashboard\/inbox/);

    const inbox = await page("/dashboard/inbox?menu=open");
    expect(inbox).toContain("Nadia Green");
    expect(inbox).toContain("Do you take paint tins? Thanks");
    // The menu counts what is waiting.
    expect(inbox).toMatch(/class="menu-count" aria-label="\d+ new"/);

    const empty = await form(`/dashboard/inbox/${message!.id}`, { intent: "reply", reply: "  " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please write your answer");

    const answered = await form(`/dashboard/inbox/${message!.id}`, {
      intent: "reply",
      reply: "We do, if the tins are sealed.\nThey go on the note as paint.",
    });
    expect(answered.status).toBe(303);
    const answer = await eventually(() =>
      smtp.messages.find((m) => m.to.includes("nadia@example.com")),
    );
    expect(answer.subject).toMatch(/^Re: your message to /);
    expect(answer.text).toContain("We do, if the tins are sealed.");
    expect(answer.text).toContain("> Do you take paint tins?");
    expect(
      await rows(
        server,
        `SELECT m.handled_by, r.body, r.sent_by, CASE WHEN r.outbox_id IS NULL THEN 0 ELSE 1 END AS queued
           FROM contact_messages m JOIN contact_replies r ON r.message_id = m.id WHERE m.id = ?`,
        message!.id,
      ),
    ).toEqual([
      {
        handled_by: "admin",
        body: "We do, if the tins are sealed.\nThey go on the note as paint.",
        sent_by: "admin",
        queued: 1,
      },
    ]);
    expect(await page("/dashboard/inbox")).not.toContain("Nadia Green");
    expect(await page("/dashboard/inbox?shown=handled")).toContain("Nadia Green");
    const opened = await page(`/dashboard/inbox/${message!.id}`);
    expect(opened).toContain("Answers sent");
    expect(opened).toContain("We do, if the tins are sealed.");

    // Back to new, and handled again without an answer.
    expect((await form(`/dashboard/inbox/${message!.id}`, { intent: "new" })).status).toBe(303);
    expect(await page("/dashboard/inbox")).toContain("Nadia Green");
    expect((await form(`/dashboard/inbox/${message!.id}`, { intent: "handled" })).status).toBe(303);
    expect(await page("/dashboard/inbox")).not.toContain("Nadia Green");
  });

  it("an unknown message is a 404", async () => {
    expect(
      (await fetch(`${server.url}/dashboard/inbox/999999`, { headers: { cookie: staff } })).status,
    ).toBe(404);
  });
});

describe("quotes to follow up", () => {
  const PRICE = {
    catalogue_rows: "0",
    free_rows: "1",
    f0_description: "Shed clearance",
    f0_price: "140.00",
    f0_quantity: "1",
    f0_load: "2",
    f0_minutes: "40",
    valid_days: "14",
    note: "",
    intent: "send",
  };
  async function pricedQuote(fullName: string, email: string) {
    const res = await sendQuote(
      server,
      quoteForm({ fullName, email }, [{ name: "shed.jpg", bytes: await phonePhoto("#6b8a5b") }]),
      { from: `198.18.9.${Math.floor(Math.random() * 200) + 1}` },
    );
    expect(res.status).toBe(201);
    const [quote] = await rows<{ id: number }>(
      server,
      "SELECT id FROM quotes WHERE email = ? ORDER BY id DESC",
      email,
    );
    expect((await form(`/dashboard/quotes/${quote!.id}/price`, PRICE)).status).toBe(303);
    const [offer] = await rows<{ id: number }>(
      server,
      "SELECT id FROM quote_offers WHERE quote_id = ?",
      quote!.id,
    );
    return { quoteId: quote!.id, offerId: offer!.id };
  }
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

  it("lists a price with no answer after the days set, and reminds its customer once", async () => {
    const fresh = await pricedQuote("Fresh Quote", "fresh@example.com");
    const waiting = await pricedQuote("Waiting Quote", "waiting@example.com");
    await run(
      server,
      "UPDATE quote_offers SET created_at = ? WHERE id = ?",
      daysAgo(4),
      waiting.offerId,
    );
    const inbox = await page("/dashboard/inbox");
    expect(inbox).toContain(`Q${waiting.quoteId}-1`);
    expect(inbox).not.toContain(`Q${fresh.quoteId}-1`);
    expect(inbox).toContain("Priced quotes with no answer after 3 days");

    const nudged = await form("/dashboard/inbox", {
      intent: "nudge",
      offer: String(waiting.offerId),
    });
    expect(nudged.status).toBe(303);
    const reminder = await eventually(() =>
      smtp.messages.find(
        (m) => m.to.includes("waiting@example.com") && /A reminder of our price/.test(m.text),
      ),
    );
    expect(reminder.text).toMatch(/\/quote\/[A-Za-z0-9_-]+/);
    expect(await page("/dashboard/inbox")).not.toContain(`Q${waiting.quoteId}-1`);
    // A second press sends nothing more.
    await form("/dashboard/inbox", { intent: "nudge", offer: String(waiting.offerId) });
    expect(
      smtp.messages.filter(
        (m) => m.to.includes("waiting@example.com") && /A reminder of our price/.test(m.text),
      ),
    ).toHaveLength(1);
  });

  it("follows the owner's number of days, and lists a price about to expire", async () => {
    const slow = await pricedQuote("Slow Quote", "slow@example.com");
    await run(
      server,
      "UPDATE quote_offers SET created_at = ? WHERE id = ?",
      daysAgo(4),
      slow.offerId,
    );
    const saved = await form("/dashboard/settings", {
      reminder_time: "18:00",
      quote_valid_days: "14",
      quote_follow_up_days: "7",
    });
    expect(saved.status).toBe(303);
    const inbox = await page("/dashboard/inbox");
    expect(inbox).toContain("Priced quotes with no answer after 7 days");
    expect(inbox).not.toContain(`Q${slow.quoteId}-1`);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await run(
      server,
      "UPDATE quote_offers SET valid_until = ? WHERE id = ?",
      tomorrow,
      slow.offerId,
    );
    expect(await page("/dashboard/inbox")).toContain(`Q${slow.quoteId}-1`);
    const refused = await form("/dashboard/settings", {
      reminder_time: "18:00",
      quote_valid_days: "14",
      quote_follow_up_days: "0",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Enter a whole number of days from 1 to 30.");
  });
});
