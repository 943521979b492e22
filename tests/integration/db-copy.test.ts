import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeConnection, migrateToLatest, openDatabase } from "~/services/db.server";
import { haulbook } from "../support/cli";
import { startPostgres, type RunningPostgres } from "../support/postgres";
import { COMMAND_PREFIX } from "../support/program";
import { freePort, makeDataDir, startServer, TEMPLATE_DIR } from "../support/server";
import { signInStaff } from "../support/staff";

/**
 * `copy --to …` (npm run db:copy), run as the owner runs it: the template
 * SQLite shop, with orders, quotes and sessions added, copied into an empty
 * PostgreSQL database and back into a new SQLite file; the shop then serves
 * from the copy. This file starts its own PostgreSQL on either pass.
 */

// The shop's tables and each one's key, to read them whole in the same order on both engines.
const TABLES: Record<string, string> = {
  users: "id",
  images: "id",
  products: "id",
  quotes: "id",
  quote_images: "id",
  orders: "id",
  order_items: "id",
  order_events: "id",
  outbox: "id",
  settings: "key",
  fleet_days: "weekday",
  rate_limit_events: "id",
  payment_events: "id",
  staff_sessions: "id",
  staff_login_sources: "user_id, address",
  // the schedule's standing jobs (tomorrow's reminders, the hourly prune), made at start
  scheduled_jobs: "id",
  // the shared pages' generation (0015)
  shared_pages_version: "id",
  // the demo figures and reviews (0019)
  site_content: "id",
  // the demo blog posts (0020)
  blog_posts: "id",
  // the first vans, "Van 1" and "Van 2" (0037)
  vans: "id",
};

const ORDERS = 620; // more than a batch (500), so the copy reads orders after a key
const LOGIN_SOURCES = 510; // the same for the one table with a two-column key

let postgres: RunningPostgres;
let copyUrl: string;
let dataDir: string;
let shopFile: string;
const folders: string[] = [];

const emptyFolder = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-copy-"));
  folders.push(folder);
  return folder;
};

/** A data folder holding the template SQLite shop (on either pass: TEST_ENGINE=postgres makes its template in PostgreSQL). */
function sqliteShop(): string {
  const folder = makeDataDir(false);
  folders.push(folder);
  for (const file of fs.readdirSync(TEMPLATE_DIR))
    fs.copyFileSync(path.join(TEMPLATE_DIR, file), path.join(folder, file));
  return folder;
}

function sqliteRows<T = Record<string, unknown>>(file: string, query: string): T[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(query).all() as T[];
  } finally {
    db.close();
  }
}

async function pgRows<T = Record<string, unknown>>(
  url: string,
  query: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(query, params)).rows as T[];
  } finally {
    await client.end();
  }
}

const sha256 = (file: string) =>
  crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");

