import { describe, expect, it } from "vitest";
import {
  HASH_QUEUE,
  HASH_SLOTS,
  hashPassword,
  PasswordHashBusy,
  verifyPassword,
} from "~/services/password.server";
import { testStaffHash } from "../support/staff-hash.mjs";

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct-horse-battery");
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword("correct-horse-battery", stored)).toBe(true);
    expect(await verifyPassword("correct-horse-batterz", stored)).toBe(false);
  });

  it("runs two hashes at once, queues eight, and refuses the rest at once", async () => {
    // A stored hash of a lower cost: the slots and the queue are the same whatever a hash costs,
    // and the 14 checks are all asked for before the first can finish.
    const stored = testStaffHash("correct-horse-battery");
    const burst = 14;
    const started = performance.now();
    const refusedAt: number[] = [];
    const results = await Promise.allSettled(
      Array.from({ length: burst }, () =>
        verifyPassword("wrong-password", stored).catch((error: unknown) => {
          refusedAt.push(performance.now() - started);
          throw error;
        }),
      ),
    );
    const checked = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter(
      (r) => r.status === "rejected" && r.reason instanceof PasswordHashBusy,
    );
    expect(checked).toHaveLength(HASH_SLOTS + HASH_QUEUE);
    expect(refused).toHaveLength(burst - HASH_SLOTS - HASH_QUEUE);
    // Refused at once, before any check has run.
    expect(Math.max(...refusedAt)).toBeLessThan(50);
    // Once the queue drains, a new hash is accepted again.
    expect(await verifyPassword("correct-horse-battery", stored)).toBe(true);
  });
});
