import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { RunningPostgres } from "./postgres";
import { BINARY, ROOT, shopProgram } from "./program";
import { testStaffHash } from "./staff-hash.mjs";

/**
 * Starts the real built server (build/server.js, or the single executable:
 * see ./program.ts) on a free port with its own DATA_DIR, by default a copy
 * of the migrated, seeded template database.
 *
 * With TEST_ENGINE=postgres every server gets its own PostgreSQL database
 * instead (DATABASE_URL), on the run's throwaway PostgreSQL (./postgres-global.ts;
 * a test process started without it starts its own, ./postgres.ts).
 * "From the template" there is a copy (CREATE DATABASE … TEMPLATE) of a
 * database prepared once the way the SQLite template is made: a first start of
 * the shop, which migrates, creates the staff user and seeds the demo
 * catalogue. A test that sets DATABASE_URL itself gets exactly that.
 */

export { ROOT };

/** The engine the started servers use: TEST_ENGINE=postgres, or SQLite. */
export const TEST_ENGINE: "sqlite" | "postgres" =
  process.env.TEST_ENGINE === "postgres" ? "postgres" : "sqlite";

/** In a data folder on PostgreSQL: the URL of the database that goes with it (restarts reuse it). */
const DATABASE_URL_FILE = "test-database-url";
/** In a data folder on PostgreSQL: makeDataDir(true) asked for a copy of the template. */
const FROM_TEMPLATE_FILE = "test-from-template";

let harness: Promise<RunningPostgres> | undefined;
let postgresTemplate: Promise<string> | undefined;

/**
 * This test process's PostgreSQL, on first use: the run's, or one of its own, which
 * stopTestPostgres (after each test file, tests/support/postgres-per-file.ts) stops.
 */
export function testPostgres(): Promise<RunningPostgres> {
  // One PostgreSQL for the whole run when tests/support/postgres-global.ts started it.
  harness ??= import("./postgres").then(({ startPostgres }) =>
    startPostgres(process.env.HAULBOOK_TEST_POSTGRES_URL || undefined),
  );
  return harness;
}

/** Drops this process's databases, and stops its PostgreSQL if it started one. */
export async function stopTestPostgres(): Promise<void> {
  const started = harness;
  harness = undefined;
  postgresTemplate = undefined;
  if (started) await (await started).stop();
}

