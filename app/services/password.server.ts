import crypto from "node:crypto";
import { promisify } from "node:util";
import { workQueue } from "~/lib/work-queue";

/**
 * scrypt with OWASP's floor (N=2^17, r=8, p=1). The parameters travel with
 * the hash so they can be raised later without breaking old hashes.
 */
const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/**
 * At most two hashes run at once (each needs 128 MiB and most of a core for
 * about 0.3 s) and at most eight wait their turn. Anything beyond is refused
 * at once with PasswordHashBusy, so a burst of sign-ins costs neither memory
 * nor a queue that never drains. Every hash goes through here: sign-in,
 * new passwords, the admin command.
 */
export const HASH_SLOTS = 2;
export const HASH_QUEUE = 8;

export class PasswordHashBusy extends Error {
  constructor() {
    super("Password checks are busy");
  }
}

const withHashSlot = workQueue({
  slots: HASH_SLOTS,
  maxWaiting: HASH_QUEUE,
  whenFull: () => new PasswordHashBusy(),
});

const N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
// scrypt needs 128 * N * r bytes; Node's default maxmem (32 MiB) is too small for N=2^17.
const maxmem = (n: number, r: number) => 128 * n * r * 2;

/** A new hash of the password. Throws PasswordHashBusy when too many hashes are under way. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await withHashSlot(() =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r: R, p: P, maxmem: maxmem(N, R) }),
  );
  return ["scrypt", N, R, P, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Whether the password matches the stored hash. Throws PasswordHashBusy when too many are under way. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await withHashSlot(() =>
    scrypt(password.normalize("NFKC"), Buffer.from(salt, "base64"), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: maxmem(Number(n), Number(r)),
    }),
  );
  return crypto.timingSafeEqual(actual, expected);
}

/** A readable random password for the first staff user: 20 characters from an unambiguous alphabet. */
export function generatePassword(length = 20): string {
  const alphabet = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[crypto.randomInt(alphabet.length)];
  return out;
}
