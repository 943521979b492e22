import fs from "node:fs";
import path from "node:path";
import { writePrivateFile } from "./private-files.server";

/**
 * `<dataDir>/haulbook.pid`: the process serving that data folder. Written by
 * the server once its database is open, removed when it stops; a file left
 * by a process that died (kill -9, a power cut) names no live process and
 * counts as nothing. Commands that must not run beside the server (restore)
 * ask runningServer().
 */
export const PID_FILE = "haulbook.pid";

function pidFile(dataDir: string) {
  return path.join(dataDir, PID_FILE);
}

export function writePidFile(dataDir: string): void {
  writePrivateFile(pidFile(dataDir), `${process.pid}\n`);
}

/** Removes the pid file if it names this process (another server may have taken the folder since). */
export function removePidFile(dataDir: string): void {
  if (readPid(dataDir) === process.pid) fs.rmSync(pidFile(dataDir), { force: true });
}

function readPid(dataDir: string): number | null {
  let text: string;
  try {
    text = fs.readFileSync(pidFile(dataDir), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const pid = Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
}

/** Whether a process with this id is alive (signal 0 checks without sending anything). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid of the server running on this data folder, or null (no pid file, or a stale one). */
export function runningServer(dataDir: string): number | null {
  const pid = readPid(dataDir);
  return pid !== null && pid !== process.pid && isAlive(pid) ? pid : null;
}
