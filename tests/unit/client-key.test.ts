import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let clientKeyOf: (ip: string) => string;
const saved = { DATA_DIR: process.env.DATA_DIR, SESSION_SECRET: process.env.SESSION_SECRET };
beforeAll(async () => {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-client-key-"));
  process.env.SESSION_SECRET = "a-test-secret-that-is-long-enough-0123456789";
  ({ clientKeyOf } = await import("~/models/checkout/checkout.server"));
});
afterAll(() => {
  for (const [name, value] of Object.entries(saved))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
});

describe("clientKeyOf: the address an order counts against, never stored as such", () => {
  it("is a short keyed hash that does not contain the address", () => {
    const key = clientKeyOf("203.0.113.9");
    expect(key).toMatch(/^[\w-]{22}$/);
    expect(key).not.toContain("203");
    expect(clientKeyOf("203.0.113.9")).toBe(key);
    expect(clientKeyOf("203.0.113.10")).not.toBe(key);
  });

  it("treats an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(clientKeyOf("::ffff:203.0.113.9")).toBe(clientKeyOf("203.0.113.9"));
  });

  it("counts IPv6 addresses by their /64, however they are written", () => {
    const home = clientKeyOf("2001:db8:1:2::1");
    expect(clientKeyOf("2001:0db8:0001:0002:ffff:eeee:dddd:cccc")).toBe(home);
    expect(clientKeyOf("2001:DB8:1:2:0:0:0:99")).toBe(home);
    expect(clientKeyOf("2001:db8:1:3::1")).not.toBe(home);
    expect(clientKeyOf("::1")).not.toBe(home);
  });
});
