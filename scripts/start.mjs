// `npm start`: build once if there is no build, then run the production server.
// `npm run haulbook -- <command>` (admin, migrate, backup, restore, check...) runs a command instead.
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";

const built = ["build/index.js", "build/server.js", "public/build"].every((p) => fs.existsSync(p));
if (!built) {
  console.log("No build found: running `npm run build` first (a few seconds)...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const child = spawn(
  process.execPath,
  ["--enable-source-maps", "build/server.js", ...process.argv.slice(2)],
  {
    stdio: "inherit",
    env: { NODE_ENV: "production", ...process.env },
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
