import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import {
  claimEmail,
  dueEmails,
  emailStatuses,
  markEmailFailedAttempt,
  markEmailSent,
  recoverInterruptedEmails,
  type ClaimedEmail,
} from "~/models/outbox.server";
import { pruneRateLimits } from "~/models/rate-limit.server";
import { config } from "./config.server";

/**
 * Sends the outbox. With SMTP_URL, over SMTP; without, each message becomes
 * an .eml file under DATA_DIR/outbox/ (and one log line). A background loop
 * retries failures with backoff; nothing is lost across restarts because the
 * outbox table is the queue. Each email is marked "sending" before the SMTP
 * call and "sent" straight after the server's 250, and always carries its
 * row's Message-ID (docs/decisions/013-email-exactly-once.md).
 */

const POLL_MS = 2_000;

let transporter: Transporter | undefined;
function transport(): Transporter {
  const { smtpUrl } = config();
  transporter ??= smtpUrl
    ? nodemailer.createTransport(smtpUrl, {
        connectionTimeout: 5_000,
        greetingTimeout: 5_000,
        socketTimeout: 15_000,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return transporter;
}

/**
 * Sends one email. The non-pooled SMTP transport resolves as soon as the
 * server answers 250 to the message (it closes the socket without waiting
 * for QUIT), so the caller can mark the row sent at once.
 */
async function send(email: ClaimedEmail): Promise<void> {
  const cfg = config();
  const info = await transport().sendMail({
    messageId: email.messageId,
    from: cfg.mailFrom,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    headers: { "X-Haulbook-Outbox-Id": String(email.id) },
  });
  if (!cfg.smtpUrl) {
    const dir = path.join(cfg.dataDir, "outbox");
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${String(email.id).padStart(6, "0")}-${email.kind}.eml`);
    await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
    const shown = path.relative(process.cwd(), file);
    console.log(
      `[mail] no SMTP_URL: wrote ${shown.startsWith("..") ? file : shown} (to ${email.to})`,
    );
  }
}

let running: Promise<void> | undefined;
let again = false;

/** Sends everything due now. Runs one pass at a time; a call during a pass queues one more. */
export function deliverDue(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      for (const due of await dueEmails()) {
        const email = await claimEmail(due);
        if (!email) continue;
        let sent = false;
        try {
          await send(email);
          sent = true;
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          console.error(
            `[mail] could not send #${email.id} (${email.kind}) to ${email.to}: ${reason}`,
          );
          await markEmailFailedAttempt(email.id, email.attempts, reason);
        }
        // Straight after the server's 250: the only moment a crash can make a resend.
        if (sent) await markEmailSent(email.id);
      }
    } while (again);
  })().finally(() => {
    running = undefined;
  });
  return running;
}

/**
 * Tries to send these emails now, waiting at most `timeoutMs`; says which
 * were handed to the transport. The rest stay queued for the loop.
 */
export async function deliverNow(
  ids: readonly number[],
  timeoutMs = 2_500,
): Promise<Map<number, boolean>> {
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref());
  await Promise.race([deliverDue().catch(() => undefined), timeout]);
  const statuses = await emailStatuses(ids);
  return new Map(ids.map((id) => [id, statuses.get(id) === "sent"]));
}

let timer: NodeJS.Timeout | undefined;
let ticks = 0;

export function startOutbox(): void {
  if (timer) return;
  timer = setInterval(() => {
    deliverDue().catch((error) => console.error("[mail] outbox pass failed:", error));
    // Once an hour, forget old rate-limit attempts.
    if (++ticks % 1800 === 0) pruneRateLimits().catch(() => undefined);
  }, POLL_MS);
  timer.unref();
  void recoverInterruptedEmails(new Date())
    .then((count) => {
      if (count > 0)
        console.log(`[mail] ${count} email(s) were cut short by a restart: sending again`);
      return deliverDue();
    })
    .catch((error) => console.error("[mail] outbox pass failed:", error));
}

export async function stopOutbox(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = undefined;
  await running?.catch(() => undefined);
  transporter?.close();
  transporter = undefined;
}
