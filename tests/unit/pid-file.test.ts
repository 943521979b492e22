import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { removePidFile, runningServer, writePidFile } from "~/services/pid-file.server";

const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-pid-"));
const pidFile = (dir: string) => path.join(dir, "haulbook.pid");

describe("runningServer reads <dataDir>/haulbook.pid", () => {
  it("names a live process", async () => {
    const dir = folder();
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      fs.writeFileSync(pidFile(dir), `${child.pid}\n`);
      expect(runningServer(dir)).toBe(child.pid);
    } finally {
      child.kill();
      await new Promise((resolve) => child.on("exit", resolve));
    }
    // The same file once that process has gone: stale, so nothing runs.
    expect(runningServer(dir)).toBeNull();
  });

  it.each([
    ["no file", null],
    ["an empty file", ""],
    ["not a number", "haulbook\n"],
    ["a negative number", "-5\n"],
    ["a process that has exited", String(spawnSync(process.execPath, ["-e", ""]).pid)],
  ])("answers null for %s", (_name, content) => {
    const dir = folder();
    if (content !== null) fs.writeFileSync(pidFile(dir), content);
    expect(runningServer(dir)).toBeNull();
  });

  it("is written with this process's id and removed only by this process", () => {
    const dir = folder();
    writePidFile(dir);
    expect(fs.readFileSync(pidFile(dir), "utf8")).toBe(`${process.pid}\n`);
    // A process never counts itself as the running server (a pid reused inside a container).
    expect(runningServer(dir)).toBeNull();
    removePidFile(dir);
    expect(fs.existsSync(pidFile(dir))).toBe(false);

    // Another server took the folder meanwhile: its file stays.
    fs.writeFileSync(pidFile(dir), "1\n");
    removePidFile(dir);
    expect(fs.readFileSync(pidFile(dir), "utf8")).toBe("1\n");
  });
});
