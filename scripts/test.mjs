// `npm test`: typecheck, lint and format (side by side, while the build and the first tests run),
// the single executable (npm run release) copied into an empty folder, then one vitest run of every
// pass: unit, integration and reliability on SQLite, the integration again on PostgreSQL (the suites
// that exercise the database) and what only the executable can break (tests/binary, start-up, the
// owner's commands, files, the request edge; vitest.config.ts lists them); then end-to-end
// (Playwright, js and no-js, on SQLite) and the @smoke journeys against the executable. Ends with
// one line: "N passed, N failed", after the time each part took.
// `--only e2e` runs the build and the end-to-end part alone; `--only unit` the vitest part;
// `--only postgres` the vitest part on PostgreSQL.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const tmp = path.join(root, ".tmp");
fs.mkdirSync(tmp, { recursive: true });
const only = process.argv.includes("--only")
  ? process.argv[process.argv.indexOf("--only") + 1]
  : undefined;

let passed = 0;
let failed = 0;
let skipped = 0;
const timings = [];

/**
 * Runs a part of the suite, its output shown as it comes. Asynchronous, so the checks still
 * running in the background are timed when they end, not when this part does.
 */
function run(label, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n━━ ${label} ━━ ${command} ${args.join(" ")}`);
  const child = spawn(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  return new Promise((resolve) => {
    child.on("close", (code) => {
      timings.push(`${label} ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(code === 0);
    });
  });
}

/**
 * Starts a check in the background, its output kept until it is awaited, so checks that need no
 * build run beside it. Resolves with whether it passed.
 */
