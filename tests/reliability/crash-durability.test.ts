import Database from "better-sqlite3";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { quoteForm, sendQuote } from "../support/make";
import { makeDataDir, startServer, type RunningServer } from "../support/server";
import { startSmtp, type ReceivedMail } from "../support/smtp";

/**
 * kill -9 in the middle of a burst of quote requests and paid checkouts, then
 * a restart on the same data folder: whatever was answered with success is
 * stored, every queued email is delivered, and an email is only ever
 * delivered again under its own Message-ID (docs/decisions/011).
 *
 * Two crashes per run: one at a moment chosen by the clock (part way through
 * the burst), one at the worst moment, inside the SMTP server after it has
 * taken a message and before it answers 250.
 */

const SCALE = Number(process.env.RELIABILITY_SCALE ?? 1);
const PER_KIND = Math.max(2, Math.round(6 * SCALE));
const OFFICE = "office@haulbook.test";

interface Answered {
  quotes: string[];
  paidTokens: string[];
  failedRequests: number;
}

function query<T>(dataDir: string, sqlText: string, ...params: unknown[]): T[] {
  const db = new Database(path.join(dataDir, "haulbook.db"));
  try {
    return db.prepare(sqlText).all(...params) as T[];
  } finally {
    db.close();
  }
}

let address = 0;
const nextAddress = () => {
  address += 1;
  return `192.0.2.${address % 250}`;
};

