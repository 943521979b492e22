import path from "node:path";
import { defineConfig } from "vitest/config";

// The files that only mean something on one engine. SQLite's: the data folder's file itself
// (backup, restore, check, a crash mid-write), and the tests that start a PostgreSQL of their own
// (they run once, in the SQLite pass). PostgreSQL's: several shop processes on one database.
const SQLITE_ONLY = [
  "tests/integration/backup-restore.test.ts",
  "tests/integration/cli.test.ts",
  "tests/integration/db-copy.test.ts",
  "tests/integration/postgres-schema.test.ts",
  "tests/integration/postgres-start.test.ts",
  "tests/reliability/crash-durability.test.ts",
];
const POSTGRES_ONLY = [
  "tests/integration/two-processes.test.ts",
  "tests/integration/schedule-concurrency.test.ts",
];
// The files that start no shop and touch no database (documents rendered in the test's own
// process): once, in the SQLite pass, neither again on PostgreSQL nor against the executable.
const IN_PROCESS_ONLY = [
  "tests/integration/pdf.test.ts",
  "tests/integration/job-documents.test.ts",
];

function files(): { include: string[]; exclude: string[] } {
  // With HAULBOOK_BINARY (npm test's executable pass), the suites that start the shop run again
  // against the single executable, with the checks only it has (tests/binary).
  if (process.env.HAULBOOK_BINARY)
    return {
      include: [
        "tests/integration/**/*.test.ts",
        "tests/reliability/**/*.test.ts",
        "tests/binary/**/*.test.ts",
      ],
      exclude: [...POSTGRES_ONLY, ...IN_PROCESS_ONLY],
    };
  // With TEST_ENGINE=postgres (npm test's PostgreSQL pass), every suite that starts the shop runs
  // on PostgreSQL; the unit tests touch no database and ran in the SQLite pass.
  if (process.env.TEST_ENGINE === "postgres")
    return {
      include: ["tests/integration/**/*.test.ts", "tests/reliability/**/*.test.ts"],
      exclude: [...SQLITE_ONLY, ...IN_PROCESS_ONLY],
    };
  return { include: ["tests/**/*.test.ts"], exclude: ["tests/binary/**", ...POSTGRES_ONLY] };
}

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    ...files(),
    globalSetup: ["tests/support/global-setup.ts", "tests/support/postgres-global.ts"],
    setupFiles: ["tests/support/postgres-per-file.ts"],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Integration tests each start a real server; two at a time suits a 2-core machine.
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
