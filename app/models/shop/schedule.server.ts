import { TZDate } from "@date-fns/tz";
import type { Kysely, Transaction } from "kysely";
import { addDaysIso } from "~/lib/calendar";
import { UK_TIME_ZONE } from "~/lib/format";
import { fromLondonDateTimeLocal, todayInLondon } from "~/lib/london-clock.server";
import { db, type DB } from "~/services/db.server";
import { engineOf, exclusively } from "~/services/dialect.server";
import { isBooking } from "../bookings/booking.server";
import { BOOKING_LINK_JOB, sendRequestedLink } from "../customer-links/booking-lookup.server";
import { bookingReminderEmail } from "../bookings/booking-emails.server";
import { orderLines } from "../bookings/booking-facts.server";
import { manageLink } from "../bookings/manage-link.server";
import { arrivalOf } from "../bookings/fleet.server";
import { enqueueEmail } from "../messages/outbox.server";
import { prunePendingUploads } from "../quotes/pending-uploads.server";
import { pruneRateLimits } from "./rate-limit.server";
import { getSetting, vatStatus } from "./settings.server";

/**
 * The one durable schedule (docs/decisions/026-the-schedule.md): work that must happen at a
 * time is a row of `scheduled_jobs` (kind, key, run_at). A runner claims a due row, does its
 * work and marks it done in ONE transaction, so a crash or a restart part way through rolls the
 * work back with the mark: the job is still due, and it is never done twice. On PostgreSQL the
 * claim skips rows another process holds (FOR UPDATE SKIP LOCKED); on SQLite the one connection
 * runs one transaction at a time.
 *
 * Kinds:
 * - `reminders` (key: a UK day D): the day-before reminder of every booking collected on D,
 *   run on D-1 at the reminder time (London); each run schedules the next day's.
 * - `prune-rate-limits` (key: "hourly"): forgets old rate-limit attempts and the photos kept for
 *   forms that came back more than a day ago (pending-uploads.server.ts), then schedules itself
 *   an hour on.
 * - `booking-link` (key: "<uuid>|<reference>|<postcode>" as typed at /booking): emails the
 *   booking's link when they match (booking-lookup.server.ts), and deletes its own row.
 */

type Executor = Kysely<DB> | Transaction<DB>;

export interface ScheduledJob {
  id: number;
  kind: string;
  key: string;
  runAt: string;
  attempts: number;
}

/** What one pass of the runner did with one job. */
export interface JobRun {
  kind: string;
  key: string;
  outcome: "done" | "retry" | "failed";
  /** what the handler reported (done), or the error (retry, failed) */
  detail: string;
}

/**
 * A job's work, inside the transaction that marks it done. Answers a line for the log, and for a
 * job that repeats under one key, when it runs again (the row stays due, moved to that time).
 */
export type Handler = (
  trx: Transaction<DB>,
  job: ScheduledJob,
  now: Date,
) => Promise<{ detail: string; again?: Date }>;

export const REMINDERS = "reminders";
export const PRUNE_RATE_LIMITS = "prune-rate-limits";

/** After this many failed attempts a job is marked failed and left for staff to look at. */
export const MAX_JOB_ATTEMPTS = 10;

/** 1 min, 5 min, then every 30 min. */
export function jobRetryDelayMs(attempts: number): number {
  const minutes = attempts <= 1 ? 1 : attempts === 2 ? 5 : 30;
  return minutes * 60_000;
}

// ---------------------------------------------------------------------------
// Reminder time

/** The setting `reminder_time`: when the day-before reminders go, UK time. */
export const REMINDER_TIME_SETTING = "reminder_time";
export const DEFAULT_REMINDER_TIME = "18:00";
const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * When the reminders for collection day `day` are sent: the day before at `reminderTime`
 * ("HH:MM") on the UK clock, GMT or BST as that evening has it.
 */
export function reminderRunAt(day: string, reminderTime: string): Date {
  const time = HH_MM.test(reminderTime) ? reminderTime : DEFAULT_REMINDER_TIME;
  const eve = addDaysIso(day, -1);
  const instant = fromLondonDateTimeLocal(`${eve}T${time}`);
  if (instant) return instant;
  // Only a time inside the hour the clocks skip in March has no reading; take the next one.
  const [y, m, d] = eve.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  return new Date(new TZDate(y!, m! - 1, d!, hh!, mm!, UK_TIME_ZONE).getTime());
}

