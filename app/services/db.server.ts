import path from "node:path";
import Database from "better-sqlite3";
import {
  Kysely,
  Migrator,
  type Compilable,
  type RawBuilder,
  type MigrationProvider,
  type SelectQueryBuilder,
  type MigrationResult,
} from "kysely";
import type pg from "pg";
import { migrationProviderFor } from "../../migrations";
import { fileStamp, formatBytes, writeBackup, type BackupResult } from "./backup.server";
import type { DatabaseConfig } from "./config.server";
import {
  engineOf,
  equalsIgnoringCase,
  ignoringCase,
  likeIgnoringCase,
  postgresKysely,
  postgresPool,
  sqliteKysely,
  type Engine,
} from "./dialect.server";
import {
  makePrivateFolder,
  preparePrivateFile,
  sqliteFiles,
  tightenFiles,
} from "./private-files.server";
import { commandPrefix } from "./release.server";
import type { DB } from "./schema";

export type { DB } from "./schema";
export type { Engine } from "./dialect.server";

/** SQLite in one file: `sqlite` is the file's own handle (backups, checks, pragmas). */
export interface SqliteConnection {
  engine: "sqlite";
  db: Kysely<DB>;
  sqlite: Database.Database;
}

/** PostgreSQL through a pool of DATABASE_POOL_SIZE connections. */
export interface PostgresConnection {
  engine: "postgres";
  db: Kysely<DB>;
  pool: pg.Pool;
}

/** An open database; code that needs SQLite's file checks `engine` first. */
export type Connection = SqliteConnection | PostgresConnection;

/**
 * Opens the shop's database. A file path, or `{ engine: "sqlite" }`, opens
 * SQLite with the settings of docs/decisions/001-better-sqlite3.md:
 * busy_timeout first so that switching to WAL waits for another process
 * instead of failing; synchronous=FULL so a power cut cannot lose a committed
 * booking. `{ engine: "postgres" }` makes a pool of `poolSize` connections,
 * opened as queries need them (docs/decisions/016-postgresql.md).
 */
export function openDatabase(file: string): SqliteConnection;
export function openDatabase(database: DatabaseConfig): Connection;
export function openDatabase(target: string | DatabaseConfig): Connection {
  if (typeof target !== "string" && target.engine === "postgres") {
    const pool = postgresPool(target.url, target.poolSize);
    return { engine: "postgres", db: postgresKysely<DB>(pool), pool };
  }
  const file = typeof target === "string" ? target : target.path;
  // Owner-only before SQLite writes a byte: its -wal and -shm files take the database file's mode.
  preparePrivateFile(file);
  const sqlite = new Database(file);
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("journal_mode = WAL");
  tightenFiles(sqliteFiles(file));
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  refreshPlannerStatistics(sqlite);
  return { engine: "sqlite", db: sqliteKysely<DB>(sqlite), sqlite };
}

/**
 * SQLite plans a query from statistics it only has once they are gathered: without them, the
 * staff home's "payments to review" walked 12,000 pending orders instead of its partial index (6 ms
 * to 0.02 ms on 50,000 orders). SQLite's advice for a long-lived connection: `optimize=0x10002`
 * when it opens (it analyses only tables whose statistics are missing or stale, each bounded by
 * analysis_limit; 20 ms on 50,000 orders), and again after the schema changed. PostgreSQL's
 * autovacuum does the same on its own.
 */
function refreshPlannerStatistics(sqlite: Database.Database): void {
  sqlite.pragma("analysis_limit = 400");
  sqlite.pragma("optimize = 0x10002");
}

/**
 * Opens an existing SQLite file as it is, changing no setting (for
 * commands that look at or copy a database another process may be serving).
 * Throws when there is no such file.
 */
export function openExistingDatabase(file: string): SqliteConnection {
  const sqlite = new Database(file, { fileMustExist: true });
  sqlite.pragma("busy_timeout = 5000");
  return { engine: "sqlite", db: sqliteKysely<DB>(sqlite), sqlite };
}

/** Where the copies written before an upgrade go. */
export function backupsFolder(dataDir: string): string {
  return path.join(dataDir, "backups");
}

export interface MigrationStatus {
  /** migrations recorded in the database, oldest first */
  applied: string[];
  /** migrations this version has that the database has not had yet, in order */
  pending: string[];
  /** migrations recorded in the database that this version does not know (a newer version ran) */
  unknown: string[];
}

