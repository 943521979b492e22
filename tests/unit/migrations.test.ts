import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { sql, type Migration, type MigrationProvider } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type Connection } from "~/services/db.server";
import { migrations } from "../../migrations";
import { BACKFILL } from "../../migrations/0008_waste_classes";

const opened: Connection[] = [];
function freshDatabase() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-migrate-"));
  const connection = openDatabase(path.join(dir, "test.db"));
  opened.push(connection);
  return Object.assign(connection, { dir });
}

const providerOf = (list: Record<string, Migration>): MigrationProvider => ({
  getMigrations: async () => list,
});
/** The real migrations up to and including `last`, as an older version shipped them. */
const upTo = (last: string) =>
  providerOf(Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last)));

/** A migration that changes the schema and the data, then fails half-way through. */
const broken: Migration = {
  async up(db) {
    await sql`CREATE TABLE van_routes (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`.execute(db);
    await sql`UPDATE settings SET value = '99' WHERE key = 'daily_capacity'`.execute(db);
    await sql`ALTER TABLE orders ADD COLUMN van_route INTEGER`.execute(db);
    await sql`INSERT INTO no_such_table VALUES (1)`.execute(db);
  },
};

/** Everything that makes up the schema, and every migration recorded. */
function schemaOf(sqlite: Database.Database) {
  return {
    schema: sqlite
      .prepare("SELECT type, name, sql FROM sqlite_master ORDER BY type, name")
      .all() as unknown[],
    migrations: sqlite.prepare("SELECT name, timestamp FROM kysely_migration ORDER BY name").all(),
    capacity: sqlite.prepare("SELECT value FROM settings WHERE key = 'daily_capacity'").get(),
  };
}
afterEach(async () => {
  for (const c of opened.splice(0)) await c.db.destroy();
});

const TABLES = [
  "blocked_days",
  "blog_posts",
  "booking_changes",
  "cash_bankings",
  "contact_messages",
  "contact_replies",
  "day_overrides",
  "fleet_days",
  "images",
  "job_completions",
  "job_photos",
  "job_receipt_lines",
  "job_waste_lines",
  "order_events",
  "order_items",
  "orders",
  "outbox",
  "outbox_attachments",
  "payment_events",
  "pending_uploads",
  "postcode_places",
  "products",
  "quote_images",
  "quote_offer_lines",
  "quote_offers",
  "quotes",
  "rate_limit_events",
  "receiving_sites",
  "scheduled_jobs",
  "settings",
  "shared_pages_version",
  "site_content",
  "staff_login_sources",
  "staff_sessions",
  "tip_run_jobs",
  "tip_runs",
  "users",
  "van_crews",
  "vans",
];

