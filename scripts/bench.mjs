// `npm run bench`: how fast the production build answers, on loopback, bounded in time
// (about 2½ minutes by default). One run prints two tables, and a third with BENCH_ORDERS:
//
// 1. Pages, closed loop (autocannon, BENCH_CONNECTIONS=10 connections, `Accept-Encoding: br,
//    gzip`, a 1 s warm-up then BENCH_SECONDS=5 s each). For `/`, `/products`, `/product/<the
//    first id /api/products/ lists>`, `/quote`, `/blog` and `/api/products/`:
//      hit   the plain request, no cookies: what the page cache for anonymous visitors answers
//            (once it is warm: the warm-up's requests fill it);
//      miss  the same request with `Cookie: cart=W10%3D` (an empty bag, so the same page),
//            which the page cache passes by: a full render;
//      bare  a bare node:http server (scripts/bench-bare.mjs, its own process) answering the
//            same path with the very bytes the shop sent for it (fetched once beforehand with
//            `Accept-Encoding: br`: body, content-type, content-encoding): the ceiling.
//    Columns: page | hit req/s | hit p99 ms | miss req/s | miss p99 ms | bare req/s | hit/bare
//    (hit req/s over bare req/s). Any answer that is not 2xx, or a connection error, fails the run.
//
// 2. Mixed, open loop: BENCH_RATE=200 requests a second for BENCH_MIXED_SECONDS=30 s, each sent
//    at its scheduled time whether or not earlier ones were answered (node:http, keep-alive), its
//    latency counted from that scheduled time, so queueing (in the shop or here) counts. The mix,
//    drawn from a fixed-seed random sequence: ~70% public pages (the five above, several products);
//    ~22% product searches `/products?product_name=<term>[&product_category=<c>][&page=2]`, a
//    few dozen different URLs that repeat; ~8% checkouts as a browser without JavaScript makes
//    them: POST /product/<id> (position, quantity; with the shop's Origin) → 303 and a `cart`
//    cookie, then GET /checkout with it, sent as soon as the 303 is back and timed from then.
//    Rows per kind and all: count | errors (an answer that is not 2xx/3xx, a connection error, or
//    no answer within 10 s of the scheduled time; a bag post must be a 303 with a `cart` cookie,
//    else no checkout follows it; a checkout must be a 200) | p50 | p99 | max ms.
//
// Under each table, the targets of issue 20 (cached pages ≥ 0.5× bare, the rendered /products
// ≥ 600 req/s; the mix's p99 ≤ 50 ms with no errors; staff pages' p99 ≤ 100 ms).
//
// 3. BENCH_ORDERS=50000 (optional): the database gets that many orders first
//    (tests/support/orders-scale.ts, the integration test's seeding, before the shop starts, so the
//    whole run is on it), and staff pages are measured signed in as the tests' admin:
//    BENCH_STAFF_CONNECTIONS=1 connection (a member of staff at a time), 1 s warm-up, then
//    BENCH_SECONDS each: req/s, p50, p99 ms.
//
// BENCH_ENGINE=postgres: the shop on PostgreSQL instead of SQLite. The integration suite's own
// harness (tests/support/server.ts, run through tsx) starts a throwaway PostgreSQL (fsync off;
// or TEST_DATABASE_URL's server) and prepares its database the way the SQLite template is made: a
// first start of the shop (migrations, staff user, demo catalogue). PostgreSQL stops at the end.
//
// BENCH_PROCESSES=2 (PostgreSQL only: SQLite's file belongs to one process): that many shop
// processes on the same database, each on its own port and data folder. The closed-loop load is
// spread by running one autocannon per process at the same time, each with an equal share of
// BENCH_CONNECTIONS and for the same seconds; req/s is their sum and p99 the worst of theirs. The
// bare server gets the same number of processes and the same split, so hit/bare compares like
// with like. The open-loop mix sends its requests to the processes in turn (a checkout's two
// requests to the same one); the staff pages go to the first. The load generators run in this
// one process and share the machine's cores with the servers (and PostgreSQL), so on a small
// machine a second process shows how far the cores go, not a cluster.
//
// Ports: the shop on 4511 (and up, one per process); the bare servers on free ports.
import autocannon from "autocannon";
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { mixed, summary } from "./bench-mixed.mjs";

