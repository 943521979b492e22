import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ConfigError,
  describeDatabase,
  loadConfig,
  parseEnv,
  parseTrustProxy,
} from "~/services/config.server";

describe("configuration", () => {
  it("uses the documented defaults when nothing is set", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.SEED_DEMO).toBeUndefined();
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["SESSION_SECRET", "short"],
    ["ADMIN_PASSWORD", "tooshort"],
    ["SMTP_URL", "http://mail.example.com"],
    ["BUSINESS_EMAIL", "not-an-email"],
    ["WASTE_CARRIER_LICENCE", "ABC123"],
    ["STRIPE_SECRET_KEY", "pk_test_123"],
    ["SEED_DEMO", "maybe"],
    ["DATABASE_URL", "mysql://db.example.com/shop"],
    ["DATABASE_URL", "postgres:db.example.com/shop"],
    ["DATABASE_URL", "postgres://db.example.com:notaport/shop"],
    ["DATABASE_URL", "./data/haulbook.db"],
    ["DATABASE_POOL_SIZE", "0"],
    ["DATABASE_POOL_SIZE", "101"],
    ["DATABASE_POOL_SIZE", "2.5"],
    ["DATABASE_POOL_SIZE", "many"],
    ["PUBLIC_URL", "ftp://example.com"],
    ["HOST", "example.com; rm -rf /"],
    ["TRUST_PROXY", "*"],
    ["VAT_NUMBER", "123456789"],
    ["VAT_NUMBER", "GB12345678"],
    ["VAT_NUMBER", "GB1234567890"],
    ["VAT_NUMBER", "GBGD12"],
    ["VAT_NUMBER", "GBHA1234"],
    ["VAT_NUMBER", "XI123456789"],
    ["VAT_NUMBER", "GB 123 456 78X"],
  ])("rejects %s=%s with a message naming the variable", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(ConfigError);
    try {
      parseEnv({ [name]: value });
    } catch (error) {
      const message = (error as Error).message;
      expect(message.split("\n")).toHaveLength(1);
      expect(message).toContain(`Invalid ${name}`);
    }
  });

  it.each([
    [undefined, "loopback"],
    ["false", false],
    ["true", true],
    ["1", 1],
    ["loopback, 10.0.0.0/8", "loopback, 10.0.0.0/8"],
  ])("reads TRUST_PROXY=%s as Express's trust proxy %s", (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it.each([
    [undefined, ""],
    ["", ""],
    ["  ", ""],
    ["GB123456789", "GB123456789"],
    ["GB 123 4567 89", "GB123456789"],
    ["gb123456789", "GB123456789"],
    ["GB123456789012", "GB123456789012"],
    ["GBGD001", "GBGD001"],
    ["gbha 599", "GBHA599"],
  ])("reads VAT_NUMBER=%j as %j", (value, expected) => {
    expect(parseEnv({ VAT_NUMBER: value }).VAT_NUMBER).toBe(expected);
  });

  it("names the variable and an example for a bad VAT_NUMBER", () => {
    expect(() => parseEnv({ VAT_NUMBER: "GB12" })).toThrow(
      /^Invalid VAT_NUMBER \("GB12"\): .*GB123456789/,
    );
  });

  it("reads booleans and blank values the way people write them", () => {
    expect(parseEnv({ SEED_DEMO: "false" }).SEED_DEMO).toBe(false);
    expect(parseEnv({ SEED_DEMO: "1" }).SEED_DEMO).toBe(true);
    expect(parseEnv({ SMTP_URL: "" }).SMTP_URL).toBeUndefined();
  });

  it.each([
    [undefined, undefined, { engine: "sqlite", file: "haulbook.db" }],
    ["file:other.db", undefined, { engine: "sqlite", file: "other.db" }],
    [
      "postgres://shop:secret@db.example.com:5432/haulbook",
      undefined,
      {
        engine: "postgres",
        url: "postgres://shop:secret@db.example.com:5432/haulbook",
        poolSize: 10,
      },
    ],
    [
      "postgresql://shop@10.0.0.5/haulbook?sslmode=require",
      "25",
      {
        engine: "postgres",
        url: "postgresql://shop@10.0.0.5/haulbook?sslmode=require",
        poolSize: 25,
      },
    ],
    [
      "postgres:///haulbook?host=/var/run/postgresql",
      "1",
      { engine: "postgres", url: "postgres:///haulbook?host=/var/run/postgresql", poolSize: 1 },
    ],
    ["postgres://db/shop", "100", { engine: "postgres", url: "postgres://db/shop", poolSize: 100 }],
  ])("reads DATABASE_URL=%s (DATABASE_POOL_SIZE=%s) as %o", (url, poolSize, expected) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-config-"));
    const cfg = loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: "x".repeat(40),
      DATABASE_URL: url === "file:other.db" ? `file:${dataDir}/other.db` : url,
      DATABASE_POOL_SIZE: poolSize,
    });
    if ("file" in expected) {
      const file = path.join(dataDir, expected.file);
      expect(cfg.database).toEqual({ engine: "sqlite", path: file });
      expect(cfg.databasePath).toBe(file);
    } else {
      expect(cfg.database).toEqual(expected);
      expect(cfg.databasePath).toBeUndefined();
      // Nothing is created for SQLite when the data is elsewhere.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    }
  });

  it("never shows a PostgreSQL password in the database's description", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-config-"));
    const cfg = loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: "x".repeat(40),
      DATABASE_URL: "postgres://shop:hunter2hunter2@db.example.com/haulbook",
    });
    const text = describeDatabase(cfg.database);
    expect(text).not.toContain("hunter2");
    expect(text).toContain("db.example.com/haulbook");
    expect(describeDatabase({ engine: "sqlite", path: "/srv/shop/haulbook.db" })).toBe(
      "/srv/shop/haulbook.db",
    );
  });

  it("creates DATA_DIR and keeps a generated session secret across starts", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-config-"));
    const dataDir = path.join(root, "nested", "data");
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(fs.existsSync(dataDir)).toBe(true);
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(fs.readFileSync(path.join(dataDir, "session-secret"), "utf8").trim()).toBe(
      first.sessionSecret,
    );
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(second.databasePath).toBe(path.join(dataDir, "haulbook.db"));
  });

  it("prefers SESSION_SECRET and DATABASE_URL when they are given", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-config-"));
    const cfg = loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: "x".repeat(40),
      DATABASE_URL: `file:${dataDir}/other.db`,
      WASTE_CARRIER_LICENCE: "cbdu123456",
    });
    expect(cfg.sessionSecret).toBe("x".repeat(40));
    expect(cfg.databasePath).toBe(path.join(dataDir, "other.db"));
    expect(cfg.startingBusiness.wasteCarrierLicence).toBe("CBDU123456");
    expect(cfg.startingBusiness.vatNumber).toBe("");
    expect(fs.existsSync(path.join(dataDir, "session-secret"))).toBe(false);
  });

  it("honours TEST_CLOCK_FILE only under NODE_ENV=test", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-config-"));
    const base = { DATA_DIR: dataDir, SESSION_SECRET: "x".repeat(40) };
    for (const NODE_ENV of ["production", "development"])
      expect(() => loadConfig({ ...base, NODE_ENV, TEST_CLOCK_FILE: "/tmp/clock.txt" })).toThrow(
        "Invalid TEST_CLOCK_FILE: it is only honoured when NODE_ENV=test",
      );
    expect(
      loadConfig({ ...base, NODE_ENV: "test", TEST_CLOCK_FILE: "/tmp/clock.txt" }).testClockFile,
    ).toBe("/tmp/clock.txt");
    expect(loadConfig({ ...base, NODE_ENV: "production" }).testClockFile).toBeUndefined();
  });
});
