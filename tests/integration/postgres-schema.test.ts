import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Insertable, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  closeConnection,
  migrateToLatest,
  openDatabase,
  type Connection,
  type DB,
  type SqliteConnection,
} from "~/services/db.server";
import { engineOf, isUniqueViolation } from "~/services/dialect.server";
import { startPostgres, type RunningPostgres } from "../support/postgres";

/**
 * One schema, two engines (docs/decisions/016-postgresql.md): PostgreSQL's
 * baseline migration must leave the schema SQLite has after its migrations.
 * Both are read back from the engines' own catalogues and normalised (type
 * names, NOCASE vs lower(), quoting), then compared whole.
 */

interface Schema {
  tables: string[];
  columns: Record<string, string[]>;
  primaryKeys: Record<string, string>;
  /** plain indexes by name: table, columns and the partial index's condition */
  indexes: Record<string, string>;
  /** unique keys other than the primary key, per table */
  unique: Record<string, string[]>;
  foreignKeys: Record<string, string[]>;
}

const TYPES: Record<string, string> = {
  integer: "integer",
  text: "text",
  blob: "blob",
  bytea: "blob",
  real: "real",
  "double precision": "real",
};
const typeOf = (name: string) => TYPES[name.toLowerCase()] ?? `unknown:${name}`;

/** A default as both engines would agree: "now" for the timestamp defaults, literals without casts. */
function normaliseDefault(value: string | null): string {
  if (value === null) return "none";
  if (/strftime|to_char/.test(value)) return "now";
  return value.replace(/::text$/, "").replace(/^\((.*)\)$/, "$1");
}

/** An index column as both engines would agree: ci: for case-insensitive (NOCASE / lower()). */
function normaliseIndexColumn(column: string): string {
  let text = column.trim().replace(/\s+/g, " ");
  let ci = false;
  if (/ collate nocase/i.test(text)) {
    ci = true;
    text = text.replace(/ collate nocase/i, "");
  }
  const lower = /^lower\((\w+)\)(.*)$/i.exec(text);
  if (lower) {
    ci = true;
    text = lower[1]! + lower[2]!;
  }
  return (ci ? "ci:" : "") + text.toLowerCase();
}

function normaliseCondition(condition: string | undefined): string {
  if (!condition) return "";
  return ` WHERE ${condition
    .replace(/::text/g, "")
    .replace(/[()]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase()}`;
}

/** The text inside the parentheses opening at `start`, and the rest after them. */
function balanced(text: string, start: number): [string, string] {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === "(") depth++;
    if (text[i] === ")" && --depth === 0) return [text.slice(start + 1, i), text.slice(i + 1)];
  }
  throw new Error(`Unbalanced: ${text}`);
}

function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const c of list) {
    if (c === "(") depth++;
    if (c === ")") depth--;
    if (c === "," && depth === 0) {
      parts.push(current);
      current = "";
    } else current += c;
  }
  return [...parts, current];
}

const group = <T>(rows: T[], key: (row: T) => string, value: (row: T) => string) => {
  const out: Record<string, string[]> = {};
  for (const row of rows) (out[key(row)] ??= []).push(value(row));
  for (const list of Object.values(out)) list.sort();
  return out;
};

