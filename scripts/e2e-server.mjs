// The server Playwright drives: the production build (or the single executable) on a copy of
// the template database.
// NODE_ENV=test: checkout pays through the demo gateway (no Stripe keys here).
import { spawn, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const template = path.join(root, ".tmp", "template");
execFileSync(process.execPath, [path.join(root, "scripts", "make-template.mjs")], {
  stdio: "inherit",
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-e2e-"));
for (const file of fs.readdirSync(template))
  fs.copyFileSync(path.join(template, file), path.join(dataDir, file));

// HAULBOOK_BINARY: the single executable instead, from its empty folder with an empty environment.
const binary = process.env.HAULBOOK_BINARY;
const child = binary
  ? spawn(binary, [], {
      cwd: path.dirname(binary),
      env: { NODE_ENV: "test", DATA_DIR: dataDir, PORT: process.env.PORT },
      stdio: ["ignore", "ignore", "inherit"],
    })
  : spawn(process.execPath, [path.join(root, "build", "server.js")], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "test", DATA_DIR: dataDir },
      stdio: ["ignore", "ignore", "inherit"],
    });
const stop = (signal) => child.kill(signal);
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
child.on("exit", (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