const root = path.resolve(import.meta.dirname, "..");
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const rate = Number(process.env.BENCH_RATE ?? 200);
const mixedSeconds = Number(process.env.BENCH_MIXED_SECONDS ?? 30);
const orders = Number(process.env.BENCH_ORDERS ?? 0);
const staffConnections = Number(process.env.BENCH_STAFF_CONNECTIONS ?? 1);
const engine = process.env.BENCH_ENGINE === "postgres" ? "postgres" : "sqlite";
const processes = Number(process.env.BENCH_PROCESSES ?? 1);
if (!Number.isInteger(processes) || processes < 1 || processes > 8)
  throw new Error("BENCH_PROCESSES must be a whole number from 1 to 8");
if (processes > 1 && engine === "sqlite")
  throw new Error("BENCH_PROCESSES above 1 needs BENCH_ENGINE=postgres (one process owns SQLite)");
if (connections < processes) throw new Error("BENCH_CONNECTIONS must be at least BENCH_PROCESSES");
if (!Number.isInteger(orders) || orders < 0) throw new Error("BENCH_ORDERS must be a whole number");
for (const [name, value] of Object.entries({ seconds, rate, mixedSeconds, staffConnections }))
  if (!(value > 0)) throw new Error(`bench: ${name} must be above 0`);

/** The bag cookie of an empty bag: the page cache passes it by, the page is the same. */
const MISS_COOKIE = "cart=W10%3D";
const ACCEPT = "br, gzip";

if (!fs.existsSync(path.join(root, "build", "server.js"))) {
  spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
}
const log = (...args) => console.error("bench:", ...args);
const started = Date.now();
// Other work on the machine takes cores from the shop: the report shows the load before and after.
const loadBefore = os.loadavg()[0];

// The shop's data: a copy of the SQLite template in its data folder, or the PostgreSQL database
// every process shares (each still gets a data folder of its own).
const dataDirs = Array.from({ length: processes }, () =>
  fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-bench-")),
);
const bareDir = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-bench-bare-"));
const servers = [];
const bareServers = [];
// No server outlives the bench, even when a measurement fails (PostgreSQL's own exit hook
// stops it then too), and the data folders go.
const stopServers = (list) => list.forEach((child) => child.kill("SIGTERM"));
process.on("exit", () => {
  stopServers(servers);
  stopServers(bareServers);
  for (const dir of [...dataDirs, bareDir]) fs.rmSync(dir, { recursive: true, force: true });
});
const engineEnv = {};
let stopPostgres = async () => {};
let engineLabel = "SQLite";
const { tsImport } = await import("tsx/esm/api");
if (engine === "postgres") {
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
if (orders > 0) {
  const { seedOrders } = await tsImport("../tests/support/orders-scale.ts", import.meta.url);
  const seedStarted = Date.now();
  await seedOrders({ dataDir: dataDirs[0], databaseUrl: engineEnv.DATABASE_URL }, orders);
  log(`seeded ${orders} orders in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
}

const ports = Array.from({ length: processes }, (_, i) => 4511 + i);
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

/** One GET with node:http: the status, headers and the body's bytes as sent (not decoded). */
function getRaw(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

// The catalogue, from the API: the first product is the product page measured, a few more go
// into the mix, and the checkout adds them to the bag.
const catalogue = JSON.parse((await getRaw(`${bases[0]}/api/products/`)).body.toString("utf8"));
const productIds = catalogue.map((p) => p.ID).filter((id) => id !== undefined);
if (productIds.length === 0) throw new Error("/api/products/ lists no products");
const productPage = `/product/${productIds[0]}`;
const PAGES = ["/", "/products", productPage, "/quote", "/blog", "/api/products/"];

// The bare servers' pages: each path's bytes exactly as the shop sends them with br.
const manifest = {};
for (const [i, pathname] of PAGES.entries()) {
  const res = await getRaw(bases[0] + pathname, { "accept-encoding": "br" });
  if (res.status !== 200) throw new Error(`${pathname} answered ${res.status}`);
  const file = `page-${i}`;
  fs.writeFileSync(path.join(bareDir, file), res.body);
  // The miss must render the same page as the hit (an empty bag): a few bytes apart at most.
  const miss = await getRaw(bases[0] + pathname, { "accept-encoding": "br", cookie: MISS_COOKIE });
  const [hitSize, missSize] = [res, miss].map((r) =>
    r.headers["content-encoding"] === "br"
      ? zlib.brotliDecompressSync(r.body).length
      : r.body.length,
  );
  if (miss.status !== 200 || Math.abs(hitSize - missSize) > 64)
    log(
      `warning: ${pathname} with ${MISS_COOKIE}: ${miss.status}, ${missSize} bytes vs ${hitSize}`,
    );
  manifest[pathname] = {
    file,
    type: res.headers["content-type"],
    encoding: res.headers["content-encoding"],
  };
}
fs.writeFileSync(path.join(bareDir, "pages.json"), JSON.stringify(manifest));
const bareBases = await Promise.all(
  Array.from(
    { length: processes },
    () =>
      new Promise((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [path.join(root, "scripts", "bench-bare.mjs"), "0", path.join(bareDir, "pages.json")],
          { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
        );
        bareServers.push(child);
        let out = "";
        child.stdout.on("data", (chunk) => {
          out += chunk;
          const port = /listening on (\d+)/.exec(out)?.[1];
          if (port) resolve(`http://127.0.0.1:${port}`);
        });
        child.on("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
      }),
  ),
);

