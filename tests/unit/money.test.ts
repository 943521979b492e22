import { describe, expect, it } from "vitest";
import { parsePounds } from "~/lib/money";

/** Every money field reads pounds through parsePounds (docs/decisions/033). */
describe("parsePounds: plain decimal pounds → pence", () => {
  it.each<[string, unknown, number]>([
    ["whole pounds", "12", 1200],
    ["one decimal", "12.5", 1250],
    ["two decimals", "12.50", 1250],
    ["pence only", "0.05", 5],
    ["zero", "0", 0],
    ["zero with pence", "0.00", 0],
    ["a leading zero", "012", 1200],
    ["seven digits of pounds", "9999999.99", 999_999_999],
    ["no floating point on the way (0.29 × 100 is 28.999…)", "0.29", 29],
    ["a JSON number", 45.5, 4550],
    ["a JSON whole number", 120, 12_000],
    ["a JSON number with two decimals", 19.99, 1999],
    ["a JSON zero", 0, 0],
  ])("accepts %s: %j → %i", (_, value, pence) => {
    expect(parsePounds(value)).toBe(pence);
  });

  it.each<[string, unknown]>([
    ["hexadecimal", "0x10"],
    ["an exponent", "1e3"],
    ["three decimals", "12.345"],
    ["a leading space", " 12"],
    ["a trailing space", "12 "],
    ["a plus sign", "+12"],
    ["a minus sign", "-1"],
    ["a point with nothing after it", "12."],
    ["a point with nothing before it", ".5"],
    ["a pound sign", "£12"],
    ["a thousands comma", "1,200"],
    ["Infinity", "Infinity"],
    ["NaN", "NaN"],
    ["empty", ""],
    ["words", "twelve"],
    ["binary", "0b101"],
    ["an underscore", "1_000"],
    ["eight digits of pounds", "12345678"],
    ["a full-width digit", "１２"],
    ["a JSON number with three decimals", 12.345],
    ["a negative JSON number", -1],
    ["a JSON number written with an exponent", 1e21],
    ["a tiny JSON number", 1e-7],
    ["JSON Infinity", Infinity],
    ["JSON NaN", NaN],
    ["a boolean", true],
    ["null", null],
    ["an array", ["12"]],
    ["an object", { toString: () => "12" }],
  ])("refuses %s: %j", (_, value) => {
    expect(parsePounds(value)).toBeNull();
  });
});
