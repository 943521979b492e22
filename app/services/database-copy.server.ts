import fs from "node:fs";
import path from "node:path";
import { sql, type Kysely, type RawBuilder } from "kysely";
import { formatDuration, RefusedError } from "./backup.server";
import { describeDatabase, type DatabaseConfig } from "./config.server";
import {
  CopyMismatchError,
  measureBoth,
  measureDiffers,
  type Measure,
} from "./database-copy-check.server";
import {
  closeConnection,
  migrateToLatest,
  migrationStatus,
  openDatabase,
  openExistingDatabase,
  type Connection,
  type DB,
} from "./db.server";
import { engineOf, highestIdEver, setIdCounter, type Engine } from "./dialect.server";
import { commandPrefix } from "./release.server";

/**
 * Moving a shop between engines (issue 15): the shop's database copied into
 * an empty one, SQLite → PostgreSQL or back (docs/deploy.md, "Moving a shop
 * to PostgreSQL").
 *
 * The target is first migrated to the schema the source has, with the shop's
 * own migrations for its engine. Then, in one transaction on the target and
 * one read transaction on the source (a consistent snapshot: a running shop
 * keeps serving), every table is copied in foreign-key order, a batch of rows
 * at a time in key order, so memory stays bounded whatever the size of the
 * shop. Ids are copied as they are, and the target's id counters are set past
 * the highest id the source ever handed out. Before committing, every
 * table's row count and the sum of each of its *_pence columns are compared
 * on both sides (database-copy-check.server.ts): any difference rolls the
 * whole copy back. The source is only ever read.
 */

type Row = Record<string, unknown>;
type AnyDb = Kysely<DB>;

interface TableRule {
  name: keyof DB;
  /** the primary key: rows are read in its order, a batch after the last key read */
  key: readonly string[];
  /** whether `id` comes from a counter (AUTOINCREMENT / identity) */
  counter: boolean;
  /** rows a batch (fewer where rows hold image bytes) */
  batch?: number;
  /** rows copied in passes, one condition each, when a table refers to itself */
  passes?: readonly RawBuilder<boolean>[];
}

/** Rows a batch, read then written at once. */
export const BATCH_ROWS = 500;

/**
 * Every table, parents before the tables that refer to them. A table added by
 * a migration must be added here: the copy refuses a database with a table
 * this list does not name, and the type below fails to compile until it does.
 */
export const COPY_ORDER = [
  { name: "users", key: ["id"], counter: true },
  // Up to 15 MB an image: 8 a batch keeps a batch of them within about 120 MB.
  // A resized variant refers to its original, so originals go first.
  {
    name: "images",
    key: ["id"],
    counter: false,
    batch: 8,
    passes: [sql<boolean>`original_id IS NULL`, sql<boolean>`original_id IS NOT NULL`],
  },
  { name: "products", key: ["id"], counter: true },
  { name: "quotes", key: ["id"], counter: true },
  { name: "quote_images", key: ["id"], counter: true },
  { name: "quote_offers", key: ["id"], counter: true },
  { name: "quote_offer_lines", key: ["id"], counter: true },
  { name: "vans", key: ["id"], counter: true },
  { name: "orders", key: ["id"], counter: true },
  { name: "order_items", key: ["id"], counter: true },
  { name: "order_events", key: ["id"], counter: true },
  { name: "booking_changes", key: ["id"], counter: true },
  { name: "job_completions", key: ["id"], counter: true },
  { name: "job_waste_lines", key: ["id"], counter: true },
  { name: "job_receipt_lines", key: ["id"], counter: true },
  { name: "job_photos", key: ["id"], counter: true },
  { name: "cash_bankings", key: ["id"], counter: true },
  { name: "receiving_sites", key: ["id"], counter: true },
  { name: "tip_runs", key: ["id"], counter: true },
  { name: "tip_run_jobs", key: ["tip_run_id", "completion_id"], counter: false },
  { name: "pending_uploads", key: ["id"], counter: false },
  { name: "outbox", key: ["id"], counter: true },
  // Up to a few hundred kB each (PDFs): a small batch.
  { name: "outbox_attachments", key: ["id"], counter: true, batch: 50 },
  { name: "contact_messages", key: ["id"], counter: true },
  { name: "contact_replies", key: ["id"], counter: true },
  { name: "settings", key: ["key"], counter: false },
  { name: "postcode_places", key: ["postcode"], counter: false },
  { name: "rate_limit_events", key: ["id"], counter: true },
  { name: "payment_events", key: ["id"], counter: false },
  { name: "staff_sessions", key: ["id"], counter: true },
  { name: "staff_login_sources", key: ["user_id", "address"], counter: false },
  { name: "van_crews", key: ["day", "user_id"], counter: false },
  { name: "scheduled_jobs", key: ["id"], counter: true },
  { name: "fleet_days", key: ["weekday"], counter: false },
  { name: "blocked_days", key: ["day"], counter: false },
  { name: "day_overrides", key: ["day"], counter: false },
  // Their triggers move the shared pages' version on: copied before the version, which then stands.
  { name: "site_content", key: ["id"], counter: true },
  { name: "blog_posts", key: ["id"], counter: true },
  { name: "shared_pages_version", key: ["id"], counter: false },
] as const satisfies readonly TableRule[];

