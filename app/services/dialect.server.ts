import type Database from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type RawBuilder,
  type SqliteDialectConfig,
  type Transaction,
} from "kysely";
import pg from "pg";
import { engineOf, NOW_TEXT_SQL, type Engine } from "../../migrations/dialect";
import type { DB as ShopTables } from "./schema";

/**
 * Everything that differs between the two engines the shop runs on, in one
 * place (docs/decisions/016-postgresql.md): SQLite in the data folder (the
 * default) and PostgreSQL (DATABASE_URL=postgres://…). The rest of the code
 * writes one query for both; when a query cannot be the same, the engine's
 * version is a helper here.
 */

// The words the migrations and the queries share (migrations/dialect.ts: the migrations import
// nothing of the app's).
export { engineOf, NOW_TEXT_SQL, type Engine };

/**
 * SQLite can roll back schema changes, but Kysely's SqliteAdapter says it
 * cannot, so its Migrator would run each migration bare: one failing half-way
 * through an upgrade would leave the earlier ones applied. This adapter tells
 * the truth, and the Migrator runs all pending migrations in one transaction
 * (docs/decisions/014-owner-commands.md). No migration may toggle
 * PRAGMA foreign_keys (a no-op inside a transaction). PostgreSQL's adapter
 * already says it can.
 */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * Every transaction takes SQLite's write lock when it begins (BEGIN IMMEDIATE), not at its first
 * write. A deferred transaction that read, and then wrote after another process (an owner's
 * command, a test writing to the file) committed in between, fails at once with
 * SQLITE_BUSY_SNAPSHOT; an immediate one waits its turn (busy_timeout, db.server.ts) and then
 * reads what is there. The shop's one connection runs one transaction at a time anyway.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class TransactionalSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createAdapter(): DialectAdapter {
    return new TransactionalSqliteAdapter();
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/** Kysely over an open better-sqlite3 database. */
export function sqliteKysely<DB>(sqlite: Database.Database): Kysely<DB> {
  return new Kysely<DB>({ dialect: new TransactionalSqliteDialect({ database: sqlite }) });
}

// PostgreSQL type OIDs whose text pg would hand back as strings.
const INT8 = 20; // count(*), sum() of integers
const NUMERIC = 1700; // sum() of bigints, avg()

/** int8 text as a number when it is one exactly; beyond 2^53 the text itself, never a rounded number. */
export function parseInt8(text: string): number | string {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : text;
}

/** numeric text as a number when a double holds it (at most 15 significant digits); else the text. */
export function parseNumeric(text: string): number | string {
  const digits = text.replace(/^-/, "").replace(".", "").replace(/^0+/, "");
  return digits.length <= 15 ? Number(text) : text;
}

/**
 * The connection pool for PostgreSQL. SQLite hands integers back as numbers,
 * so PostgreSQL's int8 and numeric do too where that is exact (ids are int4,
 * already numbers); bytea comes back as a Buffer, as SQLite's BLOB does.
 */
export function postgresPool(url: string, poolSize: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") => {
        if (oid === INT8 && format !== "binary") return parseInt8;
        if (oid === NUMERIC && format !== "binary") return parseNumeric;
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection that breaks (PostgreSQL restarted, the network dropped) is reported
  // here; without a listener Node would end the whole process. The pool opens a new
  // connection for the next query, and /healthz says whether the database answers.
  pool.on("error", (error) => {
    console.error(`[db] a PostgreSQL connection was lost: ${error.message}`);
  });
  return pool;
}