/** Which migrations a database has had, and which are pending; changes nothing. */
export async function migrationStatus(
  db: Kysely<DB>,
  provider: MigrationProvider = migrationProviderFor(engineOf(db)),
): Promise<MigrationStatus> {
  const known = Object.keys(await provider.getMigrations()).sort();
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const applied = tables.some((t) => t.name === "kysely_migration")
    ? (
        await (db as unknown as Kysely<{ kysely_migration: { name: string } }>)
          .selectFrom("kysely_migration")
          .select("name")
          .orderBy("name")
          .execute()
      ).map((row) => row.name)
    : [];
  return {
    applied,
    pending: known.filter((name) => !applied.includes(name)),
    unknown: applied.filter((name) => !known.includes(name)),
  };
}

/** The names of the migrations this version carries for an engine (SQLite's by default), in order. */
export async function knownMigrations(
  engine: Engine = "sqlite",
  provider: MigrationProvider = migrationProviderFor(engine),
): Promise<string[]> {
  return Object.keys(await provider.getMigrations()).sort();
}

export interface MigrateOptions {
  /** the migrations to run (tests pass their own list); the app's for the engine by default */
  provider?: MigrationProvider;
  /**
   * Before migrating a database that already has migrations, write a copy
   * into this folder as `before-<first pending>-<stamp>.db` (created 0700).
   * SQLite only: on PostgreSQL the owner's pg_dump is the copy, and the
   * migrations still run in one transaction.
   */
  backupDir?: string;
  now?: Date;
}

export interface MigrateOutcome {
  /** the migrations applied, in order (empty when the database was up to date) */
  results: MigrationResult[];
  /** the copy written before migrating, if one was */
  backup: BackupResult | null;
}

/**
 * Runs every pending migration, all in one transaction: if one fails, none
 * is applied and the database is exactly as it was. Safe to call on every
 * start. With `backupDir`, a database that already holds data is copied
 * first, so the owner can go back to the previous version with `restore`.
 */
export async function migrateToLatest(
  target: Connection | Kysely<DB>,
  options: MigrateOptions = {},
): Promise<MigrateOutcome> {
  const db = target instanceof Kysely ? target : target.db;
  const provider = options.provider ?? migrationProviderFor(engineOf(db));
  const status = await migrationStatus(db, provider);
  if (status.unknown.length > 0) {
    throw new Error(
      `This database was upgraded by a newer Haulbook (migration ${status.unknown.join(", ")} is unknown to this version). ` +
        "Run that version, or restore the backup written before the upgrade (in the data folder's backups/).",
    );
  }
  if (status.pending.length === 0) return { results: [], backup: null };

  let backup: BackupResult | null = null;
  if (options.backupDir && status.applied.length > 0 && engineOf(db) === "sqlite") {
    if (target instanceof Kysely || target.engine !== "sqlite")
      throw new Error("A backup before migrating needs the connection.");
    makePrivateFolder(options.backupDir);
    const name = `before-${status.pending[0]}-${fileStamp(options.now ?? new Date())}.db`;
    backup = writeBackup(target.sqlite, path.join(options.backupDir, name));
  }

  const migrator = new Migrator({ db, provider });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error")?.migrationName;
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(
      `Migration ${failed ?? "(unknown)"} failed: ${reason}. No migration was applied; the database is as it was.`,
    );
  }
  return { results: result.results ?? [], backup };
}

/**
 * The one upgrade path, for the server's start and every command that opens
 * the database: pending migrations in one transaction, after a copy of a
 * database that already has data (logged, with the way back).
 */
export async function upgradeDatabase(
  connection: Connection,
  dataDir: string,
  log: (line: string) => void = console.log,
): Promise<MigrationResult[]> {
  const outcome = await migrateToLatest(connection, { backupDir: backupsFolder(dataDir) });
  // New tables and indexes get their statistics now, not at the next start.
  if (outcome.results.length > 0 && connection.engine === "sqlite")
    refreshPlannerStatistics(connection.sqlite);
  if (outcome.backup) {
    const { file, bytes } = outcome.backup;
    log(
      `[db] before migrating, wrote a backup: ${file} (${formatBytes(bytes)}). To go back to the ` +
        `previous version: stop the shop, then with the previous version run ${commandPrefix()} restore ${file}`,
    );
  }
  return outcome.results;
}

// Kept on globalThis so a rebuilt app bundle in development reuses the open connection.
const holder = globalThis as typeof globalThis & { __haulbookConnection?: Connection };

/** Installs the process-wide connection (done once by the lifecycle on start). */
export function setConnection(connection: Connection | undefined) {
  holder.__haulbookConnection = connection;
}

function connection(): Connection {
  const current = holder.__haulbookConnection;
  if (!current) throw new Error("The database is not open yet (the server has not started).");
  return current;
}