/** Orders, their items and events, quotes with a photo, sessions and sign-in sources, an email. */
function addBusiness(file: string) {
  const db = new Database(file);
  try {
    db.pragma("foreign_keys = ON");
    const image = db.prepare("SELECT id FROM images WHERE original_id IS NULL LIMIT 1").get() as {
      id: string;
    };
    db.transaction(() => {
      const quote = db.prepare(
        `INSERT INTO quotes (full_name, email, phone_number, address_1, town, postcode, comments)
         VALUES (?, ?, '07700 900123', '1 High Street', 'London', 'N1 1AA', 'A shed full of junk')`,
      );
      for (let i = 1; i <= 3; i++) quote.run(`Quoted Customer ${i}`, `quote${i}@example.com`);
      db.prepare(
        "INSERT INTO quote_images (quote_id, image_id, original_filename) VALUES (1, ?, 'shed.jpg')",
      ).run(image.id);
      const order = db.prepare(
        `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode,
           collection_date, payment_method, total_pence, source, quote_id)
         VALUES (?, ?, '07700 900456', '2 Low Road', 'Leeds', 'SE1 1AA', ?, 'cash_payment', ?, 'manual', ?)`,
      );
      const item = db.prepare(
        `INSERT INTO order_items (order_id, product_id, product_name, product_description,
           image_id, position, unit_price_pence, quantity)
         VALUES (?, 1, 'Sofa', 'A three-seater', ?, 'outside', ?, ?)`,
      );
      const event = db.prepare(
        "INSERT INTO order_events (order_id, field, old_value, new_value, actor) VALUES (?, 'booking_status', 'pending', 'complete', 'admin')",
      );
      for (let i = 1; i <= ORDERS; i++) {
        const id = Number(
          order.run(
            `Customer ${i}`,
            `customer${i}@example.com`,
            `2026-12-${String((i % 28) + 1).padStart(2, "0")}`,
            1000 + i * 7,
            i === 1 ? 1 : null,
          ).lastInsertRowid,
        );
        item.run(id, image.id, 500 + i, (i % 3) + 1);
        if (i % 10 === 0) event.run(id);
      }
      // The newest order is deleted: its id is never handed out again, on either engine.
      db.prepare("DELETE FROM orders WHERE id = ?").run(ORDERS);
      // Seen just now: the shop started on the copy must not prune them as idle.
      const seenAt = new Date().toISOString();
      const session = db.prepare(
        "INSERT INTO staff_sessions (token_hash, user_id, seen_at) VALUES (?, 1, ?)",
      );
      for (let i = 0; i < 3; i++) session.run(crypto.randomBytes(32).toString("hex"), seenAt);
      const source = db.prepare(
        "INSERT INTO staff_login_sources (user_id, address, last_seen_at) VALUES (1, ?, ?)",
      );
      for (let i = 0; i < LOGIN_SOURCES; i++) source.run(`10.0.${i >> 8}.${i & 255}`, seenAt);
      db.prepare(
        `INSERT INTO outbox (kind, to_address, subject, text_body, html_body)
         VALUES ('booking', 'customer1@example.com', 'Your booking', 'Thank you — £10.07', NULL)`,
      ).run();
      db.prepare(
        "INSERT INTO payment_events (id, type) VALUES ('evt_1', 'checkout.session.completed')",
      ).run();
      db.prepare("INSERT INTO rate_limit_events (bucket) VALUES ('login:127.0.0.1')").run();
    })();
    db.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
}

/** Every row of every table, in key order, as SQLite gives them (image bytes as their sha256, quicker to compare). */
function sqliteShopRows(file: string) {
  const digest = (row: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [
        k,
        Buffer.isBuffer(v) ? `sha256:${crypto.createHash("sha256").update(v).digest("hex")}` : v,
      ]),
    );
  return Object.fromEntries(
    Object.entries(TABLES).map(([table, key]) => [
      table,
      sqliteRows(file, `SELECT * FROM ${table} ORDER BY ${key}`).map(digest),
    ]),
  );
}

/** A product picture (not a resized variant) of the SQLite shop, with its bytes. */
const originalImage = () =>
  sqliteRows<{ id: string; bytes: Buffer }>(
    shopFile,
    "SELECT id, bytes FROM images WHERE original_id IS NULL ORDER BY id LIMIT 1",
  )[0]!;

const copy = (args: string[], env: Record<string, string> = {}) =>
  haulbook(["copy", ...args], { dataDir, env });

beforeAll(async () => {
  postgres = await startPostgres();
  copyUrl = await postgres.createDatabase();
  dataDir = sqliteShop();
  shopFile = path.join(dataDir, "haulbook.db");
  addBusiness(shopFile);
});