async function bagCookie(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.url}/bag`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "add", id: "2", position: "outside", quantity: "1" }),
  });
  return /cart=[^;]*/.exec(res.headers.get("set-cookie") ?? "")![0];
}

async function quote(server: RunningServer, email: string, photo: Buffer): Promise<boolean> {
  const form = quoteForm(
    {
      fullName: "Crash Test",
      email,
      phoneNumber: "07700 900456",
      address1: "1 Test Row",
      town: "Reading",
      postcode: "RG1 4QX",
      comments: "A sofa.",
    },
    [{ name: "sofa.jpg", bytes: photo }],
  );
  const res = await sendQuote(server, form, { from: nextAddress() });
  return res.status === 201;
}

async function paidCheckout(
  server: RunningServer,
  cookie: string,
  token: string,
  day: string,
): Promise<boolean> {
  const checkout = await fetch(`${server.url}/checkout`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: server.url,
      cookie,
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": nextAddress(),
    },
    body: new URLSearchParams({
      intent: "pay",
      early_start: "yes",
      ui: "hosted",
      token,
      full_name: "Crash Customer",
      email: `${token}@example.com`,
      phone_number: "07700 900123",
      address_1: "2 Test Row",
      town: "Guildford",
      postcode: "GU1 3AB",
      date: day,
    }),
  });
  const location = checkout.headers.get("location") ?? "";
  const sessionId = /session_id=(demo_[\w-]+)/.exec(location)?.[1];
  if (checkout.status !== 303 || !sessionId) return false;
  const pay = await fetch(`${server.url}/payment/demo`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ session_id: sessionId, intent: "pay" }),
  });
  return pay.status === 303;
}

/** Fires the burst; resolves when every request has been answered or cut off by the crash. */
async function burst(server: RunningServer, round: number, answered: Answered, photo: Buffer) {
  const cookie = await bagCookie(server);
  const jobs: Promise<void>[] = [];
  for (let i = 0; i < PER_KIND; i++) {
    const email = `crash.r${round}.q${i}@example.com`;
    jobs.push(
      quote(server, email, photo).then(
        (ok) => void (ok ? answered.quotes.push(email) : answered.failedRequests++),
        () => void answered.failedRequests++,
      ),
    );
    const token = `crashR${round}C${i}AAAAAAAAAAAAAA`;
    const day = addDaysIso(todayInLondon(), 3 + ((round * PER_KIND + i) % 80));
    jobs.push(
      paidCheckout(server, cookie, token, day).then(
        (ok) => void (ok ? answered.paidTokens.push(token) : answered.failedRequests++),
        () => void answered.failedRequests++,
      ),
    );
  }
  await Promise.all(jobs);
}

async function drained(dataDir: string) {
  await expect
    .poll(
      () =>
        query<{ n: number }>(dataDir, "SELECT count(*) AS n FROM outbox WHERE status <> 'sent'")[0]!
          .n,
      { timeout: 60_000, interval: 100 },
    )
    .toBe(0);
}

describe("a crash (kill -9) in the middle of quotes, payments and emails", () => {
  let server: RunningServer | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  /** kill the server from inside the SMTP server when it has this many messages, before its 250 */
  let killAfterMessages = Infinity;
  const env = () => ({ NODE_ENV: "test", SMTP_URL: smtp.url, BUSINESS_EMAIL: OFFICE });

  beforeAll(async () => {
    smtp = await startSmtp({
      onMessage: () => {
        if (smtp.messages.length < killAfterMessages || !server) return;
        killAfterMessages = Infinity;
        server.process.kill("SIGKILL");
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it(
    "keeps every answered request and delivers every email, repeating one only under its own Message-ID",
    { timeout: 240_000 },
    async () => {
      const photo = await sharp({
        create: { width: 64, height: 48, channels: 3, background: "#8a6d3b" },
      })
        .jpeg()
        .toBuffer();
      const dataDir = makeDataDir(true);
      const answered: Answered = { quotes: [], paidTokens: [], failedRequests: 0 };
      /** outbox rows left "sending" by each crash: the only ones that may arrive twice */
      const interrupted = new Set<number>();

      // Round 1: killed part way through the burst, once half its quote requests have been answered.
      server = await startServer({ dataDir, env: env() });
      const firstKill = new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (answered.quotes.length >= PER_KIND / 2) {
            clearInterval(check);
            void server!.stop("SIGKILL").then(() => resolve());
          }
        }, 2);
      });
      await Promise.all([burst(server, 1, answered, photo), firstKill]);
      for (const row of query<{ id: number }>(
        dataDir,
        "SELECT id FROM outbox WHERE status = 'sending'",
      ))
        interrupted.add(row.id);

      // Round 2: killed at the worst moment, after the SMTP server took a message, before its 250.
      server = await startServer({ dataDir, env: env() });
      killAfterMessages = smtp.messages.length + PER_KIND;
      await burst(server, 2, answered, photo);
      await server.exited;
      for (const row of query<{ id: number }>(
        dataDir,
        "SELECT id FROM outbox WHERE status = 'sending'",
      ))
        interrupted.add(row.id);

      // Restart and let the outbox drain.
      server = await startServer({ dataDir, env: env() });
      await drained(dataDir);

      // Everything answered with success is stored.
      const quotes = new Set(
        query<{ email: string }>(dataDir, "SELECT email FROM quotes").map((q) => q.email),
      );
      for (const email of answered.quotes) expect(quotes, email).toContain(email);
      const paid = new Set(
        query<{ checkout_token: string }>(
          dataDir,
          "SELECT checkout_token FROM orders WHERE status = 'complete'",
        ).map((o) => o.checkout_token),
      );
      for (const token of answered.paidTokens) expect(paid, token).toContain(token);

      // Every outbox row is delivered, under its own Message-ID.
      const outbox = query<{ id: number; message_id: string }>(
        dataDir,
        "SELECT id, message_id FROM outbox ORDER BY id",
      );
      const received = new Map<string, ReceivedMail[]>();
      for (const mail of smtp.messages)
        received.set(mail.messageId, [...(received.get(mail.messageId) ?? []), mail]);
      for (const row of outbox) {
        const copies = received.get(row.message_id) ?? [];
        expect(copies.length, `outbox #${row.id}`).toBeGreaterThanOrEqual(1);
        expect(new Set(copies.map((c) => c.outboxId))).toEqual(new Set([row.id]));
      }
      // No row was ever sent under a second Message-ID.
      const idsPerRow = new Map<number, Set<string>>();
      for (const mail of smtp.messages)
        idsPerRow.set(
          mail.outboxId!,
          (idsPerRow.get(mail.outboxId!) ?? new Set()).add(mail.messageId),
        );
      for (const [row, ids] of idsPerRow) expect(ids.size, `outbox #${row}`).toBe(1);

      // Repeats: only rows a crash left "sending" (one at a time, so at most one per crash).
      const repeated = [...received.values()].filter((copies) => copies.length > 1);
      const repeatedRows = repeated.map((copies) => copies[0]!.outboxId!);
      for (const row of repeatedRows) expect(interrupted, `outbox #${row}`).toContain(row);
      expect(interrupted.size).toBeLessThanOrEqual(2);
      // The worst-moment crash took a message without acknowledging it: exactly that one comes twice.
      expect(repeated.length).toBeGreaterThanOrEqual(1);

      console.log(
        `[reliability] crash-durability: ${answered.quotes.length} quotes and ${answered.paidTokens.length} payments answered with success (${answered.failedRequests} cut off by the crashes), ` +
          `${outbox.length} emails queued, ${smtp.messages.length} deliveries, ${received.size} distinct Message-IDs, ` +
          `${smtp.messages.length - received.size} repeated deliveries (rows left "sending" by the crashes: ${[...interrupted].join(", ") || "none"})`,
      );
    },
  );
});