describe("migrations", () => {
  it("create every table on an empty file, and a second run does nothing", async () => {
    const { db, sqlite } = freshDatabase();
    const first = await migrateToLatest(db);
    expect(first.results?.map((r) => [r.migrationName, r.status])).toEqual([
      ["0001_initial", "Success"],
      ["0002_rate_limits", "Success"],
      ["0003_order_search_indexes", "Success"],
      ["0004_payments", "Success"],
      ["0005_staff_sessions", "Success"],
      ["0006_hardening_payments", "Success"],
      ["0007_quote_prices", "Success"],
      ["0008_waste_classes", "Success"],
      ["0009_job_completions", "Success"],
      ["0010_manage_links", "Success"],
      ["0011_cancellations", "Success"],
      ["0012_changes_and_schedule", "Success"],
      ["0013_loads_and_fleet", "Success"],
      ["0014_arrival_windows", "Success"],
      ["0015_shared_pages", "Success"],
      ["0016_day_fill_indexes", "Success"],
      ["0017_refused_payments", "Success"],
      ["0018_pending_uploads", "Success"],
      ["0019_site_content", "Success"],
      ["0020_blog_posts", "Success"],
      ["0021_more_site_content", "Success"],
      ["0022_area_surcharges", "Success"],
      ["0023_payment_links", "Success"],
      ["0024_inbox", "Success"],
      ["0025_job_extras", "Success"],
      ["0026_extras_links_and_banking", "Success"],
      ["0027_waste_facts", "Success"],
      ["0028_receiving_sites", "Success"],
      ["0029_waste_line_weights", "Success"],
      ["0030_tip_runs", "Success"],
      ["0031_completion_vehicle", "Success"],
      ["0032_tip_run_handoff", "Success"],
      ["0033_waste_line_facts", "Success"],
      ["0034_staff_roles", "Success"],
      ["0035_postcode_places", "Success"],
      ["0036_on_my_way", "Success"],
      ["0037_vans", "Success"],
    ]);
    const tables = sqlite
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' ORDER BY name",
      )
      .all()
      .map((row) => (row as { name: string }).name);
    expect(tables).toEqual(TABLES);
    const second = await migrateToLatest(db);
    expect(second.results).toEqual([]);
  });

  it("open the file in WAL mode with foreign keys on and full sync", () => {
    const { sqlite } = freshDatabase();
    expect(sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(sqlite.pragma("synchronous", { simple: true })).toBe(2);
    expect(sqlite.pragma("busy_timeout", { simple: true })).toBe(5000);
  });

  it("enforce the constraints a bad write would break", async () => {
    const { db } = freshDatabase();
    await migrateToLatest(db);
    const image = "a".repeat(64);
    await sql`INSERT INTO images (id, content_type, byte_size, bytes) VALUES (${image}, 'image/png', 3, ${Buffer.from("abc")})`.execute(
      db,
    );
    const product = (price: number, category = "Fridge Removal", imageId = image) =>
      sql`INSERT INTO products (name, description, category, price_pence, image_id) VALUES ('Fridge', 'A fridge', ${category}, ${price}, ${imageId})`.execute(
        db,
      );

    await expect(product(4500)).resolves.toBeDefined();
    await expect(product(0)).rejects.toThrow(/CHECK/);
    await expect(product(4500, "Boat Removal")).rejects.toThrow(/CHECK/);
    await expect(product(4500, "Fridge Removal", "b".repeat(64))).rejects.toThrow(/FOREIGN KEY/);
    await expect(product(45.5)).rejects.toThrow(/integer|datatype/i);

    const order = (date: string, status = "pending", method = "card", source = "web") =>
      sql`INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date, status, payment_method, total_pence, source)
          VALUES ('Ann Lee', 'ann@example.com', '07700 900123', '1 High St', 'Leeds', 'LS1 1AA', ${date}, ${status}, ${method}, 4500, ${source})`.execute(
        db,
      );
    await expect(order("2026-12-01")).resolves.toBeDefined();
    await expect(order("01/12/2026")).rejects.toThrow(/CHECK/);
    await expect(order("2026-12-01", "paid")).rejects.toThrow(/CHECK/);
    await expect(order("2026-12-01", "pending", "cheque")).rejects.toThrow(/CHECK/);
    await expect(order("2026-12-01", "pending", "cash_payment", "web")).rejects.toThrow(/CHECK/);
    await expect(order("2026-12-01", "pending", "cash_payment", "manual")).resolves.toBeDefined();
  });

  it("seed the default business settings", async () => {
    const { db } = freshDatabase();
    await migrateToLatest(db);
    const rows = await db.selectFrom("settings").select(["key", "value"]).orderBy("key").execute();
    expect(Object.fromEntries(rows.map((r) => [r.key, r.value]))).toEqual({
      booking_window_days: "90",
      daily_capacity: "8",
      max_order_lines: "30",
      max_order_total_pence: "500000",
      same_day_cutoff: "12:00",
      vat_rate_percent: "20",
      van_load_hundredths: "1000",
      van_trips_per_day: "2",
      crew_minutes_per_day: "600",
      window_morning: "07:00-12:00",
      window_afternoon: "12:00-17:00",
      window_evening: "17:00-22:00",
    });
    const fleet = await sql<{
      weekday: number;
      vans: number;
    }>`SELECT weekday, vans FROM fleet_days ORDER BY weekday`.execute(db);
    expect(fleet.rows.map((r) => r.vans)).toEqual([1, 2, 2, 2, 2, 2, 2]);
  });
});

