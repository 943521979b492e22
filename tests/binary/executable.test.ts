import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BINARY, ROOT, exactEnvironment, expectedVersionLine } from "../support/program";
import { freePort } from "../support/server";
import { postSignIn } from "../support/staff";

/**
 * What only the single executable does: it is one file with its checksum, finds its data folder
 * beside itself, unpacks its own files once per version into a cache folder, and starts fast.
 * Runs in `npm test`'s pass against the executable (HAULBOOK_BINARY, see tests/support/program.ts).
 */

const RELEASE = path.join(ROOT, "dist", "haulbook-linux-x64");
/** Budgets for the file and its start (docs/deploy.md quotes the measured figures). */
const MAX_SIZE_MB = 160;
const MAX_READY_MS = 1_500;
const MAX_IDLE_RSS_MB = 220;

/** A copy of the executable alone in a new folder, as an owner puts it on a server. */
function freshCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-exe-"));
  const file = path.join(dir, "haulbook");
  fs.copyFileSync(BINARY!, file);
  fs.chmodSync(file, 0o755);
  return file;
}

interface Started {
  output: () => string;
  port: number;
  readyMs: number;
  pid: number;
  stop: () => Promise<number | null>;
}

/** Starts the executable from `cwd` with exactly `env` (plus PORT); resolves once it listens. */
async function start(
  file: string,
  env: Record<string, string>,
  cwd = os.tmpdir(),
): Promise<Started> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(file, [], {
    cwd,
    env: exactEnvironment({ ...env, PORT: String(port) }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`not listening after 60 s:\n${output}`)),
      60_000,
    );
    const watch = () => {
      if (output.includes("listening on")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", watch);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${output}`));
    });
  });
  const readyMs = performance.now() - began;
  return {
    output: () => output,
    port,
    readyMs,
    pid: child.pid!,
    stop: async () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) / 1024;
}

describe.runIf(BINARY)("the single executable", () => {
  it("is one file whose .sha256 matches it, within its size budget", () => {
    const bytes = fs.readFileSync(RELEASE);
    const [sum, name] = fs.readFileSync(`${RELEASE}.sha256`, "utf8").trim().split(/\s+/);
    expect(name).toBe("haulbook-linux-x64");
    expect(sum).toBe(crypto.createHash("sha256").update(bytes).digest("hex"));
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("\x7fELF");
    const mb = bytes.length / 1e6;
    console.log(`[executable] ${mb.toFixed(1)} MB`);
    expect(mb).toBeLessThan(MAX_SIZE_MB);
  });

  it("says its version with an empty environment, from any folder", () => {
    const run = spawnSync(freshCopy(), ["--version"], {
      cwd: "/",
      env: exactEnvironment({}),
      encoding: "utf8",
    });
    expect(run.status).toBe(0);
    expect(run.stdout.replace("+changes", "")).toBe(`${expectedVersionLine()}\n`);
  });

  it("keeps its data beside itself whatever the working folder, prints the first password once, and stops on SIGTERM", async () => {
    const file = freshCopy();
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-cwd-"));
    const shop = await start(file, { SEED_DEMO: "false" }, elsewhere);
    const dataDir = path.join(path.dirname(file), "data");
    expect(fs.existsSync(path.join(dataDir, "haulbook.db"))).toBe(true);
    expect(fs.readdirSync(elsewhere)).toEqual([]);
    expect(shop.output()).toContain("Change it with: ./haulbook admin reset-password admin");
    const password = /password: (\S+)/.exec(shop.output())![1]!;
    const url = `http://127.0.0.1:${shop.port}`;
    const signIn = await postSignIn(
      { url },
      { via: "api", credentials: { username: "admin", password } },
    );
    expect(signIn.status).toBe(200);
    expect(fs.readFileSync(path.join(dataDir, "haulbook.pid"), "utf8").trim()).toBe(
      String(shop.pid),
    );
    expect(await shop.stop()).toBe(0);
    expect(shop.output()).toContain("[haulbook] stopped");
    expect(fs.existsSync(path.join(dataDir, "haulbook.pid"))).toBe(false);

    // The second start prints no password: the account exists.
    const again = await start(file, { SEED_DEMO: "false" }, elsewhere);
    expect(again.output()).not.toContain("password:");
    console.log(
      `[executable] restart ready in ${again.readyMs.toFixed(0)} ms, ${residentMb(again.pid).toFixed(0)} MB resident`,
    );
    // The budget is for a quiet machine; on a busy one each core is shared by the load's processes.
    const busy = Math.max(1, (os.loadavg()[0] ?? 0) / os.availableParallelism());
    expect(again.readyMs).toBeLessThan(MAX_READY_MS * busy);
    expect(residentMb(again.pid)).toBeLessThan(MAX_IDLE_RSS_MB);
    expect(await again.stop()).toBe(0);
  });

  it("unpacks its files into CACHE_DIR, else ~/.cache/haulbook, else beside itself, and repairs a damaged copy", async () => {
    const file = freshCopy();
    const base = path.dirname(file);
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-home-"));
    const cacheDir = path.join(base, "chosen-cache");
    const env = { SEED_DEMO: "false", DATA_DIR: path.join(base, "data") };
    const versionsIn = (dir: string) =>
      fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => !name.startsWith(".")) : [];

    let shop = await start(file, { ...env, HOME: home });
    await shop.stop();
    const [version] = versionsIn(path.join(home, ".cache", "haulbook"));
    expect(version).toMatch(/^\d+\.\d+\.\d+-[0-9a-f]{12}$/);

    shop = await start(file, { ...env, HOME: home, CACHE_DIR: cacheDir });
    await shop.stop();
    expect(versionsIn(cacheDir)).toEqual([version]);

    shop = await start(file, env);
    await shop.stop();
    const beside = path.join(base, ".haulbook-cache");
    expect(versionsIn(beside)).toEqual([version]);

    // A truncated stylesheet in the cache is written again at the next start, and served whole.
    const unpacked = path.join(beside, version!);
    const css = fs
      .readdirSync(path.join(unpacked, "public", "build"), { recursive: true })
      .map(String)
      .find((name) => name.endsWith(".css"))!;
    const cssFile = path.join(unpacked, "public", "build", css);
    const whole = fs.readFileSync(cssFile);
    fs.writeFileSync(cssFile, whole.subarray(0, 10));
    shop = await start(file, env);
    const served = await fetch(`http://127.0.0.1:${shop.port}/build/${css}`, {
      headers: { "accept-encoding": "identity" },
    });
    expect(Buffer.from(await served.arrayBuffer()).equals(whole)).toBe(true);
    await shop.stop();
  });

  it("refuses to start with a clear line when no cache folder can be written", () => {
    const file = freshCopy();
    const notAFolder = path.join(path.dirname(file), "plain-file");
    fs.writeFileSync(notAFolder, "");
    const run = spawnSync(file, [], {
      env: exactEnvironment({ CACHE_DIR: notAFolder, PORT: "0" }),
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      "cannot unpack the shop's files into any cache folder (set CACHE_DIR",
    );
    expect(run.stderr).toContain(notAFolder);
  });
});
