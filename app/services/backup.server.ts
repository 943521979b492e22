import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

/**
 * Copies of the SQLite file, and putting one back (docs/decisions/014-owner-commands.md).
 *
 * A backup is `VACUUM INTO` a hidden temporary file beside the destination:
 * one read transaction, so it is a consistent snapshot even while the server
 * keeps writing (WAL lets writers go on). The copy must pass
 * `PRAGMA integrity_check`, is fsynced, and only then appears under its final
 * name, through a hard link that refuses to replace an existing file. So a
 * file under a backup's name is always whole, and never someone else's file
 * overwritten.
 */

/** The tables a backup line counts, so the owner sees at a glance that the copy holds the shop. */
const COUNTED = ["orders", "quotes", "products"] as const;
export type RowCounts = Record<(typeof COUNTED)[number], number>;

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  counts: RowCounts;
}

/** A backup's name in a folder: `haulbook-YYYYMMDD-HHMMSS.db`, in UTC, so names sort by age. */
export const BACKUP_NAME = /^haulbook-\d{8}-\d{6}\.db$/;

/** `YYYYMMDD-HHMMSS` in UTC: the stamp in backup and before-restore file names. */
export function fileStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "")
    .replace(/[-:]/g, "")
    .replace("T", "-");
}

export function backupFileName(date: Date): string {
  return `haulbook-${fileStamp(date)}.db`;
}

/**
 * Which backups `--keep N` removes from a folder: of the names that are
 * backups (BACKUP_NAME; anything else in the folder is left alone), all but
 * the newest `keep`, oldest first.
 */
export function backupsToRemove(names: readonly string[], keep: number): string[] {
  const backups = names.filter((name) => BACKUP_NAME.test(name)).sort();
  return backups.slice(0, Math.max(0, backups.length - keep));
}

