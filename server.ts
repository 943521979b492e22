import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { run } from "./server/start";

/**
 * `node build/server.js [command]`: the shop from the repository's build
 * (npm start, the tests). The single executable enters through
 * server/single-executable.ts instead, with the same run().
 */

// The repository root: this file runs as build/server.js, or as server.ts under `npm run dev`.
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
