import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeConnection, openDatabase } from "~/services/db.server";
import { writePidFile } from "~/services/pid-file.server";
import {
  tightenedLine,
  tightenPrivateFiles,
  widerThanPrivate,
  writePrivateFile,
} from "~/services/private-files.server";

/**
 * The explicit modes, without the shop's own umask (server/start.ts sets it; this process keeps a
 * shell's 022): each file is owner-only by itself, so a caller that forgets the umask, or runs
 * under another one, still writes private files (docs/decisions/033).
 */

let previous: number;
beforeAll(() => {
  previous = process.umask(0o022);
});
afterAll(() => {
  process.umask(previous);
});

const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-private-unit-"));
const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8).padStart(4, "0");

describe("files written under umask 022", () => {
  it("an SQLite database, its WAL and its SHM are 0600", async () => {
    const dir = folder();
    const file = path.join(dir, "haulbook.db");
    const connection = openDatabase(file);
    try {
      connection.sqlite.exec("CREATE TABLE t (x); INSERT INTO t VALUES (1)");
      expect([mode(file), mode(`${file}-wal`), mode(`${file}-shm`)]).toEqual([
        "0600",
        "0600",
        "0600",
      ]);
    } finally {
      await closeConnection(connection);
    }
  });

  it("an existing database left 0644 is tightened when it is opened", async () => {
    const dir = folder();
    const file = path.join(dir, "old.db");
    fs.writeFileSync(file, "", { mode: 0o644 });
    const connection = openDatabase(file);
    await closeConnection(connection);
    expect(mode(file)).toBe("0600");
  });

  it("the pid file and a rewritten file are 0600", () => {
    const dir = folder();
    writePidFile(dir);
    expect(mode(path.join(dir, "haulbook.pid"))).toBe("0600");
    const note = path.join(dir, "note.txt");
    fs.writeFileSync(note, "open", { mode: 0o644 });
    writePrivateFile(note, "closed");
    expect(mode(note)).toBe("0600");
  });
});

describe("tightening a data folder left wider", () => {
  it("finds, tightens and reports every wider folder and file, and nothing twice", () => {
    const dir = folder();
    fs.chmodSync(dir, 0o755);
    fs.mkdirSync(path.join(dir, "outbox"), { mode: 0o755 });
    fs.writeFileSync(path.join(dir, "outbox", "000001-x.eml"), "mail", { mode: 0o644 });
    fs.writeFileSync(path.join(dir, "haulbook.db"), "", { mode: 0o600 });
    fs.writeFileSync(path.join(dir, "session-secret"), "s", { mode: 0o640 });

    const wide = widerThanPrivate(dir).map((e) => [path.relative(dir, e.path), e.mode.toString(8)]);
    expect(wide.sort()).toEqual([
      ["", "755"],
      ["outbox", "755"],
      ["outbox/000001-x.eml", "644"],
      ["session-secret", "640"],
    ]);
    const changed = tightenPrivateFiles(dir);
    expect(changed).toHaveLength(4);
    expect(tightenedLine(dir, changed)).toMatch(
      new RegExp(
        `^\\[data\\] ${dir} was readable by other users: made 4 entries owner-only .* and 1 more$`,
      ),
    );
    expect(mode(dir)).toBe("0700");
    expect(mode(path.join(dir, "outbox"))).toBe("0700");
    expect(mode(path.join(dir, "outbox", "000001-x.eml"))).toBe("0600");
    expect(mode(path.join(dir, "session-secret"))).toBe("0600");
    expect(widerThanPrivate(dir)).toEqual([]);
    expect(tightenedLine(dir, tightenPrivateFiles(dir))).toBeNull();
  });

  it("also looks at a database kept outside the folder, and does not follow links", () => {
    const dir = folder();
    const elsewhere = folder();
    const database = path.join(elsewhere, "shop.db");
    fs.writeFileSync(database, "", { mode: 0o644 });
    fs.symlinkSync("/etc/passwd", path.join(dir, "link"));
    const changed = tightenPrivateFiles(dir, [database, `${database}-wal`]);
    expect(changed.map((e) => e.path)).toEqual([database]);
    expect(mode(database)).toBe("0600");
    expect(mode("/etc/passwd")).toBe("0644");
  });
});
