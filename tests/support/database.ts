import path from "node:path";
import Database from "better-sqlite3";
import { TEST_ENGINE, databaseOf, type RunningServer } from "./server";

/**
 * What a started shop has stored, read (or set up) with plain SQL on either engine: the SQLite
 * file in its data folder, or its PostgreSQL database (TEST_ENGINE=postgres). Parameters are `?`
 * on both. Values come back as the shop sees them: PostgreSQL's count(*) is a number here too
 * (the app's own type parsers), booleans are whatever each engine stores (0/1 on SQLite).
 * Write SQL that means the same on both (RETURNING id, not lastInsertRowid; no strftime).
 */
export interface TestDatabase {
  readonly engine: "sqlite" | "postgres";
  all<T = Record<string, unknown>>(sqlText: string, ...params: unknown[]): Promise<T[]>;
  get<T = Record<string, unknown>>(sqlText: string, ...params: unknown[]): Promise<T | undefined>;
  run(sqlText: string, ...params: unknown[]): Promise<void>;
  close(): Promise<void>;
}

/** `?` placeholders as PostgreSQL's $1, $2… (outside quoted text). */
export function numberedParameters(sqlText: string): string {
  let n = 0;
  return sqlText.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\?/g, (match) =>
    match === "?" ? `$${++n}` : match,
  );
}

/** The database of a started server, or of a data folder (on PostgreSQL, made if it has none yet). */
export async function openTestDatabase(target: RunningServer | string): Promise<TestDatabase> {
  const dataDir = typeof target === "string" ? target : target.dataDir;
  const url = typeof target === "string" ? undefined : target.databaseUrl;
  if (url || TEST_ENGINE === "postgres") {
    // Loaded here, not at the top: the SQLite and executable passes' files then collect without
    // Kysely and pg (about 0.2 s of each test file's start).
    const { postgresPool } = await import("~/services/dialect.server");
    // One connection, so that BEGIN … COMMIT through `run` holds, as on SQLite's one handle.
    const pool = postgresPool(url ?? (await databaseOf(dataDir)), 1);
    const all = async <T>(sqlText: string, ...params: unknown[]) =>
      (await pool.query(numberedParameters(sqlText), params)).rows as T[];
    return {
      engine: "postgres",
      all,
      get: async <T>(sqlText: string, ...params: unknown[]) =>
        (await all<T>(sqlText, ...params))[0],
      run: async (sqlText, ...params) => {
        await pool.query(numberedParameters(sqlText), params);
      },
      close: () => pool.end(),
    };
  }
  const db = new Database(path.join(dataDir, "haulbook.db"));
  db.pragma("busy_timeout = 5000");
  // A statement that answers no rows (an UPDATE) answers [] from all(), as it does on PostgreSQL.
  const all = <T>(sqlText: string, params: unknown[]): T[] => {
    const statement = db.prepare(sqlText);
    if (statement.reader) return statement.all(...params) as T[];
    statement.run(...params);
    return [];
  };
  return {
    engine: "sqlite",
    all: async <T>(sqlText: string, ...params: unknown[]) => all<T>(sqlText, params),
    get: async <T>(sqlText: string, ...params: unknown[]) => all<T>(sqlText, params)[0],
    run: async (sqlText, ...params) => void all(sqlText, params),
    close: async () => void db.close(),
  };
}

/** Opens, runs `work` with the database, closes. */
export async function withTestDatabase<T>(
  target: RunningServer | string,
  work: (db: TestDatabase) => Promise<T>,
): Promise<T> {
  const db = await openTestDatabase(target);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** The rows a query answers, on either engine. */
export function rows<T = Record<string, unknown>>(
  target: RunningServer | string,
  sqlText: string,
  ...params: unknown[]
): Promise<T[]> {
  return withTestDatabase(target, (db) => db.all<T>(sqlText, ...params));
}

/** Runs one statement (an UPDATE to set a scene up), on either engine. */
export function run(
  target: RunningServer | string,
  sqlText: string,
  ...params: unknown[]
): Promise<void> {
  return withTestDatabase(target, (db) => db.run(sqlText, ...params));
}

/**
 * Inserts many rows with multi-row INSERTs (hundreds a statement), inside one transaction: quick
 * on both engines, where a statement a row is slow on PostgreSQL. With `returning`, answers the
 * RETURNING rows of every statement, in order.
 */
export async function insertMany<T = Record<string, unknown>>(
  db: TestDatabase,
  table: string,
  columns: readonly string[],
  values: readonly (readonly unknown[])[],
  returning?: string,
): Promise<T[]> {
  const perStatement = Math.max(1, Math.min(500, Math.floor(30_000 / columns.length)));
  const answered: T[] = [];
  await db.run("BEGIN");
  try {
    for (let first = 0; first < values.length; first += perStatement) {
      const batch = values.slice(first, first + perStatement);
      const row = `(${columns.map(() => "?").join(", ")})`;
      const sqlText =
        `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${batch.map(() => row).join(", ")}` +
        (returning ? ` RETURNING ${returning}` : "");
      const params = batch.flat();
      if (returning) answered.push(...(await db.all<T>(sqlText, ...params)));
      else await db.run(sqlText, ...params);
    }
    await db.run("COMMIT");
  } catch (error) {
    await db.run("ROLLBACK");
    throw error;
  }
  return answered;
}
