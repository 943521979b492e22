import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { sql, type Migration } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "~/services/db.server";
import { migrations } from "../../migrations";
import { haulbook, haulbookAsync } from "../support/cli";
import { COMMAND_PREFIX } from "../support/program";
import { makeDataDir, startServer, type RunningServer } from "../support/server";
import { postSignIn } from "../support/staff";

/**
 * Backups taken while the shop is busy, putting one back, and upgrading an
 * older database, against the real built server and commands.
 */

const emptyFolder = () => fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-backups-"));
const sha256 = (file: string) =>
  crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");

function query<T>(file: string, text: string, ...args: unknown[]): T[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(text).all(...args) as T[];
  } finally {
    db.close();
  }
}
const countOf = (file: string, text: string, ...args: unknown[]) =>
  query<{ n: number }>(file, `SELECT count(*) AS n FROM ${text}`, ...args)[0]!.n;

async function staffApi(server: RunningServer) {
  const res = await postSignIn(server, { via: "api", from: "203.0.113.77" });
  expect(res.status).toBe(200);
  const pairs = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
  const xsrf = pairs.find((p) => p.startsWith("XSRF-TOKEN="))!.slice("XSRF-TOKEN=".length);
  const cookie = pairs.join("; ");
  return {
    book: (fullName: string) =>
      fetch(`${server.url}/api/orders/custom-order`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json", "x-xsrf-token": xsrf },
        body: JSON.stringify({
          full_name: fullName,
          email: "burst@example.com",
          phone_number: "07700 900555",
          address_1: "4 Mill Lane",
          town: "Derby",
          postcode: "DA1 1AA",
          order_price: 70,
          payment_method: "cash_payment",
        }),
      }),
    orders: async (name: string) => {
      const res = await fetch(`${server.url}/api/orders?name=${encodeURIComponent(name)}`, {
        headers: { cookie },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { billing: { full_name: string } }[]).map(
        (o) => o.billing.full_name,
      );
    },
  };
}

