import { describe, expect, it } from "vitest";
import { isUniqueViolation, parseInt8, parseNumeric } from "~/services/dialect.server";

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
