import { describe, expect, it } from "vitest";
import {
  extraCharges,
  extrasPaymentOf,
  extrasPaymentText,
  extrasTotal,
  type ExtrasPaymentState,
} from "~/lib/job-extras";

describe("what was added on the day is charged (extraCharges)", () => {
  const booked = (bookedQuantity: number, takenQuantity: number, unitPricePence = 4500) => ({
    name: "Armchair",
    position: "outside" as const,
    bookedQuantity,
    takenQuantity,
    unitPricePence,
  });

  it.each([
    ["as booked: nothing added", [booked(2, 2)], []],
    ["fewer than booked: nothing added (the booking stands)", [booked(2, 1)], []],
    ["one more than booked, at the booked price", [booked(1, 2)], [["Armchair", 1, 4500]]],
    ["more of a line booked free: not charged", [booked(1, 3, 0)], []],
  ] as const)("%s", (_, lines, expected) => {
    const charges = extraCharges({ booked: lines, catalogue: [], free: [] });
    expect(charges.map((c) => [c.name, c.quantity, c.unitPricePence])).toEqual(expected);
  });

  it("prices catalogue items for where they were and the crew's own at the price agreed", () => {
    const charges = extraCharges({
      booked: [booked(1, 2)],
      catalogue: [
        { name: "Fridge", position: "inside_dismantle", quantity: 2, unitPricePence: 6000 },
      ],
      free: [
        { name: "Rubble bags", quantity: 4, unitPricePence: 1250 },
        { name: "Old rug", quantity: 1, unitPricePence: 0 },
      ],
    });
    expect(charges.map((c) => [c.name, c.position, c.quantity])).toEqual([
      ["Armchair", "outside", 1],
      ["Fridge", "inside_dismantle", 2],
      ["Rubble bags", null, 4],
    ]);
    expect(extrasTotal(charges)).toBe(4500 + 12_000 + 5000);
  });
});

describe("how the extras are paid", () => {
  it.each([
    ["cash_payment", "cash_payment"],
    ["card_link", "card_link"],
    ["office", "office"],
    ["", "office"],
    [undefined, "office"],
    ["yes", "office"],
    ["CARD_LINK", "office"],
  ] as const)("the form's %j is %s", (value, expected) => {
    expect(extrasPaymentOf(value)).toBe(expected);
  });

  it.each<[ExtrasPaymentState, string]>([
    [
      { kind: "cash", day: "4 December 2026" },
      "Added on the day: £35.00, paid in cash on collection, 4 December 2026",
    ],
    [{ kind: "link" }, "Added on the day: £35.00, to pay by card from the link we emailed"],
    [
      { kind: "card", day: "5 December 2026" },
      "Added on the day: £35.00, paid by card on 5 December 2026",
    ],
    [{ kind: "due" }, "Added on the day: £35.00, still to pay"],
  ])("the receipt says %j as %s", (state, expected) => {
    expect(extrasPaymentText(3500, state)).toBe(expected);
  });
});
