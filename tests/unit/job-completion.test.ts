import { describe, expect, it } from "vitest";
import { CONTAINMENTS } from "~/lib/job-completion";
import { checkCompletion, COMPLETION_MESSAGES } from "~/models/job-day/job-completion-check.server";
import type { BookedLine, CatalogueItem } from "~/models/job-day/job-context.server";

/** The crew's record of a job (docs/rules.md#job-completion), as a table. */

const NOW = new Date("2026-12-03T14:30:00Z"); // 14:30 in London (GMT)
const SOFA: BookedLine = {
  itemId: 11,
  name: "Three-seater sofa",
  position: "outside",
  quantity: 1,
  unitPricePence: 6500,
  productId: 4,
  waste: {
    wasteDescription: "Domestic seating containing POPs (upholstered)",
    lowCode: "20 03 07",
    pops: true,
    hazardous: false,
  },
  weightGrams: 35_000,
};
const FREE_LINE: BookedLine = {
  itemId: 12,
  name: "Garden shed panels",
  position: null,
  quantity: 2,
  unitPricePence: 2000,
  productId: null,
  waste: null,
  weightGrams: 0,
};
const FRIDGE: CatalogueItem = {
  id: 9,
  name: "Fridge freezer",
  waste: {
    wasteDescription: "Discarded fridges and freezers containing refrigerant gases",
    lowCode: "20 01 23*",
    pops: false,
    hazardous: true,
  },
  prices: { inside_dismantle: 6000, inside_no_dismantle: 5000, outside: 4000 },
  weightGrams: 60_000,
};
const CONTEXT = {
  booked: [SOFA, FREE_LINE],
  catalogue: [FRIDGE],
  canCollectPayment: true,
  collectionDate: "2026-12-03",
};
const BASE: Record<string, string> = {
  booked_11_quantity: "1",
  booked_12_quantity: "2",
  booked_12_code: "200201",
  handed_over_by: "Ann Lee",
  transferred_at: "2026-12-03T14:10",
  containment: CONTAINMENTS[0],
};

function check(changes: Record<string, string | undefined>, context = CONTEXT) {
  const fields = { ...BASE };
  for (const [key, value] of Object.entries(changes))
    if (value === undefined) delete fields[key];
    else fields[key] = value;
  return checkCompletion(fields, context, NOW);
}

