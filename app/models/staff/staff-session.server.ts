import crypto from "node:crypto";
import type { StaffRole } from "~/lib/staff-roles";
import { isSessionToken } from "~/services/session.server";
import type { Transaction } from "kysely";
import { db, type DB } from "~/services/db.server";

/** A member of staff, as a session carries them. */
export interface StaffUser {
  id: number;
  username: string;
  role: StaffRole;
  /** the name they go by, as the documents they sign print it (the username when none is given) */
  name: string;
}

/** The name a member of staff goes by: the one the owner gave, else the username. */
export const staffName = (user: { username: string; full_name: string }) =>
  user.full_name.trim() || user.username;

/**
 * Staff sessions, kept on the server. The browser holds a random 256-bit
 * token; the database holds only its sha256, so a copy of the database does
 * not sign anyone in. A session ends after 12 hours without a visit, 7 days
 * after sign-in whatever happens, at sign-out, when the password changes, or
 * when an administrator signs the user out everywhere.
 */

export const SESSION_IDLE_MS = 12 * 3600 * 1000;
export const SESSION_LIFETIME_MS = 7 * 24 * 3600 * 1000;
/** A visit renews `seen_at` at most once a minute, so pages do not write on every request. */
const TOUCH_EVERY_MS = 60 * 1000;

export interface StaffSession {
  id: number;
  user: StaffUser;
  createdAt: Date;
  seenAt: Date;
  /** when it ends if there is no further visit */
  expiresAt: Date;
}

/** When a session with these times ends (idle timeout or absolute lifetime, whichever is first). */
export function sessionExpiry(times: { createdAt: Date; seenAt: Date }): Date {
  return new Date(
    Math.min(
      times.seenAt.getTime() + SESSION_IDLE_MS,
      times.createdAt.getTime() + SESSION_LIFETIME_MS,
    ),
  );
}

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Starts a session for the user; returns the token for the cookie (never stored as is). */
export async function createStaffSession(
  userId: number,
  now = new Date(),
): Promise<{ token: string; session: StaffSession }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const at = now.toISOString();
  const row = await db()
    .insertInto("staff_sessions")
    .values({ token_hash: hashToken(token), user_id: userId, created_at: at, seen_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  const user = await db()
    .selectFrom("users")
    .select(["id", "username", "role", "full_name"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow()
    .then((row) => ({ id: row.id, username: row.username, role: row.role, name: staffName(row) }));
  const times = { createdAt: now, seenAt: now };
  return { token, session: { id: row.id, user, ...times, expiresAt: sessionExpiry(times) } };
}

/**
 * The live session for this token, renewed by this visit; undefined when
 * there is none or it has ended (an ended one is deleted).
 */
export async function findStaffSession(
  token: string,
  now = new Date(),
): Promise<StaffSession | undefined> {
  if (!isSessionToken(token)) return undefined;
  const row = await db()
    .selectFrom("staff_sessions")
    .innerJoin("users", "users.id", "staff_sessions.user_id")
    .select([
      "staff_sessions.id",
      "staff_sessions.created_at",
      "staff_sessions.seen_at",
      "users.id as user_id",
      "users.username",
      "users.role",
      "users.full_name",
    ])
    .where("staff_sessions.token_hash", "=", hashToken(token))
    // A disabled account's sessions end with it (disableStaff deletes them too).
    .where("users.disabled_at", "is", null)
    .executeTakeFirst();
  if (!row) return undefined;
  const createdAt = new Date(row.created_at);
  let seenAt = new Date(row.seen_at);
  if (sessionExpiry({ createdAt, seenAt }) <= now) {
    await db().deleteFrom("staff_sessions").where("id", "=", row.id).execute();
    return undefined;
  }
  if (now.getTime() - seenAt.getTime() >= TOUCH_EVERY_MS) {
    seenAt = now;
    await db()
      .updateTable("staff_sessions")
      .set({ seen_at: now.toISOString() })
      .where("id", "=", row.id)
      .execute();
  }
  return {
    id: row.id,
    user: {
      id: row.user_id,
      username: row.username,
      role: row.role,
      name: staffName({ username: row.username, full_name: row.full_name }),
    },
    createdAt,
    seenAt,
    expiresAt: sessionExpiry({ createdAt, seenAt }),
  };
}

/** Ends the session with this token (sign-out). */
export async function endStaffSession(token: string): Promise<void> {
  if (!isSessionToken(token)) return;
  await db().deleteFrom("staff_sessions").where("token_hash", "=", hashToken(token)).execute();
}

/** Ends every session of a user; returns how many were open. */
export async function endAllStaffSessions(
  userId: number,
  executor: Transaction<DB> | ReturnType<typeof db> = db(),
): Promise<number> {
  const result = await executor
    .deleteFrom("staff_sessions")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Forgets sessions that have ended without a sign-out. */
export async function pruneStaffSessions(now = new Date()): Promise<void> {
  await db()
    .deleteFrom("staff_sessions")
    .where((eb) =>
      eb.or([
        eb("seen_at", "<=", new Date(now.getTime() - SESSION_IDLE_MS).toISOString()),
        eb("created_at", "<=", new Date(now.getTime() - SESSION_LIFETIME_MS).toISOString()),
      ]),
    )
    .execute();
}
