// `npm run bench`: requests/s and p99 latency of the production build for the
// main public pages and the product API, each beside the smallest Remix page
// there is (scripts/bench-baseline.mjs: Express, compression and one static
// route, none of our code), so the ratio shows what our own work costs.
// Loopback only; bounded in time.
//
// BENCH_ENGINE=postgres: the shop on PostgreSQL instead of SQLite. The integration suite's own
// harness (tests/support/server.ts, run through tsx) starts a throwaway PostgreSQL (fsync off;
// or TEST_DATABASE_URL's server) and prepares its database the way the SQLite template is made: a
// first start of the shop (migrations, staff user, demo catalogue). PostgreSQL stops at the end.
//
// BENCH_PROCESSES=2 (PostgreSQL only: SQLite's file belongs to one process): that many shop
// processes on the same database, each on its own port and data folder. The load is spread by
// running one autocannon per process at the same time, each with an equal share of
// BENCH_CONNECTIONS (10 in all by default, as with one process) and for the same seconds; the
// req/s in the table is their sum and the p99 the worst of theirs. The baseline gets the same
// number of processes and the same split, so "vs baseline" compares like with like. autocannon
// itself runs in this one process and shares the machine's cores with the servers (and
// PostgreSQL), so on a small machine a second process shows how far the cores go, not a cluster.
import autocannon from "autocannon";
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const engine = process.env.BENCH_ENGINE === "postgres" ? "postgres" : "sqlite";
const processes = Number(process.env.BENCH_PROCESSES ?? 1);
if (!Number.isInteger(processes) || processes < 1 || processes > 8)
  throw new Error("BENCH_PROCESSES must be a whole number from 1 to 8");
if (processes > 1 && engine === "sqlite")
  throw new Error("BENCH_PROCESSES above 1 needs BENCH_ENGINE=postgres (one process owns SQLite)");
if (connections < processes) throw new Error("BENCH_CONNECTIONS must be at least BENCH_PROCESSES");

if (!fs.existsSync(path.join(root, "build", "server.js"))) {
  spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
}

// The shop's data: a copy of the SQLite template in its data folder, or the PostgreSQL database
// every process shares (each still gets a data folder of its own).
const dataDirs = Array.from({ length: processes }, () =>
  fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-bench-")),
);
const servers = [];
const baselineServers = [];
// No server outlives the bench, even when a measurement fails (PostgreSQL's own exit hook
// stops it then too), and the data folders go.
const stopServers = (list) => list.forEach((child) => child.kill("SIGTERM"));
process.on("exit", () => {
  stopServers(servers);
  stopServers(baselineServers);
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});
const engineEnv = {};
let stopPostgres = async () => {};
let engineLabel = "SQLite";
if (engine === "postgres") {
  const { tsImport } = await import("tsx/esm/api");
  const harness = await tsImport("../tests/support/server.ts", import.meta.url);
  stopPostgres = harness.stopTestPostgres;
  engineEnv.DATABASE_URL = await harness.preparePostgresTemplate();
  engineEnv.SESSION_SECRET = crypto.randomBytes(32).toString("base64url");
  const bin = (await tsImport("../tests/support/postgres.ts", import.meta.url)).postgresBinDir();
  engineLabel = process.env.TEST_DATABASE_URL
    ? "PostgreSQL (TEST_DATABASE_URL)"
    : `PostgreSQL ${path.basename(path.dirname(bin ?? ""))} (throwaway, fsync off)`;
} else {
  spawnSync(process.execPath, [path.join(root, "scripts", "make-template.mjs")], {
    cwd: root,
    stdio: "inherit",
  });
  for (const f of fs.readdirSync(path.join(root, ".tmp", "template"))) {
    fs.copyFileSync(path.join(root, ".tmp", "template", f), path.join(dataDirs[0], f));
  }
}

const ports = Array.from({ length: processes }, (_, i) => 4399 + i);
for (const [i, port] of ports.entries()) {
  servers.push(
    spawn(process.execPath, [path.join(root, "build", "server.js")], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        DATA_DIR: dataDirs[i],
        ...engineEnv,
      },
      stdio: ["ignore", "ignore", "inherit"],
    }),
  );
}
const bases = ports.map((port) => `http://127.0.0.1:${port}`);
const baselinePorts = Array.from({ length: processes }, (_, i) => 4398 - i);
for (const port of baselinePorts) {
  baselineServers.push(
    spawn(process.execPath, [path.join(root, "scripts", "bench-baseline.mjs"), String(port)], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "ignore", "inherit"],
    }),
  );
}
const baselineBases = baselinePorts.map((port) => `http://127.0.0.1:${port}`);

async function waitFor(url, name) {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      if (i > 300) throw new Error(`${name} did not start`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
for (const base of bases) await waitFor(`${base}/healthz`, `server ${base}`);
for (const base of baselineBases) await waitFor(`${base}/`, `baseline ${base}`);

// One autocannon per process, all at once, each with its share of the connections.
async function load(pathname, origins, duration) {
  return Promise.all(
    origins.map((origin, i) =>
      autocannon({
        url: origin + pathname,
        connections:
          Math.floor(connections / origins.length) + (i < connections % origins.length ? 1 : 0),
        duration,
        // the browser's Accept-Encoding so compression is included
        headers: { "accept-encoding": "br, gzip" },
      }),
    ),
  );
}

async function measure(pathname, origins = bases) {
  await load(pathname, origins, 1); // warm up
  const results = await load(pathname, origins, seconds);
  const non2xx = results.reduce((sum, result) => sum + result.non2xx, 0);
  if (non2xx > 0) throw new Error(`${pathname} answered ${non2xx} non-2xx responses`);
  return {
    rps: results.reduce((sum, result) => sum + result.requests.average, 0),
    p99: Math.max(...results.map((result) => result.latency.p99)),
  };
}

const rows = [];
const baseline = await measure("/", baselineBases);
stopServers(baselineServers);
rows.push({ path: "baseline (bare Remix page)", ...baseline });
for (const pathname of ["/", "/products", "/product/1", "/api/products/"]) {
  rows.push({ path: pathname, ...(await measure(pathname)) });
}
// autocannon drops its last requests unanswered when its time is up; the servers finish them
// before stopping (a loader still running when the database closes prints an error).
await new Promise((resolve) => setTimeout(resolve, 1000));
stopServers(servers);
await Promise.all(
  servers.map((child) =>
    child.exitCode === null && child.signalCode === null
      ? new Promise((resolve) => child.once("exit", resolve))
      : undefined,
  ),
);
await stopPostgres();

console.log(
  `\n${engineLabel}, ${processes} shop process${processes > 1 ? "es (one autocannon each, req/s summed, worst p99)" : ""}`,
);
console.log(
  `${connections} connections, ${seconds} s each, on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "cpu"})\n`,
);
console.log(
  "path".padEnd(36),
  "req/s".padStart(8),
  "p99 ms".padStart(8),
  "req/s vs baseline".padStart(19),
);
for (const row of rows) {
  console.log(
    row.path.padEnd(36),
    row.rps.toFixed(0).padStart(8),
    String(row.p99).padStart(8),
    `${((row.rps / baseline.rps) * 100).toFixed(0)}%`.padStart(19),
  );
}
