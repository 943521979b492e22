import fs from "node:fs";
import path from "node:path";

/**
 * The data folder holds customers' details (the database, its write-ahead log, every outbox
 * email with its private manage link), the session secret and backups: only the shop's own
 * user may read it, whatever the umask of whoever started it (docs/decisions/033). Folders
 * are 0700, files 0600. New files get it from the process umask (set in server/start.ts) AND
 * from an explicit mode; files already there are tightened when the shop starts.
 */

/** The umask the shop and the owner's commands run under: nothing for group or others. */
export const PRIVATE_UMASK = 0o077;
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** The bits that let someone other than the owner read, write or enter. */
const OTHERS = 0o077;

/** A file or folder readable (or writable) by others, and its permission bits. */
export interface WideEntry {
  path: string;
  mode: number;
  folder: boolean;
}

/** The process's umask, tightened to the private one (what the shop runs under). */
export function usePrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

/** Makes `folder` (and any missing parent) 0700. An existing folder is left as it is. */
export function makePrivateFolder(folder: string): void {
  fs.mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
}

/** Writes a file readable by the owner only, even if it existed with a wider mode. */
export function writePrivateFile(
  file: string,
  data: string | Uint8Array,
  flag: "w" | "wx" = "w",
): void {
  fs.writeFileSync(file, data, { mode: PRIVATE_FILE_MODE, flag });
  // The mode applies only when the file is created.
  fs.chmodSync(file, PRIVATE_FILE_MODE);
}

/** writePrivateFile without blocking (outbox emails). */
export async function writePrivateFileAsync(file: string, data: string | Uint8Array) {
  await fs.promises.writeFile(file, data, { mode: PRIVATE_FILE_MODE });
  await fs.promises.chmod(file, PRIVATE_FILE_MODE);
}

/**
 * Before SQLite opens `file`: creates it empty and 0600 if missing (SQLite gives its -wal and
 * -shm files the database file's mode), or tightens it if it is ours and wider.
 */
export function preparePrivateFile(file: string): void {
  try {
    fs.writeFileSync(file, "", { mode: PRIVATE_FILE_MODE, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  tightenEntry(file, false);
}

/** The SQLite database's own files: the file, its write-ahead log and shared memory. */
export function sqliteFiles(databasePath: string): string[] {
  return [databasePath, `${databasePath}-wal`, `${databasePath}-shm`];
}

/** Tightens whichever of these files exist and are ours (after SQLite made its -wal and -shm). */
export function tightenFiles(files: readonly string[]): WideEntry[] {
  return files.flatMap((file) => tightenEntry(file, false));
}

function modeOf(stats: fs.Stats): number {
  return stats.mode & 0o777;
}

function tightenEntry(file: string, folder: boolean): WideEntry[] {
  let stats: fs.Stats;
  try {
    stats = fs.lstatSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  if (stats.isSymbolicLink() || (modeOf(stats) & OTHERS) === 0) return [];
  // Only what this user owns: someone else's file in the folder is theirs to change.
  if (process.getuid && stats.uid !== process.getuid()) return [];
  fs.chmodSync(file, folder ? PRIVATE_FOLDER_MODE : PRIVATE_FILE_MODE);
  return [{ path: file, mode: modeOf(stats), folder }];
}

/** How deep and how many entries a walk of the data folder looks at (it holds a few folders). */
const WALK_DEPTH = 4;
const WALK_ENTRIES = 100_000;

/** The folder and everything under it (not following links), folders first. */
function walk(folder: string): { path: string; stats: fs.Stats }[] {
  const found: { path: string; stats: fs.Stats }[] = [];
  const visit = (current: string, depth: number) => {
    let stats: fs.Stats;
    try {
      stats = fs.lstatSync(current);
    } catch {
      return;
    }
    found.push({ path: current, stats });
    if (!stats.isDirectory() || depth >= WALK_DEPTH) return;
    let names: string[];
    try {
      names = fs.readdirSync(current);
    } catch {
      return;
    }
    for (const name of names) {
      if (found.length >= WALK_ENTRIES) return;
      visit(path.join(current, name), depth + 1);
    }
  };
  visit(folder, 0);
  return found;
}

/**
 * What in `folder` (the folder itself, every file and folder under it) and in `extra` (a
 * database kept elsewhere) others may read or write. Changes nothing (`check`).
 */
export function widerThanPrivate(folder: string, extra: readonly string[] = []): WideEntry[] {
  const entries = walk(folder);
  for (const file of extra) {
    if (entries.some((e) => e.path === file)) continue;
    try {
      entries.push({ path: file, stats: fs.lstatSync(file) });
    } catch {
      // not there: nothing to say
    }
  }
  return entries
    .filter(({ stats }) => !stats.isSymbolicLink() && (modeOf(stats) & OTHERS) !== 0)
    .map(({ path: p, stats }) => ({ path: p, mode: modeOf(stats), folder: stats.isDirectory() }));
}

/**
 * Makes `folder` 0700 and every file and folder under it (and `extra`) owner-only: the files
 * this user owns, the others are left alone. Answers what was changed, with its old mode.
 */
export function tightenPrivateFiles(folder: string, extra: readonly string[] = []): WideEntry[] {
  return widerThanPrivate(folder, extra).flatMap((entry) => tightenEntry(entry.path, entry.folder));
}

/** "0644" */
export function octal(mode: number): string {
  return mode.toString(8).padStart(4, "0");
}

/** The log line for what tightenPrivateFiles changed (empty list: no line). */
export function tightenedLine(folder: string, changed: readonly WideEntry[]): string | null {
  if (changed.length === 0) return null;
  const shown = changed
    .slice(0, 3)
    .map((e) => `${path.relative(folder, e.path) || "the folder itself"} (was ${octal(e.mode)})`)
    .join(", ");
  const more = changed.length > 3 ? ` and ${changed.length - 3} more` : "";
  return (
    `[data] ${folder} was readable by other users: made ${changed.length} ` +
    `${changed.length === 1 ? "entry" : "entries"} owner-only (folders 0700, files 0600): ${shown}${more}`
  );
}
