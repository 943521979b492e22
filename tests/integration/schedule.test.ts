import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import {
  MAX_JOB_ATTEMPTS,
  reminderRunAt,
  runDueJobs,
  scheduleJob,
  type Handler,
} from "~/models/shop/schedule.server";
import {
  closeDatabase,
  db,
  migrateToLatest,
  openDatabase,
  setConnection,
} from "~/services/db.server";
import { rows, run } from "../support/database";
import {
  makeDataDir,
  setClock,
  startServer,
  testPostgres,
  TEST_ENGINE,
  type RunningServer,
} from "../support/server";

/**
 * The durable schedule (docs/decisions/026-the-schedule.md): the day-before reminder is written
 * once, at the set hour on the UK clock, with the booking's calendar event; a restart does not
 * write it again; cancelled and finished bookings get none; a job that throws is rolled back and
 * retried (two runners at once on PostgreSQL: schedule-concurrency.test.ts).
 */

const since = (server: RunningServer, mark: number) => server.output().slice(mark);

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits until the runner has logged `pattern` after `mark` in the server's output (a job it
 * ran), then one more pass (2 s) so that anything else it would do is done too.
 */
async function afterPass(server: RunningServer, mark: number, pattern: RegExp) {
  await until(`${String(pattern)} in the server's log`, () => pattern.test(since(server, mark)));
  await new Promise((resolve) => setTimeout(resolve, 2_500));
}
// The hourly prune runs in a start's first pass, and whenever the clock moves an hour on.
const PRUNED = /\[schedule\] prune-rate-limits hourly/;

interface Booking {
  status?: "pending" | "complete";
  payment_method?: "card" | "cash_payment";
  booking_status?: "pending" | "complete";
  cancelled?: boolean;
  day: string;
  positions?: ("outside" | "inside_dismantle")[];
  name: string;
}

async function insertBooking(server: RunningServer, b: Booking): Promise<number> {
  const [row] = await rows<{ id: number }>(
    server,
    `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date,
       status, booking_status, payment_method, total_pence, source, paid_at, cancelled_at, ics_sequence)
     VALUES (?, ?, '07700 900444', '12 Mill Lane', 'York', 'TN1 7HH', ?, ?, ?, ?, 9000, ?, ?, ?, 2)
     RETURNING id`,
    b.name,
    `${b.name.toLowerCase().replace(/\s+/g, ".")}@example.com`,
    b.day,
    b.status ?? "complete",
    b.booking_status ?? "pending",
    b.payment_method ?? "card",
    (b.payment_method ?? "card") === "card" ? "web" : "manual",
    (b.status ?? "complete") === "complete" ? new Date().toISOString() : null,
    b.cancelled ? new Date().toISOString() : null,
  );
  for (const [i, position] of (b.positions ?? ["outside"]).entries())
    await run(
      server,
      `INSERT INTO order_items (order_id, product_id, product_name, product_description, position,
         unit_price_pence, quantity) VALUES (?, NULL, ?, '', ?, 4500, 1)`,
      row!.id,
      i === 0 ? "Sofa" : "Wardrobe",
      position,
    );
  return Number(row!.id);
}

interface Reminder {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
}

const reminders = (server: RunningServer) =>
  rows<Reminder>(
    server,
    "SELECT id, to_address, subject, text_body FROM outbox WHERE kind = 'booking_reminder' ORDER BY id",
  );

