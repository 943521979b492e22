import { z } from "zod";
import { countRows, db } from "~/services/db.server";
import { lockKeys } from "~/services/dialect.server";
import { clampPage } from "~/lib/paging";
import { businessProfile } from "../shop/business-profile.server";
import { customerEmail } from "./email-layout.server";
import { enqueueEmail, type OutgoingEmail } from "./outbox.server";
import { deliverNow } from "./outbox-worker.server";

/**
 * The office's inbox (docs/rules.md#the-inbox): the contact form's messages, kept
 * (contact.server.ts stores them), new until the office deals with them; an answer is written in
 * the dashboard and sent by email through the outbox, and marks the message handled. Quotes to
 * follow up are the quotes domain's (quote-follow-up.server.ts).
 */

export const INBOX_PAGE_SIZE = 25;
export const REPLY_MAX = 5000;

export const INBOX_MESSAGES = {
  replyMissing: "Please write your answer",
  replyTooLong: `Please keep your answer under ${REPLY_MAX.toLocaleString("en-GB")} characters`,
  gone: "That message is no longer in the inbox.",
} as const;

export const replySchema = z.object({
  reply: z
    .string({ error: INBOX_MESSAGES.replyMissing })
    .trim()
    .min(1, INBOX_MESSAGES.replyMissing)
    .max(REPLY_MAX, INBOX_MESSAGES.replyTooLong),
});

export interface InboxMessage {
  id: number;
  name: string;
  email: string;
  message: string;
  createdAt: string;
  handledAt: string | null;
  handledBy: string | null;
}

const MESSAGE_COLUMNS = [
  "id",
  "name",
  "email",
  "message",
  "created_at",
  "handled_at",
  "handled_by",
] as const;

const toMessage = (r: {
  id: number;
  name: string;
  email: string;
  message: string;
  created_at: string;
  handled_at: string | null;
  handled_by: string | null;
}): InboxMessage => ({
  id: r.id,
  name: r.name,
  email: r.email,
  message: r.message,
  createdAt: r.created_at,
  handledAt: r.handled_at,
  handledBy: r.handled_by,
});

/** New messages (the oldest first: the longest waiting), or handled ones (the latest first). */
export async function inboxMessages(shown: "new" | "handled", page = 1) {
  const query = db()
    .selectFrom("contact_messages")
    .where("handled_at", shown === "new" ? "is" : "is not", null);
  const total = await countRows(query);
  const rows = await query
    .select(MESSAGE_COLUMNS)
    .orderBy(shown === "new" ? "created_at" : "handled_at", shown === "new" ? "asc" : "desc")
    .orderBy("id", shown === "new" ? "asc" : "desc")
    .limit(INBOX_PAGE_SIZE)
    .offset((clampPage(page) - 1) * INBOX_PAGE_SIZE)
    .execute();
  return { messages: rows.map(toMessage), total };
}

/** Messages nobody has dealt with yet (the menu's count). */
export async function countNewMessages(): Promise<number> {
  return countRows(db().selectFrom("contact_messages").where("handled_at", "is", null));
}

/** One message with the answers sent to it, oldest first. */
export async function inboxMessage(id: number) {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const row = await db()
    .selectFrom("contact_messages")
    .select(MESSAGE_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return undefined;
  const replies = await db()
    .selectFrom("contact_replies")
    .select(["id", "body", "sent_by", "created_at"])
    .where("message_id", "=", id)
    .orderBy("id")
    .execute();
  return {
    ...toMessage(row),
    replies: replies.map((r) => ({
      id: r.id,
      body: r.body,
      sentBy: r.sent_by,
      sentAt: r.created_at,
    })),
  };
}

/** The customer's answer: the office's words, then their own message quoted. */
export function contactReplyEmail(message: InboxMessage, reply: string): OutgoingEmail {
  const business = businessProfile();
  return customerEmail({
    kind: "contact_reply",
    to: message.email,
    subject: `Re: your message to ${business.name}`,
    name: message.name,
    body: [
      ...reply.split(/\r?\n/),
      "",
      `${business.name}, ${business.phone}`,
      "",
      "You wrote:",
      ...message.message.split(/\r?\n/).map((line) => `> ${line}`),
    ],
  });
}

export type ReplyResult =
  | { ok: true; email: string }
  | { ok: false; status: 400 | 404; message: string; errors: { reply?: string } };

/** Sends the office's answer to a message and marks it handled, in one transaction. */
export async function replyToMessage(
  id: number,
  values: Record<string, unknown>,
  actor: string,
  now = new Date(),
): Promise<ReplyResult> {
  const parsed = replySchema.safeParse(values);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? INBOX_MESSAGES.replyMissing;
    return { ok: false, status: 400, message, errors: { reply: message } };
  }
  const current = await inboxMessage(id);
  if (!current) return { ok: false, status: 404, message: INBOX_MESSAGES.gone, errors: {} };
  const at = now.toISOString();
  const emailId = await db()
    .transaction()
    .execute(async (trx) => {
      await lockKeys(trx, [`message:${id}`]);
      const outboxId = await enqueueEmail(trx, contactReplyEmail(current, parsed.data.reply));
      await trx
        .insertInto("contact_replies")
        .values({ message_id: id, body: parsed.data.reply, sent_by: actor, outbox_id: outboxId })
        .execute();
      await trx
        .updateTable("contact_messages")
        .set({ handled_at: at, handled_by: actor })
        .where("id", "=", id)
        .where("handled_at", "is", null)
        .execute();
      return outboxId;
    });
  await deliverNow([emailId]);
  return { ok: true, email: current.email };
}

/** Marks a message handled (dealt with by phone, or nothing to answer), or new again. */
export async function markMessage(
  id: number,
  handled: boolean,
  actor: string,
  now = new Date(),
): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id < 1) return false;
  const result = await db()
    .updateTable("contact_messages")
    .set(
      handled
        ? { handled_at: now.toISOString(), handled_by: actor }
        : { handled_at: null, handled_by: null },
    )
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
