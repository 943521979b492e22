import { db } from "~/services/db.server";

export interface RateLimit {
  /** what is counted, e.g. `quote:203.0.113.9` */
  bucket: string;
  max: number;
  windowMs: number;
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Whether another attempt may go ahead. Counting is separate
 * (recordAttempt), so a route decides what counts: a stored quote, a failed
 * sign-in. Kept in the database, so a restart does not reset a limit.
 */
export async function checkRateLimit(limit: RateLimit, now = new Date()): Promise<RateLimitResult> {
  const since = new Date(now.getTime() - limit.windowMs).toISOString();
  const recent = await db()
    .selectFrom("rate_limit_events")
    .select("created_at")
    .where("bucket", "=", limit.bucket)
    .where("created_at", ">", since)
    .orderBy("created_at")
    .execute();
  if (recent.length < limit.max) return { allowed: true };
  const oldest = new Date(recent[0]!.created_at).getTime();
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((oldest + limit.windowMs - now.getTime()) / 1000)),
  };
}

export async function recordAttempt(bucket: string, now = new Date()): Promise<void> {
  await db()
    .insertInto("rate_limit_events")
    .values({ bucket, created_at: now.toISOString() })
    .execute();
}

/** Forgets attempts older than a day. */
export async function pruneRateLimits(now = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000).toISOString();
  await db().deleteFrom("rate_limit_events").where("created_at", "<", dayAgo).execute();
}

/** "in 42 minutes" / "in 30 seconds" */
export function retryAfterText(seconds: number): string {
  if (seconds < 90) return `in ${seconds} seconds`;
  return `in ${Math.ceil(seconds / 60)} minutes`;
}
