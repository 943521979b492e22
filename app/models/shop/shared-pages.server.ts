import { todayInLondon } from "~/lib/london-clock.server";
import type { Transaction } from "kysely";
import { hotRead, type DB } from "~/services/db.server";
import { splashCookie } from "~/services/splash-cookie.server";

/**
 * Which public page requests may share one rendered copy, and the generation of
 * what those copies show (docs/decisions/029-shared-page-cache.md). The server
 * keeps the copies (server/page-cache.ts); a route offers its page for sharing
 * with `sharedPageHeaders` (app/lib/headers.ts).
 */

/** The one cookie that changes a public page for a visitor with no bag: the home page's splash shows once. */
const VARIANT_COOKIE = splashCookie.name;

/** The names of the cookies a Cookie header carries. */
function cookieNames(header: string): string[] {
  return header
    .split(";")
    .map((pair) => pair.split("=", 1)[0]!.trim())
    .filter((name) => name !== "");
}

/**
 * The key of the shared copy a page request may be answered with, or null when
 * the page may be the visitor's own. A visitor with no cookie but splash_seen
 * sees what every such visitor sees: the key is the address (path and query)
 * and whether the splash was seen. Any other cookie (the bag, a staff session,
 * a one-time notice, or one this version does not know) gets a page rendered
 * for them alone.
 */
export async function sharedPageKey(
  pathAndQuery: string,
  cookieHeader: string | undefined,
): Promise<string | null> {
  const names = cookieNames(cookieHeader ?? "");
  if (names.some((name) => name !== VARIANT_COOKIE)) return null;
  const seen =
    names.length > 0 && (await splashCookie.parse(cookieHeader ?? null).catch(() => null)) === true;
  return `${seen ? "seen" : "new"} ${pathAndQuery}`;
}

// Read before every shared page: prepared once (db.server.ts, hotRead).
const readVersion = hotRead((db) =>
  db.selectFrom("shared_pages_version").select("version").where("id", "=", 1),
);
let today: { minute: number; day: string } | undefined;

/**
 * The generation of everything a shared page shows: the UK day (the footer's
 * year; nothing on them may outlive the day it was rendered) and the version
 * the database moves on whenever the catalogue changes (migration 0015), read
 * on every request so every writer and every process is seen at once.
 */
export async function sharedPagesVersion(now: Date = new Date()): Promise<string> {
  const minute = Math.floor(now.getTime() / 60_000);
  if (today?.minute !== minute) today = { minute, day: todayInLondon(now) };
  const [row] = await readVersion();
  return `${today.day}.${row?.version ?? 0}`;
}

/**
 * Moves the shared pages on from inside a change that the catalogue's trigger does not see
 * (the business's details): every kept copy is then stale, in every process.
 */
export async function moveSharedPagesOn(trx: Transaction<DB>): Promise<void> {
  await trx
    .updateTable("shared_pages_version")
    .set((eb) => ({ version: eb("version", "+", 1) }))
    .where("id", "=", 1)
    .execute();
}