// ---- 1. pages, closed loop ------------------------------------------------------------------

/** One autocannon per process, all at once, each with its share of the connections. */
async function load(pathname, origins, duration, headers, total = connections) {
  return Promise.all(
    origins.map((origin, i) =>
      autocannon({
        url: origin + pathname,
        connections: Math.floor(total / origins.length) + (i < total % origins.length ? 1 : 0),
        duration,
        headers: { "accept-encoding": ACCEPT, ...headers },
      }),
    ),
  );
}

async function measure(pathname, origins, headers = {}, total = connections) {
  await load(pathname, origins, 1, headers, total); // warm-up (and the page cache filled)
  const results = await load(pathname, origins, seconds, headers, total);
  const non2xx = results.reduce((sum, r) => sum + r.non2xx, 0);
  const errors = results.reduce((sum, r) => sum + r.errors + r.timeouts, 0);
  if (non2xx > 0) throw new Error(`${pathname} answered ${non2xx} non-2xx responses`);
  if (errors > 0) throw new Error(`${pathname}: ${errors} connection errors or timeouts`);
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
  };
}

const pageRows = [];
for (const pathname of PAGES) {
  const hit = await measure(pathname, bases);
  const miss = await measure(pathname, bases, { cookie: MISS_COOKIE });
  const bare = await measure(pathname, bareBases);
  pageRows.push({
    pathname,
    hit,
    miss,
    bare,
    bytes: fs.statSync(path.join(bareDir, manifest[pathname].file)).size,
  });
  log(
    `${pathname}: hit ${hit.rps.toFixed(0)}/s, miss ${miss.rps.toFixed(0)}/s, bare ${bare.rps.toFixed(0)}/s`,
  );
}
stopServers(bareServers);

// ---- 2. mixed, open loop --------------------------------------------------------------------

