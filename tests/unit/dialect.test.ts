import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  type RawBuilder,
} from "kysely";
import { describe, expect, it } from "vitest";
import {
  equalsIgnoringCase,
  ignoringCase,
  isUniqueViolation,
  likeIgnoringCase,
  noRows,
  oneWhen,
  parseInt8,
  parseNumeric,
} from "~/services/dialect.server";

describe("values from PostgreSQL come back as SQLite gives them", () => {
  it.each([
    ["0", 0],
    ["42", 42],
    ["-7", -7],
    ["9007199254740991", 9007199254740991],
    // Beyond 2^53 a number would be rounded: the exact text is kept instead.
    ["9007199254740993", "9007199254740993"],
    ["-9223372036854775808", "-9223372036854775808"],
  ])("int8 %s → %s", (text, expected) => {
    expect(parseInt8(text)).toBe(expected);
  });

  it.each([
    ["0", 0],
    ["4500", 4500],
    ["12.50", 12.5],
    ["-0.25", -0.25],
    ["123456789012345", 123456789012345],
    ["1234567890123456", "1234567890123456"],
    ["0.1234567890123456789", "0.1234567890123456789"],
  ])("numeric %s → %s", (text, expected) => {
    expect(parseNumeric(text)).toBe(expected);
  });

  it.each([
    [{ code: "SQLITE_CONSTRAINT_UNIQUE" }, true],
    [{ code: "SQLITE_CONSTRAINT_PRIMARYKEY" }, true],
    [{ code: "23505" }, true],
    [{ code: "SQLITE_CONSTRAINT_CHECK" }, false],
    [{ code: "23514" }, false],
    [new Error("unique"), false],
    [null, false],
  ])("isUniqueViolation(%o) is %s", (error, expected) => {
    expect(isUniqueViolation(error)).toBe(expected);
  });
});

describe("case-insensitive text and portable conditions, per engine", () => {
  const kysely = (engine: "sqlite" | "postgres") =>
    new Kysely<{ t: { name: string; n: number } }>({
      dialect: {
        createAdapter: () => (engine === "postgres" ? new PostgresAdapter() : new SqliteAdapter()),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) =>
          engine === "postgres" ? new PostgresIntrospector(db) : new SqliteIntrospector(db),
        createQueryCompiler: () =>
          engine === "postgres" ? new PostgresQueryCompiler() : new SqliteQueryCompiler(),
      },
    });
  const compiled = (engine: "sqlite" | "postgres", where: RawBuilder<boolean>) =>
    kysely(engine).selectFrom("t").select("t.n").where(where).compile();

  it("matches text anywhere: SQLite's LIKE as it was, PostgreSQL's lower() LIKE lower()", () => {
    const sqlite = compiled("sqlite", likeIgnoringCase("sqlite", "t.name", "%sofa%"));
    expect(sqlite.sql).toBe(`select "t"."n" from "t" where "t"."name" LIKE ? ESCAPE '\\'`);
    const postgres = compiled("postgres", likeIgnoringCase("postgres", "t.name", "%sofa%"));
    expect(postgres.sql).toBe(
      `select "t"."n" from "t" where lower("t"."name") LIKE lower($1) ESCAPE '\\'`,
    );
    expect(postgres.parameters).toEqual(["%sofa%"]);
  });

  it("compares usernames: SQLite's NOCASE column as it was, lower() on both sides on PostgreSQL", () => {
    expect(compiled("sqlite", equalsIgnoringCase("sqlite", "t.name", "Admin")).sql).toBe(
      `select "t"."n" from "t" where "t"."name" = ?`,
    );
    expect(compiled("postgres", equalsIgnoringCase("postgres", "t.name", "Admin")).sql).toBe(
      `select "t"."n" from "t" where lower("t"."name") = lower($1)`,
    );
  });

  it("sorts in any case, finds no rows, and counts conditions, on both", () => {
    expect(
      kysely("sqlite").selectFrom("t").select("n").orderBy(ignoringCase("sqlite", "name")).compile()
        .sql,
    ).toBe(`select "n" from "t" order by "name" COLLATE NOCASE`);
    expect(
      kysely("postgres")
        .selectFrom("t")
        .select("n")
        .orderBy(ignoringCase("postgres", "name"))
        .compile().sql,
    ).toBe(`select "n" from "t" order by lower("name")`);
    expect(compiled("postgres", noRows).sql).toBe(`select "t"."n" from "t" where 1 = 0`);
    expect(oneWhen(sql<boolean>`n > ${2}`).compile(kysely("postgres")).sql).toBe(
      "CASE WHEN n > $1 THEN 1 ELSE 0 END",
    );
  });
});
