import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type Connection } from "~/services/db.server";

const opened: Connection[] = [];
function freshDatabase() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-migrate-"));
  const connection = openDatabase(path.join(dir, "test.db"));
  opened.push(connection);
  return connection;
}
afterEach(async () => {
  for (const c of opened.splice(0)) await c.db.destroy();
});

const TABLES = [
  "images",
  "order_events",
  "order_items",
  "orders",
  "outbox",
  "payment_events",
  "products",
  "quote_images",
  "quotes",
  "rate_limit_events",
  "settings",
  "staff_login_sources",
  "staff_sessions",
  "users",
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
    });
  });
});
