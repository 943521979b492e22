import fs from "node:fs";
import { config } from "./config.server";

/**
 * The time the durable schedule runs by (app/models/shop/schedule.server.ts). Normally the
 * machine's clock. Under NODE_ENV=test a file named by TEST_CLOCK_FILE, when it exists, holds
 * the time instead (an ISO instant, read at every call), so a test can move the shop to the
 * evening before a collection without waiting for it. The configuration refuses
 * TEST_CLOCK_FILE outside NODE_ENV=test (services/config.server.ts), and only the schedule asks
 * this clock (its runner, and the jobs written to be due at once): every other rule keeps the
 * real time.
 */
export function now(): Date {
  return clockAt(config().testClockFile);
}

/** The time in `file` while it exists; the machine's time without a file. */
export function clockAt(file: string | undefined): Date {
  if (!file) return new Date();
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Date();
    throw error;
  }
  const time = new Date(text);
  if (Number.isNaN(time.getTime()))
    throw new Error(
      `TEST_CLOCK_FILE ${file} does not hold an ISO instant: ${JSON.stringify(text)}`,
    );
  return time;
}