function sqliteSchema(connection: SqliteConnection): Schema {
  const { sqlite } = connection;
  const tables = (
    sqlite
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' ORDER BY name",
      )
      .all() as { name: string }[]
  ).map((t) => t.name);
  const schema: Schema = {
    tables,
    columns: {},
    primaryKeys: {},
    indexes: {},
    unique: {},
    foreignKeys: {},
  };
  for (const table of tables) {
    const columns = sqlite.pragma(`table_info(${table})`) as {
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }[];
    // A STRICT table's primary key cannot be NULL, declared NOT NULL or not.
    schema.columns[table] = columns.map(
      (c) =>
        `${c.name} ${typeOf(c.type)} ${c.notnull || c.pk ? "not null" : "null"} default ${normaliseDefault(c.dflt_value)}`,
    );
    schema.primaryKeys[table] = columns
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name)
      .join(",");
    const indexes = sqlite.pragma(`index_list(${table})`) as {
      name: string;
      unique: number;
      origin: string;
      partial: number;
    }[];
    for (const index of indexes) {
      if (index.origin === "pk") continue;
      const columnsText = (
        sqlite.pragma(`index_xinfo(${index.name})`) as {
          name: string;
          key: number;
          coll: string;
          desc: number;
        }[]
      )
        .filter((c) => c.key === 1)
        .map((c) =>
          normaliseIndexColumn(
            `${c.name}${c.coll === "NOCASE" ? " COLLATE NOCASE" : ""}${c.desc ? " DESC" : ""}`,
          ),
        )
        .join(", ");
      if (index.unique) {
        (schema.unique[table] ??= []).push(columnsText);
      } else {
        const { sql: text } = sqlite
          .prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?")
          .get(index.name) as { sql: string };
        const where = /\bWHERE\b([\s\S]*)$/i.exec(text)?.[1];
        schema.indexes[index.name] = `${table}(${columnsText})${normaliseCondition(where)}`;
      }
    }
    schema.unique[table]?.sort();
    const keys = sqlite.pragma(`foreign_key_list(${table})`) as {
      table: string;
      from: string;
      to: string;
      on_delete: string;
    }[];
    if (keys.length > 0)
      schema.foreignKeys[table] = keys
        .map((k) => `${k.from} -> ${k.table}.${k.to} on delete ${k.on_delete.toLowerCase()}`)
        .sort();
  }
  return schema;
}

const ON_DELETE: Record<string, string> = {
  a: "no action",
  r: "restrict",
  c: "cascade",
  n: "set null",
  d: "set default",
};

async function postgresSchema(db: Kysely<DB>): Promise<Schema> {
  const tables = (
    await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely_%'
      ORDER BY table_name COLLATE "C"`.execute(db)
  ).rows.map((t) => t.name);
  const columns = (
    await sql<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
      column_default: string | null;
    }>`SELECT table_name, column_name, data_type, is_nullable, column_default
      FROM information_schema.columns WHERE table_schema = 'public'
      ORDER BY table_name, ordinal_position`.execute(db)
  ).rows;
  const indexes = (
    await sql<{
      table_name: string;
      index_name: string;
      is_unique: boolean;
      is_primary: boolean;
      definition: string;
    }>`SELECT t.relname AS table_name, c.relname AS index_name, i.indisunique AS is_unique,
        i.indisprimary AS is_primary, pg_get_indexdef(i.indexrelid) AS definition
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid
      JOIN pg_class t ON t.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public' AND t.relname NOT LIKE 'kysely_%'`.execute(db)
  ).rows;
  const keys = (
    await sql<{
      table_name: string;
      column_name: string;
      ref_table: string;
      ref_column: string;
      on_delete: string;
    }>`
      SELECT cl.relname AS table_name, a.attname AS column_name, rt.relname AS ref_table,
        ra.attname AS ref_column, con.confdeltype AS on_delete
      FROM pg_constraint con
      JOIN pg_class cl ON cl.oid = con.conrelid
      JOIN pg_class rt ON rt.oid = con.confrelid
      JOIN pg_namespace n ON n.oid = cl.relnamespace
      CROSS JOIN LATERAL unnest(con.conkey, con.confkey) AS k(attnum, refnum)
      JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
      JOIN pg_attribute ra ON ra.attrelid = con.confrelid AND ra.attnum = k.refnum
      WHERE con.contype = 'f' AND n.nspname = 'public'`.execute(db)
  ).rows;

  const schema: Schema = {
    tables,
    columns: {},
    primaryKeys: {},
    indexes: {},
    unique: {},
    foreignKeys: {},
  };
  for (const c of columns)
    (schema.columns[c.table_name] ??= []).push(
      `${c.column_name} ${typeOf(c.data_type)} ${c.is_nullable === "NO" ? "not null" : "null"} default ${normaliseDefault(c.column_default)}`,
    );
  for (const index of indexes) {
    const open = index.definition.indexOf("(", index.definition.indexOf(" USING "));
    const [list, rest] = balanced(index.definition, open);
    const columnsText = splitTopLevel(list).map(normaliseIndexColumn).join(", ");
    if (index.is_primary) schema.primaryKeys[index.table_name] = columnsText.replace(/ /g, "");
    else if (index.is_unique) (schema.unique[index.table_name] ??= []).push(columnsText);
    else {
      const where = /\bWHERE\b([\s\S]*)$/i.exec(rest)?.[1];
      schema.indexes[index.index_name] =
        `${index.table_name}(${columnsText})${normaliseCondition(where)}`;
    }
  }
  for (const list of Object.values(schema.unique)) list.sort();
  Object.assign(
    schema.foreignKeys,
    group(
      keys,
      (k) => k.table_name,
      (k) =>
        `${k.column_name} -> ${k.ref_table}.${k.ref_column} on delete ${ON_DELETE[k.on_delete]}`,
    ),
  );
  return schema;
}

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

