import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haulbook } from "../support/cli";
import { phonePhoto } from "../support/images";
import { quoteForm, sendQuote } from "../support/make";
import {
  databaseOf,
  makeDataDir,
  startServer,
  TEST_ENGINE,
  type RunningServer,
} from "../support/server";

/**
 * The data folder holds customers' details: started by hand (`npm start`, no systemd UMask)
 * from a shell whose umask is the usual 022, the shop still makes its folder 0700 and every
 * file 0600, and tightens what an older version or a copy left wider (docs/decisions/033).
 */

const sqlite = TEST_ENGINE === "sqlite";
let previousUmask: number;
let parent: string;
let dataDir: string;
let server: RunningServer | undefined;
let env: Record<string, string>;

beforeAll(async () => {
  // What a shell gives: group and others may read new files.
  previousUmask = process.umask(0o022);
  parent = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-private-"));
  fs.chmodSync(parent, 0o755);
  // A folder the shop has to make itself.
  dataDir = path.join(parent, "data");
  // No demo catalogue: a new shop starts in a second, and no product is needed here.
  env = {
    SEED_DEMO: "false",
    ...(sqlite ? {} : { DATABASE_URL: await databaseOf(makeDataDir(true)) }),
  };
});
afterAll(async () => {
  await server?.stop();
  process.umask(previousUmask);
  fs.rmSync(parent, { recursive: true, force: true });
});

/** Every file and folder under `folder`, with its permission bits ("0600"). */
function modes(folder: string): Record<string, string> {
  const found: Record<string, string> = {};
  const visit = (current: string) => {
    const stats = fs.lstatSync(current);
    found[path.relative(folder, current) || "."] = (stats.mode & 0o777)
      .toString(8)
      .padStart(4, "0");
    if (stats.isDirectory())
      for (const name of fs.readdirSync(current)) visit(path.join(current, name));
  };
  visit(folder);
  return found;
}

function widerThanOwner(found: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(found).filter(([, mode]) => (parseInt(mode, 8) & 0o077) !== 0),
  );
}

async function waitFor<T>(probe: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function outboxEmails(): string[] {
  const outbox = path.join(dataDir, "outbox");
  return fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith(".eml")) : [];
}

describe("the data folder under umask 022", () => {
  it("is made 0700 with every file 0600: database, WAL, SHM, secret, pid file, outbox emails", async () => {
    expect(process.umask()).toBe(0o022);
    server = await startServer({ dataDir, env });
    // A quote request writes emails (no SMTP_URL: .eml files carrying the customer's links).
    const photo = { name: "sofa.jpg", bytes: await phonePhoto() };
    const sent = await sendQuote(server, quoteForm({}, [photo]), { from: "203.0.113.77" });
    expect(sent.status, await sent.clone().text()).toBe(201);
    await waitFor(() => (outboxEmails().length > 0 ? true : undefined), "an outbox email");

    const found = modes(dataDir);
    expect(found["."]).toBe("0700");
    expect(found["outbox"]).toBe("0700");
    expect(found["haulbook.pid"]).toBe("0600");
    for (const email of outboxEmails()) expect(found[`outbox/${email}`]).toBe("0600");
    if (sqlite) {
      expect(found["haulbook.db"]).toBe("0600");
      expect(found["haulbook.db-wal"]).toBe("0600");
      expect(found["haulbook.db-shm"]).toBe("0600");
      expect(found["session-secret"]).toBe("0600");
    }
    expect(widerThanOwner(found)).toEqual({});
  }, 120_000);

  it.runIf(sqlite)("writes backups 0600 in a 0700 folder, beside the running shop", () => {
    const run = haulbook(["backup", path.join(dataDir, "backups") + "/"], { dataDir });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const found = modes(dataDir);
    expect(found["backups"]).toBe("0700");
    const backups = Object.keys(found).filter((f) => /^backups\/haulbook-.*\.db$/.test(f));
    expect(backups).toHaveLength(1);
    expect(found[backups[0]!]).toBe("0600");
    expect(widerThanOwner(found)).toEqual({});
  });

  it("check warns about files others can read, and the next start tightens them", async () => {
    await server?.stop();
    server = undefined;
    const email = outboxEmails()[0]!;
    const widened = [path.join(dataDir, "outbox", email)];
    if (sqlite) widened.push(path.join(dataDir, "haulbook.db"));
    fs.chmodSync(dataDir, 0o755);
    for (const file of widened) fs.chmodSync(file, 0o644);

    const checked = haulbook(["check"], { dataDir, env });
    const line = checked.stdout.split("\n").find((l) => / files: /.test(l));
    expect(line).toContain("warn files: readable by other users of this machine: ");
    expect(line).toContain(`${dataDir} (0755)`);
    for (const file of widened) expect(line).toContain(`${file} (0644)`);
    const fix = / Fix with: chmod 700 (\S+) && chmod 600 ([^(]+) \(/.exec(line ?? "");
    expect(fix?.[1]).toBe(dataDir);
    expect(fix?.[2]?.split(" ").sort()).toEqual([...widened].sort());
    // A warning, not a failure: the shop still runs.
    expect(checked.stdout).not.toMatch(/^FAIL files/m);

    server = await startServer({ dataDir, env });
    expect(server.output()).toContain(
      `[data] ${dataDir} was readable by other users: made ${widened.length + 1} entries owner-only (folders 0700, files 0600)`,
    );
    expect(widerThanOwner(modes(dataDir))).toEqual({});

    const again = haulbook(["check"], { dataDir, env });
    expect(again.stdout).toContain(`ok   files: ${dataDir} and its files are private to this user`);
  }, 120_000);

  it.runIf(sqlite)(
    "restores a backup that was copied around 0644 as a 0600 database",
    async () => {
      await server?.stop();
      server = undefined;
      const backups = path.join(dataDir, "backups");
      const backup = fs.readdirSync(backups).find((f) => /^haulbook-.*\.db$/.test(f))!;
      const copied = path.join(parent, "copied-backup.db");
      fs.copyFileSync(path.join(backups, backup), copied);
      fs.chmodSync(copied, 0o644);
      const run = haulbook(["restore", copied], { dataDir, env });
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      const found = modes(dataDir);
      expect(found["haulbook.db"]).toBe("0600");
      expect(Object.keys(found).some((f) => f.startsWith("haulbook.db.before-restore-"))).toBe(
        true,
      );
      expect(widerThanOwner(found)).toEqual({});
    },
    120_000,
  );

  it("leaves alone what it has no reason to change: a folder that was already private", async () => {
    // Everything above is owner-only already: a start says nothing.
    await server?.stop();
    server = await startServer({ dataDir, env });
    expect(server.output()).not.toContain("was readable by other users");
  }, 120_000);
});
