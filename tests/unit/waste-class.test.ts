import { describe, expect, it } from "vitest";
import {
  checkWasteClass,
  needsConsignmentNote,
  normaliseLowCode,
  WASTE_MESSAGES,
} from "~/lib/waste";
import { PRODUCT_CATEGORIES } from "~/lib/domain";
import { seedProducts } from "~/seed/products";
import { BACKFILL } from "../../migrations/0008_waste_classes";

describe("a List of Wastes code", () => {
  it.each([
    ["20 03 07", "20 03 07"],
    ["200307", "20 03 07"],
    [" 20  03 07 ", "20 03 07"],
    ["20 01 23*", "20 01 23*"],
    ["200123*", "20 01 23*"],
    ["20 01 23 *", "20 01 23*"],
    ["20 03", null],
    ["20 03 07 1", null],
    ["20-03-07", null],
    ["ab cd ef", null],
    ["20 03 07**", null],
    ["*20 03 07", null],
  ])("%j → %j", (text, code) => {
    expect(normaliseLowCode(text)).toBe(code);
  });
});

describe("checkWasteClass", () => {
  const seat = { waste_description: "Domestic seating containing POPs", low_code: "200307" };
  it.each([
    // [values, hadCode, expected]
    [
      {},
      false,
      {
        ok: true,
        wasteClass: { wasteDescription: "", lowCode: "", pops: false, hazardous: false },
      },
    ],
    [{ waste_description: " ", low_code: "" }, false, { ok: true }],
    [{}, true, { ok: false, errors: { low_code: WASTE_MESSAGES.codeRequired } }],
    [
      { ...seat, pops: "on" },
      false,
      {
        ok: true,
        wasteClass: {
          wasteDescription: seat.waste_description,
          lowCode: "20 03 07",
          pops: true,
          hazardous: false,
        },
      },
    ],
    [
      { waste_description: "Fridge", low_code: "20 01 23*" },
      true,
      {
        ok: true,
        wasteClass: {
          wasteDescription: "Fridge",
          lowCode: "20 01 23*",
          pops: false,
          hazardous: true,
        },
      },
    ],
    [
      { waste_description: "Fridge", low_code: "20 01 23*", hazardous: "on" },
      true,
      {
        ok: true,
        wasteClass: {
          wasteDescription: "Fridge",
          lowCode: "20 01 23*",
          pops: false,
          hazardous: true,
        },
      },
    ],
    [
      { waste_description: "Kettle", low_code: "20 01 36", hazardous: "on" },
      false,
      { ok: false, errors: { low_code: WASTE_MESSAGES.hazardousNeedsStar } },
    ],
    [
      { low_code: "20 03 07" },
      false,
      { ok: false, errors: { waste_description: WASTE_MESSAGES.descriptionRequired } },
    ],
    [
      { waste_description: "Sofa" },
      false,
      { ok: false, errors: { low_code: WASTE_MESSAGES.codeRequired } },
    ],
    [{ pops: "on" }, false, { ok: false, errors: { low_code: WASTE_MESSAGES.codeRequired } }],
    [
      { waste_description: "Sofa", low_code: "2003" },
      false,
      { ok: false, errors: { low_code: WASTE_MESSAGES.code } },
    ],
    [
      { waste_description: "x".repeat(201), low_code: "20 03 07" },
      false,
      { ok: false, errors: { waste_description: WASTE_MESSAGES.descriptionTooLong } },
    ],
    [
      { waste_description: "Sofa\nbed", low_code: "20 03 07" },
      false,
      { ok: false, errors: { waste_description: WASTE_MESSAGES.descriptionControl } },
    ],
    [{ waste_description: "x".repeat(200), low_code: "20 03 07" }, false, { ok: true }],
  ] as const)("%j (had a code: %s)", (values, hadCode, expected) => {
    expect(checkWasteClass(values, hadCode)).toMatchObject(expected);
  });

  it("reads a checkbox's usual values as set, anything else as not", () => {
    for (const on of ["on", "1", "true", "yes"])
      expect(checkWasteClass({ ...seat, pops: on }, false)).toMatchObject({
        wasteClass: { pops: true },
      });
    for (const off of ["", "0", "off", undefined, 1])
      expect(checkWasteClass({ ...seat, pops: off }, false)).toMatchObject({
        wasteClass: { pops: false },
      });
  });
});

describe("the seed's and the backfill's classes", () => {
  it("give every demo product a class the rule accepts, hazardous exactly for codes ending in *", () => {
    for (const product of seedProducts) {
      const { waste } = product;
      const checked = checkWasteClass(
        {
          waste_description: waste.wasteDescription,
          low_code: waste.lowCode,
          pops: waste.pops ? "on" : "",
          hazardous: waste.hazardous ? "on" : "",
        },
        true,
      );
      expect(checked, product.name).toEqual({ ok: true, wasteClass: waste });
    }
  });

  it("classes sofas as POPs seating, TVs as 20 01 35*, fridges as 20 01 23*, car batteries as 20 01 33*", () => {
    const byName = new Map(seedProducts.map((p) => [p.name, p.waste]));
    expect(byName.get("Three-Seater Sofa")).toEqual({
      wasteDescription: "Domestic seating containing POPs (upholstered)",
      lowCode: "20 03 07",
      pops: true,
      hazardous: false,
    });
    expect(byName.get("Television")?.lowCode).toBe("20 01 35*");
    expect(byName.get("Fridge Freezer")).toMatchObject({ lowCode: "20 01 23*", hazardous: true });
    expect(byName.get("Car Battery")).toMatchObject({ lowCode: "20 01 33*", hazardous: true });
    expect(byName.get("E-Bike Battery")).toMatchObject({ lowCode: "20 01 34", hazardous: false });
    expect(byName.get("Washing Machine")?.lowCode).toBe("20 01 36");
    expect(byName.get("Garden Waste Bag")?.lowCode).toBe("20 02 01");
    expect(byName.get("Boxes and Bags")?.lowCode).toBe("20 03 01");
    expect(byName.get("Double Wardrobe")?.lowCode).toBe("20 03 07");
  });

  it("backfill every category once, with codes the rule accepts", () => {
    expect(BACKFILL.map((row) => row[0]).sort()).toEqual([...PRODUCT_CATEGORIES].sort());
    for (const [category, description, code, pops, hazardous] of BACKFILL) {
      const checked = checkWasteClass(
        {
          waste_description: description,
          low_code: code,
          pops: pops ? "on" : "",
          hazardous: hazardous ? "on" : "",
        },
        true,
      );
      expect(checked, category).toMatchObject({
        ok: true,
        wasteClass: { lowCode: code, hazardous: hazardous === 1 },
      });
    }
  });
});

describe("needsConsignmentNote (docs/rules.md#business-customers)", () => {
  it.each([
    [{ business: true, hazardous: true }, true],
    [{ business: true, hazardous: false }, false],
    [{ business: false, hazardous: true }, false],
    [{ business: false, hazardous: false }, false],
  ])("%j → %s", (line, expected) => {
    expect(needsConsignmentNote(line)).toBe(expected);
  });
});
