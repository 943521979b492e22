import { describe, expect, it } from "vitest";
import { rows } from "../support/database";
import { makeDataDir, startServer, STAFF, TEST_ENGINE } from "../support/server";

async function countRows(dataDir: string, table: string): Promise<number> {
  return (await rows<{ n: number }>(dataDir, `SELECT count(*) AS n FROM ${table}`))[0]!.n;
}

describe("starting the server", () => {
  it("stops with one clear line when a variable is bad", async () => {
    const server = await startServer({
      env: { PORT: "eighty" },
      fromTemplate: false,
      expectExit: true,
    });
    expect(await server.exited).toBe(1);
    const lines = server.output().trim().split("\n");
    expect(lines).toEqual([
      '[haulbook] cannot start: Invalid PORT ("eighty"): Invalid input: expected number, received NaN',
    ]);
  });

  it("seeds the demo catalogue on an empty database, and a second start seeds nothing", async () => {
    // The template was made by a first start on an empty folder: it holds the catalogue.
    const dataDir = makeDataDir(true);
    const seededCount = await countRows(dataDir, "products");
    expect(seededCount).toBeGreaterThanOrEqual(45);
    const [categories] = await rows<{ n: number }>(
      dataDir,
      "SELECT count(DISTINCT category) AS n FROM products",
    );
    expect(categories!.n).toBe(9);
    // every product has its own image, with WebP variants
    expect(await countRows(dataDir, "images")).toBeGreaterThanOrEqual(seededCount * 4);

    const server = await startServer({ dataDir });
    expect(server.output()).not.toContain("[seed]");
    expect(server.output()).not.toContain("[db] migrated");
    expect(await server.stop()).toBe(0);
    expect(await countRows(dataDir, "products")).toBe(seededCount);
    expect(await countRows(dataDir, "users")).toBe(1);
  });

  it("a new shop's first start takes the demo images the build prepared, and serves them", async () => {
    const server = await startServer({ fromTemplate: false });
    try {
      expect(server.output()).toContain("[seed] added the demo catalogue");
      // Nothing encoded at the start: the build (or the executable) carries every image.
      expect(server.output()).not.toContain("[seed] preparing");
      const page = await fetch(`${server.url}/products`);
      const src = /<img[^>]+src="(\/api\/products\/image\/[^"]+)"/.exec(await page.text())?.[1];
      expect(src).toBeDefined();
      const image = await fetch(`${server.url}${src!.replaceAll("&amp;", "&")}`);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toMatch(/^image\/(webp|png)$/);
      expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1_000);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it("creates admin with a random password printed once when no credentials are given", async () => {
    const server = await startServer({
      fromTemplate: false,
      env: { ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined, SEED_DEMO: "false" },
    });
    const output = server.output();
    if (TEST_ENGINE === "postgres") {
      expect(output).toContain("[db] migrated 0006_postgres_baseline");
    } else {
      expect(output).toContain("[db] migrated 0001_initial");
      expect(output).toContain("[db] migrated 0002_rate_limits");
    }
    expect(output).toMatch(/username: admin\n\s+password: [A-Za-z0-9]{20}\n/);
    expect(output).not.toContain("[seed]");
    expect(await server.stop()).toBe(0);
    expect(await countRows(server.dataDir, "users")).toBe(1);
    expect(await countRows(server.dataDir, "products")).toBe(0);

    const again = await startServer({
      dataDir: server.dataDir,
      env: { ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined, SEED_DEMO: "false" },
    });
    expect(again.output()).not.toContain("password:");
    await again.stop();
  });

  it("keeps the staff user from ADMIN_USERNAME/ADMIN_PASSWORD", async () => {
    // A first start of its own: the template's staff user carries the tests' low-cost hash
    // (tests/support/staff-hash.mjs).
    const server = await startServer({ fromTemplate: false, env: { SEED_DEMO: "false" } });
    expect(await server.stop()).toBe(0);
    const [user] = await rows<{ username: string; password_hash: string }>(
      server.dataDir,
      "SELECT username, password_hash FROM users",
    );
    expect(user!.username).toBe(STAFF.username);
    expect(user!.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(user!.password_hash).not.toContain(STAFF.password);
  });
});
