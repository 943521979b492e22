import { db, sameIgnoringCase } from "~/services/db.server";
import { lockKeys } from "~/services/dialect.server";
import { PasswordHashBusy } from "~/services/password.server";
import { rateLimitLock, releaseAttempt, retryAfterText } from "../shop/rate-limit.server";
import { verifyStaffLogin, type StaffUser } from "./user.server";

/**
 * Staff sign-in throttling: which attempts get a password check at all.
 *
 * - An address gets 5 attempts per 15 minutes (failures and attempts still
 *   being checked); then it waits for the oldest to leave the window.
 * - A username gets 5 attempts per 15 minutes from anywhere for free; after
 *   that each attempt must wait 1 s, 2 s, 4 s … (at most a minute) after the
 *   last one. A stranger can slow a username down but never lock it.
 * - An address the staff member has signed in from before (in the last 90
 *   days) skips the username wait, so the right password from the office or
 *   the van still works while the username is being guessed elsewhere.
 *
 * Attempts are counted before the password check starts and a successful one
 * is handed back, so a burst of parallel requests cannot slip past the limit.
 */

export const LOGIN_FAILED_MESSAGE = "Invalid username or password";
export const LOGIN_BUSY_MESSAGE = "Sign-in is busy right now. Please try again in a few seconds.";

export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perAddress: 5,
  freeUsernameAttempts: 5,
  firstDelayMs: 1000,
  maxDelayMs: 60 * 1000,
  knownSourceMs: 90 * 24 * 3600 * 1000,
  busyRetrySeconds: 5,
} as const;

export interface LoginFacts {
  /** when each counted attempt from this address started */
  addressAttempts: Date[];
  /** when each counted attempt for this username started, from any address */
  usernameAttempts: Date[];
  /** this address has signed in as this username before */
  knownSource: boolean;
}

export type LoginDecision =
  { allowed: true } | { allowed: false; reason: "address" | "username"; retryAfterSeconds: number };

