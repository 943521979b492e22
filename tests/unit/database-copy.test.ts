import path from "node:path";
import { describe, expect, it } from "vitest";
import { CopyMismatchError, formatMeasures } from "~/services/database-copy-check.server";
import { copyTarget, sameDatabase } from "~/services/database-copy.server";

describe("copy --to", () => {
  it.each([
    ["postgres://shop:pw@db.example:5432/haulbook", "postgres"],
    ["postgresql://shop@localhost/haulbook?host=/run/postgresql", "postgres"],
    ["file:./moved.db", "sqlite"],
    ["/srv/moved.db", "sqlite"],
    ["moved.db", "sqlite"],
  ])("%s is %s", (text, engine) => {
    expect(copyTarget(text).engine).toBe(engine);
  });

  it("resolves an SQLite path, with or without file:", () => {
    expect(copyTarget("file:moved.db")).toEqual({
      engine: "sqlite",
      path: path.resolve("moved.db"),
    });
    expect(copyTarget("moved.db")).toEqual(copyTarget("file:moved.db"));
  });

  it.each(["mysql://shop@db/haulbook", "file:", "postgres://[bad"])("refuses %s", (text) => {
    expect(() => copyTarget(text)).toThrow(/^Refused: /);
  });
});

describe("the same database", () => {
  const pg = (url: string) => copyTarget(url);
  it.each([
    ["postgres://a@127.0.0.1/shop", "postgres://b:pw@localhost:5432/shop", true],
    ["postgres://a@db/shop", "postgresql://a@db:5432/shop", true],
    ["postgres://a@db/shop", "postgres://a@db/other", false],
    ["postgres://a@db/shop", "postgres://a@db:5433/shop", false],
  ])("%s and %s: %s", (a, b, same) => {
    expect(sameDatabase(pg(a), pg(b))).toBe(same);
  });

  it("an SQLite file named two ways is the same; another engine never is", () => {
    expect(
      sameDatabase(copyTarget("data/haulbook.db"), copyTarget("file:./data/../data/haulbook.db")),
    ).toBe(true);
    expect(sameDatabase(copyTarget("data/haulbook.db"), pg("postgres://a@db/haulbook"))).toBe(
      false,
    );
  });
});

describe("the comparison", () => {
  const measures = [
    { table: "orders", what: "rows", source: 50000, copy: 50000 },
    { table: "orders", what: "total_pence", source: 123456789, copy: 123456788 },
  ];

  it("is a table of source and copy, the lines that differ marked", () => {
    expect(formatMeasures(measures).split("\n")).toEqual([
      "table                  source       copy",
      "orders                  50000      50000",
      "orders.total_pence  123456789  123456788  <- differs",
    ]);
  });

  it("a mismatch names what differs", () => {
    expect(new CopyMismatchError(measures).message).toBe(
      "Failed: the copy does not match the source (orders total_pence: 123456789 in the source, " +
        "123456788 in the copy). It was rolled back: the target holds none of the shop's rows.",
    );
  });
});
