import { now } from "~/services/clock.server";
import { BOOKING_LINK_JOB } from "../customer-links/booking-lookup.server";
import { refreshBusinessProfile } from "./business-profile.server";
import { ensureSchedule, runDueJobs } from "./schedule.server";

/**
 * The loop that runs the durable schedule (schedule.server.ts): a pass every two seconds, one
 * pass at a time, by the schedule's clock (services/clock.server.ts: the machine's, or a test's
 * file). Nothing is kept in memory: the jobs are rows, so a restart loses nothing. Once an hour
 * it makes sure the jobs that must always exist do (ensureSchedule).
 */

const POLL_MS = 2_000;
const ENSURE_EVERY_TICKS = 1_800;

let timer: NodeJS.Timeout | undefined;
let running: Promise<void> | undefined;
let ticks = 0;

function pass(): Promise<void> {
  if (running) return running;
  running = (async () => {
    const at = now();
    // A reminder written in this pass names the business as staff last saved it.
    await refreshBusinessProfile();
    if (++ticks % ENSURE_EVERY_TICKS === 0) await ensureSchedule(at);
    for (const job of await runDueJobs(at))
      // A link request's key is what a visitor typed: not for the log, and too many to list.
      if (job.outcome === "done" && job.kind !== BOOKING_LINK_JOB)
        console.log(`[schedule] ${job.kind} ${job.key}: ${job.detail}`);
  })()
    .catch((error) => console.error("[schedule] pass failed:", error))
    .finally(() => {
      running = undefined;
    });
  return running;
}

/** Makes sure the standing jobs exist, then runs due jobs every two seconds. */
export async function startSchedule(): Promise<void> {
  if (timer) return;
  // A failure here (the database briefly away) is retried by the hourly ensure.
  await ensureSchedule(now()).catch((error) =>
    console.error("[schedule] could not check the standing jobs:", error),
  );
  timer = setInterval(() => void pass(), POLL_MS);
  timer.unref();
  void pass();
}

/** Stops the loop and waits for a pass under way (its transaction commits or rolls back). */
export async function stopSchedule(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running;
}
