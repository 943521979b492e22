import { describe, expect, it } from "vitest";
import { readSearchText, searchDays, searchTermText, type SearchTerm } from "~/lib/staff-search";

describe("what the staff search box reads (docs/rules.md#staff-search)", () => {
  it.each<[string, SearchTerm]>([
    ["HB12", { kind: "booking", id: 12 }],
    ["hb 12", { kind: "booking", id: 12 }],
    ["#12", { kind: "booking", id: 12 }],
    ["Q12", { kind: "quote", id: 12 }],
    ["q12-2", { kind: "quote", id: 12 }],
    ["12", { kind: "number", id: 12 }],
    ["123456", { kind: "number", id: 123456 }],
    ["HB0", { kind: "none" }],
    ["07700 900123", { kind: "phone", digits: "7700900123" }],
    ["+44 7700 900123", { kind: "phone", digits: "7700900123" }],
    ["(07700) 900-123", { kind: "phone", digits: "7700900123" }],
    ["07700", { kind: "phone", digits: "7700" }],
    ["1234567", { kind: "phone", digits: "1234567" }],
    ["Lena@Example.com", { kind: "email", text: "lena@example.com" }],
    ["@example", { kind: "email", text: "@example" }],
    ["gu13ab", { kind: "postcode", postcode: "GU1 3AB" }],
    ["SW1A 2AA", { kind: "postcode", postcode: "SW1A 2AA" }],
    ["GU1", { kind: "district", outcode: "GU1" }],
    ["sw1a", { kind: "district", outcode: "SW1A" }],
    ["Lena Fischer", { kind: "name", text: "Lena Fischer" }],
    ["  Lena   Fischer ", { kind: "name", text: "Lena Fischer" }],
    ["O'Brien", { kind: "name", text: "O'Brien" }],
    ["", { kind: "none" }],
    ["   ", { kind: "none" }],
    ["0", { kind: "none" }],
  ])("%j → %j", (text, term) => expect(readSearchText(text)).toEqual(term));

  it("reads at most 100 characters", () => {
    expect(readSearchText("a".repeat(300))).toEqual({ kind: "name", text: "a".repeat(100) });
  });

  it.each<[SearchTerm, string]>([
    [{ kind: "booking", id: 12 }, "booking HB12"],
    [{ kind: "number", id: 7 }, "booking HB7 or quote Q7"],
    [{ kind: "phone", digits: "7700900123" }, "phone number containing 7700900123"],
    [{ kind: "district", outcode: "GU1" }, "postcodes in GU1"],
    [{ kind: "name", text: "Lena" }, "name containing “Lena”"],
  ])("%j is said as %s", (term, words) => expect(searchTermText(term)).toBe(words));
});

describe("a search's date range", () => {
  it.each([
    ["2026-12-01", "2026-12-07", { from: "2026-12-01", to: "2026-12-07" }],
    ["2026-12-07", "2026-12-01", { from: "2026-12-01", to: "2026-12-07" }],
    ["", "2026-12-07", { from: null, to: "2026-12-07" }],
    ["2026-02-30", "", { from: null, to: null }],
    [null, undefined, { from: null, to: null }],
  ] as const)("%s to %s → %j", (from, to, days) => expect(searchDays(from, to)).toEqual(days));
});
