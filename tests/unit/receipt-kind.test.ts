import { describe, expect, it } from "vitest";
import { receiptKind, vatBreakdown, vatIncluded } from "~/lib/vat";

describe("receiptKind", () => {
  it.each([
    // [total pence, business customer, VAT registered, kind]
    [15_000, false, true, "simplified"],
    [25_000, false, true, "simplified"], // £250 exactly is still simplified
    [25_001, false, true, "full"], // a penny over
    [30_000, false, true, "full"],
    [12_000, true, true, "full"], // a business may reclaim the VAT, however small
    [30_000, true, true, "full"],
    [0, false, true, "simplified"],
    [15_000, false, false, "not-registered"],
    [30_000, false, false, "not-registered"],
    [12_000, true, false, "not-registered"],
  ] as const)(
    "%d p, business %s, VAT registered %s → %s",
    (totalPence, business, vatRegistered, kind) => {
      expect(receiptKind({ totalPence, business, vatRegistered })).toBe(kind);
    },
  );
});

describe("vatBreakdown", () => {
  it.each([
    // [line amounts, rate, line nets, net, VAT]
    [[15_000], 20, [12_500], 12_500, 2_500],
    // 6333.33 and 6666.67 (and −1333.33): the missing pennies go to the largest fractions
    [[9_000, 7_600, 8_000, 7_000, -1_600], 20, [7_500, 6_333, 6_667, 5_833, -1_333], 25_000, 5_000],
    // two equal fractions (5832.5 and 4167.5): the first gets the penny
    [[6_999, 5_001], 20, [5_833, 4_167], 10_000, 2_000],
    // the VAT is always vatIncluded of the total: 99 p is 82.5 p excluding VAT, rounded to 83 p,
    // so it contains 16 p; three equal fractions, the first two get a penny each
    [[33, 33, 33], 20, [28, 28, 27], 83, 16],
    [[1_000, 2_000], 0, [1_000, 2_000], 3_000, 0],
    [[1_050], 5, [1_000], 1_000, 50],
    [[], 20, [], 0, 0],
  ])("%j at %d%%", (amounts, rate, lineNetPence, netPence, vatPence) => {
    expect(vatBreakdown(amounts, rate)).toEqual({ lineNetPence, netPence, vatPence });
  });

  it("adds up exactly for any lines, with the VAT vatIncluded gives", () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let run = 0; run < 500; run++) {
      const rate = [0, 5, 12.5, 17.5, 20][random(5)]!;
      const amounts = Array.from({ length: 1 + random(12) }, () => random(40_000) - 2_000);
      const total = amounts.reduce((a, b) => a + b, 0);
      if (total < 0) continue;
      const { lineNetPence, netPence, vatPence } = vatBreakdown(amounts, rate);
      expect(vatPence).toBe(vatIncluded(total, rate));
      expect(netPence + vatPence).toBe(total);
      expect(lineNetPence.reduce((a, b) => a + b, 0)).toBe(netPence);
      // each line's net is its exact share, give or take less than a penny
      lineNetPence.forEach((net, i) =>
        expect(Math.abs(net - (amounts[i]! * 100) / (100 + rate))).toBeLessThan(1),
      );
    }
  });
});
