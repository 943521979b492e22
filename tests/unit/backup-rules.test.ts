import { describe, expect, it } from "vitest";
import {
  backupFileName,
  backupsToRemove,
  backupTarget,
  fileStamp,
  formatBytes,
} from "~/services/backup.server";
import { diskVerdict } from "~/services/health.server";

const at = (iso: string) => new Date(iso);

describe("backup file names", () => {
  it.each([
    ["2026-11-23T08:15:00.000Z", "haulbook-20261123-081500.db"],
    ["2026-01-02T03:04:05.999Z", "haulbook-20260102-030405.db"],
    // UTC, whatever the clocks in London say (summer time)
    ["2026-07-01T23:30:00+01:00", "haulbook-20260701-223000.db"],
  ])("%s → %s", (iso, name) => {
    expect(backupFileName(at(iso))).toBe(name);
  });

  it("stamps sort in time order", () => {
    const stamps = ["2026-11-23T10:00:00Z", "2026-11-23T09:59:59Z", "2025-12-31T23:59:59Z"].map(
      (iso) => fileStamp(at(iso)),
    );
    expect([...stamps].sort()).toEqual([stamps[2], stamps[1], stamps[0]]);
  });
});

describe("where a backup goes", () => {
  const now = at("2026-11-23T08:15:00Z");
  const folders = new Set(["/srv/backups"]);
  const isFolder = (p: string) => folders.has(p);

  it.each([
    ["/srv/backups", "/srv/backups/haulbook-20261123-081500.db", "/srv/backups"],
    ["/srv/backups/", "/srv/backups/haulbook-20261123-081500.db", "/srv/backups"],
    ["/srv/new-folder/", "/srv/new-folder/haulbook-20261123-081500.db", "/srv/new-folder"],
    ["/srv/nightly.db", "/srv/nightly.db", null],
    ["/srv/backups/manual.db", "/srv/backups/manual.db", null],
  ])("%s → %s", (target, file, folder) => {
    expect(backupTarget(target, now, isFolder)).toEqual({ file, folder });
  });
});

describe("--keep N removes the oldest backups beyond the newest N", () => {
  const names = [
    "haulbook-20261121-020000.db",
    "haulbook-20261123-020000.db",
    "haulbook-20261122-020000.db",
    "haulbook-20261120-020000.db",
    // not backups of ours: never removed
    "haulbook.db",
    "haulbook-important.db",
    "notes.txt",
    ".haulbook-20261119-020000.db.partial-1-x",
    "before-0004_payments-20261101-020000.db",
  ];
  it.each([
    [
      1,
      ["haulbook-20261120-020000.db", "haulbook-20261121-020000.db", "haulbook-20261122-020000.db"],
    ],
    [2, ["haulbook-20261120-020000.db", "haulbook-20261121-020000.db"]],
    [3, ["haulbook-20261120-020000.db"]],
    [4, []],
    [30, []],
  ])("keep %i", (keep, removed) => {
    expect(backupsToRemove(names, keep)).toEqual(removed);
  });

  it("an empty folder removes nothing", () => {
    expect(backupsToRemove([], 3)).toEqual([]);
  });
});

describe("free disk space under the data folder", () => {
  const MB = 1024 * 1024;
  const GB = 1024 * MB;
  it.each([
    [50 * GB, 100 * GB, "ok"],
    [11 * GB, 100 * GB, "ok"],
    [9 * GB, 100 * GB, "warn"], // under 10 %
    [2 * GB, 4 * GB, "ok"],
    [900 * MB, 2 * GB, "warn"], // under 1 GB
    [150 * MB, 200 * MB, "warn"],
    [99 * MB, 1000 * GB, "fail"], // under 100 MB, however big the disk
    [0, 10 * GB, "fail"],
  ] as const)("%i bytes free of %i: %s", (free, total, verdict) => {
    expect(diskVerdict(free, total)).toBe(verdict);
  });
});

describe("sizes for the owner", () => {
  it.each([
    [0, "0 B"],
    [1023, "1023 B"],
    [1024, "1.0 KB"],
    [220 * 1024, "220 KB"],
    [1.25 * 1024 * 1024, "1.3 MB"],
    [74.3 * 1024 ** 3, "74.3 GB"],
  ])("%i → %s", (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
