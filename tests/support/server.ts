import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { BINARY, ROOT, shopProgram } from "./program";

/**
 * Starts the real built server (build/server.js, or the single executable:
 * see ./program.ts) on a free port with its own DATA_DIR, by default a copy
 * of the migrated, seeded template database.
 */

export { ROOT };
export const TEMPLATE_DIR = path.join(ROOT, ".tmp", "template");
export const STAFF = { username: "admin", password: "correct-horse-battery" } as const;

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Sends a signal and waits for the process to exit; resolves with its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

export interface StartOptions {
  /** Extra environment for the server. */
  env?: Record<string, string | undefined>;
  /** Start from a copy of the template (default) or an empty data folder. */
  fromTemplate?: boolean;
  /** Reuse this data folder instead of creating one (restarts). */
  dataDir?: string;
  /** Resolve as soon as the process exits, instead of waiting for "listening". */
  expectExit?: boolean;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export function makeDataDir(fromTemplate: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-test-"));
  if (fromTemplate) {
    if (!fs.existsSync(path.join(TEMPLATE_DIR, "haulbook.db"))) {
      throw new Error(
        "No template database: run the tests through `npm test` (or `node scripts/make-template.mjs`).",
      );
    }
    for (const file of fs.readdirSync(TEMPLATE_DIR))
      fs.copyFileSync(path.join(TEMPLATE_DIR, file), path.join(dir, file));
  }
  return dir;
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const program = shopProgram();
  if (!fs.existsSync(program.file) || !fs.existsSync(program.args[0] ?? program.file))
    throw new Error(BINARY ? `No executable at ${BINARY}` : "No build: run `npm run build` first.");
  const dataDir = options.dataDir ?? makeDataDir(options.fromTemplate ?? true);
  const port = await freePort();
  let output = "";
  const child = spawn(program.file, program.args, {
    cwd: program.cwd,
    env: {
      ...program.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_USERNAME: STAFF.username,
      ADMIN_PASSWORD: STAFF.password,
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

  const server: RunningServer = {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    process: child,
    output: () => output,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };

  if (options.expectExit) {
    await exited;
    return server;
  }
  const deadline = Date.now() + 60_000;
  while (!output.includes("listening on")) {
    if (child.exitCode !== null)
      throw new Error(`Server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`Server did not start within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return server;
}
