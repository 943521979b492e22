import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  REMINDERS,
  reminderRunAt,
  runDueJobs,
  scheduleJob,
  SCHEDULE_HANDLERS,
  type Handler,
} from "~/models/shop/schedule.server";
import {
  closeDatabase,
  db,
  migrateToLatest,
  openDatabase,
  setConnection,
} from "~/services/db.server";
import { testPostgres } from "../support/server";

/**
 * PostgreSQL only (vitest.config.ts POSTGRES_ONLY): two runners of the schedule at once, as two
 * processes on one database run them, run a job once and write one reminder
 * (docs/decisions/026-the-schedule.md). On SQLite one connection runs one transaction at a time.
 */

describe("two schedule runners at once", () => {
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-schedule-"));
    // The reminder's links and footer read the configuration; keep its data folder here.
    process.env.DATA_DIR = dir;
    const connection = openDatabase({
      engine: "postgres",
      url: await (await testPostgres()).createDatabase(),
      poolSize: 4,
    });
    setConnection(connection);
    await migrateToLatest(connection.db);
  });
  afterAll(async () => {
    await closeDatabase();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("two runners at once on PostgreSQL: the job runs once, each booking is reminded once", async () => {
    const day = "2030-05-20";
    const [order] = await sql<{ id: number }>`
        INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode,
          collection_date, status, booking_status, payment_method, total_pence, source, paid_at)
        VALUES ('Gail Green', 'gail@example.com', '07700 900111', '1 Quay St', 'Hull', 'HP1 1AA',
          ${day}, 'complete', 'pending', 'card', 5000, 'web', '2030-05-01T10:00:00.000Z')
        RETURNING id`
      .execute(db())
      .then((r) => r.rows);
    const runAt = reminderRunAt(day, "18:00");
    await scheduleJob(db(), REMINDERS, day, runAt);
    let entered = 0;
    const slow: Record<string, Handler> = {
      [REMINDERS]: async (trx, job, now) => {
        entered++;
        // Hold the claimed row while the other runner looks for work.
        await new Promise((resolve) => setTimeout(resolve, 300));
        return SCHEDULE_HANDLERS[REMINDERS]!(trx, job, now);
      },
    };
    const [a, b] = await Promise.all([runDueJobs(runAt, slow), runDueJobs(runAt, slow)]);
    const done = [...a, ...b].filter((r) => r.kind === REMINDERS && r.key === day);
    expect(done).toEqual([
      { kind: REMINDERS, key: day, outcome: "done", detail: `1 reminder(s) for ${day}` },
    ]);
    expect(entered).toBe(1);
    const emails = await db()
      .selectFrom("outbox")
      .select(["to_address", "kind"])
      .where("kind", "=", "booking_reminder")
      .execute();
    expect(emails).toEqual([{ to_address: "gail@example.com", kind: "booking_reminder" }]);
    expect(order).toBeTruthy();
  });
});
