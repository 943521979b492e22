import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haulbook } from "../support/cli";
import { startPostgres, type RunningPostgres } from "../support/postgres";
import { freePort, makeDataDir, startServer, STAFF } from "../support/server";
import { signInStaff } from "../support/staff";

/**
 * The built server with DATABASE_URL=postgres://…: it starts (the baseline
 * migration runs, the first staff user is created), answers /healthz, and
 * restarts without migrating again. The demo catalogue is off here to keep
 * this quick; it seeds on PostgreSQL too. What the pages do on PostgreSQL is
 * for the next slices (docs/decisions/016-postgresql.md).
 */

let postgres: RunningPostgres;
let databaseUrl: string;
const dataDir = makeDataDir(false);

async function rows<T>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

const start = (env: Record<string, string> = {}) =>
  startServer({ dataDir, env: { DATABASE_URL: databaseUrl, SEED_DEMO: "false", ...env } });

beforeAll(async () => {
  postgres = await startPostgres();
  databaseUrl = await postgres.createDatabase();
});

afterAll(async () => {
  await postgres?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the shop on PostgreSQL", () => {
  it("starts: migrates, creates the first staff user, answers /healthz, signs staff in", async () => {
    const server = await start();
    try {
      const output = server.output();
      expect(output).toContain("[db] migrated 0006_postgres_baseline");
      expect(output).toContain(`[auth] created staff user ${STAFF.username}`);
      expect(output).toMatch(/\[app\] ready in \d+ ms \(data: PostgreSQL postgres:\/\//);

      const health = await fetch(`${server.url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ ok: true });

      await signInStaff(server);

      expect(await rows("SELECT username FROM users")).toEqual([{ username: STAFF.username }]);
      expect(await rows("SELECT name FROM kysely_migration ORDER BY name")).toEqual([
        { name: "0006_postgres_baseline" },
        { name: "0007_quote_prices" },
        { name: "0008_waste_classes" },
        { name: "0009_job_completions" },
        { name: "0010_manage_links" },
        { name: "0011_cancellations" },
        { name: "0012_changes_and_schedule" },
        { name: "0013_loads_and_fleet" },
        { name: "0014_arrival_windows" },
        { name: "0015_shared_pages" },
        { name: "0016_day_fill_indexes" },
        { name: "0017_refused_payments" },
        { name: "0018_pending_uploads" },
        { name: "0019_site_content" },
        { name: "0020_blog_posts" },
        { name: "0021_more_site_content" },
        { name: "0022_area_surcharges" },
        { name: "0023_payment_links" },
        { name: "0024_inbox" },
        { name: "0025_job_extras" },
        { name: "0026_extras_links_and_banking" },
        { name: "0027_waste_facts" },
        { name: "0028_receiving_sites" },
        { name: "0029_waste_line_weights" },
        { name: "0030_tip_runs" },
        { name: "0031_completion_vehicle" },
        { name: "0032_tip_run_handoff" },
        { name: "0033_waste_line_facts" },
        { name: "0034_staff_roles" },
        { name: "0035_postcode_places" },
        { name: "0036_on_my_way" },
        { name: "0037_vans" },
      ]);
      // No SQLite file appears beside it.
      expect(fs.existsSync(path.join(dataDir, "haulbook.db"))).toBe(false);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it("starts again without migrating or creating anyone", async () => {
    const server = await start();
    try {
      expect(server.output()).not.toContain("[db] migrated");
      expect(server.output()).not.toContain("[auth] created");
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect(await rows("SELECT count(*)::int AS n FROM users")).toEqual([{ n: 1 }]);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it("refuses to start without SESSION_SECRET, which every process must share, and says how to make one", async () => {
    const server = await startServer({
      dataDir: path.join(dataDir, "no-secret"),
      env: { DATABASE_URL: databaseUrl, SESSION_SECRET: "" },
      expectExit: true,
    });
    expect(await server.exited).not.toBe(0);
    expect(server.output()).toContain(
      "cannot start: SESSION_SECRET is required with a PostgreSQL DATABASE_URL",
    );
    expect(server.output()).toContain("openssl rand -base64 32");
    expect(fs.existsSync(path.join(server.dataDir, "session-secret"))).toBe(false);
    expect(fs.existsSync(path.join(server.dataDir, "haulbook.pid"))).toBe(false);
  });

  it("refuses to start when PostgreSQL cannot be reached, naming it without its password", async () => {
    const port = await freePort();
    const server = await startServer({
      dataDir: path.join(dataDir, "unreachable"),
      env: { DATABASE_URL: `postgres://shop:s3cret-pass@127.0.0.1:${port}/haulbook` },
      expectExit: true,
    });
    expect(await server.exited).not.toBe(0);
    expect(server.output()).toContain(
      `cannot start: PostgreSQL postgres://shop:***@127.0.0.1:${port}/haulbook: connect ECONNREFUSED`,
    );
    expect(server.output()).not.toContain("s3cret-pass");
    expect(fs.existsSync(path.join(server.dataDir, "haulbook.pid"))).toBe(false);
  });

  it.each([
    ["backup", [path.join(dataDir, "copy.db")], "pg_dump"],
    ["restore", [path.join(dataDir, "copy.db")], "pg_restore"],
  ])("`%s` says it is for SQLite and changes nothing", (command, args, instead) => {
    const run = haulbook([command, ...args], { dataDir, env: { DATABASE_URL: databaseUrl } });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`\`${command}\` is for SQLite; on PostgreSQL use`);
    expect(run.stderr).toContain(instead);
    expect(fs.existsSync(path.join(dataDir, "copy.db"))).toBe(false);
  });

  it("`migrate` finds PostgreSQL up to date", () => {
    const run = haulbook(["migrate"], { dataDir, env: { DATABASE_URL: databaseUrl } });
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(/PostgreSQL postgres:\/\/.*: already up to date/);
    expect(run.status).toBe(0);
  });

  it("`check` reaches PostgreSQL: its version, its size and no migration pending", () => {
    const run = haulbook(["check"], { dataDir, env: { DATABASE_URL: databaseUrl } });
    expect(run.stdout).toMatch(
      /^ok {3}database: PostgreSQL postgres:\/\/.*, PostgreSQL 1\d\.\d+[^,]*, [\d.]+ [KM]B, 0 migrations pending; back it up with pg_dump$/m,
    );
  });

  it("`check` fails, naming the database, when PostgreSQL cannot be reached", async () => {
    const port = await freePort();
    const run = haulbook(["check"], {
      dataDir,
      env: { DATABASE_URL: `postgres://shop:s3cret-pass@127.0.0.1:${port}/haulbook` },
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      `FAIL database: PostgreSQL postgres://shop:***@127.0.0.1:${port}/haulbook cannot be reached: connect ECONNREFUSED`,
    );
    expect(run.stdout).not.toContain("s3cret-pass");
  });

  // Only with a PostgreSQL of its own: a shared one (TEST_DATABASE_URL) is not stopped.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL?.trim()))(
    "answers /healthz 503 while PostgreSQL is down, and stays up",
    async () => {
      const server = await start();
      try {
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
        await postgres.stop();
        const health = await fetch(`${server.url}/healthz`);
        expect(health.status).toBe(503);
        expect(await health.json()).toEqual({ ok: false });
        expect(server.process.exitCode).toBeNull();
      } finally {
        await server.stop();
      }
    },
  );
});
