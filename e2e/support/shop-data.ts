import fs from "node:fs";
import path from "node:path";
import { openTestDatabase, type TestDatabase } from "../../tests/support/database";
import type { RunningServer } from "../../tests/support/server";

/**
 * What the end-to-end server keeps: its data folder (the outbox's .eml files) and its database.
 * scripts/e2e-server.mjs names them in .tmp/e2e-server-<port>.json while it runs.
 */
interface ShopData {
  dataDir: string;
  databaseUrl: string | null;
  /** the time the shop's schedule runs by while this file exists (TEST_CLOCK_FILE) */
  clockFile: string;
}

function shopData(): ShopData {
  const port = process.env.E2E_PORT ?? "4317";
  const file = path.resolve(import.meta.dirname, "..", "..", ".tmp", `e2e-server-${port}.json`);
  return JSON.parse(fs.readFileSync(file, "utf8")) as ShopData;
}

/** The time the shop's schedule runs by: the clock file's, else undefined (the real time). */
export function shopClock(): Date | undefined {
  const { clockFile } = shopData();
  return fs.existsSync(clockFile) ? new Date(fs.readFileSync(clockFile, "utf8").trim()) : undefined;
}

/** Moves the shop's schedule to `at` (app/services/clock.server.ts). */
export function setShopClock(at: Date): void {
  fs.writeFileSync(shopData().clockFile, at.toISOString());
}

/**
 * Runs `work` while no other spec's worker moves the shop's clock (a lock folder beside the info
 * file; one left behind by a run that died is taken after a minute).
 */
export async function withShopClock<T>(
  poll: (take: () => boolean) => Promise<void>,
  work: () => Promise<T>,
): Promise<T> {
  const lock = `${shopData().clockFile}.lock`;
  const take = () => {
    try {
      fs.mkdirSync(lock);
      return true;
    } catch {
      try {
        if (Date.now() - fs.statSync(lock).mtimeMs > 60_000) fs.rmSync(lock, { recursive: true });
      } catch {
        // gone meanwhile: the next poll takes it
      }
      return false;
    }
  };
  await poll(take);
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** The shop's database, on either engine (tests/support/database.ts). Close it when done. */
export function openShopDatabase(): Promise<TestDatabase> {
  const { dataDir, databaseUrl } = shopData();
  return openTestDatabase({ dataDir, databaseUrl: databaseUrl ?? undefined } as RunningServer);
}

/** Runs `work` with the shop's database and closes it. */
export async function withShopDatabase<T>(work: (db: TestDatabase) => Promise<T>): Promise<T> {
  const db = await openShopDatabase();
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

export interface Attachment {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** One email the shop wrote to its outbox folder (no SMTP_URL): DATA_DIR/outbox/NNNNNN-kind.eml. */
export interface OutboxEmail {
  file: string;
  kind: string;
  to: string;
  subject: string;
  /** the text/plain part, decoded */
  text: string;
  attachments: Attachment[];
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, encoding: string, data: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : decodeQuotedPrintable(data.replace(/_/g, " ")),
  );
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function parsePart(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function leaves(part: Part): Part[] {
  const type = part.headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith("multipart/") || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith("--"))
    .flatMap((chunk) => leaves(parsePart(chunk.replace(/^\r?\n/, ""))));
}

function decodeBody(part: Part): Buffer {
  const encoding = (part.headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(part.body.replace(/\s+/g, ""), "base64");
  if (encoding === "quoted-printable") return Buffer.from(decodeQuotedPrintable(part.body), "utf8");
  return Buffer.from(part.body, "utf8");
}

function parseEml(file: string): OutboxEmail {
  const message = parsePart(fs.readFileSync(file, "utf8"));
  let text = "";
  const attachments: Attachment[] = [];
  for (const part of leaves(message)) {
    const type = part.headers["content-type"] ?? "text/plain";
    const disposition = part.headers["content-disposition"] ?? "";
    const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
    if (filename || /^attachment/i.test(disposition))
      attachments.push({
        filename: decodeWords(filename ?? ""),
        contentType: type.split(";")[0]!.trim(),
        bytes: decodeBody(part),
      });
    else if (type.toLowerCase().startsWith("text/plain")) text = decodeBody(part).toString("utf8");
  }
  return {
    file: path.basename(file),
    kind: /^\d+-(.+)\.eml$/.exec(path.basename(file))?.[1] ?? "",
    to: message.headers.to ?? "",
    subject: decodeWords(message.headers.subject ?? ""),
    text,
    attachments,
  };
}

/** Every email in the outbox folder so far, oldest first. */
export function outboxEmails(): OutboxEmail[] {
  const dir = path.join(shopData().dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => parseEml(path.join(dir, name)));
}
