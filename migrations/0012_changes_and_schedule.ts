import { sql, type Kysely } from "kysely";
import { engineOf, TABLE_SQL } from "./dialect";

/**
 * Rearranging, reminders and the durable schedule (issue 18;
 * docs/decisions/025-rearranging.md and 026-the-schedule.md), written once for both engines:
 *
 * - orders.ics_sequence: the SEQUENCE of the booking's calendar event. 0 at the
 *   confirmation; each rearrangement and the cancellation move it on, so a
 *   calendar app replaces the event it holds (RFC 5545 §3.8.7.4).
 * - orders.reminder_sent_at: when the day-before reminder was written to the
 *   outbox (NULL: not yet). A rearrangement clears it, for the new day.
 * - booking_changes: each rearrangement a customer asked for: the day it
 *   moved from and to, its fee and that fee's payment. A free one is applied
 *   at once; one with a fee waits for its payment (`pending`), then is
 *   `applied`, or `closed` unpaid, or `refunded` when its new day filled while
 *   it was paid.
 * - scheduled_jobs: work that must happen at a time (the day-before
 *   reminders, pruning old rate-limit attempts). One row per job and key;
 *   a runner claims a due row and does its work and marks it done in one
 *   transaction, so a restart mid-run leaves it due, never done twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  const { id, strict, now } = TABLE_SQL[engine];
  const run = (text: string) => sql.raw(text).execute(db);

  await run(`ALTER TABLE orders ADD COLUMN ics_sequence INTEGER NOT NULL DEFAULT 0
    CHECK (ics_sequence >= 0)`);
  await run(`ALTER TABLE orders ADD COLUMN reminder_sent_at TEXT`);

  await run(`CREATE TABLE booking_changes (
    ${id},
    order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    from_date TEXT NOT NULL CHECK (length(from_date) = 10),
    to_date TEXT NOT NULL CHECK (length(to_date) = 10),
    fee_pence INTEGER NOT NULL CHECK (fee_pence >= 0),
    basis TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'applied', 'closed', 'refunded')),
    payment_session_id TEXT UNIQUE,
    refund_reference TEXT,
    actor TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT ${now},
    finished_at TEXT
  )${strict}`);
  await run(`CREATE INDEX booking_changes_order ON booking_changes (order_id, id)`);

  await run(`CREATE TABLE scheduled_jobs (
    ${id},
    kind TEXT NOT NULL CHECK (length(kind) > 0),
    job_key TEXT NOT NULL CHECK (length(job_key) > 0),
    run_at TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'due' CHECK (state IN ('due', 'done', 'failed')),
    attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    last_error TEXT,
    created_at TEXT NOT NULL DEFAULT ${now},
    done_at TEXT,
    UNIQUE (kind, job_key)
  )${strict}`);
  await run(`CREATE INDEX scheduled_jobs_due ON scheduled_jobs (state, run_at)`);
}

export async function down(): Promise<void> {
  throw new Error(
    "0012_changes_and_schedule cannot be undone: restore the backup taken before it.",
  );
}