describe("checkCompletion", () => {
  it("takes the booked lines as they are, with the code typed for a line that had none", () => {
    const result = check({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.facts.lines).toEqual([
      {
        source: "booked",
        productId: 4,
        name: "Three-seater sofa",
        wasteDescription: "Domestic seating containing POPs (upholstered)",
        lowCode: "20 03 07",
        pops: true,
        hazardous: false,
        quantity: 1,
        weightGrams: 35_000,
      },
      {
        source: "booked",
        productId: null,
        name: "Garden shed panels",
        wasteDescription: "Garden shed panels",
        lowCode: "20 02 01",
        pops: false,
        hazardous: false,
        quantity: 2,
        weightGrams: 0,
      },
    ]);
    expect(result.facts.handedOverBy).toBe("Ann Lee");
    expect(result.facts.transferredAt).toBe("2026-12-03T14:10:00.000Z");
    expect(result.facts.paymentCollected).toBe(false);
  });

  it.each([
    ["a quantity of 0 leaves the line off", { booked_11_quantity: "0" }, null, 1],
    ["a quantity of 3 is taken", { booked_11_quantity: "3" }, null, 2],
    ["an empty quantity leaves the line off", { booked_11_quantity: "" }, null, 1],
    ["a quantity not sent keeps the booked one", { booked_11_quantity: undefined }, null, 2],
    ["a quantity of 100 is refused", { booked_11_quantity: "100" }, "booked_11_quantity", 0],
    ["a quantity of 1.5 is refused", { booked_11_quantity: "1.5" }, "booked_11_quantity", 0],
    ["a negative quantity is refused", { booked_11_quantity: "-1" }, "booked_11_quantity", 0],
    ["a line with no class needs its code", { booked_12_code: "" }, "booked_12_code", 0],
    ["a line with no class: a bad code", { booked_12_code: "20 03" }, "booked_12_code", 0],
    ["a line not taken needs no code", { booked_12_quantity: "0", booked_12_code: "" }, null, 1],
    ["an extra catalogue item is added", { extra_0_product: "9", extra_0_quantity: "1" }, null, 3],
    [
      "an unknown catalogue item",
      { extra_0_product: "999", extra_0_quantity: "1" },
      "extra_0_product",
      0,
    ],
    [
      "an extra item needs a quantity",
      { extra_1_product: "9", extra_1_quantity: "0" },
      "extra_1_quantity",
      0,
    ],
    [
      "a free line is added",
      { free_0_name: "Rubble bags", free_0_code: "17 01 07", free_0_quantity: "4" },
      null,
      3,
    ],
    ["a free line without a name", { free_0_code: "17 01 07" }, "free_0_name", 0],
    ["a free line without a code", { free_1_name: "Paint tins" }, "free_1_code", 0],
    ["an untouched free line (quantity 1) is ignored", { free_0_quantity: "1" }, null, 2],
    [
      "nothing collected at all",
      { booked_11_quantity: "0", booked_12_quantity: "0" },
      "booked_11_quantity",
      0,
    ],
    ["no name of who handed over", { handed_over_by: "  " }, "handed_over_by", 0],
    ["a name too long", { handed_over_by: "A".repeat(121) }, "handed_over_by", 0],
    ["no time of transfer", { transferred_at: "" }, "transferred_at", 0],
    ["a time that is not one", { transferred_at: "2026-12-03 14:10" }, "transferred_at", 0],
    ["a time in the future", { transferred_at: "2026-12-03T14:40" }, "transferred_at", 0],
    ["within the 5 minutes' grace", { transferred_at: "2026-12-03T14:34" }, null, 2],
    ["the evening before the day is allowed", { transferred_at: "2026-12-02T18:00" }, null, 2],
    [
      "two days before the day is refused",
      { transferred_at: "2026-12-01T09:00" },
      "transferred_at",
      0,
    ],
    ["an unknown containment", { containment: "In a skip" }, "containment", 0],
  ] as const)("%s", (_, changes, field, lineCount) => {
    const result = check(changes);
    if (field === null) {
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.facts.lines).toHaveLength(lineCount);
    } else {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(Object.keys(result.errors)).toEqual([field]);
    }
  });

  it("prices what was added on the day: more than booked, catalogue items where they were, the crew's own at the agreed price", () => {
    const result = check({
      booked_11_quantity: "3", // the sofa was booked once (SOFA)
      extra_0_product: "9",
      extra_0_quantity: "2",
      extra_0_position: "inside_dismantle",
      free_0_name: "Rubble bags",
      free_0_code: "17 01 07",
      free_0_quantity: "4",
      free_0_price: "12.50",
      free_1_name: "Old rug",
      free_1_code: "20 03 07",
      extras_taken: "card_link",
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.facts.extras).toEqual([
      { name: SOFA.name, position: "outside", quantity: 2, unitPricePence: SOFA.unitPricePence },
      { name: "Fridge freezer", position: "inside_dismantle", quantity: 2, unitPricePence: 6000 },
      { name: "Rubble bags", position: null, quantity: 4, unitPricePence: 1250 },
    ]);
    expect(result.facts.extrasPayment).toBe("card_link");
  });

  it.each([
    [
      { extra_0_product: "9", extra_0_quantity: "1", extra_0_position: "on the roof" },
      "extra_0_position",
    ],
    [{ free_0_name: "Bags", free_0_code: "17 01 07", free_0_price: "a tenner" }, "free_0_price"],
    [{ free_0_name: "Bags", free_0_code: "17 01 07", free_0_price: "-5" }, "free_0_price"],
    [{ free_0_name: "Bags", free_0_code: "17 01 07", free_0_price: "20000" }, "free_0_price"],
  ])("refuses an added item's %j", (fields, field) => {
    const result = check(fields);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors)).toEqual([field]);
  });

  it("gives the hazardous flag from the code of a free line and the catalogue's class", () => {
    const result = check({
      free_0_name: "Car battery",
      free_0_code: "160601*",
      extra_0_product: "9",
      extra_0_quantity: "2",
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.facts.lines.slice(2)).toEqual([
      expect.objectContaining({
        source: "catalogue",
        lowCode: "20 01 23*",
        hazardous: true,
        quantity: 2,
      }),
      expect.objectContaining({
        source: "free",
        name: "Car battery",
        lowCode: "16 06 01*",
        hazardous: true,
      }),
    ]);
  });

  it("weighs each line: the product's weight of one unless the crew correct it, times how many", () => {
    const result = check({
      booked_11_quantity: "2",
      booked_11_kg: "40",
      booked_12_kg: "7.5",
      extra_0_product: "9",
      extra_0_quantity: "2",
      free_0_name: "Rubble bags",
      free_0_code: "17 01 07",
      free_0_quantity: "3",
      free_0_kg: "12.5",
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.facts.lines.map((line) => [line.name, line.weightGrams])).toEqual([
      ["Three-seater sofa", 80_000],
      ["Garden shed panels", 15_000],
      ["Fridge freezer", 120_000],
      ["Rubble bags", 37_500],
    ]);
    const asBooked = check({ booked_11_kg: "" });
    expect(asBooked.ok && asBooked.facts.lines[0]!.weightGrams).toBe(35_000);
  });

  it.each([
    ["a weight with its unit", { booked_11_kg: "40kg" }, "booked_11_kg"],
    ["more than 5 tonnes", { booked_11_kg: "5001" }, "booked_11_kg"],
    [
      "a free item's weight in words",
      { free_0_name: "Rug", free_0_code: "20 03 07", free_0_kg: "heavy" },
      "free_0_kg",
    ],
  ])("refuses %s", (_, changes, field) => {
    const result = check(changes);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field]).toBe(COMPLETION_MESSAGES.weight);
  });

  it.each([
    ["empty: not given", "", null],
    ["a plate as typed", "ab12cde", "AB12 CDE"],
  ])("takes the van's registration %s", (_, typed, stored) => {
    const result = check({ vehicle_registration: typed });
    expect(result.ok && result.facts.vehicleRegistration).toBe(stored);
  });

  it("refuses a van's registration that is none", () => {
    const result = check({ vehicle_registration: "VAN" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.vehicle_registration).toBe(COMPLETION_MESSAGES.vehicle);
  });

  it("counts payment taken only where it can be taken", () => {
    const taken = check({ payment_collected: "yes" });
    expect(taken.ok && taken.facts.paymentCollected).toBe(true);
    const card = check({ payment_collected: "yes" }, { ...CONTEXT, canCollectPayment: false });
    expect(card.ok && card.facts.paymentCollected).toBe(false);
  });

  it("reads the time of transfer as UK time in summer (BST)", () => {
    const result = checkCompletion(
      { ...BASE, transferred_at: "2026-07-01T09:00" },
      { ...CONTEXT, collectionDate: "2026-07-01" },
      new Date("2026-07-01T12:00:00Z"),
    );
    expect(result.ok && result.facts.transferredAt).toBe("2026-07-01T08:00:00.000Z");
  });

  it("gives one message when one thing is wrong, and a general one for several", () => {
    const one = check({ handed_over_by: "" });
    expect(!one.ok && one.message).toBe(COMPLETION_MESSAGES.handedOverBy);
    const two = check({ handed_over_by: "", containment: "" });
    expect(!two.ok && two.message).toBe(COMPLETION_MESSAGES.failed);
  });
});