let server: RunningPostgres;
let postgres: Connection;
let sqlite: SqliteConnection;
let sqliteDir: string | undefined;
const timings: Record<string, number> = {};

beforeAll(async () => {
  let started = Date.now();
  server = await startPostgres();
  timings.postgresStartMs = Date.now() - started;
  postgres = openDatabase({ engine: "postgres", url: await server.createDatabase(), poolSize: 4 });
  started = Date.now();
  await migrateToLatest(postgres);
  timings.postgresMigrateMs = Date.now() - started;

  sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-pg-schema-"));
  sqlite = openDatabase(path.join(sqliteDir, "haulbook.db"));
  started = Date.now();
  await migrateToLatest(sqlite);
  timings.sqliteMigrateMs = Date.now() - started;
  console.log(`[timings] ${JSON.stringify(timings)}`);
});

afterAll(async () => {
  if (postgres) await closeConnection(postgres);
  if (sqlite) await closeConnection(sqlite);
  await server?.stop();
  if (sqliteDir) fs.rmSync(sqliteDir, { recursive: true, force: true });
});

describe("PostgreSQL's schema", () => {
  it("runs the PostgreSQL baseline there, and SQLite's own migrations on SQLite", async () => {
    expect(engineOf(postgres.db)).toBe("postgres");
    expect(engineOf(sqlite.db)).toBe("sqlite");
    const applied = async (db: Kysely<DB>) =>
      (
        await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db)
      ).rows.map((r) => r.name);
    expect(await applied(postgres.db)).toEqual([
      "0006_postgres_baseline",
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
    expect(await applied(sqlite.db)).toEqual([
      "0001_initial",
      "0002_rate_limits",
      "0003_order_search_indexes",
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
    // A second run finds nothing to do.
    expect((await migrateToLatest(postgres)).results).toEqual([]);
  });

  describe("matches SQLite's after its migrations", () => {
    let expected: Schema;
    let actual: Schema;
    beforeAll(async () => {
      expected = sqliteSchema(sqlite);
      actual = await postgresSchema(postgres.db);
      if (process.env.SHOW_SCHEMA) console.log(JSON.stringify({ expected, actual }, null, 1));
    });

    it("has the same tables", () => {
      expect(expected.tables).toEqual(TABLES);
      expect(actual.tables).toEqual(expected.tables);
    });

    it.each(TABLES)(
      "%s: the same columns in order, types, nullability, defaults and primary key",
      (table) => {
        expect(expected.columns[table]?.length).toBeGreaterThan(1);
        expect(actual.columns[table]).toEqual(expected.columns[table]);
        expect(expected.primaryKeys[table]).toBeTruthy();
        expect(actual.primaryKeys[table]).toBe(expected.primaryKeys[table]);
      },
    );

    it("has the same indexes: names, columns, case-insensitivity, order, partial conditions", () => {
      expect(Object.keys(expected.indexes).length).toBeGreaterThan(20);
      expect(expected.indexes.products_name).toBe("products(ci:name) WHERE retired_at is null");
      expect(actual.indexes).toEqual(expected.indexes);
    });

    it("has the same unique keys (usernames unique whatever their case)", () => {
      expect(expected.unique.users).toEqual(["ci:username"]);
      expect(actual.unique).toEqual(expected.unique);
    });

    it("has the same foreign keys", () => {
      expect(Object.values(expected.foreignKeys).flat().length).toBeGreaterThan(10);
      expect(actual.foreignKeys).toEqual(expected.foreignKeys);
    });

    it("starts with the same settings", async () => {
      const settings = (db: Kysely<DB>) =>
        db.selectFrom("settings").select(["key", "value"]).orderBy("key").execute();
      const onSqlite = await settings(sqlite.db);
      expect(onSqlite.length).toBe(12);
      expect(await settings(postgres.db)).toEqual(onSqlite);
    });
  });

  describe.each([
    ["SQLite", () => sqlite.db],
    ["PostgreSQL", () => postgres.db],
  ])("on %s", (_engine, dbOf) => {
    const hash = "scrypt$16384$8$1$c2FsdA$aGFzaA";

    it("refuses a username that differs from another only in case", async () => {
      const db = dbOf();
      const admin = await db
        .insertInto("users")
        .values({ username: "admin", password_hash: hash })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(typeof admin.id).toBe("number");
      const error = await db
        .insertInto("users")
        .values({ username: "Admin", password_hash: hash })
        .execute()
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).not.toBeNull();
      expect(isUniqueViolation(error)).toBe(true);
      // Another name is fine, and the count comes back as a number.
      await db.insertInto("users").values({ username: "bob", password_hash: hash }).execute();
      const { n } = await db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(n).toBe(2);
    });

    it("stores an image's bytes and gives back the same bytes", async () => {
      const db = dbOf();
      const bytes = Buffer.concat([Buffer.from([0, 255, 0, 1]), crypto.randomBytes(5000)]);
      const id = crypto.createHash("sha256").update(bytes).digest("hex");
      await db
        .insertInto("images")
        .values({ id, content_type: "image/png", byte_size: bytes.length, bytes })
        .execute();
      const row = await db
        .selectFrom("images")
        .select(["bytes", "byte_size", "created_at"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(Buffer.isBuffer(row.bytes)).toBe(true);
      expect(row.bytes.equals(bytes)).toBe(true);
      expect(row.byte_size).toBe(bytes.length);
      expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      // byte_size must be the bytes' length.
      const other = crypto.randomBytes(10);
      await expect(
        db
          .insertInto("images")
          .values({
            id: crypto.createHash("sha256").update(other).digest("hex"),
            content_type: "image/png",
            byte_size: 11,
            bytes: other,
          })
          .execute(),
      ).rejects.toThrow(/CHECK|check constraint/);
    });

    it.each([
      ["a negative price", { price_pence: -100 }],
      ["an empty name", { name: "   " }],
      ["an unknown category", { category: "Boat Removal" as "Home Removal" }],
    ])("refuses a product with %s", async (_what, change) => {
      const db = dbOf();
      const image = await db.selectFrom("images").select("id").executeTakeFirstOrThrow();
      const product: Insertable<DB["products"]> = {
        name: "Sofa",
        description: "A two-seater sofa",
        category: "Sofa & Chair Removal",
        price_pence: 4500,
        inside_dismantle_pence: 0,
        inside_no_dismantle_pence: 0,
        outside_pence: 0,
        image_id: image.id,
      };
      await expect(
        db
          .insertInto("products")
          .values({ ...product, ...change })
          .execute(),
      ).rejects.toThrow(/CHECK|check constraint/);
      // The same product without the fault is taken.
      await db.insertInto("products").values(product).execute();
    });

    it.each([
      ["2026-12-01", true],
      ["2026-12-1", false],
      ["01/12/2026", false],
      ["2026-12-01x", false],
    ])("takes a collection date of %s: %s", async (collectionDate, accepted) => {
      const insert = dbOf()
        .insertInto("orders")
        .values({
          full_name: "Ada Lovelace",
          email: "ada@example.com",
          phone_number: "020 7946 0000",
          address_1: "1 Street",
          town: "London",
          postcode: "N1 1AA",
          collection_date: collectionDate,
          payment_method: "cash_payment",
          total_pence: 4500,
          source: "manual",
        })
        .execute();
      if (accepted) await insert;
      else await expect(insert).rejects.toThrow(/CHECK|check constraint/);
    });

    it("refuses a product whose image does not exist", async () => {
      await expect(
        dbOf()
          .insertInto("products")
          .values({
            name: "Chair",
            description: "An armchair",
            category: "Sofa & Chair Removal",
            price_pence: 2500,
            inside_dismantle_pence: 0,
            inside_no_dismantle_pence: 0,
            outside_pence: 0,
            image_id: "0".repeat(64),
          })
          .execute(),
      ).rejects.toThrow(/FOREIGN KEY|foreign key/);
    });
  });
});
