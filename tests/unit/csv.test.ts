import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "~/lib/csv";

describe("orders CSV", () => {
  it("quotes every cell and doubles quotes", () => {
    expect(toCsv([["a", 'say "hi"', "x,y"], ["line\nbreak"]])).toBe(
      '"a","say ""hi""","x,y"\r\n"line\nbreak"\r\n',
    );
  });
  it.each(["=1+1", "+44 20 7946 0321", "-2", "@SUM(A1)", "\t=1", "\r=1"])(
    "never lets a spreadsheet run %j as a formula",
    (value) => {
      expect(csvCell(value)).toBe(`"'${value}"`);
    },
  );
  it("leaves ordinary text alone", () => {
    expect(csvCell("Jo Bloggs")).toBe('"Jo Bloggs"');
    expect(csvCell("45.50")).toBe('"45.50"');
  });
});
