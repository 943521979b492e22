import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { run } from "./server/start";

/**
 * `npm run dev`: the shop from the app's build, loaded afresh after each change. `npm start` and
 * the tests run build/server.js, the same run() and the app's build bundled into one file with
 * their packages (scripts/build-server.mjs); the single executable enters through
 * server/single-executable.ts, with the same run().
 */

// The repository root: this file runs as server.ts under `npm run dev`.
const here = import.meta.dirname;
const root = path.basename(here) === "build" ? path.dirname(here) : here;
const BUILD_PATH = path.join(root, "build", "index.js");
const isDevelopment = process.env.NODE_ENV === "development";

async function importBuild(): Promise<ServerBuild> {
  const { mtimeMs } = fs.statSync(BUILD_PATH);
  // A query string makes Node load a rebuilt bundle in development.
  return (await import(
    pathToFileURL(BUILD_PATH).href + (isDevelopment ? `?t=${mtimeMs}` : "")
  )) as ServerBuild;
}

await run(process.argv.slice(2), {
  build: await importBuild(),
  publicDir: path.join(root, "public"),
  reloadBuild: isDevelopment ? importBuild : undefined,
});
