// The server Playwright drives: the production build (or the single executable) on a copy of
// the template database.
// NODE_ENV=test: checkout pays through the demo gateway (no Stripe keys here).
//
// TEST_ENGINE=postgres: on PostgreSQL instead. The integration suite's own harness
// (tests/support/server.ts, run through tsx) starts a throwaway PostgreSQL (or uses
// TEST_DATABASE_URL's server) and prepares a database the way the SQLite template is made: a
// first start of the shop, which migrates, creates the staff user and seeds the demo catalogue.
// The shop then serves that database (DATABASE_URL, with a SESSION_SECRET as PostgreSQL needs);
// when it stops, PostgreSQL stops and its folder goes.
import { spawn, execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const template = path.join(root, ".tmp", "template");
const postgres = process.env.TEST_ENGINE === "postgres";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-e2e-"));
const engineEnv = {};
let stopPostgres = async () => {};
if (postgres) {
  const { tsImport } = await import("tsx/esm/api");
  const harness = await tsImport("../tests/support/server.ts", import.meta.url);
  stopPostgres = harness.stopTestPostgres;
  try {
    engineEnv.DATABASE_URL = await harness.preparePostgresTemplate();
  } catch (error) {
    await stopPostgres();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  engineEnv.SESSION_SECRET = crypto.randomBytes(32).toString("base64url");
} else {
  execFileSync(process.execPath, [path.join(root, "scripts", "make-template.mjs")], {
    stdio: "inherit",
  });
  for (const file of fs.readdirSync(template))
    fs.copyFileSync(path.join(template, file), path.join(dataDir, file));
}

// Where this server keeps its data, for specs that read its outbox (.eml files) or its database:
// .tmp/e2e-server-<port>.json, removed when the server stops.
// clockFile: the time the shop's schedule runs by while the file exists (TEST_CLOCK_FILE).
const infoFile = path.join(root, ".tmp", `e2e-server-${process.env.PORT ?? "3000"}.json`);
const clockFile = path.join(dataDir, "clock.txt");
engineEnv.TEST_CLOCK_FILE = clockFile;
fs.mkdirSync(path.dirname(infoFile), { recursive: true });
fs.writeFileSync(
  infoFile,
  JSON.stringify({ dataDir, databaseUrl: engineEnv.DATABASE_URL ?? null, clockFile }, null, 2),
);

// HAULBOOK_BINARY: the single executable instead, from its empty folder with an empty environment.
const binary = process.env.HAULBOOK_BINARY;
const child = binary
  ? spawn(binary, [], {
      cwd: path.dirname(binary),
      env: { NODE_ENV: "test", DATA_DIR: dataDir, PORT: process.env.PORT, ...engineEnv },
      stdio: ["ignore", "ignore", "inherit"],
    })
  : spawn(process.execPath, [path.join(root, "build", "server.js")], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "test", DATA_DIR: dataDir, ...engineEnv },
      stdio: ["ignore", "ignore", "inherit"],
    });
const stop = (signal) => child.kill(signal);
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
child.on("exit", async (code) => {
  fs.rmSync(infoFile, { force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  await stopPostgres().catch((error) => console.error(`e2e-server: ${String(error)}`));
  process.exit(code ?? 0);
});
