// Builds the template data folder the tests copy: a fresh start of the built
// server migrates, creates the staff user and seeds, then stops cleanly.
import { spawn } from "node:child_process";
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { testStaffHash } from "../tests/support/staff-hash.mjs";

const root = path.resolve(import.meta.dirname, "..");
const dir = path.join(root, ".tmp", "template");
const force = process.argv.includes("--force");

// A template made before a migration was added is stale: the stamp lists the migrations it holds.
const migrations = fs
  .readdirSync(path.join(root, "migrations"))
  .filter((f) => /^\d{4}_.*\.ts$/.test(f))
  .sort()
  .join("\n");
const stamp = path.join(dir, "migrations.txt");
const current =
  fs.existsSync(path.join(dir, "haulbook.db")) &&
  fs.existsSync(stamp) &&
  fs.readFileSync(stamp, "utf8") === migrations;
if (!force && current) process.exit(0);
// Built beside the template and moved into place at the end, so a test run that copies the
// template meanwhile never sees a half-made database.
const building = `${dir}-building-${process.pid}`;
fs.rmSync(building, { recursive: true, force: true });
fs.mkdirSync(building, { recursive: true });

const STAFF = { username: "admin", password: "correct-horse-battery" };
const started = Date.now();
const child = spawn(process.execPath, [path.join(root, "build", "server.js")], {
  cwd: root,
  env: {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    PORT: "0",
    DATA_DIR: building,
    ADMIN_USERNAME: STAFF.username,
    ADMIN_PASSWORD: STAFF.password,
  },
  stdio: ["ignore", "pipe", "inherit"],
});
let out = "";
child.stdout.on("data", (chunk) => {
  out += chunk;
  if (out.includes("listening on")) child.kill("SIGTERM");
});
child.on("exit", (code) => {
  if (code !== 0) {
    console.error(out);
    console.error(`make-template: the server exited with ${code}`);
    fs.rmSync(building, { recursive: true, force: true });
    process.exit(1);
  }
  // The server migrates with the migrations it was built with: a build older than migrations/
  // would make a template that only looks current.
  const applied = new Database(path.join(building, "haulbook.db"));
  const names = applied.prepare("SELECT name FROM kysely_migration ORDER BY name").all();
  // Sign-ins in tests verify at the cost a test can afford (tests/support/staff-hash.mjs).
  applied
    .prepare("UPDATE users SET password_hash = ? WHERE username = ?")
    .run(testStaffHash(STAFF.password), STAFF.username);
  applied.close();
  const wanted = migrations.split("\n").map((file) => file.replace(/\.ts$/, ""));
  const missing = wanted.filter(
    (name) => !names.some((row) => row.name === name) && name !== "0006_postgres_baseline",
  );
  if (missing.length > 0) {
    console.error(
      `make-template: the build does not carry ${missing.join(", ")}: run \`npm run build\` first`,
    );
    fs.rmSync(building, { recursive: true, force: true });
    process.exit(1);
  }
  for (const leftover of ["haulbook.db-wal", "haulbook.db-shm"])
    fs.rmSync(path.join(building, leftover), { force: true });
  fs.writeFileSync(path.join(building, "migrations.txt"), migrations);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(building, dir);
  console.log(`template database ready in ${Date.now() - started} ms`);
});
