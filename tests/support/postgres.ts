import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./server";

/**
 * A throwaway PostgreSQL for the tests that need one.
 *
 * With TEST_DATABASE_URL (an already running server, e.g. postgres://postgres@127.0.0.1:5432/postgres,
 * as a user allowed to CREATE DATABASE) the tests use that server. Otherwise this starts its own:
 * Debian's `postgresql` package (the newest /usr/lib/postgresql/<version>/bin, which .ci/run
 * installs), `initdb` into a fresh temporary folder, then `postgres` on 127.0.0.1 and a free port,
 * with its unix socket in that folder too. The system service is never used.
 *
 * Each test file asks for its own empty database (`createDatabase`), so files may run in parallel
 * against one server. fsync, synchronous_commit and full_page_writes are off: this cluster is thrown
 * away, durability there would only slow the tests down.
 */

export interface RunningPostgres {
  /** the server's maintenance database (postgres), as a superuser */
  url: string;
  /**
   * Creates a fresh database and answers its URL: empty, or a copy of the database `template`
   * names (an earlier createDatabase's URL, which nothing may be connected to meanwhile).
   */
  createDatabase(template?: string): Promise<string>;
  /** Drops the databases it created; stops the server and removes its folder when it started one. */
  stop(): Promise<void>;
}

const PG_ROOT = "/usr/lib/postgresql";

/** The newest installed PostgreSQL's bin folder (/usr/lib/postgresql/<version>/bin), if any. */
export function postgresBinDir(): string | undefined {
  if (!fs.existsSync(PG_ROOT)) return undefined;
  const versions = fs
    .readdirSync(PG_ROOT)
    .filter((name) => /^\d+(\.\d+)?$/.test(name))
    .filter((name) => fs.existsSync(path.join(PG_ROOT, name, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(PG_ROOT, versions[0]!, "bin") : undefined;
}

/** The URL of database `name` on the server `url` points at. */
function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function query(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function waitUntilAccepting(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`PostgreSQL exited before accepting connections:\n${output()}`);
    try {
      await query(url, "SELECT 1");
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(
          `PostgreSQL did not accept connections within 30 s (${String(error)}):\n${output()}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function databaseMaker(serverUrl: string) {
  const created: string[] = [];
  return {
    async createDatabase(template?: string): Promise<string> {
      const name = `haulbook_test_${crypto.randomBytes(6).toString("hex")}`;
      const from = template ? ` TEMPLATE "${new URL(template).pathname.slice(1)}"` : "";
      await query(serverUrl, `CREATE DATABASE "${name}"${from}`);
      created.push(name);
      return withDatabase(serverUrl, name);
    },
    async dropAll(): Promise<void> {
      for (const name of created.splice(0))
        await query(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
    },
  };
}

/** Starts a PostgreSQL, or uses the running server at `serverUrl` (or TEST_DATABASE_URL's). */
export async function startPostgres(serverUrl?: string): Promise<RunningPostgres> {
  const external = serverUrl ?? process.env.TEST_DATABASE_URL?.trim();
  if (external) {
    const maker = databaseMaker(external);
    return { url: external, createDatabase: maker.createDatabase, stop: maker.dropAll };
  }

  const bin = postgresBinDir();
  if (!bin)
    throw new Error(
      `No PostgreSQL under ${PG_ROOT}: install Debian's postgresql package (.ci/run does), ` +
        "or set TEST_DATABASE_URL to a running server.",
    );

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-pg-"));
  const dataDir = path.join(folder, "data");

  // initdb and postgres refuse to run as root (a superuser process serving a database could be
  // made to write anywhere). As root (CI containers, this machine), both run as the unprivileged
  // `postgres` user the Debian package created, via setpriv, which execs in place, so the process
  // we spawn *is* postgres and our signals reach it; the temporary folder is handed to that user.
  // As anyone else they run directly, as that user.
  let asUser: string[] = [];
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    fs.chownSync(folder, uid, gid);
    asUser = ["setpriv", `--reuid=${uid}`, `--regid=${gid}`, "--clear-groups", "--"];
  }
  const command = (program: string, args: string[]): [string, string[]] => {
    const full = [...asUser, path.join(bin, program), ...args];
    return [full[0]!, full.slice(1)];
  };

  const removeFolder = () => fs.rmSync(folder, { recursive: true, force: true });
  try {
    const initdb = (locale: string) => {
      const [file, args] = command("initdb", [
        "-D",
        dataDir,
        "-U",
        "postgres",
        "--auth=trust",
        "--no-sync",
        "--encoding=UTF8",
        `--locale=${locale}`,
      ]);
      execFileSync(file, args, { stdio: "pipe", cwd: folder });
    };
    try {
      initdb("C.UTF-8");
    } catch {
      fs.rmSync(dataDir, { recursive: true, force: true });
      initdb("C");
    }
  } catch (error) {
    removeFolder();
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? "";
    throw new Error(`initdb failed: ${String(error)}\n${stderr}`);
  }

  const port = await freePort();
  const [file, args] = command("postgres", [
    "-D",
    dataDir,
    "-k",
    folder,
    "-h",
    "127.0.0.1",
    "-p",
    String(port),
    "-c",
    "fsync=off",
    "-c",
    "synchronous_commit=off",
    "-c",
    "full_page_writes=off",
    "-c",
    "max_connections=200",
  ]);
  let output = "";
  const child = spawn(file, args, { cwd: folder, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // If the test process ends without stop(): immediate shutdown, and the folder goes too.
  const onExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGQUIT");
    removeFolder();
  };
  process.once("exit", onExit);

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  try {
    await waitUntilAccepting(url, child, () => output);
  } catch (error) {
    child.kill("SIGKILL");
    await exited;
    process.off("exit", onExit);
    removeFolder();
    throw error;
  }

  const maker = databaseMaker(url);
  return {
    url,
    createDatabase: maker.createDatabase,
    async stop() {
      // The whole cluster goes, so its databases need no dropping one by one.
      process.off("exit", onExit);
      if (child.exitCode === null && child.signalCode === null) {
        // SIGINT: PostgreSQL's fast shutdown (ends sessions, no waiting for clients).
        child.kill("SIGINT");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      removeFolder();
    },
  };
}