describe("the day-before reminder, through the running shop", () => {
  // A day ten days ahead, and its eve at 18:00 on the UK clock.
  const day = addDaysIso(todayInLondon(), 10);
  const at = reminderRunAt(day, "18:00");
  let server: RunningServer;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const dataDir = makeDataDir(true);
    // The shop starts at 17:59 the evening before.
    setClock({ clockFile: path.join(dataDir, "clock.txt") }, new Date(at.getTime() - 60_000));
    server = await startServer({ dataDir, env: { NODE_ENV: "test" } });
    ids.paid = await insertBooking(server, {
      day,
      name: "Amir Shah",
      positions: ["outside", "inside_dismantle"],
    });
    // Booked for the afternoon: the reminder says so, and when to have the sofa out.
    await run(server, "UPDATE orders SET arrival_window = 'afternoon' WHERE id = ?", ids.paid);
    ids.manual = await insertBooking(server, {
      day,
      name: "Beth Jones",
      payment_method: "cash_payment",
      status: "pending",
      positions: ["inside_dismantle"],
    });
    ids.cancelled = await insertBooking(server, { day, name: "Carl Cole", cancelled: true });
    ids.done = await insertBooking(server, { day, name: "Dina Dunn", booking_status: "complete" });
    ids.unpaid = await insertBooking(server, { day, name: "Eve Ekwe", status: "pending" });
    ids.nextDay = await insertBooking(server, { day: addDaysIso(day, 1), name: "Finn Ford" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("writes nothing at 17:59, each booking's reminder once at 18:00, none again after a restart", async () => {
    await afterPass(server, 0, PRUNED);
    expect(await reminders(server)).toEqual([]);
    const [job] = await rows<{ state: string; run_at: string }>(
      server,
      "SELECT state, run_at FROM scheduled_jobs WHERE kind = 'reminders' AND job_key = ?",
      day,
    );
    expect(job).toEqual({ state: "due", run_at: at.toISOString() });

    setClock(server, at);
    await afterPass(server, 0, new RegExp(`\\[schedule\\] reminders ${day}: 2 reminder`));
    const sent = await reminders(server);
    expect(sent.map((r) => r.to_address).sort()).toEqual([
      "amir.shah@example.com",
      "beth.jones@example.com",
    ]);

    const paid = sent.find((r) => r.to_address === "amir.shah@example.com")!;
    expect(paid.subject).toMatch(
      new RegExp(`^Reminder: your collection is tomorrow, .+ \\(ref HB${ids.paid}\\)$`),
    );
    expect(paid.text_body).toContain("Arrival: Afternoon, 12:00 to 17:00");
    expect(paid.text_body).toContain("about 30 minutes before");
    expect(paid.text_body).toContain(
      "outside and easy to reach\n    by 12:00, not locked behind a gate:",
    );
    expect(paid.text_body).toMatch(/1 × Sofa\n/);
    expect(paid.text_body).toContain("a space for a van");
    const link = /http:\/\/\S+(\/booking\/[A-Za-z0-9_-]{20,64})/.exec(paid.text_body)?.[1];
    expect(link, "the reminder carries the manage link").toBeTruthy();
    const page = await fetch(`${server.url}${link}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`HB${ids.paid}`);
    // Beth chose no "outside" option: nothing about leaving items out.
    const manual = sent.find((r) => r.to_address === "beth.jones@example.com")!;
    expect(manual.text_body).not.toContain("outside and easy to reach");

    // The calendar event again, at the booking's sequence.
    const [file] = await rows<{ filename: string; bytes: Buffer }>(
      server,
      "SELECT filename, bytes FROM outbox_attachments WHERE outbox_id = ?",
      paid.id,
    );
    expect(file!.filename).toBe(`collection-HB${ids.paid}.ics`);
    const root = new ICAL.Component(ICAL.parse(Buffer.from(file!.bytes).toString("utf8")));
    const events = root.getAllSubcomponents("vevent");
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(String(event.getFirstPropertyValue("uid"))).toMatch(new RegExp(`^booking-${ids.paid}@`));
    expect(event.getFirstPropertyValue("sequence")).toBe(2);
    const start = event.getFirstProperty("dtstart")!;
    expect(start.getParameter("tzid")).toBe("Europe/London");
    // The afternoon booking: the event starts when its window does.
    expect(String(start.getFirstValue())).toBe(`${day}T12:00:00`);

    const marked = await rows<{ id: number; reminder_sent_at: string | null }>(
      server,
      "SELECT id, reminder_sent_at FROM orders WHERE id IN (?, ?, ?, ?, ?, ?) ORDER BY id",
      ...Object.values(ids),
    );
    const sentTo = marked.filter((o) => o.reminder_sent_at !== null).map((o) => o.id);
    expect(sentTo.sort()).toEqual([ids.paid, ids.manual].sort());

    // Done, and the next day's job waits for the next evening.
    const jobs = await rows<{ job_key: string; state: string; run_at: string }>(
      server,
      "SELECT job_key, state, run_at FROM scheduled_jobs WHERE kind = 'reminders' AND job_key IN (?, ?) ORDER BY job_key",
      day,
      addDaysIso(day, 1),
    );
    expect(jobs).toEqual([
      { job_key: day, state: "done", run_at: at.toISOString() },
      {
        job_key: addDaysIso(day, 1),
        state: "due",
        run_at: reminderRunAt(addDaysIso(day, 1), "18:00").toISOString(),
      },
    ]);

    // An hour later, after a restart: nothing new.
    await server.stop();
    setClock(server, new Date(at.getTime() + 3_600_000));
    server = await startServer({ dataDir: server.dataDir, env: { NODE_ENV: "test" } });
    await afterPass(server, 0, PRUNED);
    expect((await reminders(server)).map((r) => r.id)).toEqual(sent.map((r) => r.id));

    // The next evening: only the next day's booking.
    const mark = server.output().length;
    setClock(server, reminderRunAt(addDaysIso(day, 1), "18:00"));
    await afterPass(server, mark, /\[schedule\] reminders \S+: 1 reminder/);
    const after = await reminders(server);
    expect(after.map((r) => r.to_address)).toEqual([
      ...sent.map((r) => r.to_address),
      "finn.ford@example.com",
    ]);
  });
});

// ---------------------------------------------------------------------------
// The runner itself, in this process, against a database of its own on the engine under test

describe("runDueJobs", () => {
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-schedule-"));
    // The reminder's links and footer read the configuration; keep its data folder here.
    process.env.DATA_DIR = dir;
    const connection =
      TEST_ENGINE === "postgres"
        ? openDatabase({
            engine: "postgres",
            url: await (await testPostgres()).createDatabase(),
            poolSize: 4,
          })
        : openDatabase(path.join(dir, "schedule.db"));
    setConnection(connection);
    await migrateToLatest(connection.db);
  });
  afterAll(async () => {
    await closeDatabase();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const jobOf = (kind: string, key: string) =>
    db()
      .selectFrom("scheduled_jobs")
      .select(["state", "attempts", "last_error", "run_at"])
      .where("kind", "=", kind)
      .where("job_key", "=", key)
      .executeTakeFirstOrThrow();

  it("rolls a throwing job back, retries it later, and gives up after ten attempts", async () => {
    const t0 = new Date("2030-01-10T09:00:00.000Z");
    await scheduleJob(db(), "boom", "one", t0);
    let calls = 0;
    const handlers: Record<string, Handler> = {
      boom: async (trx) => {
        calls++;
        // Work that must not survive the failure.
        await trx
          .insertInto("settings")
          .values({ key: "boom", value: String(calls) })
          .execute();
        throw new Error("the printer is on fire");
      },
    };
    expect(await runDueJobs(t0, handlers)).toEqual([
      { kind: "boom", key: "one", outcome: "retry", detail: "the printer is on fire" },
    ]);
    expect(
      await db().selectFrom("settings").select("value").where("key", "=", "boom").execute(),
    ).toEqual([]);
    expect(await jobOf("boom", "one")).toEqual({
      state: "due",
      attempts: 1,
      last_error: "the printer is on fire",
      run_at: "2030-01-10T09:01:00.000Z",
    });
    // Not yet due again at 09:00:59; due at 09:01, then 5 minutes later.
    expect(await runDueJobs(new Date("2030-01-10T09:00:59.000Z"), handlers)).toEqual([]);
    await runDueJobs(new Date("2030-01-10T09:01:00.000Z"), handlers);
    expect(await jobOf("boom", "one")).toMatchObject({
      attempts: 2,
      run_at: "2030-01-10T09:06:00.000Z",
    });
    expect(calls).toBe(2);

    // The tenth failure marks it failed; a failed job never runs again.
    await db()
      .updateTable("scheduled_jobs")
      .set({ attempts: MAX_JOB_ATTEMPTS - 1 })
      .where("job_key", "=", "one")
      .execute();
    const later = new Date("2030-01-11T00:00:00.000Z");
    expect((await runDueJobs(later, handlers))[0]?.outcome).toBe("failed");
    expect(await jobOf("boom", "one")).toMatchObject({ state: "failed", attempts: 10 });
    expect(await runDueJobs(new Date("2031-01-01T00:00:00.000Z"), handlers)).toEqual([]);
    expect(calls).toBe(3);
  });

  it("never runs a done job again, and a done job is not moved", async () => {
    let calls = 0;
    const handlers: Record<string, Handler> = {
      once: async () => ({ detail: `call ${++calls}` }),
    };
    const t = new Date("2030-02-01T12:00:00.000Z");
    await scheduleJob(db(), "once", "k", t);
    expect(await runDueJobs(t, handlers)).toEqual([
      { kind: "once", key: "k", outcome: "done", detail: "call 1" },
    ]);
    await scheduleJob(db(), "once", "k", new Date("2030-02-02T12:00:00.000Z"));
    expect(await jobOf("once", "k")).toMatchObject({ state: "done", run_at: t.toISOString() });
    expect(await runDueJobs(new Date("2030-03-01T00:00:00.000Z"), handlers)).toEqual([]);
    expect(calls).toBe(1);
  });
});
