import Database from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, type MigrationResultSet } from "kysely";
import { migrationProvider } from "../../migrations";
import type { DB } from "./schema";

export type { DB } from "./schema";

export interface Connection {
  db: Kysely<DB>;
  sqlite: Database.Database;
}

/**
 * Opens the SQLite file with the settings of docs/decisions/001-better-sqlite3.md. busy_timeout
 * goes first so that switching to WAL waits for another process instead of
 * failing; synchronous=FULL so a power cut cannot lose a committed booking.
 */
export function openDatabase(file: string): Connection {
  const sqlite = new Database(file);
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, sqlite };
}

/** Runs every pending migration; safe to call on every start. */
export async function migrateToLatest(db: Kysely<DB>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error")?.migrationName;
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`Migration ${failed ?? "(unknown)"} failed: ${reason}`);
  }
  return result;
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

/** True when the database answers a trivial query. */
export function pingDatabase(): boolean {
  try {
    return connection().sqlite.prepare("SELECT 1 AS ok").get() !== undefined;
  } catch {
    return false;
  }
}

/** Closes the connection (checkpointing the WAL into the main file). */
export async function closeDatabase(): Promise<void> {
  const current = holder.__haulbookConnection;
  if (!current) return;
  setConnection(undefined);
  await current.db.destroy();
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
