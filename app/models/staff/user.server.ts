import { z } from "zod";
import { checkField } from "~/lib/forms";
import { countRows, db, sameIgnoringCase } from "~/services/db.server";
import { generatePassword, hashPassword, verifyPassword } from "~/services/password.server";
import { endAllStaffSessions, staffName, type StaffUser } from "./staff-session.server";

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_USERNAME_INPUT = 100;
export const MAX_PASSWORD_INPUT = 1024;

/**
 * What a sign-in form or the /api/login body must hold. Shape only: nothing
 * here tells whether the username exists or the password is right.
 */
export const loginSchema = z.object(
  {
    username: z
      .string({ error: "Please enter your username." })
      .trim()
      .min(1, "Please enter your username.")
      .max(MAX_USERNAME_INPUT, `Usernames are at most ${MAX_USERNAME_INPUT} characters.`)
      // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
      .regex(/^[^\u0000-\u001f\u007f]*$/, "The username contains characters that are not allowed."),
    password: z
      .string({ error: "Please enter your password." })
      .min(1, "Please enter your password.")
      .max(MAX_PASSWORD_INPUT, `Passwords are at most ${MAX_PASSWORD_INPUT} characters.`)
      .refine(
        (p) => !p.includes("\u0000"),
        "The password contains a character that is not allowed.",
      ),
  },
  { error: "Please send a username and a password." },
);
/** A new password: 12 to 1,024 characters, no NUL. */
export const newPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Passwords must be at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_INPUT, `Passwords are at most ${MAX_PASSWORD_INPUT} characters.`)
  .refine((p) => !p.includes("\u0000"), "Passwords cannot contain a NUL character.");

function newPasswordProblem(password: string): string | undefined {
  const checked = checkField(newPasswordSchema, password);
  return checked.ok ? undefined : checked.error;
}

async function countUsers(): Promise<number> {
  return countRows(db().selectFrom("users"));
}

export async function createUser(username: string, password: string) {
  const problem = newPasswordProblem(password);
  if (problem) throw new Error(problem);
  const password_hash = await hashPassword(password);
  return db()
    .insertInto("users")
    .values({ username, password_hash })
    .returning(["id", "username"])
    .executeTakeFirstOrThrow();
}

/**
 * On a database with no staff user, creates the first one: from the given
 * credentials, or `admin` with a random password that is returned (and shown
 * once by the caller). Returns undefined when a user already exists.
 */
export async function ensureFirstStaffUser(credentials: { username?: string; password?: string }) {
  if ((await countUsers()) > 0) return undefined;
  const username = credentials.username ?? "admin";
  const generated = credentials.password === undefined;
  const password = credentials.password ?? generatePassword();
  await createUser(username, password);
  return { username, password, generated };
}

export type { StaffUser };

// The hash of a random password nobody knows: a login for an unknown user still costs one check,
// so timing does not tell which field was wrong.
const UNKNOWN_USER_HASH =
  "scrypt$131072$8$1$QA6oJ0KESCCI3wDHDLocTA==$7a1EZr+RIzrzUMwdCQyIXBstdU17P4TB+97d2HR+Iog=";

/** The staff user for these credentials, or undefined. Same work whether or not the user exists. */
export async function verifyStaffLogin(
  username: string,
  password: string,
): Promise<StaffUser | undefined> {
  const row = await db()
    .selectFrom("users")
    .select(["id", "username", "password_hash", "role", "disabled_at", "full_name"])
    .where(sameIgnoringCase("username", username.trim()))
    .executeTakeFirst();
  const ok = await verifyPassword(password, row?.password_hash ?? UNKNOWN_USER_HASH);
  // A disabled account is refused like a wrong password, after the same work.
  return row && ok && row.disabled_at === null
    ? { id: row.id, username: row.username, role: row.role, name: staffName(row) }
    : undefined;
}

/**
 * Changes a staff member's password and ends all their sessions (whoever
 * knew the old password is signed out). False when there is no such user.
 */
export async function setPassword(username: string, password: string): Promise<boolean> {
  const problem = newPasswordProblem(password);
  if (problem) throw new Error(problem);
  const password_hash = await hashPassword(password);
  return db()
    .transaction()
    .execute(async (trx) => {
      const user = await trx
        .updateTable("users")
        .set({ password_hash, updated_at: new Date().toISOString() })
        .where(sameIgnoringCase("username", username))
        .returning("id")
        .executeTakeFirst();
      if (!user) return false;
      await endAllStaffSessions(user.id, trx);
      return true;
    });
}

/** Ends every session of a staff member; the number ended, or undefined when there is no such user. */
export async function signOutEverywhere(username: string): Promise<number | undefined> {
  const user = await db()
    .selectFrom("users")
    .select("id")
    .where(sameIgnoringCase("username", username))
    .executeTakeFirst();
  return user ? endAllStaffSessions(user.id) : undefined;
}