// Compiles only while COPY_ORDER names every table of the schema.
type Uncopied = Exclude<keyof DB, (typeof COPY_ORDER)[number]["name"]>;
const everyTableCopied: [Uncopied] extends [never] ? true : Uncopied = true;
void everyTableCopied;

const RULES: readonly TableRule[] = COPY_ORDER;

/**
 * Tables a freshly migrated database already fills: the migrations put the
 * default settings, the default fleet (0013), the shared pages' version
 * (0015) and the first vans (0037) in, and the copy replaces them with the source's.
 */
const FILLED_BY_MIGRATIONS = new Set<string>([
  "settings",
  "fleet_days",
  "shared_pages_version",
  "vans",
]);

/** Kysely's own bookkeeping: each side's migrations keep theirs. */
const isKyselyTable = (name: string) => name.startsWith("kysely_migration");

/** Where `copy --to <target>` goes: postgres:// or postgresql://, file:<path>, or a plain path (SQLite). */
export function copyTarget(text: string, poolSize = 2): DatabaseConfig {
  if (/^postgres(ql)?:\/\//.test(text)) {
    try {
      new URL(text);
    } catch {
      throw new RefusedError(
        `Refused: ${text} is not a PostgreSQL URL that can be read (postgres://user:password@host:5432/database). Nothing was changed.`,
      );
    }
    return { engine: "postgres", url: text, poolSize };
  }
  const file = text.startsWith("file:") ? text.slice("file:".length) : text;
  if (file.trim() === "" || /^[a-z][a-z0-9+.-]*:\/\//i.test(file))
    throw new RefusedError(
      `Refused: ${text} is neither a postgres:// URL nor an SQLite file. Nothing was changed.`,
    );
  return { engine: "sqlite", path: path.resolve(file) };
}

/** host, port and database of a PostgreSQL URL (the user may differ: still the same database). */
function postgresIdentity(url: string): string {
  const parsed = new URL(url);
  const host = parsed.searchParams.get("host") || parsed.hostname || "localhost";
  const database = decodeURIComponent(parsed.pathname.slice(1)) || parsed.username;
  return `${host === "127.0.0.1" || host === "::1" ? "localhost" : host}:${parsed.port || "5432"}/${database}`;
}

function realPath(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}

/** Whether two configurations name the same database. */
export function sameDatabase(a: DatabaseConfig, b: DatabaseConfig): boolean {
  if (a.engine === "sqlite" && b.engine === "sqlite") return realPath(a.path) === realPath(b.path);
  if (a.engine === "postgres" && b.engine === "postgres")
    return postgresIdentity(a.url) === postgresIdentity(b.url);
  return false;
}

/** The shop's tables in a database and their columns (Kysely's bookkeeping left out). */
async function tablesOf(db: AnyDb): Promise<Map<string, string[]>> {
  let schema: string | undefined;
  if (engineOf(db) === "postgres")
    schema = (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0]
      ?.schema;
  const tables = await db.introspection.getTables();
  return new Map(
    tables
      .filter((t) => !isKyselyTable(t.name) && (schema === undefined || t.schema === schema))
      .map((t) => [t.name, t.columns.map((c) => c.name)]),
  );
}

/** Tables that hold rows, in copy order (settings and the fleet aside: a migrated database has its defaults). */
async function tablesWithRows(db: AnyDb): Promise<string[]> {
  const present = await tablesOf(db);
  const found: string[] = [];
  for (const name of [...RULES.map((r) => r.name as string), ...present.keys()]) {
    if (!present.delete(name) || FILLED_BY_MIGRATIONS.has(name)) continue;
    const { rows } = await sql`SELECT 1 AS found FROM ${sql.table(name)} LIMIT 1`.execute(db);
    if (rows.length > 0) found.push(name);
  }
  return found;
}

/** "users, images, products and 4 more tables": the first few of a list. */
function someOf(names: readonly string[], shown = 3): string {
  const more = names.length - shown;
  return more > 0
    ? `${names.slice(0, shown).join(", ")} and ${more} more table${more === 1 ? "" : "s"}`
    : names.join(", ");
}

/** The columns the source and the copy must share, table by table; refuses a schema this version does not know. */
function sameTables(
  source: Map<string, string[]>,
  target: Map<string, string[]>,
  describe: { source: string; target: string },
): void {
  const known = new Set(RULES.map((r) => r.name as string));
  const unknown = [...source.keys()].filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new RefusedError(
      `Refused: ${describe.source} has tables this version does not copy (${unknown.join(", ")}). Nothing was changed.`,
    );
  for (const rule of RULES) {
    const a = [...(source.get(rule.name) ?? [])].sort();
    const b = [...(target.get(rule.name) ?? [])].sort();
    if (a.length === 0 || a.join() !== b.join())
      throw new RefusedError(
        `Refused: the table ${rule.name} differs between ${describe.source} and ${describe.target} ` +
          `(${a.join(", ") || "missing"} / ${b.join(", ") || "missing"}). Both must be at this version's latest migration.`,
      );
  }
}

/** A value as the target's driver takes it (better-sqlite3 binds no booleans or dates). */
function forTarget(value: unknown, engine: Engine): unknown {
  if (engine !== "sqlite") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** Reads `rule`'s rows from `source` a batch at a time, in key order, and writes each batch to `target`. */
async function copyTable(source: AnyDb, target: AnyDb, rule: TableRule): Promise<number> {
  const engine = engineOf(target);
  const keys = sql.join(rule.key.map((k) => sql.ref(k)));
  const limit = rule.batch ?? BATCH_ROWS;
  const keyOf = (row: Row) => rule.key.map((k) => row[k]);
  let copied = 0;
  for (const pass of rule.passes ?? [sql<boolean>`1 = 1`]) {
    let last: Row | undefined;
    for (;;) {
      const after = last ? sql`(${keys}) > (${sql.join(keyOf(last))})` : sql`1 = 1`;
      const { rows } = await sql<Row>`SELECT * FROM ${sql.table(rule.name)}
        WHERE ${pass} AND ${after} ORDER BY ${keys} LIMIT ${limit}`.execute(source);
      if (rows.length === 0) break;
      const columns = Object.keys(rows[0]!);
      const values = rows.map(
        (row) => sql`(${sql.join(columns.map((c) => forTarget(row[c], engine)))})`,
      );
      await sql`INSERT INTO ${sql.table(rule.name)} (${sql.join(columns.map((c) => sql.ref(c)))})
        VALUES ${sql.join(values)}`.execute(target);
      copied += rows.length;
      last = rows[rows.length - 1];
      if (rows.length < limit) break;
    }
  }
  return copied;
}

/** Answers within `ms`, or refuses: a database that cannot be reached. */
async function reach(connection: Connection, label: string, ms = 10_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      sql`SELECT 1`.execute(connection.db),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
      }),
    ]);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RefusedError(
      `Refused: cannot reach ${label} (${reason || "connection refused"}). Check the address, ` +
        "the user and password, that PostgreSQL is running and that the database exists " +
        "(create it empty with createdb). Nothing was changed.",
    );
  } finally {
    clearTimeout(timer);
  }
}