describe("0013_loads_and_fleet", () => {
  it("gives existing products a load by category, their order lines the product's, and refuses bad values", async () => {
    const connection = freshDatabase();
    const { db } = connection;
    await migrateToLatest(connection, { provider: upTo("0012_changes_and_schedule") });
    const image = "c".repeat(64);
    await sql`INSERT INTO images (id, content_type, byte_size, bytes) VALUES (${image}, 'image/png', 3, ${Buffer.from("abc")})`.execute(
      db,
    );
    for (const [name, category] of [
      ["Sofa", "Sofa & Chair Removal"],
      ["Battery", "Old Batteries Removal"],
      ["Clear-out", "Home Removal"],
    ])
      await sql`INSERT INTO products (name, description, category, price_pence, image_id) VALUES (${name}, 'x', ${category}, 4500, ${image})`.execute(
        db,
      );
    await sql`INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date, status, payment_method, total_pence, source)
      VALUES ('Ann Lee', 'ann@example.com', '07700 900123', '1 High St', 'Leeds', 'LS1 1AA', '2026-12-01', 'complete', 'cash_payment', 4500, 'manual')`.execute(
      db,
    );
    await sql`INSERT INTO order_items (order_id, product_id, product_name, product_description, unit_price_pence, quantity)
      VALUES (1, 1, 'Sofa', 'x', 4500, 2), (1, NULL, 'Free line', 'x', 1000, 1)`.execute(db);

    await migrateToLatest(connection);
    const products = await sql<
      Record<string, unknown>
    >`SELECT name, load_hundredths, handling_minutes FROM products ORDER BY id`.execute(db);
    expect(products.rows).toEqual([
      { name: "Sofa", load_hundredths: 250, handling_minutes: 20 },
      { name: "Battery", load_hundredths: 10, handling_minutes: 5 },
      { name: "Clear-out", load_hundredths: 800, handling_minutes: 120 },
    ]);
    const lines = await sql<
      Record<string, unknown>
    >`SELECT product_name, load_hundredths, handling_minutes FROM order_items ORDER BY id`.execute(
      db,
    );
    expect(lines.rows).toEqual([
      { product_name: "Sofa", load_hundredths: 250, handling_minutes: 20 },
      { product_name: "Free line", load_hundredths: null, handling_minutes: null },
    ]);
    await expect(
      sql`UPDATE products SET load_hundredths = 0 WHERE id = 1`.execute(db),
    ).rejects.toThrow(/CHECK/);
    await expect(
      sql`UPDATE products SET handling_minutes = 601 WHERE id = 1`.execute(db),
    ).rejects.toThrow(/CHECK/);
    await expect(
      sql`INSERT INTO blocked_days (day, reason, created_by) VALUES ('2026-12-25', '  ', 'admin')`.execute(
        db,
      ),
    ).rejects.toThrow(/CHECK/);
    await expect(
      sql`INSERT INTO fleet_days (weekday, vans) VALUES (7, 1)`.execute(db),
    ).rejects.toThrow(/CHECK/);
    await expect(
      sql`INSERT INTO day_overrides (day, vans, created_by) VALUES ('2026-12-25', -1, 'admin')`.execute(
        db,
      ),
    ).rejects.toThrow(/CHECK/);
  });
});

