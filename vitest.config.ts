import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

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
  "tests/integration/quote-price.test.ts",
];

// What only the executable can break: its packaging (the native addons and files it carries,
// unpacked into its cache), its start in an empty folder (migrations, first user, seed), the
// owner's commands, the modes of the files it writes, its own SQLite build under a crash, and the
// request edge it serves. The rest tests our code, which is the same code inside the executable:
// it runs once, on the engines. (The @smoke journeys also run against the executable.)
const BINARY_SUITES = [
  "tests/binary/**/*.test.ts",
  "tests/integration/startup.test.ts",
  "tests/integration/cli.test.ts",
  "tests/integration/admin-cli.test.ts",
  "tests/integration/backup-restore.test.ts",
  "tests/integration/shutdown.test.ts",
  "tests/integration/private-files.test.ts",
  "tests/integration/server.test.ts",
  "tests/reliability/crash-durability.test.ts",
  "tests/reliability/image-bombs.test.ts",
  // A new owner makes the shop theirs from an empty data folder: the file an owner downloads.
  "tests/integration/owner-goes-live.test.ts",
];
// Of those, the ones that run the same code from `npm start` as from the executable (the owner's
// commands, the data folder's files, signals, a crash): `npm test` runs them once, against the
// executable, which carries its packaging too (HAULBOOK_EXECUTABLE_PASS=later). Run on their own
// (`npx vitest run tests/integration/cli.test.ts`) they test the build. The start and the
// request edge run in both passes: the quick start is `npm start`.
const EXECUTABLE_PASS_ONLY = BINARY_SUITES.filter(
  (file) =>
    !file.startsWith("tests/binary/") &&
    file !== "tests/integration/startup.test.ts" &&
    file !== "tests/integration/server.test.ts",
);
// Suites that exercise no rule of the database: the request edge, hostile input, image decoding,
// signals, the data folder's files and the owner's password commands. Once, in the SQLite pass.
const ENGINE_AGNOSTIC = [
  "tests/reliability/fuzz.test.ts",
  "tests/reliability/request-edge.test.ts",
  "tests/reliability/image-bombs.test.ts",
  "tests/integration/server.test.ts",
  "tests/integration/shutdown.test.ts",
  "tests/integration/admin-cli.test.ts",
  "tests/integration/private-files.test.ts",
];

// Suites of pages, settings and forms whose statements other suites already run on PostgreSQL
// (the checkout's insert, the settings' upsert, the product import, the demo content's removal):
// what they catch is the same on either engine, so they run once, on SQLite.
const SAME_ON_EITHER_ENGINE = [
  "tests/integration/owner-goes-live.test.ts",
  "tests/integration/service-area.test.ts",
  "tests/integration/business-profile.test.ts",
  "tests/integration/vat-surfaces.test.ts",
  "tests/integration/business-booking.test.ts",
  "tests/integration/hostile-input.test.ts",
  "tests/integration/calendar-feed.test.ts",
  "tests/integration/settings.test.ts",
];

const SERVER_SUITES = ["tests/integration/**/*.test.ts", "tests/reliability/**/*.test.ts"];

type Pass = "sqlite" | "postgres" | "executable";

/** The files of the suites that start the shop, for one pass. */
function serverFiles(
  pass: Pass,
  withExecutablePass: boolean,
): { include: string[]; exclude: string[] } {
  // Against the executable: what only the executable can break.
  if (pass === "executable")
    return { include: BINARY_SUITES, exclude: [...POSTGRES_ONLY, ...IN_PROCESS_ONLY] };
  // On PostgreSQL: every suite that starts the shop and exercises the database.
  if (pass === "postgres")
    return {
      include: SERVER_SUITES,
      exclude: [...SQLITE_ONLY, ...IN_PROCESS_ONLY, ...ENGINE_AGNOSTIC, ...SAME_ON_EITHER_ENGINE],
    };
  if (withExecutablePass)
    return { include: SERVER_SUITES, exclude: [...POSTGRES_ONLY, ...EXECUTABLE_PASS_ONLY] };
  return { include: SERVER_SUITES, exclude: POSTGRES_ONLY };
}