/** The reminder time stored (a valid "HH:MM"), else 18:00. */
export async function reminderTime(executor: Executor = db()): Promise<string> {
  const value = await getSetting(REMINDER_TIME_SETTING, executor);
  return value && HH_MM.test(value) ? value : DEFAULT_REMINDER_TIME;
}

/**
 * The reminders job that is next to run for a time: the one for tomorrow (UK), which runs this
 * evening. Its run time may have passed (a start after the reminder time): then it runs at once
 * and still reminds tomorrow's bookings, as a late run does.
 */
export function nextRemindersDay(now: Date): string {
  return addDaysIso(todayInLondon(now), 1);
}

// ---------------------------------------------------------------------------
// Writing the schedule

/**
 * Schedules `kind`/`key` at `runAt`: a new row, or (when the row exists and is not done yet)
 * the same row moved to `runAt`. A done job stays done. Inside the caller's transaction when
 * given one.
 */
export async function scheduleJob(
  executor: Executor,
  kind: string,
  key: string,
  runAt: Date,
): Promise<void> {
  const at = runAt.toISOString();
  await executor
    .insertInto("scheduled_jobs")
    .values({ kind, job_key: key, run_at: at })
    .onConflict((oc) =>
      oc
        .columns(["kind", "job_key"])
        .doUpdateSet({ run_at: at })
        .where("scheduled_jobs.state", "=", "due"),
    )
    .execute();
}

/** Adds the job only when it has no row yet (due, done or failed). */
async function scheduleJobIfAbsent(
  executor: Executor,
  kind: string,
  key: string,
  runAt: Date,
): Promise<void> {
  await executor
    .insertInto("scheduled_jobs")
    .values({ kind, job_key: key, run_at: runAt.toISOString() })
    .onConflict((oc) => oc.columns(["kind", "job_key"]).doNothing())
    .execute();
}

/**
 * Makes sure the schedule has what must always be there: the reminders job for tomorrow and the
 * hourly prune. At start (several processes may start at once on PostgreSQL: one at a time),
 * and every hour from the runner, so a chain broken by a failed job is picked up again.
 */
export async function ensureSchedule(now: Date): Promise<void> {
  const connection = db();
  await exclusively(connection, "haulbook:schedule-seed", async () => {
    const time = await reminderTime(connection);
    const day = nextRemindersDay(now);
    await scheduleJobIfAbsent(connection, REMINDERS, day, reminderRunAt(day, time));
    await scheduleJobIfAbsent(connection, PRUNE_RATE_LIMITS, "hourly", now);
  });
}

/** A new reminder time moves the reminders jobs still due to it. */
export async function rescheduleReminders(executor: Executor, time: string): Promise<void> {
  const due = await executor
    .selectFrom("scheduled_jobs")
    .select(["job_key"])
    .where("kind", "=", REMINDERS)
    .where("state", "=", "due")
    .execute();
  for (const job of due)
    await scheduleJob(executor, REMINDERS, job.job_key, reminderRunAt(job.job_key, time));
}

// ---------------------------------------------------------------------------
// The handlers

/**
 * The reminders for collection day D (the job's key), written to the outbox in the job's
 * transaction: one per booking on D that is still a booking, not done, and not reminded yet
 * (orders.reminder_sent_at, set here). Then the next day's job. Run late (the server was down),
 * it still reminds while the UK day is before D; once D has come it sends nothing for D.
 */
async function sendReminders(
  trx: Transaction<DB>,
  job: ScheduledJob,
  now: Date,
): Promise<{ detail: string }> {
  const day = job.key;
  const today = todayInLondon(now);
  const time = await reminderTime(trx);
  // The next day's job; after a long stop, the first day whose reminders can still go.
  const later = addDaysIso(day, 1);
  const next = later > today ? later : addDaysIso(today, 1);
  await scheduleJob(trx, REMINDERS, next, reminderRunAt(next, time));
  if (today >= day) {
    console.log(`[schedule] reminders for ${day} not sent: that day has come (${today})`);
    return { detail: `too late for ${day}` };
  }

  const vat = await vatStatus(trx);
  const orders = await trx
    .selectFrom("orders")
    .selectAll()
    .where("collection_date", "=", day)
    .where(isBooking)
    .where("booking_status", "<>", "complete")
    .where("reminder_sent_at", "is", null)
    .orderBy("id")
    .execute();
  let sent = 0;
  for (const order of orders) {
    // Marked first, and only if still unmarked: the email goes once, whoever else looks.
    const marked = await trx
      .updateTable("orders")
      .set({ reminder_sent_at: now.toISOString() })
      .where("id", "=", order.id)
      .where("reminder_sent_at", "is", null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) continue;
    const items = await orderLines(order.id, trx);
    await enqueueEmail(
      trx,
      bookingReminderEmail({
        ...order,
        ...(await arrivalOf(order.arrival_window, trx)),
        items,
        vat,
        manageLink: await manageLink(order.id, trx),
        icsSequence: order.ics_sequence,
      }),
    );
    sent++;
  }
  return { detail: `${sent} reminder(s) for ${day}` };
}

