import { describe, expect, it } from "vitest";
import { vatWording } from "~/lib/vat";

const registered = vatWording({ registered: true, ratePercent: 20 });
const notRegistered = vatWording({ registered: false, ratePercent: 20 });

describe("what each surface says of VAT", () => {
  it.each([
    ["after a price", registered.afterPrice, " including VAT", notRegistered.afterPrice, ""],
    ["after a fee", registered.afterFee, " (including VAT)", notRegistered.afterFee, ""],
    ["beside prices", registered.pricesNote, "Prices include VAT.", notRegistered.pricesNote, ""],
    [
      "above a price list",
      registered.fixedPrices,
      "Fixed prices, VAT included",
      notRegistered.fixedPrices,
      "Fixed prices",
    ],
    ["the receipt", registered.receipt, "VAT receipt", notRegistered.receipt, "receipt"],
  ])("%s: %j registered, %j not", (_, whenRegistered, expected, whenNot, expectedNot) => {
    expect(whenRegistered).toBe(expected);
    expect(whenNot).toBe(expectedNot);
    expect(whenNot).not.toMatch(/VAT/);
  });

  it.each([
    [12000, 20, "Includes VAT at 20%", 2000],
    [7900, 20, "Includes VAT at 20%", 1317],
    [1, 20, "Includes VAT at 20%", 0],
    [10500, 5, "Includes VAT at 5%", 500],
  ])("a total of %i at %i%%: %s, %i", (total, rate, label, pence) => {
    const line = vatWording({ registered: true, ratePercent: rate }).totalLine(total);
    expect(line).toEqual({ label, inText: label.replace("Includes", "includes"), pence });
    expect(vatWording({ registered: false, ratePercent: rate }).totalLine(total)).toBeNull();
  });
});
