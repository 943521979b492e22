import { db } from "~/services/db.server";

export interface RateLimit {
  /** what is counted, e.g. `quote:ip:203.0.113.9` */
  bucket: string;
  max: number;
  windowMs: number;
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one attempt against a limit and says whether it may go ahead. An
 * attempt over the limit is not recorded, so waiting always helps.
 */
export async function hitRateLimit(limit: RateLimit, now = new Date()): Promise<RateLimitResult> {
  const since = new Date(now.getTime() - limit.windowMs).toISOString();
  return db()
    .transaction()
    .execute(async (trx) => {
      const recent = await trx
        .selectFrom("rate_limit_events")
        .select("created_at")
        .where("bucket", "=", limit.bucket)
        .where("created_at", ">", since)
        .orderBy("created_at")
        .execute();
      if (recent.length >= limit.max) {
        const oldest = new Date(recent[0]!.created_at).getTime();
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + limit.windowMs - now.getTime()) / 1000)) };
      }
      await trx.insertInto("rate_limit_events").values({ bucket: limit.bucket, created_at: now.toISOString() }).execute();
      return { allowed: true };
    });
}

/** Forgets attempts older than a day (called by the outbox loop now and then). */
export async function pruneRateLimits(now = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000).toISOString();
  await db().deleteFrom("rate_limit_events").where("created_at", "<", dayAgo).execute();
}