/**
 * The passes of this run. By hand: SQLite, or PostgreSQL alone with TEST_ENGINE=postgres, or the
 * executable alone with HAULBOOK_BINARY. `npm test` runs all three in one Vitest run
 * (HAULBOOK_TEST_ALL_PASSES=1, the released executable in HAULBOOK_TEST_EXECUTABLE), so three files
 * at a time keep both cores busy to the end instead of each pass ending on one slow file.
 */
function passesOfThisRun(): { pass: Pass; env: Record<string, string> }[] {
  if (process.env.HAULBOOK_BINARY) return [{ pass: "executable", env: {} }];
  if (process.env.TEST_ENGINE === "postgres") return [{ pass: "postgres", env: {} }];
  if (!process.env.HAULBOOK_TEST_ALL_PASSES) return [{ pass: "sqlite", env: {} }];
  const executable = process.env.HAULBOOK_TEST_EXECUTABLE;
  return [
    { pass: "sqlite", env: {} },
    { pass: "postgres", env: { TEST_ENGINE: "postgres" } },
    ...(executable ? [{ pass: "executable" as const, env: { HAULBOOK_BINARY: executable } }] : []),
  ];
}

const passes = passesOfThisRun();
const withExecutablePass = passes.some((p) => p.pass === "executable");
// The unit tests run in the SQLite pass only (no other pass changes what they see), and need no
// build: `npm run test:quick` runs this project alone.
const withUnit = passes.some((p) => p.pass === "sqlite");

/**
 * The files that take longest (10–45 s each, measured in `npm test`'s run), slowest first. They
 * start first, so the run does not end on one of them with the other forks idle: a fresh clone
 * has no timings of its own for Vitest to sort by.
 */
const SLOWEST_FILES = [
  "tests/reliability/fuzz.test.ts",
  "tests/integration/late-payments.test.ts",
  "tests/integration/two-processes.test.ts",
  "tests/integration/quotes.test.ts",
  "tests/integration/quote-offers.test.ts",
  "tests/integration/manage-booking.test.ts",
  "tests/integration/cli.test.ts",
  "tests/integration/schedule.test.ts",
  "tests/integration/backup-restore.test.ts",
  "tests/integration/orders-search-scale.test.ts",
  "tests/integration/shutdown.test.ts",
  "tests/integration/startup.test.ts",
  "tests/integration/db-copy.test.ts",
  "tests/integration/postgres-start.test.ts",
  "tests/reliability/crash-durability.test.ts",
  "tests/integration/checkout.test.ts",
  "tests/integration/staff-sessions.test.ts",
];

/**
 * Vitest's own order, the slowest files moved to the front; the executable's pass last, as the
 * executable is made while the others run (its files wait for it: tests/support/executable-ready.ts).
 */
class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const last = file.project.name === "executable" ? SLOWEST_FILES.length + 1 : 0;
      const index = SLOWEST_FILES.findIndex((slow) => file.moduleId.endsWith(slow));
      return last + (index < 0 ? SLOWEST_FILES.length : index);
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    // Room for a busy machine: the slowest test takes about 15 s on a quiet one.
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Integration tests each start a real server and then mostly wait on it: three files at a time
    // keep a 2-core machine busy (the SQLite pass: 276 s with two, 227 s with three, 218 s with four).
    pool: "forks",
    sequence: { sequencer: SlowestFirst },
    poolOptions: { forks: { maxForks: 3, minForks: 1 } },
    projects: [
      ...(withUnit
        ? [{ extends: true as const, test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } }]
        : []),
      ...passes.map(({ pass, env }) => ({
        extends: true as const,
        test: {
          // "server" is the SQLite pass's name, as in `npx vitest run --project server`.
          name: pass === "sqlite" ? "server" : pass,
          ...serverFiles(pass, withExecutablePass),
          env,
          globalSetup: [
            "tests/support/global-setup.ts",
            ...(pass === "postgres" ? ["tests/support/postgres-global.ts"] : []),
          ],
          setupFiles: [
            "tests/support/postgres-per-file.ts",
            ...(pass === "executable" ? ["tests/support/executable-ready.ts"] : []),
          ],
        },
      })),
    ],
  },
});