const PRUNE_EVERY_MS = 60 * 60_000;

/** Forgets old rate-limit attempts and expired kept photos; the same row runs again an hour on. */
async function pruneLimits(trx: Transaction<DB>, _job: ScheduledJob, now: Date) {
  await pruneRateLimits(now, trx);
  const photos = await prunePendingUploads(now, trx);
  return {
    detail: `old rate-limit attempts pruned, ${photos} expired kept photo(s) forgotten`,
    again: new Date(now.getTime() + PRUNE_EVERY_MS),
  };
}

/** The work of each kind of job. */
export const SCHEDULE_HANDLERS: Record<string, Handler> = {
  [REMINDERS]: sendReminders,
  [PRUNE_RATE_LIMITS]: pruneLimits,
  [BOOKING_LINK_JOB]: sendRequestedLink,
};

// ---------------------------------------------------------------------------
// Running due jobs

/**
 * Runs every job due at `now`, one at a time, each in its own transaction with its "done" mark.
 * A job whose work throws is rolled back, then (in a write of its own) given another attempt
 * later, or marked failed after MAX_JOB_ATTEMPTS. Answers what ran.
 */
export async function runDueJobs(now: Date, handlers: Record<string, Handler> = SCHEDULE_HANDLERS) {
  const ran: JobRun[] = [];
  const connection = db();
  const postgres = engineOf(connection) === "postgres";
  const tried = new Set<number>();
  for (;;) {
    let claimed: ScheduledJob | undefined;
    try {
      const result = await connection.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom("scheduled_jobs")
          .select(["id", "kind", "job_key", "run_at", "attempts"])
          .where("state", "=", "due")
          .where("run_at", "<=", now.toISOString())
          .$if(tried.size > 0, (q) => q.where("id", "not in", [...tried]))
          .orderBy("run_at")
          .orderBy("id")
          .limit(1)
          .$if(postgres, (q) => q.forUpdate().skipLocked())
          .executeTakeFirst();
        if (!row) return undefined;
        const job: ScheduledJob = {
          id: row.id,
          kind: row.kind,
          key: row.job_key,
          runAt: row.run_at,
          attempts: row.attempts,
        };
        claimed = job;
        tried.add(job.id);
        const handler = handlers[job.kind];
        if (!handler) throw new Error(`no handler for the kind "${job.kind}"`);
        const { detail, again } = await handler(trx, job, now);
        await trx
          .updateTable("scheduled_jobs")
          .set(
            again
              ? { run_at: again.toISOString(), done_at: now.toISOString(), attempts: 0 }
              : { state: "done", done_at: now.toISOString(), attempts: job.attempts + 1 },
          )
          .set({ last_error: null })
          .where("id", "=", job.id)
          .execute();
        return { kind: job.kind, key: job.key, outcome: "done", detail } satisfies JobRun;
      });
      if (!result) break;
      ran.push(result);
    } catch (error) {
      if (!claimed) throw error;
      ran.push(await recordFailure(claimed, error, now));
    }
  }
  return ran;
}

async function recordFailure(job: ScheduledJob, error: unknown, now: Date): Promise<JobRun> {
  const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  const attempts = job.attempts + 1;
  const failed = attempts >= MAX_JOB_ATTEMPTS;
  await db()
    .updateTable("scheduled_jobs")
    .set({
      attempts,
      last_error: reason,
      state: failed ? "failed" : "due",
      run_at: new Date(now.getTime() + jobRetryDelayMs(attempts)).toISOString(),
    })
    .where("id", "=", job.id)
    .where("state", "=", "due")
    .execute();
  if (failed)
    console.error(
      `[schedule] ${job.kind} ${job.key} failed ${attempts} times and is given up: ${reason}`,
    );
  else console.error(`[schedule] ${job.kind} ${job.key} failed (attempt ${attempts}): ${reason}`);
  return { kind: job.kind, key: job.key, outcome: failed ? "failed" : "retry", detail: reason };
}