/** How long after the last attempt a username must wait, given its counted attempts. */
export function usernameDelayMs(attempts: number): number {
  const over = attempts - LOGIN_LIMITS.freeUsernameAttempts;
  if (over < 0) return 0;
  return Math.min(LOGIN_LIMITS.maxDelayMs, LOGIN_LIMITS.firstDelayMs * 2 ** over);
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The one rule: may this attempt have its password checked now? Pure; `now` is the clock. */
export function loginDecision(facts: LoginFacts, now: Date): LoginDecision {
  const since = now.getTime() - LOGIN_LIMITS.windowMs;
  const inWindow = (dates: Date[]) =>
    dates
      .map((d) => d.getTime())
      .filter((t) => t > since)
      .sort((a, b) => a - b);

  const address = inWindow(facts.addressAttempts);
  if (address.length >= LOGIN_LIMITS.perAddress) {
    return {
      allowed: false,
      reason: "address",
      // Until enough of them have left the window to bring the count below the limit.
      retryAfterSeconds: seconds(
        address[address.length - LOGIN_LIMITS.perAddress]! + LOGIN_LIMITS.windowMs - now.getTime(),
      ),
    };
  }
  if (facts.knownSource) return { allowed: true };

  const username = inWindow(facts.usernameAttempts);
  const delay = usernameDelayMs(username.length);
  const wait = delay > 0 ? username.at(-1)! + delay - now.getTime() : 0;
  if (wait > 0) return { allowed: false, reason: "username", retryAfterSeconds: seconds(wait) };
  return { allowed: true };
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const when = retryAfterSeconds === 1 ? "in 1 second" : retryAfterText(retryAfterSeconds);
  return `Too many failed sign-in attempts. Please try again ${when}.`;
}

const addressBucket = (address: string) => `login:ip:${address}`;
const usernameBucket = (username: string) => `login:user:${username.trim().toLowerCase()}`;

type Reservation =
  | { allowed: true; attemptIds: number[] }
  | { allowed: false; reason: "address" | "username"; retryAfterSeconds: number };

/**
 * Decides and, when allowed, counts the attempt for the address and the
 * username, in one transaction holding both buckets' locks, so reservations
 * for the same address or username (in this process or another) take turns.
 */
export async function reserveLoginAttempt(
  username: string,
  address: string,
  now: Date,
): Promise<Reservation> {
  const buckets = { address: addressBucket(address), username: usernameBucket(username) };
  return db()
    .transaction()
    .execute(async (trx) => {
      await lockKeys(trx, [rateLimitLock(buckets.address), rateLimitLock(buckets.username)]);
      const since = new Date(now.getTime() - LOGIN_LIMITS.windowMs).toISOString();
      const events = await trx
        .selectFrom("rate_limit_events")
        .select(["bucket", "created_at"])
        .where("bucket", "in", [buckets.address, buckets.username])
        .where("created_at", ">", since)
        .execute();
      const known = await trx
        .selectFrom("staff_login_sources")
        .innerJoin("users", "users.id", "staff_login_sources.user_id")
        .select("staff_login_sources.user_id")
        .where(sameIgnoringCase("users.username", username.trim()))
        .where("staff_login_sources.address", "=", address)
        .where(
          "staff_login_sources.last_seen_at",
          ">",
          new Date(now.getTime() - LOGIN_LIMITS.knownSourceMs).toISOString(),
        )
        .executeTakeFirst();
      const datesOf = (bucket: string) =>
        events.filter((e) => e.bucket === bucket).map((e) => new Date(e.created_at));
      const decision = loginDecision(
        {
          addressAttempts: datesOf(buckets.address),
          usernameAttempts: datesOf(buckets.username),
          knownSource: known !== undefined,
        },
        now,
      );
      if (!decision.allowed) return decision;
      const rows = await trx
        .insertInto("rate_limit_events")
        .values([
          { bucket: buckets.address, created_at: now.toISOString() },
          { bucket: buckets.username, created_at: now.toISOString() },
        ])
        .returning("id")
        .execute();
      return { allowed: true as const, attemptIds: rows.map((r) => r.id) };
    });
}

/** Remembers that this staff member signed in from this address. */
export async function rememberLoginSource(
  userId: number,
  address: string,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db()
    .insertInto("staff_login_sources")
    .values({ user_id: userId, address, first_seen_at: at, last_seen_at: at })
    .onConflict((oc) => oc.columns(["user_id", "address"]).doUpdateSet({ last_seen_at: at }))
    .execute();
}

export type LoginOutcome =
  | { ok: true; user: StaffUser }
  | { ok: false; status: 401; message: string }
  | { ok: false; status: 429 | 503; message: string; retryAfterSeconds: number };

/**
 * A staff sign-in attempt from an address: throttled, then the password
 * checked. Failures stay counted; a success is handed back and its address
 * remembered as a known source for that staff member.
 */
export async function attemptLogin(
  credentials: { username: string; password: string },
  clientAddress: string,
  now = new Date(),
): Promise<LoginOutcome> {
  const address = clientAddress.slice(0, 100) || "unknown";
  const reservation = await reserveLoginAttempt(credentials.username, address, now);
  if (!reservation.allowed) {
    return {
      ok: false,
      status: 429,
      message: tooManyAttemptsMessage(reservation.retryAfterSeconds),
      retryAfterSeconds: reservation.retryAfterSeconds,
    };
  }
  const handBack = () => Promise.all(reservation.attemptIds.map((id) => releaseAttempt(id)));
  let user: StaffUser | undefined;
  try {
    user = await verifyStaffLogin(credentials.username, credentials.password);
  } catch (error) {
    // No password was checked: the attempt does not count.
    await handBack();
    if (!(error instanceof PasswordHashBusy)) throw error;
    return {
      ok: false,
      status: 503,
      message: LOGIN_BUSY_MESSAGE,
      retryAfterSeconds: LOGIN_LIMITS.busyRetrySeconds,
    };
  }
  if (!user) return { ok: false, status: 401, message: LOGIN_FAILED_MESSAGE };
  await handBack();
  await rememberLoginSource(user.id, address, now);
  return { ok: true, user };
}
