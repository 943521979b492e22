import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceFormRows } from "~/lib/quote-price-form";
import { shownQuoteState } from "~/lib/quote-state";
import { checkQuotePrice, type PriceCheck } from "~/models/quotes/quote-price.server";
import { closeDatabase, db, openDatabase, setConnection } from "~/services/db.server";
import { TEMPLATE_DIR } from "../support/server";

/**
 * The price form's one rule (checkQuotePrice) as a table, against a copy of the seeded
 * template database (its demo catalogue), with a fixed `now`; and the pure rules beside it.
 */

interface Item {
  id: number;
  name: string;
  price_pence: number;
  inside_dismantle_pence: number;
  load_hundredths: number;
  handling_minutes: number;
}
let item: Item;
let retired: Item;

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-quote-price-"));
  fs.copyFileSync(path.join(TEMPLATE_DIR, "haulbook.db"), path.join(dir, "haulbook.db"));
  setConnection(openDatabase(path.join(dir, "haulbook.db")));
  const products = await db()
    .selectFrom("products")
    .select([
      "id",
      "name",
      "price_pence",
      "inside_dismantle_pence",
      "load_hundredths",
      "handling_minutes",
    ])
    .where("retired_at", "is", null)
    .orderBy("inside_dismantle_pence", "desc")
    .orderBy("id")
    .limit(2)
    .execute();
  [item, retired] = products as [Item, Item];
  await db()
    .updateTable("products")
    .set({ retired_at: "2026-01-01T00:00:00.000Z" })
    .where("id", "=", retired.id)
    .execute();
});
afterAll(async () => {
  await closeDatabase();
});

/** 23:30 UTC on 1 July 2026 is already 2 July in London (BST). */
const NOW = new Date("2026-07-01T23:30:00Z");

const failed = (message: string, errors: Record<string, string>): PriceCheck => ({
  ok: false,
  message,
  errors,
});
const CHECK = "Please check the lines marked below.";
const free = (price: string, quantity = "1", load = "1.5", minutes = "20") => ({
  f0_description: "Garden waste",
  f0_price: price,
  f0_quantity: quantity,
  f0_load: load,
  f0_minutes: minutes,
});

