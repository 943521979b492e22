import { spawn, spawnSync } from "node:child_process";
import { exactEnvironment, shopProgram } from "./program";

/**
 * Runs an owner's command the way the owner does: `node build/server.js <args>`
 * (what `npm run haulbook -- <args>` runs) or the single executable (./program.ts),
 * with a minimal environment.
 */

export interface CommandRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface CommandOptions {
  dataDir: string;
  /** more environment (SMTP_URL, STRIPE_SECRET_KEY …); NODE_ENV is production unless given */
  env?: Record<string, string | undefined>;
  /** standard input (a password with --password-stdin) */
  input?: string;
}

function environment({ dataDir, env }: CommandOptions) {
  return exactEnvironment({
    ...shopProgram().env,
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    ...env,
  });
}

/** Runs a command and waits (blocking this process: no server of the test's own may need to answer meanwhile). */
export function haulbook(args: string[], options: CommandOptions): CommandRun {
  const program = shopProgram(args);
  const run = spawnSync(program.file, program.args, {
    cwd: program.cwd,
    env: environment(options),
    input: options.input ?? "",
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Runs a command without blocking this process (the test keeps talking to a server meanwhile). */
export function haulbookAsync(args: string[], options: CommandOptions): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const program = shopProgram(args);
    const child = spawn(program.file, program.args, {
      cwd: program.cwd,
      env: environment(options),
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(options.input ?? "");
  });
}
