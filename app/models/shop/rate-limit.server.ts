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

async function recentAttempts(trx: Transaction<DB>, limit: RateLimit, now: Date) {
  const since = new Date(now.getTime() - limit.windowMs).toISOString();
  const rows = await trx
    .selectFrom("rate_limit_events")
    .select("created_at")
    .where("bucket", "=", limit.bucket)
    .where("created_at", ">", since)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => row.created_at);
}

/**
 * THE rule of every limit: with `recent` attempts in the window (oldest
 * first, ISO times), another may go ahead while fewer than `max` were made;
 * otherwise wait until the oldest leaves the window (at least a second).
 */
export function limitDecision(
  recent: readonly string[],
  limit: Pick<RateLimit, "max" | "windowMs">,
  now: Date,
): RateLimitResult {
  if (recent.length < limit.max) return { allowed: true };
  const oldest = Date.parse(recent[0]!);
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((oldest + limit.windowMs - now.getTime()) / 1000)),
  };
}

/** The lock a transaction takes before counting a bucket (lockKeys), so another process's count waits. */
export function rateLimitLock(bucket: string): string {
  return `rate:${bucket}`;
}

/**
 * Whether another attempt may go ahead, without counting it, for a caller
 * that counts and then records (recordAttempt) in one transaction that
 * already holds the bucket's lock (rateLimitLock): checkout holds it with the
 * day's lock, and records only an order it made. Anything else reserves.
 */
export async function checkRateLimit(
  trx: Transaction<DB>,
  limit: RateLimit,
  now = new Date(),
): Promise<RateLimitResult> {
  return limitDecision(await recentAttempts(trx, limit, now), limit, now);
}

/** Counts an attempt checked by checkRateLimit, in the same transaction. */
export async function recordAttempt(
  trx: Transaction<DB>,
  bucket: string,
  now = new Date(),
): Promise<void> {
  await trx
    .insertInto("rate_limit_events")
    .values({ bucket, created_at: now.toISOString() })
    .execute();
}

/**
 * reserveAttempt inside the caller's transaction: takes the bucket's lock,
 * counts, and counts this attempt if it may go ahead. For a caller that does
 * more under the same transaction (the booking lookup's email). The lock is
 * held until the caller commits, so callers that take several take them in
 * one fixed order.
 */
export async function reserveAttemptIn(
  trx: Transaction<DB>,
  limit: RateLimit,
  now = new Date(),
): Promise<Reservation> {
  await lockKeys(trx, [rateLimitLock(limit.bucket)]);
  const decision = limitDecision(await recentAttempts(trx, limit, now), limit, now);
  if (!decision.allowed) return decision;
  const row = await trx
    .insertInto("rate_limit_events")
    .values({ bucket: limit.bucket, created_at: now.toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { allowed: true, attemptId: row.id };
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
    .execute((trx) => reserveAttemptIn(trx, limit, now));
}

/** Un-counts a reserved attempt (it succeeded, and only failures count). */
export async function releaseAttempt(attemptId: number): Promise<void> {
  await db().deleteFrom("rate_limit_events").where("id", "=", attemptId).execute();
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