describe("a backup while the shop is taking bookings", () => {
  it("is a consistent copy: every booking whole, none half-written", async () => {
    const server = await startServer();
    const live = path.join(server.dataDir, "haulbook.db");
    try {
      const staff = await staffApi(server);
      const initial = countOf(live, "orders");
      let stop = false;
      let created = 0;
      const failures: number[] = [];
      // Eight clients booking as fast as the server answers, until told to stop.
      const writers = Array.from({ length: 8 }, async (_, w) => {
        for (let i = 0; !stop; i++) {
          const res = await staff.book(`Burst ${w}-${i}`);
          if (res.status === 201) created += 1;
          else failures.push(res.status);
          await res.arrayBuffer();
        }
      });
      const waitFor = async (n: number) => {
        const deadline = Date.now() + 30_000;
        while (created < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
        expect(created).toBeGreaterThanOrEqual(n);
      };
      await waitFor(20);

      const folder = emptyFolder();
      const copies: { file: string; reported: number; during: [number, number] }[] = [];
      for (let i = 0; i < 3; i++) {
        const startedAt = countOf(live, "orders");
        const run = await haulbookAsync(["backup", path.join(folder, `busy-${i}.db`)], {
          dataDir: server.dataDir,
        });
        const endedAt = countOf(live, "orders");
        expect(run.stderr).toBe("");
        expect(run.status).toBe(0);
        const reported = Number(/; orders (\d+),/.exec(run.stdout)?.[1]);
        copies.push({
          file: path.join(folder, `busy-${i}.db`),
          reported,
          during: [startedAt, endedAt],
        });
      }
      // Keep writing a little after the last copy, then stop.
      await waitFor(created + 10);
      stop = true;
      await Promise.all(writers);
      expect(failures).toEqual([]);
      const final = countOf(live, "orders");
      expect(final).toBe(initial + created);

      for (const { file, reported, during } of copies) {
        expect(query(file, "PRAGMA integrity_check")).toEqual([{ integrity_check: "ok" }]);
        expect(query(file, "PRAGMA foreign_key_check")).toEqual([]);
        const orders = countOf(file, "orders");
        // The count printed is the count in the file, taken while bookings kept arriving.
        expect(orders).toBe(reported);
        expect(orders).toBeGreaterThanOrEqual(during[0]);
        expect(orders).toBeLessThanOrEqual(during[1]);
        expect(orders).toBeGreaterThan(initial);
        expect(orders).toBeLessThan(final);
        // Each booking is an order and its "created" event, written in one transaction: both or neither.
        expect(
          countOf(
            file,
            "orders o WHERE NOT EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.field = 'created')",
          ),
        ).toBe(0);
        expect(countOf(file, "order_events WHERE field = 'created'")).toBe(
          countOf(live, "order_events WHERE field = 'created' AND order_id <= ?", maxId(file)),
        );
        // The copy opens as a database of its own, with no write-ahead log beside it.
        expect(fs.existsSync(`${file}-wal`)).toBe(false);
      }

      // The last copy, restored into a new data folder, is the live shop's orders up to that moment.
      const { file: lastCopy } = copies.at(-1)!;
      const restoredDir = makeDataDir(false);
      const restored = haulbook(["restore", lastCopy], { dataDir: restoredDir });
      expect(restored.status).toBe(0);
      const ordersOf = (db: string, upTo: number) =>
        query(db, "SELECT id, full_name, total_pence FROM orders WHERE id <= ? ORDER BY id", upTo);
      const restoredDb = path.join(restoredDir, "haulbook.db");
      const upTo = maxId(lastCopy);
      expect(ordersOf(restoredDb, upTo)).toEqual(ordersOf(live, upTo));
      const [newest] = query<{ full_name: string }>(
        restoredDb,
        "SELECT full_name FROM orders ORDER BY id DESC LIMIT 1",
      );
      const reopened = await startServer({ dataDir: restoredDir });
      try {
        const restoredStaff = await staffApi(reopened);
        expect(await restoredStaff.orders(newest!.full_name)).toEqual([newest!.full_name]);
      } finally {
        await reopened.stop();
      }
    } finally {
      await server.stop();
    }
  }, 90_000);
});

const maxId = (file: string) =>
  query<{ id: number }>(file, "SELECT max(id) AS id FROM orders")[0]!.id;

describe("restore", () => {
  it("is refused while the shop runs, then puts the backup back and keeps what was there", async () => {
    const server = await startServer();
    const dataDir = server.dataDir;
    const live = path.join(dataDir, "haulbook.db");
    const pidFile = path.join(dataDir, "haulbook.pid");
    const backup = path.join(emptyFolder(), "before.db");
    try {
      expect(fs.readFileSync(pidFile, "utf8")).toBe(`${server.process.pid}\n`);
      const staff = await staffApi(server);
      expect((await staff.book("Kept Customer")).status).toBe(201);
      const made = await haulbookAsync(["backup", backup], { dataDir });
      expect(made.status).toBe(0);
      expect((await staff.book("Later Customer")).status).toBe(201);

      const refused = await haulbookAsync(["restore", backup], { dataDir });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toBe(
        `Refused: the shop is running on ${dataDir} (pid ${server.process.pid}). ` +
          "Stop it first (for example: systemctl stop haulbook), then run the restore again. Nothing was changed.\n",
      );
      expect(await staff.orders("Later Customer")).toEqual(["Later Customer"]);
      expect(fs.readdirSync(dataDir).filter((f) => f.includes("before-restore"))).toEqual([]);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(fs.existsSync(pidFile)).toBe(false);

    // A pid file left by a server that died (kill -9) does not block a restore.
    const dead = spawnSync(process.execPath, ["-e", ""]).pid;
    fs.writeFileSync(pidFile, `${dead}\n`);
    const run = haulbook(["restore", backup], { dataDir });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(
      new RegExp(
        `^Restored ${backup} into ${live} \\(orders \\d+, quotes \\d+, products \\d+\\)\\.$`,
      ),
    );
    const kept = /^The database that was there is kept as (\S+)\.$/.exec(lines[1]!)?.[1] ?? "";
    expect(path.dirname(kept)).toBe(dataDir);
    expect(path.basename(kept)).toMatch(/^haulbook\.db\.before-restore-\d{8}-\d{6}$/);
    expect(lines.slice(2)).toEqual([
      "Migrations: up to date.",
      "Start the shop again (for example: systemctl start haulbook).",
    ]);
    // Nothing is lost: the database that was there, with the later booking, is whole beside it.
    expect(countOf(kept, "orders WHERE full_name = 'Later Customer'")).toBe(1);
    expect(query(kept, "PRAGMA integrity_check")).toEqual([{ integrity_check: "ok" }]);
    expect(fs.existsSync(`${live}-wal`)).toBe(false);
    expect(fs.statSync(live).mode & 0o777).toBe(0o600);

    const again = await startServer({ dataDir });
    try {
      const staff = await staffApi(again);
      expect(await staff.orders("Kept Customer")).toEqual(["Kept Customer"]);
      expect(await staff.orders("Later Customer")).toEqual([]);
    } finally {
      await again.stop();
    }
  }, 90_000);

  it("refuses a file that is not a Haulbook backup, or is from a newer version, and changes nothing", () => {
    const dataDir = makeDataDir(true);
    const live = path.join(dataDir, "haulbook.db");
    const before = sha256(live);
    const listing = fs.readdirSync(dataDir).sort();
    const folder = emptyFolder();

    const text = path.join(folder, "notes.db");
    fs.writeFileSync(text, "these are not the orders you are looking for\n".repeat(200));
    const other = path.join(folder, "other-app.db");
    const db = new Database(other);
    db.exec("CREATE TABLE things (id INTEGER PRIMARY KEY); INSERT INTO things VALUES (1)");
    db.close();
    const newer = path.join(folder, "newer.db");
    expect(haulbook(["backup", newer], { dataDir }).status).toBe(0);
    const n = new Database(newer);
    n.prepare("INSERT INTO kysely_migration (name, timestamp) VALUES ('0099_vans', ?)").run(
      new Date().toISOString(),
    );
    n.close();

    const cases: [string, string][] = [
      [text, `Refused: ${text}: it is not an SQLite database. Nothing was changed.`],
      [
        other,
        `Refused: ${other}: it is not a Haulbook database (it has no kysely_migration table). Nothing was changed.`,
      ],
      [
        newer,
        `Refused: ${newer} was made by a newer Haulbook (migration 0099_vans is unknown to this version). Restore it with that version. Nothing was changed.`,
      ],
      [
        path.join(folder, "missing.db"),
        `Refused: ${path.join(folder, "missing.db")} is not a file. Nothing was changed.`,
      ],
    ];
    for (const [file, message] of cases) {
      const run = haulbook(["restore", file], { dataDir });
      expect(run.status).toBe(1);
      expect(run.stderr).toBe(`${message}\n`);
      expect(sha256(live)).toBe(before);
      expect(fs.readdirSync(dataDir).sort()).toEqual(listing);
    }
  });
});

describe("an upgrade from an older version", () => {
  it("is brought to the latest migration on start, after a backup the owner can restore", async () => {
    const dataDir = makeDataDir(false);
    const live = path.join(dataDir, "haulbook.db");
    // The database as a version that shipped 0001-0003 left it, with a booking in it.
    const older: Record<string, Migration> = Object.fromEntries(
      Object.entries(migrations).filter(([name]) => name <= "0003_order_search_indexes"),
    );
    const connection = openDatabase(live);
    await migrateToLatest(connection, { provider: { getMigrations: async () => older } });
    await sql`INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode,
        collection_date, status, payment_method, total_pence, source)
      VALUES ('Old Customer', 'old@example.com', '07700 900123', '1 High St', 'Leeds', 'SE1 1AA',
        '2026-12-01', 'pending', 'cash_payment', 4500, 'manual')`.execute(connection.db);
    await connection.db.destroy();

    // No demo catalogue: the upgrade is the point here, not the seeding.
    const server = await startServer({ dataDir, env: { SEED_DEMO: "false" } });
    let output: string;
    try {
      output = server.output();
      const staff = await staffApi(server);
      expect(await staff.orders("Old Customer")).toEqual(["Old Customer"]);
    } finally {
      await server.stop();
    }
    const backups = fs.readdirSync(path.join(dataDir, "backups"));
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatch(/^before-0004_payments-\d{8}-\d{6}\.db$/);
    const copy = path.join(dataDir, "backups", backups[0]!);
    expect(output).toContain(`[db] before migrating, wrote a backup: ${copy} (`);
    expect(output).toContain(`${COMMAND_PREFIX} restore ${copy}`);
    expect(output).toMatch(
      /\[db\] migrated 0004_payments\n\[db\] migrated 0005_staff_sessions\n\[db\] migrated 0006_hardening_payments\n\[db\] migrated 0007_quote_prices\n\[db\] migrated 0008_waste_classes\n\[db\] migrated 0009_job_completions\n\[db\] migrated 0010_manage_links\n\[db\] migrated 0011_cancellations\n\[db\] migrated 0012_changes_and_schedule\n\[db\] migrated 0013_loads_and_fleet\n\[db\] migrated 0014_arrival_windows\n\[db\] migrated 0015_shared_pages\n\[db\] migrated 0016_day_fill_indexes\n\[db\] migrated 0017_refused_payments\n\[db\] migrated 0018_pending_uploads\n\[db\] migrated 0019_site_content\n\[db\] migrated 0020_blog_posts\n\[db\] migrated 0021_more_site_content\n\[db\] migrated 0022_area_surcharges\n\[db\] migrated 0023_payment_links\n\[db\] migrated 0024_inbox\n\[db\] migrated 0025_job_extras\n\[db\] migrated 0026_extras_links_and_banking\n\[db\] migrated 0027_waste_facts\n\[db\] migrated 0028_receiving_sites\n\[db\] migrated 0029_waste_line_weights\n\[db\] migrated 0030_tip_runs\n\[db\] migrated 0031_completion_vehicle\n\[db\] migrated 0032_tip_run_handoff\n\[db\] migrated 0033_waste_line_facts\n\[db\] migrated 0034_staff_roles\n\[db\] migrated 0035_postcode_places\n\[db\] migrated 0036_on_my_way\n\[db\] migrated 0037_vans\n/,
    );
    expect(output.indexOf("before migrating")).toBeLessThan(output.indexOf("migrated 0004"));

    expect(query(live, "SELECT name FROM kysely_migration ORDER BY name")).toHaveLength(37);
    expect(query(copy, "SELECT name FROM kysely_migration ORDER BY name")).toEqual([
      { name: "0001_initial" },
      { name: "0002_rate_limits" },
      { name: "0003_order_search_indexes" },
    ]);
    expect(countOf(copy, "orders WHERE full_name = 'Old Customer'")).toBe(1);
    expect(fs.statSync(copy).mode & 0o777).toBe(0o600);

    // A second start has nothing to migrate and writes no further copy.
    const second = await startServer({ dataDir, env: { SEED_DEMO: "false" } });
    await second.stop();
    expect(second.output()).not.toContain("before migrating");
    expect(fs.readdirSync(path.join(dataDir, "backups"))).toHaveLength(1);
  }, 90_000);
});
