import { describe, expect, it } from "vitest";
import { parseQuantity } from "~/lib/cart";
import { validateOrderLines, type LineProduct, type RawLine } from "~/models/checkout/cart.server";

const product = (id: number, name: string, base: number, onSale = true): LineProduct => ({
  id,
  name,
  onSale,
  unitPence: { inside_dismantle: base + 2000, inside_no_dismantle: base + 1000, outside: base },
});
const PRODUCTS = new Map<number, LineProduct>([
  [1, product(1, "Sofa", 4500)],
  [2, product(2, "Fridge", 6000)],
  [3, product(3, "Old piano", 9000, false)],
  [4, product(4, "Wardrobe", 24_900)],
]);
const LIMITS = { maxTotalPence: 500_000, maxLines: 3 };
const PHONE = "020 7946 0321";
const check = (lines: RawLine[]) => validateOrderLines(lines, PRODUCTS, LIMITS, PHONE);
const line = (id: unknown, quantity: unknown, position: unknown = "outside"): RawLine => ({
  id,
  position,
  quantity,
});

describe("parseQuantity: whole numbers 1–99 only, never corrected", () => {
  it.each([
    [1, 1],
    [99, 99],
    ["7", 7],
    [" 12 ", 12],
    [0, null],
    [-5, null],
    [0.5, null],
    [100, null],
    [1e9, null],
    ["abc", null],
    ["", null],
    ["1e2", null],
    ["2.0", null],
    [Number.NaN, null],
    [null, null],
    [true, null],
    [[3], null],
  ])("%j → %j", (input, expected) => {
    expect(parseQuantity(input)).toBe(expected);
  });
});

describe("validateOrderLines: an order's lines are checked, merged and capped", () => {
  it.each<[string, RawLine[], string[]]>([
    [
      "a quantity of −5",
      [line(1, 1), line(2, -5)],
      [
        "Line 2 (Fridge, Outside — left out for collection): Please choose a quantity from 1 to 99 (whole numbers).",
      ],
    ],
    [
      "a quantity of 0",
      [line(1, 0)],
      [
        "Line 1 (Sofa, Outside — left out for collection): Please choose a quantity from 1 to 99 (whole numbers).",
      ],
    ],
    [
      "a quantity of 0.5",
      [line(1, 0.5)],
      [
        "Line 1 (Sofa, Outside — left out for collection): Please choose a quantity from 1 to 99 (whole numbers).",
      ],
    ],
    [
      'a quantity of "abc"',
      [line(1, "abc")],
      [
        "Line 1 (Sofa, Outside — left out for collection): Please choose a quantity from 1 to 99 (whole numbers).",
      ],
    ],
    [
      "a quantity of 1e9",
      [line(1, 1e9)],
      [
        "Line 1 (Sofa, Outside — left out for collection): Please choose a quantity from 1 to 99 (whole numbers).",
      ],
    ],
    [
      "a missing quantity",
      [line(1, undefined)],
      [
        "Line 1 (Sofa, Outside — left out for collection): Please choose a quantity from 1 to 99 (whole numbers).",
      ],
    ],
    [
      "an unknown product",
      [line(1, 1), line(999, 1)],
      ["Line 2: there is no item with id 999 for sale."],
    ],
    ["a retired product", [line(3, 1)], ["Line 1 (Old piano): this item is no longer available."]],
    ["no product id", [line("sofa", 1)], ["Line 1: a product id (a whole number) is needed."]],
    [
      "no option",
      [line(1, 1, null)],
      [
        "Line 1 (Sofa): please choose an option (Inside — needs dismantling, Inside — no dismantling, Outside — left out for collection).",
      ],
    ],
    [
      "two bad lines: both named",
      [line(999, 1), line(2, 0)],
      [
        "Line 1: there is no item with id 999 for sale.",
        "Line 2 (Fridge, Outside — left out for collection): Please choose a quantity from 1 to 99 (whole numbers).",
      ],
    ],
    [
      "duplicates adding up past 99",
      [line(1, 60), line(2, 1), line(1, 40)],
      [
        "Lines 1 and 3 (Sofa, Outside — left out for collection) add up to 100; one order can have at most 99 of an item.",
      ],
    ],
    [
      "more lines than the limit",
      [line(1, 1), line(2, 1), line(4, 1), line(1, 1, "inside_dismantle")],
      [
        `An order can have at most 3 different items; this one has 4. For a bigger clearance, ask us for a quote or call ${PHONE}.`,
      ],
    ],
    [
      "a total over the limit (21 × £249)",
      [line(4, 21)],
      [
        `Orders over £5,000.00 cannot be booked online (this one comes to £5,229.00). For a job this size, ask us for a quote or call ${PHONE}.`,
      ],
    ],
  ])("refuses %s", (_name, lines, errors) => {
    expect(check(lines)).toMatchObject({ ok: false, errors });
  });

  it("counts the lines whose product is unknown or retired", () => {
    expect(check([line(3, 1), line(999, 1), line(1, 0)])).toMatchObject({
      ok: false,
      unavailable: 2,
    });
  });

  it("merges the same product and option into one line, in first-seen order", () => {
    expect(
      check([line(1, 2), line(2, 1), line(1, 3), line(1, 1, "inside_dismantle"), line(2, "4")]),
    ).toEqual({
      ok: true,
      lines: [
        { id: 1, position: "outside", quantity: 5 },
        { id: 2, position: "outside", quantity: 5 },
        { id: 1, position: "inside_dismantle", quantity: 1 },
      ],
      totalPence: 5 * 4500 + 5 * 6000 + 6500,
    });
  });

  it("takes an order exactly at the limits", () => {
    expect(check([line(4, 19), line(1, 1), line(2, 1)])).toMatchObject({
      ok: true,
      totalPence: 483_600,
    });
    const atTotal = validateOrderLines(
      [line(1, 10)],
      PRODUCTS,
      { maxTotalPence: 45_000, maxLines: 1 },
      PHONE,
    );
    expect(atTotal).toMatchObject({ ok: true, totalPence: 45_000 });
  });

  it("stops the order of the report: 50 copies of a line at 99 are refused, not charged £638,550", () => {
    const result = check(Array.from({ length: 50 }, () => line(4, 99)));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]).toMatch(/^Lines 1 and 2 and .* add up to 4950/);
  });
});
