import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "./config.server";
import { PRIVATE_FOLDER_MODE, writePrivateFileAsync } from "./private-files.server";

/**
 * Sends one email. With SMTP_URL, over SMTP; without, the message becomes an
 * .eml file under DATA_DIR/outbox/ (and one log line). Which emails to send,
 * and when, is the outbox's business (models/outbox-worker); every message
 * carries its outbox row's Message-ID (docs/decisions/013-email-exactly-once.md).
 */

/** One outgoing message, as the outbox hands it over. */
export interface MailMessage {
  /** the outbox row, named in a header and in the .eml file's name */
  id: number;
  kind: string;
  /** the sender: MAIL_FROM as written, or the business's name and email */
  from: string | { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; bytes: Buffer }[];
  messageId: string;
}

function smtpTransport(smtpUrl: string, socketTimeout = 15_000): Transporter {
  return nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout,
  });
}

let transporter: Transporter | undefined;
function transport(): Transporter {
  const { smtpUrl } = config();
  transporter ??= smtpUrl
    ? smtpTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return transporter;
}

/** SMTP_URL's host and port, never its user name or password (for messages). */
export function smtpServerName(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`;
}

/**
 * Connects to SMTP_URL's server and signs in as the server would to send
 * (`check`); rejects with the reason when it cannot within `timeoutMs`.
 */
export async function verifyMailer(timeoutMs = 10_000): Promise<void> {
  const { smtpUrl } = config();
  if (!smtpUrl) throw new Error("SMTP_URL is not set");
  const probe = smtpTransport(smtpUrl, timeoutMs);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe.verify(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${timeoutMs / 1000} s`)),
          timeoutMs,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
    probe.close();
  }
}

/**
 * Sends one email. The non-pooled SMTP transport resolves as soon as the
 * server answers 250 to the message (it closes the socket without waiting
 * for QUIT), so the caller can mark the row sent at once.
 */
export async function sendMail(email: MailMessage): Promise<void> {
  const cfg = config();
  const info = await transport().sendMail({
    messageId: email.messageId,
    from: email.from,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    attachments: email.attachments?.map((file) => ({
      filename: file.filename,
      contentType: file.contentType,
      content: file.bytes,
    })),
    headers: { "X-Haulbook-Outbox-Id": String(email.id) },
  });
  if (!cfg.smtpUrl) {
    const dir = path.join(cfg.dataDir, "outbox");
    // Each email carries the customer's private links: owner-only, like the rest of the data folder.
    await fs.mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    const file = path.join(dir, `${String(email.id).padStart(6, "0")}-${email.kind}.eml`);
    await writePrivateFileAsync(file, (info as unknown as { message: Buffer }).message);
    const shown = path.relative(process.cwd(), file);
    console.log(
      `[mail] no SMTP_URL: wrote ${shown.startsWith("..") ? file : shown} (to ${email.to})`,
    );
  }
}

/** Closes the transport (on shutdown); the next message opens a new one. */
export function closeMailer(): void {
  transporter?.close();
  transporter = undefined;
}
