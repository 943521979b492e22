import type { Kysely, Transaction } from "kysely";
import { db, type DB } from "~/services/db.server";
import { lockKeys } from "~/services/dialect.server";

export interface RateLimit {
  /** what is counted, e.g. `quote:203.0.113.9` */
  bucket: string;
  max: number;
  windowMs: number;
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export type Reservation =
  { allowed: true; attemptId: number } | { allowed: false; retryAfterSeconds: number };

type Executor = Transaction<DB> | ReturnType<typeof db>;

async function countRecent(executor: Executor, limit: RateLimit, now: Date) {
  const since = new Date(now.getTime() - limit.windowMs).toISOString();
  return executor
    .selectFrom("rate_limit_events")
    .select("created_at")
    .where("bucket", "=", limit.bucket)
    .where("created_at", ">", since)
    .orderBy("created_at")
    .execute();
}

function refusal(recent: { created_at: string }[], limit: RateLimit, now: Date) {
  const oldest = new Date(recent[0]!.created_at).getTime();
  return {
    allowed: false as const,
    retryAfterSeconds: Math.max(1, Math.ceil((oldest + limit.windowMs - now.getTime()) / 1000)),
  };
}

/** The lock a transaction takes before counting a bucket (lockKeys), so another process's count waits. */
export function rateLimitLock(bucket: string): string {
  return `rate:${bucket}`;
}

/**
 * Whether another attempt may go ahead, without counting it. Kept in the
 * database, so a restart does not reset a limit and every process of the
 * shop counts the same attempts. A caller that counts and then records in
 * one transaction takes rateLimitLock first.
 */
export async function checkRateLimit(
  limit: RateLimit,
  now = new Date(),
  executor: Executor = db(),
): Promise<RateLimitResult> {
  const recent = await countRecent(executor, limit, now);
  return recent.length < limit.max ? { allowed: true } : refusal(recent, limit, now);
}

/**
 * Counts an attempt before the slow work starts: the check and the insert
 * are one transaction holding the bucket's lock, so a parallel burst (to
 * one process or several) cannot slip past the limit and attempts still in
 * flight count. An attempt that turns out not to count
 * (a successful sign-in) is handed back with releaseAttempt.
 */
export async function reserveAttempt(limit: RateLimit, now = new Date()): Promise<Reservation> {
  return db()
    .transaction()
    .execute(async (trx) => {
      await lockKeys(trx, [rateLimitLock(limit.bucket)]);
      const recent = await countRecent(trx, limit, now);
      if (recent.length >= limit.max) return refusal(recent, limit, now);
      const row = await trx
        .insertInto("rate_limit_events")
        .values({ bucket: limit.bucket, created_at: now.toISOString() })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { allowed: true as const, attemptId: row.id };
    });
}

/** Un-counts a reserved attempt (it succeeded, and only failures count). */
export async function releaseAttempt(attemptId: number): Promise<void> {
  await db().deleteFrom("rate_limit_events").where("id", "=", attemptId).execute();
}

export async function recordAttempt(
  bucket: string,
  now = new Date(),
  executor: Executor = db(),
): Promise<void> {
  await executor
    .insertInto("rate_limit_events")
    .values({ bucket, created_at: now.toISOString() })
    .execute();
}

/** Forgets attempts older than a day. */
export async function pruneRateLimits(
  now = new Date(),
  executor: Kysely<DB> | Transaction<DB> = db(),
): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000).toISOString();
  await executor.deleteFrom("rate_limit_events").where("created_at", "<", dayAgo).execute();
}

/** "in 42 minutes" / "in 30 seconds" */
export function retryAfterText(seconds: number): string {
  if (seconds < 90) return `in ${seconds} seconds`;
  return `in ${Math.ceil(seconds / 60)} minutes`;
}