export interface CopyReport {
  source: string;
  target: string;
  /** the target's migrations applied before copying */
  migrated: string[];
  /** rows copied, all tables */
  rows: number;
  measures: Measure[];
  ms: number;
}

/**
 * Copies the shop's database `from` into the empty database `to` (see the
 * top of this file). Refuses, changing nothing, when the target is the
 * source, cannot be reached or holds rows, or when the source has pending
 * migrations. A new SQLite file that the copy fails to fill is removed.
 */
export async function copyShopDatabase(
  from: DatabaseConfig,
  to: DatabaseConfig,
): Promise<CopyReport> {
  const started = performance.now();
  const label = { source: describeDatabase(from), target: describeDatabase(to) };
  if (sameDatabase(from, to))
    throw new RefusedError(
      `Refused: ${label.target} is the shop's own database. Give --to an empty database ` +
        "elsewhere (a new PostgreSQL database, or a new SQLite file). Nothing was changed.",
    );

  let source: Connection;
  if (from.engine === "sqlite") {
    if (!fs.existsSync(from.path))
      throw new RefusedError(`Refused: there is no database at ${from.path}: nothing to copy.`);
    source = openExistingDatabase(from.path);
  } else {
    source = openDatabase({ ...from, poolSize: 1 });
  }
  let target: Connection | undefined;
  let newFile: string | undefined;
  let done = false;
  try {
    await reach(source, label.source);
    const status = await migrationStatus(source.db);
    if (status.unknown.length > 0)
      throw new RefusedError(
        `Refused: ${label.source} was upgraded by a newer Haulbook (migration ${status.unknown.join(", ")}). Copy it with that version. Nothing was changed.`,
      );
    if (status.applied.length === 0)
      throw new RefusedError(
        `Refused: ${label.source} is not a Haulbook database (it has had no migrations): nothing to copy.`,
      );
    if (status.pending.length > 0)
      throw new RefusedError(
        `Refused: ${label.source} has migrations still to run (${status.pending.join(", ")}). ` +
          `Run \`${commandPrefix()} migrate\` first, then the copy again. Nothing was changed.`,
      );

    let full: string[] = [];
    if (to.engine === "sqlite") {
      const folder = path.dirname(to.path);
      if (!fs.existsSync(folder))
        throw new RefusedError(
          `Refused: the folder ${folder} does not exist. Nothing was changed.`,
        );
      if (!fs.existsSync(to.path)) {
        // Private from its first byte, like a backup: it holds customers' details. An empty
        // file is an empty SQLite database; "wx" never takes a file another process made meanwhile.
        fs.writeFileSync(to.path, "", { mode: 0o600, flag: "wx" });
        newFile = to.path;
      } else {
        // Looked at as it is first: opening it for the copy changes its settings (WAL).
        const existing = openExistingDatabase(to.path);
        try {
          full = await tablesWithRows(existing.db);
        } finally {
          await closeConnection(existing);
        }
      }
    }
    if (full.length === 0) {
      target = openDatabase(to);
      await reach(target, label.target);
      full = await tablesWithRows(target.db);
    }
    if (full.length > 0)
      throw new RefusedError(
        `Refused: ${label.target} is not empty (${someOf(full)} hold rows). The copy goes only into ` +
          "an empty database: create a new one (createdb), or give a new file. Nothing was changed.",
      );

    if (!target) throw new Error("The target is not open.");
    const migrated = (await migrateToLatest(target)).results.map((r) => r.migrationName);
    const tables = await tablesOf(source.db);
    sameTables(tables, await tablesOf(target.db), label);

    const targetDb = target.db;
    let rows = 0;
    let measures: Measure[] = [];
    const reading =
      source.engine === "postgres"
        ? source.db.transaction().setIsolationLevel("repeatable read").setAccessMode("read only")
        : source.db.transaction();
    await reading.execute(async (read) => {
      await targetDb.transaction().execute(async (write) => {
        for (const name of FILLED_BY_MIGRATIONS)
          await sql`DELETE FROM ${sql.table(name)}`.execute(write);
        for (const rule of RULES) {
          rows += await copyTable(read, write, rule);
          if (!rule.counter) continue;
          const { rows: max } = await sql<{
            id: number | null;
          }>`SELECT max(id) AS id FROM ${sql.table(rule.name)}`.execute(write);
          const highest = Math.max(Number(max[0]?.id ?? 0), await highestIdEver(read, rule.name));
          await setIdCounter(write, rule.name, highest);
        }
        measures = await measureBoth(
          read,
          write,
          tables,
          RULES.map((rule) => rule.name),
        );
        if (measures.some(measureDiffers)) throw new CopyMismatchError(measures);
      });
    });
    done = true;
    return { ...label, migrated, rows, measures, ms: performance.now() - started };
  } finally {
    await closeConnection(source);
    if (target) await closeConnection(target);
    if (newFile && !done)
      for (const suffix of ["", "-wal", "-shm", "-journal"])
        fs.rmSync(newFile + suffix, { force: true });
  }
}

/** The report's last lines: what was copied, and how long it took. */
export function copySummary(report: CopyReport): string {
  return `Copied ${report.rows} rows from ${report.source} to ${report.target} in ${formatDuration(report.ms)}: every table's rows and money match.`;
}
