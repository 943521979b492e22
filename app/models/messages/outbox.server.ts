import crypto from "node:crypto";
import type { Transaction } from "kysely";
import { db, type DB } from "~/services/db.server";
import { engineOf } from "~/services/dialect.server";
import { businessProfile } from "~/models/shop/business-profile.server";

/**
 * Emails waiting to be sent. Each is written in the same transaction as the
 * thing it reports, so a crash can delay an email but never lose it.
 *
 * An email's life: pending → sending (written before the SMTP call) → sent,
 * or back to pending with a later attempt time, or failed after
 * MAX_ATTEMPTS. Each row has one Message-ID for life, so when a crash leaves
 * a row in "sending" and it is sent again, the receiver sees the same email
 * (docs/decisions/013-email-exactly-once.md).
 */

/** A file sent with an email, kept in the outbox with it so every attempt sends the same bytes. */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export interface OutgoingEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: EmailAttachment[];
}

export interface QueuedEmail extends OutgoingEmail {
  id: number;
  attempts: number;
}

export interface ClaimedEmail extends QueuedEmail {
  messageId: string;
}

/** After this many failed attempts an email is marked failed (it stays in the table for staff). */
const MAX_ATTEMPTS = 12;

/**
 * An attempt still "sending" after this long was cut short (the process
 * died, or hung): it may be tried again. Longer than any one SMTP attempt can
 * take (5 s connect + 5 s greeting + 15 s idle socket per step).
 */
const SENDING_LEASE_MS = 2 * 60_000;

/** 5 s, 15 s, 45 s, … capped at an hour. */
function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 3 ** Math.max(0, attempts - 1), 3_600_000);
}

/** A globally unique Message-ID (RFC 5322 `<left@right>`), in the sender's domain. */
function newMessageId(): string {
  const domain = /@([A-Za-z0-9.-]+)$/.exec(businessProfile().email)?.[1] ?? "haulbook.invalid";
  return `<${crypto.randomUUID()}@${domain}>`;
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
      message_id: newMessageId(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const file of email.attachments ?? [])
    await trx
      .insertInto("outbox_attachments")
      .values({
        outbox_id: row.id,
        filename: file.filename,
        content_type: file.contentType,
        bytes: file.bytes,
      })
      .execute();
  return row.id;
}

/** The files an outbox email carries, in the order they were added. */
export async function emailAttachments(outboxId: number): Promise<EmailAttachment[]> {
  const rows = await db()
    .selectFrom("outbox_attachments")
    .select(["filename", "content_type", "bytes"])
    .where("outbox_id", "=", outboxId)
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    filename: r.filename,
    contentType: r.content_type,
    bytes: Buffer.from(r.bytes),
  }));
}

/**
 * Takes the next email to send now (pending and due, or stuck in "sending"
 * past the lease): marks it "sending", committed before any byte goes to the
 * SMTP server, and returns it with its Message-ID; undefined when nothing is
 * due. The row is chosen and marked in one statement; on PostgreSQL the
 * choice skips rows another process is claiming at that moment
 * (FOR UPDATE SKIP LOCKED), so several processes share the outbox and never
 * send one email twice.
 */
export async function claimNextEmail(now = new Date()): Promise<ClaimedEmail | undefined> {
  const connection = db();
  const staleBefore = new Date(now.getTime() - SENDING_LEASE_MS).toISOString();
  const row = await connection
    .updateTable("outbox")
    .set((eb) => ({
      status: "sending",
      sending_at: now.toISOString(),
      message_id: eb.fn.coalesce("message_id", eb.val(newMessageId())),
    }))
    .where("id", "=", (eb) =>
      eb
        .selectFrom("outbox")
        .select("id")
        .where((w) =>
          w.or([
            w.and([w("status", "=", "pending"), w("next_attempt_at", "<=", now.toISOString())]),
            w.and([w("status", "=", "sending"), w("sending_at", "<", staleBefore)]),
          ]),
        )
        .orderBy("id")
        .limit(1)
        .$if(engineOf(connection) === "postgres", (q) => q.forUpdate().skipLocked()),
    )
    .returning([
      "id",
      "kind",
      "to_address",
      "subject",
      "text_body",
      "html_body",
      "attempts",
      "message_id",
    ])
    .executeTakeFirst();
  if (!row?.message_id) return undefined;
  const attachments = await emailAttachments(row.id);
  return {
    id: row.id,
    kind: row.kind,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body ?? undefined,
    ...(attachments.length > 0 ? { attachments } : {}),
    attempts: row.attempts,
    messageId: row.message_id,
  };
}

/**
 * After a restart, emails left in "sending" may or may not have reached the
 * SMTP server: try them again at once, with the same Message-ID, so a
 * receiver that already has one recognises the copy. On SQLite one process
 * owns the outbox (docs/architecture.md#outside-services), so anything marked "sending" before
 * this process started was cut short; attempts of this process are never
 * touched. On PostgreSQL another process may be sending it right now, so
 * nothing is taken early: the lease hands a cut-short email on after
 * SENDING_LEASE_MS.
 */
export async function recoverInterruptedEmails(startedAt: Date): Promise<number> {
  if (engineOf(db()) === "postgres") return 0;
  const now = startedAt;
  const result = await db()
    .updateTable("outbox")
    .set((eb) => ({
      status: "pending",
      sending_at: null,
      attempts: eb("attempts", "+", 1),
      next_attempt_at: now.toISOString(),
      last_error: "interrupted while sending (restart): sent again with the same Message-ID",
    }))
    .where("status", "=", "sending")
    .where("sending_at", "<", startedAt.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function markEmailSent(id: number, now = new Date()): Promise<void> {
  await db()
    .updateTable("outbox")
    .set((eb) => ({
      status: "sent",
      sent_at: now.toISOString(),
      sending_at: null,
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
  now = new Date(),
): Promise<void> {
  const attempts = attemptsBefore + 1;
  await db()
    .updateTable("outbox")
    .set({
      attempts,
      last_error: error.slice(0, 500),
      status: attempts >= MAX_ATTEMPTS ? "failed" : "pending",
      sending_at: null,
      next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
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