function background(label, command, args) {
  const started = Date.now();
  const child = spawn(command, args, { cwd: root, env: process.env });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n━━ ${label} ━━ ${command} ${args.join(" ")} (${seconds} s, beside the build)`);
      if (output.trim()) console.log(output.trimEnd());
      timings.push(`${label} ${seconds} s`);
      if (code === 0) passed++;
      else {
        failed++;
        console.log(`✗ ${label} failed`);
      }
      resolve(code === 0);
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

const bin = (name) => path.join(root, "node_modules", ".bin", name);

async function vitest(label, reportName, env = {}) {
  const report = path.join(tmp, reportName);
  fs.rmSync(report, { force: true });
  await run(
    label,
    bin("vitest"),
    ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
    env,
  );
  const json = readJson(report);
  if (json) {
    passed += json.numPassedTests;
    failed += json.numFailedTests + (json.numRuntimeErrorTestSuites ?? 0);
    skipped += json.numPendingTests + json.numTodoTests;
  } else {
    failed++;
    console.log(`✗ ${label}: vitest wrote no report`);
  }
}

// The journeys' browser: Debian's chromium-headless-shell when installed, else its full Chromium
// (playwright.config.ts, decision 044); the @smoke journeys against the executable take the full one.
const FULL_CHROMIUM = "/usr/bin/chromium";
const browsers = process.env.CHROMIUM_PATH
  ? [process.env.CHROMIUM_PATH]
  : ["/usr/bin/chromium-headless-shell", FULL_CHROMIUM];

async function playwright(label, reportName, env = {}, args = []) {
  const chromium = env.CHROMIUM_PATH ?? browsers.find((file) => fs.existsSync(file));
  if (!chromium || !fs.existsSync(chromium)) {
    console.log("\n" + "!".repeat(72));
    console.log(
      `!! NO CHROMIUM at ${chromium ?? browsers.join(" or ")}: the end-to-end tests are SKIPPED.`,
    );
    console.log("!! Install it with `apt-get install -y chromium` or set CHROMIUM_PATH.");
    console.log("!".repeat(72) + "\n");
    return;
  }
  const report = path.join(tmp, reportName);
  fs.rmSync(report, { force: true });
  await run(label, bin("playwright"), ["test", "--reporter=list,json", ...args], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: report,
    ...env,
  });
  const json = readJson(report);
  if (json?.stats) {
    passed += json.stats.expected + json.stats.flaky;
    failed += json.stats.unexpected;
    skipped += json.stats.skipped;
    if ((json.errors ?? []).length > 0) failed++;
  } else {
    failed++;
    console.log(`✗ ${label}: Playwright wrote no report`);
  }
}

const started = Date.now();
const staticChecks = only
  ? []
  : [
      background("typecheck", bin("tsc"), ["--noEmit"]),
      background("lint", bin("eslint"), ["--max-warnings", "0", "."]),
      background("format", bin("prettier"), ["--check", "--log-level", "warn", "."]),
    ];

const built = await run("build", "npm", ["run", "build", "--silent"]);
// The template database and the executable are made from the build side by side.
const templateMade = built
  ? run("template database", process.execPath, ["scripts/make-template.mjs", "--force"])
  : Promise.resolve(false);
// The checks go on beside the first tests (every test allows for a busy machine); their output
// is printed when they end.

if (!built) {
  failed++;
  console.log("✗ build failed: no server or browser tests can run");
} else {
  // The product as an owner gets it: one file, alone in a folder outside the repository. The
  // release takes a minute and more on a new machine (it compiles SQLite for the embedded Node):
  // the tests start without it, and the executable's pass, sequenced last, waits for the file
  // (tests/support/executable-ready.ts), so neither core idles while it is made.
  const folder = only ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-binary-"));
  const executable = folder && path.join(folder, "haulbook");
  let releaseOk = false;
  const released = !executable
    ? Promise.resolve()
    : run("release", process.execPath, ["scripts/release.mjs", "--no-build"]).then((ok) => {
        releaseOk = ok;
        if (ok) {
          // Copied under another name, then renamed: the waiting tests never see half a file.
          fs.copyFileSync(path.join(root, "dist", "haulbook-linux-x64"), `${executable}.part`);
          fs.chmodSync(`${executable}.part`, 0o755);
          fs.renameSync(`${executable}.part`, executable);
        } else {
          fs.writeFileSync(`${executable}.failed`, "");
          failed++;
          console.log("✗ release failed: the executable was not tested");
        }
      });
  await templateMade;

  // Every vitest pass in one run (vitest.config.ts): unit, integration and reliability on SQLite,
  // the same on PostgreSQL (a throwaway server started by the tests, tests/support/postgres.ts)
  // with the tests of several processes on one database, and what only the executable can break.
  if (executable)
    await vitest("vitest: unit, SQLite, PostgreSQL, the executable", "vitest.json", {
      HAULBOOK_TEST_ALL_PASSES: "1",
      HAULBOOK_TEST_EXECUTABLE: executable,
    });
  else if (only === "unit") await vitest("unit and integration", "vitest.json");
  else if (only === "postgres")
    await vitest("integration on PostgreSQL", "vitest-postgres.json", { TEST_ENGINE: "postgres" });
  await Promise.all(staticChecks);

  if (!only || only === "e2e") await playwright("end-to-end (js, no-js)", "playwright.json");

  // The journeys run once, on SQLite: a browser sees the same pages from either engine, and the
  // integration suites have run every rule of the database on PostgreSQL already (decision 035;
  // `TEST_ENGINE=postgres npx playwright test` runs them there by hand).

  await released;
  if (executable && releaseOk) {
    // With JavaScript: what the executable can break in a browser is the files it serves.
    await playwright(
      "@smoke journeys against the executable",
      "playwright-binary.json",
      {
        HAULBOOK_BINARY: executable,
        ...(!process.env.CHROMIUM_PATH && fs.existsSync(FULL_CHROMIUM)
          ? { CHROMIUM_PATH: FULL_CHROMIUM }
          : {}),
      },
      ["--grep", "@smoke", "--project", "js"],
    );
  }
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
}

// (Already ended unless the build failed.)
await Promise.all(staticChecks);
console.log(
  `\ntimings: ${timings.join(", ")}; in all ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
