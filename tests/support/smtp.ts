import { SMTPServer } from "smtp-server";
import { freePort } from "./server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** the body with quoted-printable soft breaks and escapes undone */
  text: string;
  /** the Message-ID header, as sent */
  messageId: string;
  /** the outbox row it came from (our X-Haulbook-Outbox-Id header) */
  outboxId: number | null;
}

export interface SmtpOptions {
  /** a fixed port (restarts); a free one by default */
  port?: number;
  /**
   * Called with each message once it is received, before the server answers
   * 250: a test can stop the sender here, at the worst moment.
   */
  onMessage?: (mail: ReceivedMail) => void;
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes = Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  );
  return bytes.toString("utf8");
}

/** A real SMTP server in this process, on a free (or given) port, keeping what it receives. */
export async function startSmtp(portOrOptions?: number | SmtpOptions) {
  const options: SmtpOptions =
    typeof portOrOptions === "number" ? { port: portOrOptions } : (portOrOptions ?? {});
  const port = options.port;
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const [head = "", ...body] = raw.split(/\r?\n\r?\n/);
        const outboxId = /^X-Haulbook-Outbox-Id: *(\d+)/im.exec(head)?.[1];
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: /^Subject: (.*)$/m.exec(head)?.[1] ?? "",
          text: decodeQuotedPrintable(body.join("\n\n")),
          messageId: /^Message-ID: *(\S+)/im.exec(head)?.[1] ?? "",
          outboxId: outboxId ? Number(outboxId) : null,
        };
        messages.push(mail);
        options.onMessage?.(mail);
        callback();
      });
    },
  });
  const listenPort = port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(listenPort, "127.0.0.1", () => resolve());
  });
  return {
    port: listenPort,
    url: `smtp://127.0.0.1:${listenPort}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls (no fixed sleep) until `check` answers something, for the outbox's sender. */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("Timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The attachments of a received MIME message: filename, content type and decoded bytes. */
export function attachmentsOf(
  mail: ReceivedMail,
): { filename: string; type: string; bytes: Buffer }[] {
  const boundaries = [...mail.raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]!);
  const found: { filename: string; type: string; bytes: Buffer }[] = [];
  for (const boundary of boundaries)
    for (const part of mail.raw.split(`--${boundary}`)) {
      const [head = "", ...body] = part.split(/\r?\n\r?\n/);
      const filename = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1];
      if (!filename) continue;
      const type = /Content-Type:\s*([^;\r\n]+)/i.exec(head)?.[1] ?? "";
      const encoded = body.join("\n").replace(/\s+/g, "");
      found.push({ filename, type, bytes: Buffer.from(encoded, "base64") });
    }
  return found;
}