afterAll(async () => {
  await postgres?.stop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe("copy: SQLite to PostgreSQL and back", () => {
  let sourceRows: ReturnType<typeof sqliteShopRows>;

  it("copies the SQLite shop into an empty PostgreSQL database: every row, the same money, the same image bytes", async () => {
    sourceRows = sqliteShopRows(shopFile);
    const before = sha256(shopFile);
    const started = performance.now();
    const run = copy(["--to", copyUrl]);
    const ms = performance.now() - started;
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);

    const copied = Object.values(sourceRows).reduce((n, rows) => n + rows.length, 0);
    console.log(
      `copy of the template shop and ${ORDERS - 1} orders: ${copied} rows in ${Math.round(ms)} ms`,
    );
    expect(run.stdout).toContain(`Copying ${shopFile} to PostgreSQL ${copyUrl}...`);
    expect(run.stdout).toContain(
      "Migrated the copy: 0006_postgres_baseline, 0007_quote_prices, 0008_waste_classes, 0009_job_completions, 0010_manage_links, 0011_cancellations, 0012_changes_and_schedule, 0013_loads_and_fleet, 0014_arrival_windows, 0015_shared_pages, 0016_day_fill_indexes, 0017_refused_payments, 0018_pending_uploads, 0019_site_content, 0020_blog_posts, 0021_more_site_content, 0022_area_surcharges, 0023_payment_links, 0024_inbox, 0025_job_extras, 0026_extras_links_and_banking, 0027_waste_facts, 0028_receiving_sites, 0029_waste_line_weights, 0030_tip_runs, 0031_completion_vehicle, 0032_tip_run_handoff, 0033_waste_line_facts, 0034_staff_roles, 0035_postcode_places, 0036_on_my_way, 0037_vans.",
    );
    expect(run.stdout).toContain(`Copied ${copied} rows from ${shopFile} to PostgreSQL`);
    expect(run.stdout).toContain("every table's rows and money match");
    expect(run.stdout).not.toContain("differs");
    // The table: a line a table's rows, a line a pence column's sum, source then copy.
    const orders = sourceRows.orders!.length;
    const totalPence = sqliteRows<{ s: number }>(
      shopFile,
      "SELECT sum(total_pence) AS s FROM orders",
    )[0]!.s;
    expect(run.stdout).toMatch(new RegExp(`^orders +${orders} +${orders}$`, "m"));
    expect(run.stdout).toMatch(
      new RegExp(`^orders\\.total_pence +${totalPence} +${totalPence}$`, "m"),
    );

    // Counted here too, on both sides.
    for (const [table, rows] of Object.entries(sourceRows)) {
      const [count] = await pgRows<{ n: number }>(
        copyUrl,
        `SELECT count(*)::int AS n FROM ${table}`,
      );
      expect(count?.n, table).toBe(rows.length);
    }
    const pence = await pgRows<Record<string, string>>(
      copyUrl,
      `SELECT (SELECT sum(total_pence) FROM orders) AS orders,
              (SELECT sum(unit_price_pence) FROM order_items) AS items,
              (SELECT sum(price_pence) FROM products) AS products`,
    );
    const sqlitePence = sqliteRows<Record<string, number>>(
      shopFile,
      `SELECT (SELECT sum(total_pence) FROM orders) AS orders,
              (SELECT sum(unit_price_pence) FROM order_items) AS items,
              (SELECT sum(price_pence) FROM products) AS products`,
    )[0]!;
    expect(pence[0]).toEqual({
      orders: String(sqlitePence.orders),
      items: String(sqlitePence.items),
      products: String(sqlitePence.products),
    });

    // Images are bytea there, byte for byte.
    const image = originalImage();
    const [stored] = await pgRows<{ bytes: Buffer }>(
      copyUrl,
      "SELECT bytes FROM images WHERE id = $1",
      [image.id],
    );
    expect(Buffer.compare(stored!.bytes, image.bytes)).toBe(0);
    const [order] = await pgRows(copyUrl, "SELECT * FROM orders WHERE id = 1");
    expect(order).toEqual(sourceRows.orders![0]);

    // The source was only read.
    expect(sha256(shopFile)).toBe(before);
    expect(fs.existsSync(`${shopFile}-wal`) ? fs.statSync(`${shopFile}-wal`).size : 0).toBe(0);
  });

  it("copies the PostgreSQL shop back into a new SQLite file: the same rows, ids counted on", () => {
    const file = path.join(emptyFolder(), "moved-back.db");
    const run = copy(["--to", `file:${file}`], { DATABASE_URL: copyUrl });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`Copying PostgreSQL ${copyUrl} to ${file}...`);
    expect(run.stdout).toContain("every table's rows and money match");

    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const back = sqliteShopRows(file);
    for (const table of Object.keys(TABLES)) expect(back[table], table).toEqual(sourceRows[table]);
    const sequence = (f: string) =>
      sqliteRows<{ name: string; seq: number }>(
        f,
        "SELECT name, seq FROM sqlite_sequence WHERE seq > 0 ORDER BY name",
      );
    // The deleted newest order's id stays used.
    expect(sequence(file)).toEqual(sequence(shopFile));
    expect(sqliteRows(file, "SELECT name FROM kysely_migration ORDER BY name")).toEqual(
      sqliteRows(shopFile, "SELECT name FROM kysely_migration ORDER BY name"),
    );
    expect(sqliteRows(file, "PRAGMA foreign_key_check")).toEqual([]);
  });

  it("the shop serves from the PostgreSQL copy: staff sign in, new rows take new ids", async () => {
    const server = await startServer({
      dataDir: emptyFolder(),
      env: {
        DATABASE_URL: copyUrl,
        SESSION_SECRET: fs.readFileSync(path.join(dataDir, "session-secret"), "utf8").trim(),
      },
    });
    try {
      // The staff user came across; nobody was created, nothing seeded again.
      expect(server.output()).not.toContain("[db] migrated");
      expect(server.output()).not.toContain("[auth] created");
      const { cookie } = await signInStaff(server);
      const page = await fetch(`${server.url}/dashboard/orders/7`, {
        headers: { cookie },
      });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("customer7@example.com");

      const image = originalImage();
      const served = await fetch(`${server.url}/api/products/image/${image.id}`);
      expect(served.status).toBe(200);
      expect(Buffer.compare(Buffer.from(await served.arrayBuffer()), image.bytes)).toBe(0);
    } finally {
      expect(await server.stop()).toBe(0);
    }

    // The sign-in above added a session after the three copied ones; the next order follows the deleted one.
    const [sessions] = await pgRows<{ n: number; max: number }>(
      copyUrl,
      "SELECT count(*)::int AS n, max(id) AS max FROM staff_sessions",
    );
    expect(sessions).toEqual({ n: 4, max: 4 });
    const [order] = await pgRows<{ id: number }>(
      copyUrl,
      `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date,
         payment_method, total_pence, source)
       VALUES ('After The Move', 'after@example.com', '07700 900789', '3 New Street', 'York', 'TN1 1AA',
         '2026-12-24', 'cash_payment', 5000, 'manual') RETURNING id`,
    );
    expect(order!.id).toBe(ORDERS + 1);
    const [user] = await pgRows<{ id: number }>(
      copyUrl,
      "INSERT INTO users (username, password_hash) VALUES ('newcomer', 'scrypt$x') RETURNING id",
    );
    expect(user!.id).toBe(2);
  });
});

