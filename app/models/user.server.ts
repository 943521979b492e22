import { db } from "~/services/db.server";
import { generatePassword, hashPassword, verifyPassword } from "~/services/password.server";

export const MIN_PASSWORD_LENGTH = 12;

export async function countUsers(): Promise<number> {
  const row = await db()
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
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

export interface StaffUser {
  id: number;
  username: string;
}

export async function getStaffUser(id: number): Promise<StaffUser | undefined> {
  return db()
    .selectFrom("users")
    .select(["id", "username"])
    .where("id", "=", id)
    .executeTakeFirst();
}

// Hashed once: a login for an unknown user still costs one hash, so timing does not tell which field was wrong.
let dummyHash: Promise<string> | undefined;

/** The staff user for these credentials, or undefined. Same work whether or not the user exists. */
export async function verifyStaffLogin(
  username: string,
  password: string,
): Promise<StaffUser | undefined> {
  const row = await db()
    .selectFrom("users")
    .select(["id", "username", "password_hash"])
    .where("username", "=", username.trim())
    .executeTakeFirst();
  dummyHash ??= hashPassword(generatePassword());
  const ok = await verifyPassword(password, row?.password_hash ?? (await dummyHash));
  return row && ok ? { id: row.id, username: row.username } : undefined;
}

export async function setPassword(username: string, password: string): Promise<boolean> {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`Passwords must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  const result = await db()
    .updateTable("users")
    .set({ password_hash: await hashPassword(password), updated_at: new Date().toISOString() })
    .where("username", "=", username)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