/** The migrated, seeded PostgreSQL database the servers' databases are copied from, made once. */
export function preparePostgresTemplate(): Promise<string> {
  const shared = process.env.HAULBOOK_TEST_POSTGRES_TEMPLATE;
  if (shared) return Promise.resolve(shared);
  postgresTemplate ??= (async () => {
    const url = await (await testPostgres()).createDatabase();
    const dataDir = makeDataDir(false);
    try {
      const server = await launch({ dataDir, env: { DATABASE_URL: url } });
      const code = await server.stop();
      if (code !== 0)
        throw new Error(`The template's server exited with ${code}:\n${server.output()}`);
      // Sign-ins in tests verify at the cost a test can afford (staff-hash.mjs), as on SQLite.
      const { default: pg } = await import("pg");
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query("UPDATE users SET password_hash = $1 WHERE username = $2", [
          testStaffHash(STAFF.password),
          STAFF.username,
        ]);
      } finally {
        await client.end();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    return url;
  })();
  return postgresTemplate;
}

/**
 * The PostgreSQL database of a data folder: the one it already has, else a new one (a copy of
 * the template when makeDataDir(true) made the folder), remembered in the folder.
 */
export async function databaseOf(dataDir: string): Promise<string> {
  const file = path.join(dataDir, DATABASE_URL_FILE);
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8");
  const postgres = await testPostgres();
  const template = fs.existsSync(path.join(dataDir, FROM_TEMPLATE_FILE))
    ? await preparePostgresTemplate()
    : undefined;
  let url: string | undefined;
  // Just after the template's server stopped, PostgreSQL may still count its last session.
  for (let attempt = 1; url === undefined; attempt++) {
    try {
      url = await postgres.createDatabase(template);
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  fs.writeFileSync(file, url);
  return url;
}
/** The SESSION_SECRET of test shops on PostgreSQL (where the shop requires one). */
export const TEST_SESSION_SECRET = "test-session-secret-0123456789abcdefghijklmnop";

export const TEMPLATE_DIR = path.join(ROOT, ".tmp", "template");
export const STAFF = { username: "admin", password: "correct-horse-battery" } as const;

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  /** its PostgreSQL database (TEST_ENGINE=postgres, or a DATABASE_URL the test gave); else undefined */
  databaseUrl: string | undefined;
  process: ChildProcess;
  /**
   * `<dataDir>/clock.txt`: under NODE_ENV=test the shop's schedule reads the time from it when it
   * exists (TEST_CLOCK_FILE, app/services/clock.server.ts); see setClock.
   */
  clockFile: string;
  /** Everything the server printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Sends a signal and waits for the process to exit; resolves with its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

export interface StartOptions {
  /** Extra environment for the server. */
  env?: Record<string, string | undefined>;
  /** Start from a copy of the template (default) or an empty data folder. */
  fromTemplate?: boolean;
  /** Reuse this data folder instead of creating one (restarts). */
  dataDir?: string;
  /** Resolve as soon as the process exits, instead of waiting for "listening". */
  expectExit?: boolean;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** The data folders this test process made: removed after each file (removeMadeDataDirs). */
const madeDataDirs = new Set<string>();

/** Removes the data folders made since the last call (after a file's hooks: its shops are stopped). */
export function removeMadeDataDirs(): void {
  for (const dir of madeDataDirs) fs.rmSync(dir, { recursive: true, force: true });
  madeDataDirs.clear();
}

export function makeDataDir(fromTemplate: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-test-"));
  madeDataDirs.add(dir);
  if (fromTemplate && TEST_ENGINE === "postgres") {
    // The database itself is made when something first needs it (databaseOf).
    fs.writeFileSync(path.join(dir, FROM_TEMPLATE_FILE), "");
  } else if (fromTemplate) {
    if (!fs.existsSync(path.join(TEMPLATE_DIR, "haulbook.db"))) {
      throw new Error(
        "No template database: run the tests through `npm test` (or `node scripts/make-template.mjs`).",
      );
    }
    // Owner-only, as the shop keeps its data folder (a copy takes the test process's umask).
    for (const file of fs.readdirSync(TEMPLATE_DIR)) {
      fs.copyFileSync(path.join(TEMPLATE_DIR, file), path.join(dir, file));
      fs.chmodSync(path.join(dir, file), 0o600);
    }
  }
  return dir;
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? makeDataDir(options.fromTemplate ?? true);
  const env = { ...options.env };
  if (TEST_ENGINE === "postgres" && !("DATABASE_URL" in env))
    env.DATABASE_URL = await databaseOf(dataDir);
  return launch({ ...options, dataDir, env });
}

/**
 * Several shop processes serving ONE database, as a shop behind a load balancer runs: the same
 * DATABASE_URL (options.env's, else a copy of the template) and the same SESSION_SECRET
 * (options.env's, else a fresh one), each with its own port and its own data folder. Started
 * together, as systemd starts the instances of a template unit. PostgreSQL only: one SQLite file is
 * served by one process. If one fails to start, those that did are stopped.
 */
export async function startServers(
  count: number,
  options: Omit<StartOptions, "dataDir" | "expectExit"> = {},
): Promise<RunningServer[]> {
  const env = { ...options.env };
  if (!("DATABASE_URL" in env) && TEST_ENGINE === "postgres")
    env.DATABASE_URL = await databaseOf(makeDataDir(options.fromTemplate ?? true));
  if (!/^postgres(ql)?:/.test(env.DATABASE_URL ?? ""))
    throw new Error(
      "Several processes share one database on PostgreSQL only (TEST_ENGINE=postgres).",
    );
  env.SESSION_SECRET ??= crypto.randomBytes(32).toString("base64");
  const started = await Promise.allSettled(
    Array.from({ length: count }, () => startServer({ ...options, env })),
  );
  const servers = started.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
  const failed = started.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()));
    throw failed.reason;
  }
  return servers;
}

async function launch(options: StartOptions & { dataDir: string }): Promise<RunningServer> {
  const program = shopProgram();
  if (!fs.existsSync(program.file) || !fs.existsSync(program.args[0] ?? program.file))
    throw new Error(BINARY ? `No executable at ${BINARY}` : "No build: run `npm run build` first.");
  const dataDir = options.dataDir;
  const port = await freePort();
  const clockFile = path.join(dataDir, "clock.txt");
  let output = "";
  const child = spawn(program.file, program.args, {
    cwd: program.cwd,
    env: {
      ...program.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_USERNAME: STAFF.username,
      ADMIN_PASSWORD: STAFF.password,
      // On PostgreSQL the shop needs one from the environment; every test shop shares this one.
      ...(/^postgres(ql)?:/.test(options.env?.DATABASE_URL ?? "")
        ? { SESSION_SECRET: TEST_SESSION_SECRET }
        : {}),
      // Honoured (and allowed) only under NODE_ENV=test; no file, the real time.
      ...(options.env?.NODE_ENV === "test" ? { TEST_CLOCK_FILE: clockFile } : {}),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

  const server: RunningServer = {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    databaseUrl: /^postgres(ql)?:/.test(options.env?.DATABASE_URL ?? "")
      ? options.env?.DATABASE_URL
      : undefined,
    process: child,
    clockFile,
    output: () => output,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };

  if (options.expectExit) {
    await exited;
    return server;
  }
  // Generous: the first start seeds the demo catalogue (image work), slow on a busy 2-core machine.
  const deadline = Date.now() + 120_000;
  while (!output.includes("listening on")) {
    if (child.exitCode !== null)
      throw new Error(`Server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Server did not start within 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return server;
}

/** Sets the time a test shop's schedule runs by (NODE_ENV=test); `undefined` gives it the real time back. */
export function setClock(server: Pick<RunningServer, "clockFile">, at: Date | undefined): void {
  if (at) fs.writeFileSync(server.clockFile, at.toISOString());
  else fs.rmSync(server.clockFile, { force: true });
}
