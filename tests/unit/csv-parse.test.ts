import { describe, expect, it } from "vitest";
import { CsvError, parseCsv, toCsv } from "~/lib/csv";

describe("parseCsv", () => {
  it.each([
    [
      "a,b\r\n1,2\r\n",
      [
        ["a", "b"],
        ["1", "2"],
      ],
    ],
    [
      "a,b\n1,2",
      [
        ["a", "b"],
        ["1", "2"],
      ],
    ],
    ['"x, y","say ""hi"""\n', [["x, y", 'say "hi"']]],
    ['"two\nlines",3\n', [["two\nlines", "3"]]],
    [
      "\uFEFFname,price\nSofa,45\n",
      [
        ["name", "price"],
        ["Sofa", "45"],
      ],
    ],
    [
      "a,b\n\n1,2\n\n",
      [
        ["a", "b"],
        ["1", "2"],
      ],
    ],
    ["a,,c\n", [["a", "", "c"]]],
    ["\"'=SUM(A1)\",'plain\n", [["=SUM(A1)", "'plain"]]],
  ])("%j", (text, rows) => {
    expect(parseCsv(text)).toEqual(rows);
  });

  it("reads back what toCsv wrote, formula-like cells included", () => {
    const rows = [
      ["id", "name", "note"],
      ["1", "Sofa, three-seater", '=HYPERLINK("x")'],
      ["2", "Line\nbreak", "-5"],
    ];
    expect(parseCsv(toCsv(rows))).toEqual(rows);
  });

  it("refuses a quote left open", () => {
    expect(() => parseCsv('a,"b\n1,2\n')).toThrow(CsvError);
  });
});