/** Where `backup <target>` writes: into a folder (an existing one, or any path ending in "/"), or that file. */
export function backupTarget(
  target: string,
  now: Date,
  isFolder: (resolved: string) => boolean,
): { file: string; folder: string | null } {
  const resolved = path.resolve(target);
  if (/[/\\]$/.test(target) || isFolder(resolved))
    return { file: path.join(resolved, backupFileName(now)), folder: resolved };
  return { file: resolved, folder: null };
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Thrown when a backup or restore is refused; its message is meant for the owner as it is. */
export class RefusedError extends Error {}

/** Flushes a file (or a folder's entries) to the disk. */
function fsyncPath(file: string, flags: "r" | "r+" = "r") {
  const fd = fs.openSync(file, flags);
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function fsyncFolder(folder: string) {
  try {
    fsyncPath(folder);
  } catch {
    // Some filesystems cannot open a folder for fsync; the rename is still atomic there.
  }
}

function tempNameFor(file: string): string {
  return path.join(
    path.dirname(file),
    `.${path.basename(file)}.partial-${process.pid}-${Date.now().toString(36)}`,
  );
}

function countRows(sqlite: Database.Database): RowCounts {
  const counts = { orders: 0, quotes: 0, products: 0 };
  for (const table of COUNTED) {
    const exists = sqlite
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
      .get(table);
    if (exists)
      counts[table] = (
        sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }
      ).n;
  }
  return counts;
}

/** "ok", or the first problems integrity_check reports. */
function integrityOf(sqlite: Database.Database, pragma = "integrity_check"): string {
  const rows = sqlite.pragma(pragma) as Record<string, string>[];
  const lines = rows.map((row) => Object.values(row)[0]);
  return lines.length === 1 && lines[0] === "ok" ? "ok" : lines.slice(0, 3).join("; ");
}

/**
 * Writes a consistent copy of the open database `sqlite` to `file`, which
 * must not exist yet. The copy is checked, fsynced and mode 0600 before it
 * takes its name; on any failure nothing is left behind.
 */
export function writeBackup(sqlite: Database.Database, file: string): BackupResult {
  const started = performance.now();
  const folder = path.dirname(file);
  if (!fs.existsSync(folder))
    throw new RefusedError(`Refused: the folder ${folder} does not exist.`);
  if (fs.existsSync(file))
    throw new RefusedError(
      `Refused: ${file} already exists (a backup never overwrites a file). Choose another name, or a folder.`,
    );
  const temp = tempNameFor(file);
  // VACUUM INTO needs a missing or empty file; making it first sets its mode before any byte lands.
  fs.writeFileSync(temp, "", { mode: 0o600, flag: "wx" });
  try {
    sqlite.prepare("VACUUM INTO ?").run(temp);
    const copy = new Database(temp, { readonly: true, fileMustExist: true });
    let counts: RowCounts;
    try {
      const integrity = integrityOf(copy);
      if (integrity !== "ok")
        throw new Error(`the copy failed its integrity check (${integrity}); nothing was written`);
      counts = countRows(copy);
    } finally {
      copy.close();
    }
    fs.chmodSync(temp, 0o600);
    fsyncPath(temp);
    placeWithoutOverwriting(temp, file);
    fsyncFolder(folder);
    return { file, bytes: fs.statSync(file).size, ms: performance.now() - started, counts };
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** Errors of filesystems that have no hard links (FAT on a USB drive, some network shares). */
const NO_HARD_LINKS = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS", "EMLINK"]);

/**
 * Gives the finished copy its name. link() fails if the name is taken
 * meanwhile, where rename() would replace that file; where there are no hard
 * links, the name is checked just before the rename.
 */
function placeWithoutOverwriting(temp: string, file: string) {
  const taken = () =>
    new RefusedError(`Refused: ${file} already exists (a backup never overwrites a file).`);
  try {
    fs.linkSync(temp, file);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    if (code === "EEXIST") throw taken();
    if (!NO_HARD_LINKS.has(code)) throw error;
  }
  if (fs.existsSync(file)) throw taken();
  fs.renameSync(temp, file);
}

/** Removes the backups beyond the newest `keep` in `folder`; answers the files removed. */
export function rotateBackups(folder: string, keep: number): string[] {
  const removed = backupsToRemove(fs.readdirSync(folder), keep).map((name) =>
    path.join(folder, name),
  );
  for (const file of removed) fs.rmSync(file, { force: true });
  if (removed.length > 0) fsyncFolder(folder);
  return removed;
}

const SQLITE_HEADER = Buffer.from("SQLite format 3\0", "latin1");

export interface DatabaseFileReport {
  /** the migrations recorded in the file's kysely_migration table */
  migrations: string[];
  counts: RowCounts;
}

/** Checks that `file` is a whole Haulbook database: SQLite, integrity ok, with its migrations table. */
export function inspectDatabaseFile(file: string): DatabaseFileReport {
  const head = Buffer.alloc(SQLITE_HEADER.length);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, head, 0, head.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (!head.equals(SQLITE_HEADER)) throw new RefusedError("it is not an SQLite database");
  let sqlite: Database.Database;
  try {
    sqlite = new Database(file, { fileMustExist: true });
  } catch (error) {
    throw new RefusedError(`it cannot be opened (${(error as Error).message})`);
  }
  try {
    let integrity: string;
    try {
      integrity = integrityOf(sqlite);
    } catch (error) {
      integrity = (error as Error).message;
    }
    if (integrity !== "ok") throw new RefusedError(`it fails the integrity check (${integrity})`);
    const table = sqlite
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kysely_migration'")
      .get();
    if (!table)
      throw new RefusedError("it is not a Haulbook database (it has no kysely_migration table)");
    const migrations = (
      sqlite.prepare("SELECT name FROM kysely_migration ORDER BY name").all() as { name: string }[]
    ).map((row) => row.name);
    return { migrations, counts: countRows(sqlite) };
  } finally {
    sqlite.close();
  }
}

export interface RestorePlan {
  /** the backup to put in place */
  source: string;
  /** the live database file */
  databasePath: string;
  /** the migrations this version knows; a backup with others was made by a newer version */
  knownMigrations: readonly string[];
  now: Date;
}

export interface RestoreResult {
  report: DatabaseFileReport;
  /** where the database that was in place went, or null when there was none */
  previous: string | null;
}

/**
 * Puts a backup in place of the database (the server must be stopped: the
 * caller checks the pid file). The backup is first copied beside the
 * database and checked there, so a bad file changes nothing. The database in
 * place is checkpointed and kept as `haulbook.db.before-restore-<stamp>`.
 */
export function restoreDatabase(plan: RestorePlan): RestoreResult {
  const { source, databasePath } = plan;
  if (!fs.existsSync(source) || !fs.statSync(source).isFile())
    throw new RefusedError(`Refused: ${source} is not a file. Nothing was changed.`);
  const temp = tempNameFor(databasePath);
  fs.copyFileSync(source, temp, fs.constants.COPYFILE_EXCL);
  try {
    fs.chmodSync(temp, 0o600);
    let report: DatabaseFileReport;
    try {
      report = inspectDatabaseFile(temp);
    } catch (error) {
      if (error instanceof RefusedError)
        throw new RefusedError(`Refused: ${source}: ${error.message}. Nothing was changed.`);
      throw error;
    }
    const unknown = report.migrations.filter((name) => !plan.knownMigrations.includes(name));
    if (unknown.length > 0)
      throw new RefusedError(
        `Refused: ${source} was made by a newer Haulbook (migration ${unknown.join(", ")} is unknown to this version). ` +
          "Restore it with that version. Nothing was changed.",
      );
    fsyncPath(temp);

    let previous: string | null = null;
    if (fs.existsSync(databasePath)) {
      // Fold the write-ahead log into the file, so the file kept aside is the whole database.
      const current = new Database(databasePath, { fileMustExist: true });
      try {
        current.pragma("busy_timeout = 5000");
        const [result] = current.pragma("wal_checkpoint(TRUNCATE)") as { busy: number }[];
        if (result && result.busy !== 0)
          throw new RefusedError(
            `Refused: ${databasePath} is in use by another process. Stop it first. Nothing was changed.`,
          );
      } finally {
        current.close();
      }
      previous = `${databasePath}.before-restore-${fileStamp(plan.now)}`;
      if (fs.existsSync(previous))
        throw new RefusedError(`Refused: ${previous} already exists. Nothing was changed.`);
      fs.renameSync(databasePath, previous);
      for (const suffix of ["-wal", "-shm"]) fs.rmSync(databasePath + suffix, { force: true });
    }
    fs.renameSync(temp, databasePath);
    fsyncFolder(path.dirname(databasePath));
    return { report, previous };
  } finally {
    fs.rmSync(temp, { force: true });
  }
}
