// The test staff user's stored password, hashed as the shop stores every password
// (app/services/password.server.ts: "scrypt$N$r$p$salt$key", the parameters travel with the
// hash) but at N=2^10 instead of 2^17. Sign-in verifies with the parameters it finds, so every
// staff sign-in in a test costs about a millisecond instead of most of a core for half a second:
// the suites no longer wait on scrypt, and a busy machine cannot time them out. New passwords
// (the admin command, password changes) and unknown usernames still cost the real amount.
import crypto from "node:crypto";

export const TEST_HASH_COST = 2 ** 10;

/** @param {string} password */
export function testStaffHash(password) {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password.normalize("NFKC"), salt, 32, {
    N: TEST_HASH_COST,
    r: 8,
    p: 1,
  });
  return ["scrypt", TEST_HASH_COST, 8, 1, salt.toString("base64"), key.toString("base64")].join(
    "$",
  );
}
