// `npm run lighthouse`: Lighthouse mobile scores of the production build for the public pages
// DESIGN.md holds to a Lighthouse budget, each the median of 3 runs.
//
// Lighthouse is not a dependency of the project (it is ~200 packages and CI does not need it):
// the first run installs lighthouse@12.8.2 (the last 12.x line that runs on Node 20) once into
// .cache/lighthouse-12.8.2 with npm, and later runs reuse it offline. Delete that folder to
// reinstall. It drives Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium; headless,
// --no-sandbox), never a downloaded browser, with Lighthouse's defaults: mobile form factor
// (Moto G Power screen), simulated slow 4G and 4x CPU slowdown.
//
// The shop runs built (`npm run build` first when build/server.js is missing, or always with
// --build) with NODE_ENV=production on a copy of the SQLite template, on LIGHTHOUSE_PORT
// (default 4401). /checkout is measured with one item in the bag (the `cart` cookie, sent on that
// page's requests only). Each run's JSON report is kept in .tmp/lighthouse/ (LCP element,
// render-blocking resources, request chains). LIGHTHOUSE_RUNS changes the number of runs and
// LIGHTHOUSE_PAGES (comma-separated paths) the pages.
//
// Each column of the table is the median of that figure over the runs. Simulated throttling
// scales the CPU time it observes, so TBT on a busy machine reads high: measure on an idle one.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const VERSION = "12.8.2";
const cacheDir = path.join(root, ".cache", `lighthouse-${VERSION}`);
const cli = path.join(cacheDir, "node_modules", "lighthouse", "cli", "index.js");
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4401);
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const reportDir = path.join(root, ".tmp", "lighthouse");

if (!fs.existsSync(cli)) {
  fs.mkdirSync(cacheDir, { recursive: true });
  fs.writeFileSync(path.join(cacheDir, "package.json"), '{ "private": true }\n');
  console.log(`installing lighthouse@${VERSION} into ${path.relative(root, cacheDir)} (once)`);
  execFileSync(
    "npm",
    ["install", "--no-audit", "--no-fund", "--loglevel=error", `lighthouse@${VERSION}`],
    { cwd: cacheDir, stdio: "inherit" },
  );
}
if (!fs.existsSync(chromium)) throw new Error(`no Chromium at ${chromium} (set CHROMIUM_PATH)`);

if (process.argv.includes("--build") || !fs.existsSync(path.join(root, "build", "server.js"))) {
  const built = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// The shop on a copy of the template database, removed at the end.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-lighthouse-"));
execFileSync(process.execPath, [path.join(root, "scripts", "make-template.mjs")], {
  cwd: root,
  stdio: "inherit",
});
for (const file of fs.readdirSync(path.join(root, ".tmp", "template")))
  fs.copyFileSync(path.join(root, ".tmp", "template", file), path.join(dataDir, file));
const server = spawn(process.execPath, [path.join(root, "build", "server.js")], {
  cwd: root,
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir },
  stdio: ["ignore", "ignore", "inherit"],
});
process.on("exit", () => {
  server.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
});
process.on("SIGINT", () => process.exit(130));

const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    if (i > 300) throw new Error("the shop did not start");
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}

// A product of the catalogue, for its page and for the bag.
const products = await (await fetch(`${base}/api/products/`)).json();
const list = Array.isArray(products) ? products : (products.products ?? products.data ?? []);
const productId = list[0]?.id ?? 1;
const cart = encodeURIComponent(
  Buffer.from(JSON.stringify([{ id: productId, position: "outside", quantity: 1 }])).toString(
    "base64",
  ),
);

const pages = (
  process.env.LIGHTHOUSE_PAGES?.split(",") ?? [
    "/",
    "/products",
    `/product/${productId}`,
    "/quote",
    "/blog",
    "/checkout",
    "/payment",
  ]
).map((pathname) => ({
  pathname,
  label: pathname === "/checkout" ? "/checkout (with a bag)" : pathname,
  headers: pathname === "/checkout" ? { Cookie: `cart=${cart}` } : null,
}));

fs.rmSync(reportDir, { recursive: true, force: true });
fs.mkdirSync(reportDir, { recursive: true });

function lighthouse(page, run) {
  const slug = page.pathname.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
  const out = path.join(reportDir, `${slug}-${run}.json`);
  const args = [
    cli,
    base + page.pathname,
    "--quiet",
    "--output=json",
    `--output-path=${out}`,
    "--only-categories=performance,accessibility,best-practices,seo",
    "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage",
  ];
  if (page.headers) args.push(`--extra-headers=${JSON.stringify(page.headers)}`);
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    env: { ...process.env, CHROME_PATH: chromium },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error(`lighthouse failed on ${page.pathname}`);
  const report = JSON.parse(fs.readFileSync(out, "utf8"));
  if (report.runtimeError) throw new Error(`${page.pathname}: ${report.runtimeError.message}`);
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    lcp: report.audits["largest-contentful-paint"].numericValue,
    tbt: report.audits["total-blocking-time"].numericValue,
    cls: report.audits["cumulative-layout-shift"].numericValue,
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const rows = [];
for (const page of pages) {
  const results = [];
  for (let run = 1; run <= runs; run++) {
    results.push(lighthouse(page, run));
    process.stderr.write(".");
  }
  const row = { page: page.label };
  for (const key of Object.keys(results[0])) row[key] = median(results.map((r) => r[key]));
  rows.push(row);
}
process.stderr.write("\n");

const chromiumVersion =
  /\d+(\.\d+)+/.exec(
    execFileSync(chromium, ["--version"], { stdio: ["ignore", "pipe", "ignore"] }).toString(),
  )?.[0] ?? "";
console.log(
  `\nLighthouse ${VERSION}, mobile, simulated throttling, median of ${runs} run${runs > 1 ? "s" : ""}; Chromium ${chromiumVersion}, ${os.loadavg()[0].toFixed(1)} load average on ${os.cpus().length} cores\n`,
);
const columns = [
  ["page", 24, (r) => r.page],
  ["performance", 12, (r) => String(r.performance)],
  ["LCP", 8, (r) => `${(r.lcp / 1000).toFixed(2)} s`],
  ["TBT", 8, (r) => `${Math.round(r.tbt)} ms`],
  ["CLS", 6, (r) => r.cls.toFixed(3)],
  ["accessibility", 14, (r) => String(r.accessibility)],
  ["best-practices", 15, (r) => String(r.bestPractices)],
  ["SEO", 4, (r) => String(r.seo)],
];
console.log(
  columns.map(([name, width], i) => (i ? name.padStart(width) : name.padEnd(width))).join(" "),
);
for (const row of rows) {
  console.log(
    columns
      .map(([, width, value], i) => (i ? value(row).padStart(width) : value(row).padEnd(width)))
      .join(" "),
  );
}
// The shop's stderr is inherited, which would keep this process alive: stop it now.
process.exit(0);
