import { describe, expect, it } from "vitest";
import { createTtlCache } from "~/lib/ttl-cache";

describe("createTtlCache", () => {
  it("keeps an answer for its lifetime, then forgets it", () => {
    let clock = 1_000;
    const cache = createTtlCache<string>({ ttlMs: 4_000, max: 10, now: () => clock });
    cache.set("cs_test_a", "open");
    clock += 3_999;
    expect(cache.get("cs_test_a")).toBe("open");
    clock += 1;
    expect(cache.get("cs_test_a")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("holds at most `max` entries, dropping the oldest", () => {
    const clock = 0;
    const cache = createTtlCache<number>({ ttlMs: 60_000, max: 3, now: () => clock });
    for (let i = 1; i <= 5; i++) cache.set(`id${i}`, i);
    expect(cache.size).toBe(3);
    expect(["id1", "id2", "id3", "id4", "id5"].map((k) => cache.get(k))).toEqual([
      undefined,
      undefined,
      3,
      4,
      5,
    ]);
    // Setting a key again makes it the newest.
    cache.set("id3", 33);
    cache.set("id6", 6);
    expect(cache.get("id3")).toBe(33);
    expect(cache.get("id4")).toBeUndefined();
  });
});