describe("checkQuotePrice", () => {
  it("prices a catalogue line as the shop does (base + position surcharge) × quantity, and a free line as typed", async () => {
    const unit = item.price_pence + item.inside_dismantle_pence;
    const result = await checkQuotePrice(
      {
        catalogue_rows: "3",
        c0_product: String(item.id),
        c0_position: "inside_dismantle",
        c0_quantity: "3",
        // blank rows of both kinds are left out
        c1_product: "",
        c1_position: "outside",
        c1_quantity: "2",
        free_rows: "3",
        f0_description: "",
        f0_price: "",
        f1_description: "  Garden waste, three bags ",
        f1_price: "85.50",
        f1_quantity: "2",
        f1_load: "2.25",
        f1_minutes: "40",
        valid_days: "14",
        note: "  Side gate.\nRing first.  ",
      },
      NOW,
    );
    expect(result).toEqual({
      ok: true,
      price: {
        lines: [
          {
            productId: item.id,
            position: "inside_dismantle",
            description: item.name,
            unitPricePence: unit,
            quantity: 3,
            // a catalogue line keeps its product's load at pricing
            loadHundredths: item.load_hundredths,
            handlingMinutes: item.handling_minutes,
          },
          {
            productId: null,
            position: null,
            description: "Garden waste, three bags",
            unitPricePence: 8550,
            quantity: 2,
            loadHundredths: 225,
            handlingMinutes: 40,
          },
        ],
        totalPence: unit * 3 + 17100,
        vatPence: expect.any(Number) as number,
        vatRatePercent: 20,
        validDays: 14,
        // London's today (2 July) + 14 days
        validUntil: "2026-07-16",
        note: "Side gate.\nRing first.",
      },
    });
    if (result.ok) expect(result.price.vatPence).toBe(Math.round(result.price.totalPence / 6));
  });

  const cases: [string, Record<string, string>, PriceCheck | { validUntil: string }][] = [
    [
      "a catalogue item with no position",
      // "ITEM": the catalogue item chosen in beforeAll
      { c0_product: "ITEM" },
      failed(CHECK, { c0_position: "Choose where the item is" }),
    ],
    [
      "a product that does not exist",
      { c0_product: "999999", c0_position: "outside" },
      failed(CHECK, { c0_product: "That item is no longer in the shop: choose another" }),
    ],
    [
      "a product not given as a number",
      { c0_product: "sofa", c0_position: "outside" },
      failed(CHECK, { c0_product: "That item is no longer in the shop: choose another" }),
    ],
    [
      "a price in words",
      free("abc"),
      failed(CHECK, { f0_price: "Enter a price in pounds, such as 85 or 85.50" }),
    ],
    [
      "a negative price",
      free("-5"),
      failed(CHECK, { f0_price: "Enter a price in pounds, such as 85 or 85.50" }),
    ],
    [
      "a price with three decimals",
      free("1.999"),
      failed(CHECK, { f0_price: "Enter a price in pounds, such as 85 or 85.50" }),
    ],
    [
      "a price without words",
      { f0_price: "40", f0_load: "1", f0_minutes: "10" },
      failed(CHECK, { f0_description: "Describe the work" }),
    ],
    [
      "a free line without a load",
      free("40", "1", ""),
      failed(CHECK, { f0_load: "Enter the load in cubic yards, such as 0.5 or 2" }),
    ],
    [
      "a free line without crew minutes",
      free("40", "1", "1.5", " "),
      failed(CHECK, { f0_minutes: "Enter the crew minutes, such as 20" }),
    ],
    [
      "a free line with neither",
      free("40", "1", "", ""),
      failed(CHECK, {
        f0_load: "Enter the load in cubic yards, such as 0.5 or 2",
        f0_minutes: "Enter the crew minutes, such as 20",
      }),
    ],
    [
      "a load with three decimals",
      free("40", "1", "1.255"),
      failed(CHECK, {
        f0_load: "Please enter the load in cubic yards with at most 2 decimals, such as 0.1 or 2.5",
      }),
    ],
    [
      "a load of 0",
      free("40", "1", "0"),
      failed(CHECK, { f0_load: "The load must be at least 0.01 cubic yards" }),
    ],
    [
      "a load over 50 cubic yards",
      free("40", "1", "50.01"),
      failed(CHECK, { f0_load: "The load can be at most 50 cubic yards" }),
    ],
    [
      "crew minutes in words",
      free("40", "1", "1", "half an hour"),
      failed(CHECK, { f0_minutes: "Enter the crew minutes as a whole number, such as 20" }),
    ],
    [
      "crew minutes over 600",
      free("40", "1", "1", "601"),
      failed(CHECK, { f0_minutes: "Crew minutes must be between 1 and 600" }),
    ],
    [
      "a load and minutes alone on a row: the row is not blank",
      { f0_load: "1", f0_minutes: "10" },
      failed(CHECK, {
        f0_description: "Describe the work",
        f0_price: "Enter a price in pounds, such as 85 or 85.50",
      }),
    ],
    [
      "a quantity of 0",
      free("40", "0"),
      failed(CHECK, { f0_quantity: "Enter a quantity from 1 to 99" }),
    ],
    [
      "a quantity of 100",
      free("40", "100"),
      failed(CHECK, { f0_quantity: "Enter a quantity from 1 to 99" }),
    ],
    [
      "no lines at all",
      { valid_days: "14", note: "Nothing" },
      failed("Add at least one line: an item from the catalogue or a line of your own.", {
        lines: "Add at least one line",
      }),
    ],
    [
      "a total of £0",
      free("0"),
      failed("The quote's total must be more than £0.00.", { lines: "The total is £0.00" }),
    ],
    [
      "a note with a control character",
      { ...free("40"), note: "Call first\u0007" },
      failed(CHECK, { note: "Please retype the note: it contains a hidden control character" }),
    ],
    [
      "valid for 0 days",
      { ...free("40"), valid_days: "0" },
      failed(CHECK, { valid_days: "Enter a number of days from 1 to 90" }),
    ],
    [
      "valid for 91 days",
      { ...free("40"), valid_days: "91" },
      failed(CHECK, { valid_days: "Enter a number of days from 1 to 90" }),
    ],
    [
      "valid days blank: the setting's default, 14",
      { ...free("40"), valid_days: " " },
      { validUntil: "2026-07-16" },
    ],
    ["valid for 1 day", { ...free("40"), valid_days: "1" }, { validUntil: "2026-07-03" }],
    ["valid for 90 days", { ...free("40"), valid_days: "90" }, { validUntil: "2026-09-30" }],
  ];

  it.each(cases)("%s", async (_, values, expected) => {
    const result = await checkQuotePrice(
      Object.fromEntries(
        Object.entries(values).map(([k, v]) => [k, v === "ITEM" ? String(item.id) : v]),
      ),
      NOW,
    );
    if ("validUntil" in expected) {
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.price.validUntil).toBe(expected.validUntil);
    } else expect(result).toEqual(expected);
  });

  it("refuses a retired catalogue item", async () => {
    expect(
      await checkQuotePrice({ c0_product: String(retired.id), c0_position: "outside" }, NOW),
    ).toEqual(failed(CHECK, { c0_product: "That item is no longer in the shop: choose another" }));
  });

  it("takes London's day, not UTC's, for the last day (winter: the same day)", async () => {
    const winter = await checkQuotePrice(
      { ...free("40"), valid_days: "14" },
      new Date("2026-12-01T23:30:00Z"),
    );
    expect(winter.ok && winter.price.validUntil).toBe("2026-12-15");
  });
});

describe("shownQuoteState", () => {
  const cases: [Parameters<typeof shownQuoteState>, ReturnType<typeof shownQuoteState>][] = [
    [["new", null, "2026-07-02"], "new"],
    [["priced", "2026-07-02", "2026-07-02"], "priced"],
    [["priced", "2026-07-01", "2026-07-02"], "expired"],
    [["priced", null, "2026-07-02"], "priced"],
    [["booked", "2026-07-01", "2026-07-02"], "booked"],
    [["declined", "2026-07-01", "2026-07-02"], "declined"],
    [["withdrawn", "2026-07-01", "2026-07-02"], "withdrawn"],
  ];
  it.each(cases)("%j → %s", (args, expected) => {
    expect(shownQuoteState(...args)).toBe(expected);
  });
});

describe("priceFormRows", () => {
  const cases: [Record<string, string>, { catalogue: number; free: number }][] = [
    [{}, { catalogue: 2, free: 2 }],
    [
      { catalogue_rows: "5", free_rows: "1" },
      { catalogue: 5, free: 1 },
    ],
    [
      { catalogue_rows: "40", free_rows: "41" },
      { catalogue: 40, free: 2 },
    ],
    [
      { catalogue_rows: "0", free_rows: "-1" },
      { catalogue: 2, free: 2 },
    ],
    [
      { catalogue_rows: "2.5", free_rows: "abc" },
      { catalogue: 2, free: 2 },
    ],
  ];
  it.each(cases)("%j → %j", (values, expected) => {
    expect(priceFormRows(values)).toEqual(expected);
  });
});
