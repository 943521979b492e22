import fs from "node:fs";
import path from "node:path";
import {
  backupTarget,
  formatBytes,
  formatDuration,
  restoreDatabase,
  rotateBackups,
  writeBackup,
  type RowCounts,
} from "~/services/backup.server";
import { describeDatabase, loadConfig, type Config } from "~/services/config.server";
import { copyShopDatabase, copySummary, copyTarget } from "~/services/database-copy.server";
import { CopyMismatchError, formatMeasures } from "~/services/database-copy-check.server";
import {
  closeConnection,
  knownMigrations,
  openDatabase,
  openExistingDatabase,
  upgradeDatabase,
} from "~/services/db.server";
import { runningServer } from "~/services/pid-file.server";
import { commandPrefix } from "~/services/release.server";

/** `migrate`, `backup`, `restore` and `copy`: the database as a whole. */

const countsText = (c: RowCounts) =>
  `orders ${c.orders}, quotes ${c.quotes}, products ${c.products}`;

/**
 * SQLite's file, for the commands that copy or replace it; on PostgreSQL
 * they say which PostgreSQL tool does that job instead, and answer null.
 */
function sqliteFile(config: Config, command: string, instead: string): string | null {
  if (config.database.engine === "sqlite") return config.database.path;
  console.error(
    `\`${command}\` is for SQLite; on PostgreSQL use ${instead} ` +
      `(the shop's data is in ${describeDatabase(config.database)}). Nothing was changed.`,
  );
  return null;
}

export async function migrate(): Promise<number> {
  const config = loadConfig();
  const label = describeDatabase(config.database);
  const connection = openDatabase(config.database);
  try {
    const applied = await upgradeDatabase(connection, config.dataDir);
    console.log(
      applied.length === 0
        ? `${label}: already up to date`
        : applied.map((r) => `${label}: applied ${r.migrationName}`).join("\n"),
    );
    return 0;
  } finally {
    await closeConnection(connection);
  }
}

export const BACKUP_USAGE = "backup <file | folder/> [--keep N]";

/** The target and --keep of `backup`; null when the arguments make no sense. */
function backupArguments(args: string[]): { target: string; keep: number | null } | null {
  let target: string | undefined;
  let keep: number | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const inline = /^--keep=(.*)$/.exec(arg);
    if (arg === "--keep" || inline) {
      const value = inline ? inline[1]! : args[++i];
      if (value === undefined || !/^[1-9]\d{0,5}$/.test(value)) return null;
      keep = Number(value);
    } else if (arg.startsWith("--") || target !== undefined) {
      return null;
    } else {
      target = arg;
    }
  }
  return target === undefined ? null : { target, keep };
}

export async function backup(args: string[]): Promise<number> {
  const parsed = backupArguments(args);
  if (!parsed) {
    console.error(
      `Usage: ${commandPrefix()} ${BACKUP_USAGE}  (N: how many backups to keep, 1 or more)`,
    );
    return 2;
  }
  const config = loadConfig();
  const databasePath = sqliteFile(
    config,
    "backup",
    "pg_dump (for example pg_dump -Fc -f shop.dump)",
  );
  if (databasePath === null) return 1;
  if (!fs.existsSync(databasePath)) {
    console.error(`No database at ${databasePath}: nothing to back up.`);
    return 1;
  }
  const { file, folder } = backupTarget(parsed.target, new Date(), (p) => {
    try {
      return fs.statSync(p).isDirectory();
    } catch {
      return false;
    }
  });
  if (parsed.keep !== null && folder === null) {
    console.error(
      `--keep rotates the backups in a folder: give a folder (ending in /), not the file ${file}.`,
    );
    return 2;
  }
  if (folder) fs.mkdirSync(folder, { recursive: true, mode: 0o700 });

  const connection = openExistingDatabase(databasePath);
  let result;
  try {
    result = writeBackup(connection.sqlite, file);
  } finally {
    await closeConnection(connection);
  }
  console.log(
    `Backed up to ${result.file}: ${formatBytes(result.bytes)} in ${formatDuration(result.ms)}; ${countsText(result.counts)}`,
  );
  if (folder && parsed.keep !== null)
    for (const removed of rotateBackups(folder, parsed.keep))
      console.log(`Removed ${removed} (keeping the newest ${parsed.keep})`);
  return 0;
}

