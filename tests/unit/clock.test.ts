import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clockAt } from "~/services/clock.server";

describe("the schedule's clock", () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-clock-")), "clock.txt");

  it("reads the test's file at every call", () => {
    fs.writeFileSync(file, "2026-03-28T17:59:00.000Z\n");
    expect(clockAt(file).toISOString()).toBe("2026-03-28T17:59:00.000Z");
    fs.writeFileSync(file, "2026-03-28T18:00:00Z");
    expect(clockAt(file).toISOString()).toBe("2026-03-28T18:00:00.000Z");
  });

  it("is the real time without a file, or when the file is gone", () => {
    const before = Date.now();
    expect(clockAt(undefined).getTime()).toBeGreaterThanOrEqual(before);
    fs.rmSync(file, { force: true });
    expect(clockAt(file).getTime()).toBeGreaterThanOrEqual(before);
  });

  it("refuses a file that holds no time", () => {
    fs.writeFileSync(file, "tomorrow");
    expect(() => clockAt(file)).toThrow(/does not hold an ISO instant/);
  });
});