describe("copy refuses, changing nothing", () => {
  it("a PostgreSQL database or an SQLite file that already holds a shop", async () => {
    const [before] = await pgRows<{ n: number }>(copyUrl, "SELECT count(*)::int AS n FROM orders");
    const run = copy(["--to", copyUrl]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /^Refused: PostgreSQL postgres:\/\/\S+ is not empty \(users, images, products and 13 more tables hold rows\)\. The copy goes only into an empty database: create a new one \(createdb\), or give a new file\. Nothing was changed\.\n$/,
    );
    const [after] = await pgRows<{ n: number }>(copyUrl, "SELECT count(*)::int AS n FROM orders");
    expect(after).toEqual(before);

    const file = path.join(emptyFolder(), "taken.db");
    fs.copyFileSync(shopFile, file);
    const hash = sha256(file);
    const back = copy(["--to", file], { DATABASE_URL: copyUrl });
    expect(back.status).toBe(1);
    expect(back.stderr).toContain(`Refused: ${file} is not empty (`);
    expect(sha256(file)).toBe(hash);
  });

  it("without --to, or with the shop's own database as the target", () => {
    for (const args of [[], ["--to"], [copyUrl]]) {
      const run = copy(args);
      expect(run.status, args.join(" ")).toBe(2);
      expect(run.stderr).toContain(`Usage: ${COMMAND_PREFIX} copy --to <postgres://… | file>`);
    }
    for (const to of [`file:${shopFile}`]) {
      const run = copy(["--to", to]);
      expect(run.status).toBe(1);
      expect(run.stderr).toBe(
        `Refused: ${shopFile} is the shop's own database. Give --to an empty database elsewhere ` +
          "(a new PostgreSQL database, or a new SQLite file). Nothing was changed.\n",
      );
    }
    const onPostgres = copy(["--to", copyUrl.replace("127.0.0.1", "localhost")], {
      DATABASE_URL: copyUrl,
    });
    expect(onPostgres.status).toBe(1);
    expect(onPostgres.stderr).toContain("is the shop's own database");
  });

  it("a PostgreSQL that cannot be reached, naming it without its password", async () => {
    const port = await freePort();
    const run = copy(["--to", `postgres://shop:s3cret-pass@127.0.0.1:${port}/haulbook`]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      `Refused: cannot reach PostgreSQL postgres://shop:***@127.0.0.1:${port}/haulbook (connect ECONNREFUSED`,
    );
    expect(run.stdout + run.stderr).not.toContain("s3cret-pass");
  });

  it("a shop whose database has migrations still to run: migrate first", async () => {
    const stale = sqliteShop();
    const file = path.join(stale, "haulbook.db");
    const db = new Database(file);
    db.prepare("DELETE FROM kysely_migration WHERE name = '0006_hardening_payments'").run();
    db.close();
    const target = await postgres.createDatabase();
    const run = haulbook(["copy", "--to", target], { dataDir: stale });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      `Refused: ${file} has migrations still to run (0006_hardening_payments). ` +
        `Run \`${COMMAND_PREFIX} migrate\` first, then the copy again. Nothing was changed.\n`,
    );
    // The target was not even migrated.
    expect(
      await pgRows(target, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"),
    ).toEqual([]);
    // Nor is a new SQLite file left behind by a refused copy.
    const newFile = path.join(emptyFolder(), "new.db");
    expect(haulbook(["copy", "--to", newFile], { dataDir: stale }).status).toBe(1);
    expect(fs.existsSync(newFile)).toBe(false);
  });

  it("a copy that does not match its source: rolled back, the differences shown", async () => {
    // A target that changes what it is given: each item costs a penny more there.
    const file = path.join(emptyFolder(), "tampered.db");
    const connection = openDatabase(file);
    try {
      await migrateToLatest(connection);
      connection.sqlite.exec(`CREATE TRIGGER penny AFTER INSERT ON order_items BEGIN
        UPDATE order_items SET unit_price_pence = unit_price_pence + 1 WHERE id = NEW.id; END`);
    } finally {
      await closeConnection(connection);
    }
    const run = copy(["--to", file]);
    expect(run.status).toBe(1);
    const items = ORDERS - 1;
    const sum = sqliteRows<{ s: number }>(
      shopFile,
      "SELECT sum(unit_price_pence) AS s FROM order_items",
    )[0]!.s;
    expect(run.stderr).toBe(
      `Failed: the copy does not match the source (order_items unit_price_pence: ${sum} in the ` +
        `source, ${sum + items} in the copy). It was rolled back: the target holds none of the shop's rows.\n`,
    );
    expect(run.stdout.split("\n").filter((line) => line.endsWith("<- differs"))).toEqual([
      expect.stringMatching(
        new RegExp(`^order_items\\.unit_price_pence +${sum} +${sum + items}  <- differs$`),
      ),
    ]);
    expect(sqliteRows(file, "SELECT count(*) AS n FROM orders")).toEqual([{ n: 0 }]);
  });
});
