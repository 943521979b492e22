// `npm run bench`: requests/s and p99 latency of the production build for the
// main public pages and the product API, each beside the smallest Remix page
// there is (scripts/bench-baseline.mjs: Express, compression and one static
// route, none of our code), so the ratio shows what our own work costs.
// Loopback only; bounded in time.
import autocannon from "autocannon";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

if (!fs.existsSync(path.join(root, "build", "server.js"))) {
  spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
}
spawnSync(process.execPath, [path.join(root, "scripts", "make-template.mjs")], {
  cwd: root,
  stdio: "inherit",
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-bench-"));
for (const f of fs.readdirSync(path.join(root, ".tmp", "template"))) {
  fs.copyFileSync(path.join(root, ".tmp", "template", f), path.join(dataDir, f));
}
const port = 4399;
const server = spawn(process.execPath, [path.join(root, "build", "server.js")], {
  cwd: root,
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir },
  stdio: ["ignore", "ignore", "inherit"],
});
const base = `http://127.0.0.1:${port}`;
const baselinePort = 4398;
const baselineServer = spawn(
  process.execPath,
  [path.join(root, "scripts", "bench-baseline.mjs"), String(baselinePort)],
  {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  },
);
const baselineBase = `http://127.0.0.1:${baselinePort}`;
// Neither server outlives the bench, even when a measurement fails.
process.on("exit", () => {
  server.kill("SIGTERM");
  baselineServer.kill("SIGTERM");
});

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
await waitFor(`${base}/healthz`, "server");
await waitFor(`${baselineBase}/`, "baseline");

async function measure(pathname, origin = base) {
  // warm up, then measure; the browser's Accept-Encoding so compression is included
  await autocannon({
    url: origin + pathname,
    connections,
    duration: 1,
    headers: { "accept-encoding": "br, gzip" },
  });
  const result = await autocannon({
    url: origin + pathname,
    connections,
    duration: seconds,
    headers: { "accept-encoding": "br, gzip" },
  });
  if (result.non2xx > 0) throw new Error(`${pathname} answered ${result.non2xx} non-2xx responses`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const rows = [];
const baseline = await measure("/", baselineBase);
baselineServer.kill("SIGTERM");
rows.push({ path: "baseline (bare Remix page)", ...baseline });
for (const pathname of ["/", "/products", "/product/1", "/api/products/"]) {
  rows.push({ path: pathname, ...(await measure(pathname)) });
}
server.kill("SIGTERM");

console.log(
  `\n${connections} connections, ${seconds} s each, on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "cpu"})\n`,
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
