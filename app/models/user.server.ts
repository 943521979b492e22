import { db } from "~/services/db.server";
import { generatePassword, hashPassword } from "~/services/password.server";

export const MIN_PASSWORD_LENGTH = 12;

export async function countUsers(): Promise<number> {
  const row = await db().selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function createUser(username: string, password: string) {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`Passwords must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
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