/** The process-wide database. Models call this; nothing else does. */
export function db(): Kysely<DB> {
  return connection().db;
}

/** Which engine the process-wide database is. */
export function databaseEngine(): Engine {
  return connection().engine;
}

/** True when the database answers a trivial query (within 2 s on PostgreSQL). */
export async function pingDatabase(): Promise<boolean> {
  try {
    const current = connection();
    if (current.engine === "sqlite")
      return current.sqlite.prepare("SELECT 1 AS ok").get() !== undefined;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("timed out")), 2000);
    });
    try {
      const result = await Promise.race([current.pool.query("SELECT 1 AS ok"), timeout]);
      return result.rows.length === 1;
    } finally {
      clearTimeout(timer);
    }
  } catch {
    return false;
  }
}

/**
 * Closes a connection: SQLite checkpoints the WAL into the main file,
 * PostgreSQL's pool ends its connections. Kysely only closes what a query
 * went through, so the file or pool is closed here too.
 */
export async function closeConnection(connection: Connection): Promise<void> {
  await connection.db.destroy();
  if (connection.engine === "sqlite") {
    if (connection.sqlite.open) connection.sqlite.close();
  } else if (!connection.pool.ended) {
    await connection.pool.end();
  }
}

/** Closes the process-wide connection. */
export async function closeDatabase(): Promise<void> {
  const current = holder.__haulbookConnection;
  if (!current) return;
  setConnection(undefined);
  await closeConnection(current);
}

/** `text` with LIKE's wildcards (and the escape character) escaped, for use with ESCAPE '\\'. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern matching `text` anywhere, with LIKE's wildcards escaped (use with ESCAPE '\\'). */
export function likeContains(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A LIKE pattern matching text that starts with `text`, wildcards escaped (use with ESCAPE '\\'). */
export function likeStartsWith(text: string): string {
  return `${escapeLike(text)}%`;
}

/*
 * Case-insensitive text for the models, on the process-wide database's engine
 * (the SQL for each engine is in dialect.server.ts). Column names are Kysely
 * references ("orders.email").
 */

/** `column` contains `text` anywhere, ignoring case (LIKE's wildcards in `text` are literal). */
export function containsIgnoringCase(column: string, text: string): RawBuilder<boolean> {
  return likeIgnoringCase(databaseEngine(), column, likeContains(text));
}

/** `column` starts with `text`, ignoring case (LIKE's wildcards in `text` are literal). */
export function startsWithIgnoringCase(column: string, text: string): RawBuilder<boolean> {
  return likeIgnoringCase(databaseEngine(), column, likeStartsWith(text));
}

/** `column` equals `value` in any case (usernames). */
export function sameIgnoringCase(column: string, value: string): RawBuilder<boolean> {
  return equalsIgnoringCase(databaseEngine(), column, value);
}

/**
 * How many rows `query` finds, as a number on either engine (PostgreSQL answers a count as
 * text: it is a bigint).
 */
export async function countRows<Tables, Table extends keyof Tables>(
  query: SelectQueryBuilder<Tables, Table, object>,
): Promise<number> {
  const row = await query
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    // Kysely cannot see the column through the generic query's type: it is `n`.
    .$castTo<{ n: number | string }>()
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A sort key: `column` in any case. */
export function caseless(column: string): RawBuilder<string> {
  return ignoringCase(databaseEngine(), column);
}

/**
 * A read made on every page request (the shared pages' generation), as cheaply as the engine
 * allows: on SQLite the statement is prepared once and run straight on the connection when no
 * transaction is open on it (Kysely prepares every query again: about half of this read's cost
 * in a profile); otherwise, and on PostgreSQL, it goes through Kysely.
 * Models use `db()` for everything else.
 */
export function hotRead<Row>(build: (db: Kysely<DB>) => Compilable<Row>): () => Promise<Row[]> {
  let prepared: { of: Connection; run: () => Promise<Row[]> } | undefined;
  return () => {
    const current = connection();
    if (prepared?.of !== current) {
      const query = build(current.db).compile();
      const statement = current.engine === "sqlite" ? current.sqlite.prepare(query.sql) : null;
      prepared = {
        of: current,
        run: async () =>
          // Never inside another request's open transaction on the same connection: it could
          // read a change that is then rolled back. Kysely's queue waits for the transaction.
          statement && current.engine === "sqlite" && !current.sqlite.inTransaction
            ? (statement.all(...query.parameters) as Row[])
            : (await current.db.executeQuery(query)).rows,
      };
    }
    return prepared.run();
  };
}