/** Kysely over a PostgreSQL pool. */
export function postgresKysely<DB>(pool: pg.Pool): Kysely<DB> {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/** "now" as ISO-8601 UTC text, for queries. */
export function nowText(engine: Engine): RawBuilder<string> {
  return sql<string>`${sql.raw(NOW_TEXT_SQL[engine])}`;
}

/** True when a write was refused because it broke a UNIQUE constraint (or primary key), on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === "SQLITE_CONSTRAINT_UNIQUE" ||
    code === "SQLITE_CONSTRAINT_PRIMARYKEY" ||
    code === "23505" // PostgreSQL's unique_violation
  );
}

/*
 * Case-insensitive text, the same on both engines. SQLite's LIKE ignores ASCII
 * case and its `COLLATE NOCASE` columns and indexes (users.username,
 * products.name, orders.email, quotes.email, order_items.product_name) fold
 * ASCII case; PostgreSQL's LIKE and `=` do not, so there the column and the
 * text are both lower()ed. The PostgreSQL baseline indexes these columns on
 * lower(column) (migrations/0006_postgres_baseline.ts), and only the
 * lower(column) form can use them (checked with EXPLAIN on PostgreSQL 15):
 * `lower(username) = lower($1)` is an index scan of users_username_nocase,
 * `ORDER BY lower(products.name)` walks products_name. A contains-search
 * (`LIKE '%text%'`) scans on either engine whatever the form; ILIKE would
 * match the same rows but could never use those indexes. On SQLite the SQL
 * stays exactly what it was, so its query plans
 * (docs/decisions/009-order-search-at-scale.md) do not change. Like SQLite,
 * only ASCII letters are folded on a C-collation PostgreSQL.
 */

/** `column LIKE pattern ESCAPE '\'`, ignoring case; `pattern` escaped by likeContains/likeStartsWith. */
export function likeIgnoringCase(
  engine: Engine,
  column: string,
  pattern: string,
): RawBuilder<boolean> {
  return engine === "postgres"
    ? sql<boolean>`lower(${sql.ref(column)}) LIKE lower(${pattern}) ESCAPE '\\'`
    : sql<boolean>`${sql.ref(column)} LIKE ${pattern} ESCAPE '\\'`;
}

/**
 * `column = value`, ignoring case, for a column SQLite declares COLLATE NOCASE
 * (where `=` already ignores case and seeks in the column's index).
 */
export function equalsIgnoringCase(
  engine: Engine,
  column: string,
  value: string,
): RawBuilder<boolean> {
  return engine === "postgres"
    ? sql<boolean>`lower(${sql.ref(column)}) = lower(${value})`
    : sql<boolean>`${sql.ref(column)} = ${value}`;
}

/** A sort key for `column` in any case: SQLite's NOCASE collation, PostgreSQL's lower(). */
export function ignoringCase(engine: Engine, column: string): RawBuilder<string> {
  return engine === "postgres"
    ? sql<string>`lower(${sql.ref(column)})`
    : sql<string>`${sql.ref(column)} COLLATE NOCASE`;
}

/** A condition no row meets, on both engines (PostgreSQL has no `WHERE 0`). */
export const noRows: RawBuilder<boolean> = sql<boolean>`1 = 0`;

/** 1 for a row meeting `condition`, else 0: for sum(), as PostgreSQL cannot sum booleans. */
export function oneWhen(condition: RawBuilder<boolean>): RawBuilder<number> {
  return sql<number>`CASE WHEN ${condition} THEN 1 ELSE 0 END`;
}

/**
 * Keeps apart transactions that count and then write: each key names what is
 * counted ("day:2026-12-01", "rate:quote:203.0.113.9"), and a transaction
 * holding a key's lock runs alone for that key until it commits or rolls
 * back. On PostgreSQL these are transaction-level advisory locks (docs/decisions/017-concurrency.md):
 * they need no row to exist (a day with no bookings has none), cost one
 * statement, and are released by the commit. Keys are taken in sorted order,
 * so two transactions wanting the same keys cannot deadlock. On SQLite the
 * shop's single connection already runs one transaction at a time, so there
 * is nothing to do.
 */
export async function lockKeys<DB>(trx: Transaction<DB>, keys: readonly string[]): Promise<void> {
  if (engineOf(trx) !== "postgres") return;
  for (const key of [...new Set(keys)].sort())
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/**
 * Runs `work` while no other process of the shop runs work under the same
 * key: on PostgreSQL a session-level advisory lock held on one pooled
 * connection for the duration (so `work` itself may use the others); on
 * SQLite, where one process serves the file, `work` simply runs. For
 * start-up work that checks and then writes (the first staff user, the demo
 * catalogue) when several processes start at once.
 */
export async function exclusively<DB, T>(
  db: Kysely<DB>,
  key: string,
  work: () => Promise<T>,
): Promise<T> {
  if (engineOf(db) !== "postgres") return work();
  return db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(hashtextextended(${key}, 0))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtextextended(${key}, 0))`.execute(connection);
    }
  });
}

/** The highest id a table's counter has handed out (rows since deleted included); 0 if none. */
export async function highestIdEver(db: Kysely<ShopTables>, table: string): Promise<number> {
  if (engineOf(db) === "sqlite") {
    const { rows } = await sql<{
      seq: number;
    }>`SELECT seq FROM sqlite_sequence WHERE name = ${table}`.execute(db);
    return Number(rows[0]?.seq ?? 0);
  }
  const { rows } = await sql<{
    seq: string | null;
  }>`SELECT pg_get_serial_sequence(${table}, 'id') AS seq`.execute(db);
  const sequence = rows[0]?.seq;
  if (!sequence) return 0;
  const state = await sql<{
    last_value: number | string;
    is_called: boolean;
  }>`SELECT last_value, is_called FROM ${sql.raw(sequence)}`.execute(db);
  const row = state.rows[0];
  return row?.is_called ? Number(row.last_value) : 0;
}

/** Sets `table`'s id counter so the next id is above `highest` (copying a shop's rows, ids and all). */
export async function setIdCounter(
  db: Kysely<ShopTables>,
  table: string,
  highest: number,
): Promise<void> {
  if (highest <= 0) return;
  if (engineOf(db) === "sqlite") {
    // Inserting ids already moved it to the largest copied; a deleted row's id may be higher.
    await sql`UPDATE sqlite_sequence SET seq = ${highest} WHERE name = ${table} AND seq < ${highest}`.execute(
      db,
    );
    await sql`INSERT INTO sqlite_sequence (name, seq) SELECT ${table}, ${highest}
      WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ${table})`.execute(db);
    return;
  }
  await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), ${highest}, true)`.execute(db);
}