export const RESTORE_USAGE = "restore <file>";

export async function restore(args: string[]): Promise<number> {
  if (args.length !== 1 || args[0]!.startsWith("--")) {
    console.error(`Usage: ${commandPrefix()} ${RESTORE_USAGE}`);
    return 2;
  }
  const source = path.resolve(args[0]!);
  const config = loadConfig();
  const databasePath = sqliteFile(config, "restore", "pg_dump's copy with pg_restore");
  if (databasePath === null) return 1;
  const pid = runningServer(config.dataDir);
  if (pid !== null) {
    console.error(
      `Refused: the shop is running on ${config.dataDir} (pid ${pid}). ` +
        "Stop it first (for example: systemctl stop haulbook), then run the restore again. Nothing was changed.",
    );
    return 1;
  }
  const { report, previous } = restoreDatabase({
    source,
    databasePath,
    knownMigrations: await knownMigrations(),
    now: new Date(),
  });
  console.log(`Restored ${source} into ${databasePath} (${countsText(report.counts)}).`);
  console.log(
    previous
      ? `The database that was there is kept as ${previous}.`
      : "There was no database there before.",
  );
  const connection = openDatabase(databasePath);
  try {
    const applied = await upgradeDatabase(connection, config.dataDir);
    console.log(
      applied.length === 0
        ? "Migrations: up to date."
        : `Migrations: applied ${applied.map((r) => r.migrationName).join(", ")}.`,
    );
  } finally {
    await closeConnection(connection);
  }
  console.log("Start the shop again (for example: systemctl start haulbook).");
  return 0;
}

export const COPY_USAGE = "copy --to <postgres://… | file>";

/** The target of `copy`; null when the arguments make no sense. */
function copyArguments(args: string[]): string | null {
  let to: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const inline = /^--to=(.*)$/.exec(arg);
    if (to !== undefined || (arg !== "--to" && !inline)) return null;
    to = inline ? inline[1]! : args[++i];
    if (to === undefined || to.trim() === "" || to.startsWith("--")) return null;
  }
  return to ?? null;
}

export async function copy(args: string[]): Promise<number> {
  const to = copyArguments(args);
  if (to === null) {
    console.error(
      `Usage: ${commandPrefix()} ${COPY_USAGE}  (an empty PostgreSQL database when the shop is on ` +
        "SQLite; a new SQLite file when it is on PostgreSQL). Nothing was changed.",
    );
    return 2;
  }
  const config = loadConfig();
  const target = copyTarget(to);
  const pid = runningServer(config.dataDir);
  if (pid !== null)
    console.log(
      `The shop is running (pid ${pid}): what it stores after the copy starts is not copied.`,
    );
  console.log(`Copying ${describeDatabase(config.database)} to ${describeDatabase(target)}...`);
  let report;
  try {
    report = await copyShopDatabase(config.database, target);
  } catch (error) {
    if (!(error instanceof CopyMismatchError)) throw error;
    console.log(formatMeasures(error.measures));
    console.error(error.message);
    return 1;
  }
  if (report.migrated.length > 0) console.log(`Migrated the copy: ${report.migrated.join(", ")}.`);
  console.log(formatMeasures(report.measures));
  console.log(copySummary(report));
  console.log(
    target.engine === "postgres"
      ? "Next: stop the shop, set DATABASE_URL to that database (and SESSION_SECRET, or keep the data folder), and start it."
      : `Next: stop the shop, set DATABASE_URL=file:${target.path} (or unset it with the file in the data folder), and start it.`,
  );
  return 0;
}
