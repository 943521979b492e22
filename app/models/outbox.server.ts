import type { Transaction } from "kysely";
import { db, type DB } from "~/services/db.server";

/**
 * Emails waiting to be sent. Each is written in the same transaction as the
 * thing it reports, so a crash can delay an email but never lose it.
 */

export interface OutgoingEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface QueuedEmail extends OutgoingEmail {
  id: number;
  attempts: number;
}

/** After this many failed attempts an email is marked failed (it stays in the table for staff). */
export const MAX_ATTEMPTS = 12;

/** 5 s, 15 s, 45 s, … capped at an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 3 ** Math.max(0, attempts - 1), 3_600_000);
}

export async function enqueueEmail(trx: Transaction<DB>, email: OutgoingEmail): Promise<number> {
  const row = await trx
    .insertInto("outbox")
    .values({
      kind: email.kind,
      to_address: email.to,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html ?? null,
      next_attempt_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function dueEmails(now = new Date(), limit = 20): Promise<QueuedEmail[]> {
  const rows = await db()
    .selectFrom("outbox")
    .select(["id", "kind", "to_address", "subject", "text_body", "html_body", "attempts"])
    .where("status", "=", "pending")
    .where("next_attempt_at", "<=", now.toISOString())
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body ?? undefined,
    attempts: r.attempts,
  }));
}

export async function markEmailSent(id: number): Promise<void> {
  const now = new Date().toISOString();
  await db()
    .updateTable("outbox")
    .set((eb) => ({
      status: "sent",
      sent_at: now,
      attempts: eb("attempts", "+", 1),
      last_error: null,
    }))
    .where("id", "=", id)
    .execute();
}

export async function markEmailFailedAttempt(
  id: number,
  attemptsBefore: number,
  error: string,
): Promise<void> {
  const attempts = attemptsBefore + 1;
  await db()
    .updateTable("outbox")
    .set({
      attempts,
      last_error: error.slice(0, 500),
      status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
      next_attempt_at: new Date(Date.now() + retryDelayMs(attempts)).toISOString(),
    })
    .where("id", "=", id)
    .execute();
}

export async function emailStatuses(ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db()
    .selectFrom("outbox")
    .select(["id", "status"])
    .where("id", "in", [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.status]));
}