log(`mixed: ${rate} req/s for ${mixedSeconds} s, open loop`);
const mix = await mixed({ bases, productIds, rate, seconds: mixedSeconds, accept: ACCEPT });
// Requests given up on may still be rendering: the shop is idle again before anything else is timed.
for (const base of bases) {
  for (let i = 0; i < 100; i++) {
    const since = performance.now();
    await getRaw(`${base}/healthz`);
    if (performance.now() - since < 50) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
const mixRows = Object.keys(mix.samples).map((kind) => ({
  kind,
  ...summary(mix.samples[kind], mix.errors[kind]),
}));
mixRows.push({
  kind: "all",
  ...summary(
    Object.values(mix.samples).flat(),
    Object.values(mix.errors).reduce((a, b) => a + b, 0),
  ),
});

// ---- 3. staff pages at scale (BENCH_ORDERS) -------------------------------------------------

const staffRows = [];
if (orders > 0) {
  const login = await fetch(`${bases[0]}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: bases[0], "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: "admin", password: "correct-horse-battery" }),
  });
  if (login.status !== 303) throw new Error(`staff sign-in answered ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const [order] = await (
    await fetch(`${bases[0]}/api/orders?email=customer31337%40example.com&limit=1`, {
      headers: { cookie },
    })
  ).json();
  const today = new Date().toISOString().slice(0, 10);
  const nextMonth = new Date(Date.now() + 31 * 86_400_000).toISOString().slice(0, 7);
  const bag = await fetch(`${bases[0]}/product/${productIds[0]}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: bases[0], "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ position: "outside", quantity: "1" }),
  });
  const cart = bag.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("cart="));
  // Signed in, bar the last: the customer's checkout calendar, which sums the same orders.
  const staffPages = [
    "/dashboard/home",
    `/dashboard/home?month=${nextMonth}`,
    `/dashboard/today?day=${today}`,
    "/dashboard/orders",
    "/dashboard/orders?email=customer3133",
    "/dashboard/orders?product_name=sofa",
    ...(order ? [`/dashboard/orders/${order.order_id}`] : []),
    "/dashboard/quotes",
  ].map((pathname) => ({ pathname, label: pathname, cookie }));
  staffPages.push({
    pathname: `/checkout?month=${today.slice(0, 7)}`,
    label: `/checkout?month=${today.slice(0, 7)} (a bag)`,
    cookie: cart,
  });
  for (const { pathname, label, cookie: sent } of staffPages) {
    const result = await measure(pathname, [bases[0]], { cookie: sent }, staffConnections);
    staffRows.push({ pathname: label, ...result });
    log(`${label}: ${result.rps.toFixed(0)}/s, p99 ${result.p99} ms`);
  }
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

// ---- the report -----------------------------------------------------------------------------

const table = (headings, rows) => {
  const widths = headings.map((h, i) =>
    Math.max(h.length, ...rows.map((r) => String(r[i]).length)),
  );
  const line = (cells) =>
    cells
      .map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i])))
      .join("  ");
  console.log(line(headings));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of rows) console.log(line(row));
};
const ms = (n) => n.toFixed(1);

console.log(
  `\n${engineLabel}, ${processes} shop process${processes > 1 ? "es (one autocannon each, req/s summed, worst p99)" : ""}` +
    `${orders ? `, ${orders} orders` : ""}, on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "cpu"})`,
);
console.log(
  `\n1. Pages, closed loop: ${connections} connections, Accept-Encoding: ${ACCEPT}, 1 s warm-up + ${seconds} s each.` +
    `\n   hit: no cookies; miss: Cookie: ${MISS_COOKIE} (empty bag, past the page cache); bare: node:http, the same br bytes\n`,
);
table(
  ["page", "br bytes", "hit req/s", "hit p99", "miss req/s", "miss p99", "bare req/s", "hit/bare"],
  pageRows.map((r) => [
    r.pathname,
    r.bytes,
    r.hit.rps.toFixed(0),
    r.hit.p99,
    r.miss.rps.toFixed(0),
    r.miss.p99,
    r.bare.rps.toFixed(0),
    (r.hit.rps / r.bare.rps).toFixed(2),
  ]),
);
console.log("target: hit/bare ≥ 0.50 for every page; miss /products ≥ 600 req/s");
console.log(
  `\n2. Mixed, open loop: ${rate} req/s scheduled for ${mixedSeconds} s (latency from the scheduled send)` +
    `\n   page ~70%, search ~22%, checkout ~8% (a bag post, then GET /checkout once it is answered)\n`,
);
table(
  ["kind", "count", "errors", "p50 ms", "p99 ms", "max ms"],
  mixRows.map((r) => [r.kind, r.count, r.errors, ms(r.p50), ms(r.p99), ms(r.max)]),
);
console.log("target: all p99 ≤ 50 ms, 0 errors");
if (staffRows.length) {
  console.log(
    `\n3. Staff pages with ${orders} orders, signed in: ${staffConnections} connection${staffConnections > 1 ? "s" : ""}, 1 s warm-up + ${seconds} s each\n`,
  );
  table(
    ["page", "req/s", "p50 ms", "p99 ms"],
    staffRows.map((r) => [r.pathname, r.rps.toFixed(0), r.p50, r.p99]),
  );
  console.log("target: p99 ≤ 100 ms");
}
console.log(
  `\n(${((Date.now() - started) / 1000).toFixed(0)} s; 1-minute load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after)`,
);