describe("an upgrade", () => {
  it("runs all pending migrations in one transaction: one failing leaves the database as it was", async () => {
    const connection = freshDatabase();
    await migrateToLatest(connection, { provider: upTo("0003_order_search_indexes") });
    const before = schemaOf(connection.sqlite);
    expect(before.migrations).toHaveLength(3);

    // 0004-0007 would succeed on their own; 0008 fails after changing schema and data.
    const upgrade = migrateToLatest(connection, {
      provider: providerOf({ ...migrations, "0008_van_routes": broken }),
    });
    await expect(upgrade).rejects.toThrow(
      /^Migration 0008_van_routes failed: no such table: no_such_table\. No migration was applied/,
    );
    expect(schemaOf(connection.sqlite)).toEqual(before);
    const columns = connection.sqlite.pragma("table_info(orders)") as { name: string }[];
    expect(columns.map((c) => c.name)).not.toContain("client_key"); // 0006 was rolled back too

    // The database still works, and the real migrations apply afterwards.
    const after = await migrateToLatest(connection);
    expect(after.results.map((r) => r.migrationName)).toEqual([
      "0004_payments",
      "0005_staff_sessions",
      "0006_hardening_payments",
      "0007_quote_prices",
      "0008_waste_classes",
      "0009_job_completions",
      "0010_manage_links",
      "0011_cancellations",
      "0012_changes_and_schedule",
      "0013_loads_and_fleet",
      "0014_arrival_windows",
      "0015_shared_pages",
      "0016_day_fill_indexes",
      "0017_refused_payments",
      "0018_pending_uploads",
      "0019_site_content",
      "0020_blog_posts",
      "0021_more_site_content",
      "0022_area_surcharges",
      "0023_payment_links",
      "0024_inbox",
      "0025_job_extras",
      "0026_extras_links_and_banking",
      "0027_waste_facts",
      "0028_receiving_sites",
      "0029_waste_line_weights",
      "0030_tip_runs",
      "0031_completion_vehicle",
      "0032_tip_run_handoff",
      "0033_waste_line_facts",
      "0034_staff_roles",
      "0035_postcode_places",
      "0036_on_my_way",
      "0037_vans",
    ]);
  });

  it("leaves an up-to-date database untouched when the one new migration fails", async () => {
    const connection = freshDatabase();
    await migrateToLatest(connection);
    const before = schemaOf(connection.sqlite);
    await expect(
      migrateToLatest(connection, { provider: providerOf({ ...migrations, "0099_x": broken }) }),
    ).rejects.toThrow(/Migration 0099_x failed/);
    expect(schemaOf(connection.sqlite)).toEqual(before);
  });

  it("first writes a copy of a database that has data, named after the first pending migration", async () => {
    const connection = freshDatabase();
    await migrateToLatest(connection, { provider: upTo("0003_order_search_indexes") });
    connection.sqlite.prepare("UPDATE settings SET value = '5' WHERE key = 'daily_capacity'").run();
    const backupDir = path.join(connection.dir, "backups");

    const outcome = await migrateToLatest(connection, {
      backupDir,
      now: new Date("2026-11-23T08:15:00Z"),
    });
    const file = path.join(backupDir, "before-0004_payments-20261123-081500.db");
    expect(outcome.backup?.file).toBe(file);
    expect(fs.readdirSync(backupDir)).toEqual(["before-0004_payments-20261123-081500.db"]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(outcome.results).toHaveLength(34);

    // The copy is the database as it was before the upgrade.
    const copy = new Database(file, { readonly: true });
    try {
      expect(copy.prepare("SELECT name FROM kysely_migration ORDER BY name").pluck().all()).toEqual(
        ["0001_initial", "0002_rate_limits", "0003_order_search_indexes"],
      );
      expect(
        copy.prepare("SELECT value FROM settings WHERE key = 'daily_capacity'").pluck().get(),
      ).toBe("5");
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    } finally {
      copy.close();
    }
  });

  it("writes no copy of an empty database, nor of one that is up to date", async () => {
    const connection = freshDatabase();
    const backupDir = path.join(connection.dir, "backups");
    expect((await migrateToLatest(connection, { backupDir })).backup).toBeNull();
    expect((await migrateToLatest(connection, { backupDir })).backup).toBeNull();
    expect(fs.existsSync(backupDir)).toBe(false);
  });

  it("refuses a database a newer version has migrated, and changes nothing", async () => {
    const connection = freshDatabase();
    await migrateToLatest(connection);
    connection.sqlite
      .prepare("INSERT INTO kysely_migration (name, timestamp) VALUES ('0099_future', ?)")
      .run(new Date().toISOString());
    const before = schemaOf(connection.sqlite);
    await expect(migrateToLatest(connection)).rejects.toThrow(
      /upgraded by a newer Haulbook \(migration 0099_future/,
    );
    expect(schemaOf(connection.sqlite)).toEqual(before);
  });

  it("gives products that existed before waste classes their category's class (0008)", async () => {
    const connection = freshDatabase();
    await migrateToLatest(connection, { provider: upTo("0007_quote_prices") });
    const { sqlite } = connection;
    sqlite
      .prepare(
        "INSERT INTO images (id, content_type, byte_size, bytes) VALUES (?, 'image/png', 3, ?)",
      )
      .run("c".repeat(64), Buffer.from("abc"));
    const insert = sqlite.prepare(
      "INSERT INTO products (name, description, category, price_pence, image_id) VALUES (?, 'x', ?, 1000, ?)",
    );
    for (const [category] of BACKFILL) insert.run(`Old ${category}`, category, "c".repeat(64));

    await migrateToLatest(connection);
    const rows = sqlite
      .prepare("SELECT category, waste_description, low_code, pops, hazardous FROM products")
      .all() as { category: string }[];
    expect(rows).toHaveLength(BACKFILL.length);
    for (const [category, description, code, pops, hazardous] of BACKFILL)
      expect(rows.find((r) => r.category === category)).toEqual({
        category,
        waste_description: description,
        low_code: code,
        pops,
        hazardous,
      });
    expect(rows.find((r) => r.category === "Sofa & Chair Removal")).toMatchObject({
      waste_description: "Domestic seating containing POPs (upholstered)",
      low_code: "20 03 07",
      pops: 1,
    });
    const items = sqlite.pragma("table_info(order_items)") as { name: string; notnull: number }[];
    expect(
      items.filter((c) => ["waste_description", "low_code", "pops", "hazardous"].includes(c.name)),
    ).toHaveLength(4);
  });
});
