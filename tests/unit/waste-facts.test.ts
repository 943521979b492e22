import { describe, expect, it } from "vitest";
import {
  checkWasteFacts,
  DEFAULT_WASTE_FACTS,
  formatWeightKg,
  storedWasteFacts,
  wasteFactColumns,
  WASTE_FACTS_MESSAGES,
} from "~/lib/waste-facts";

/** A product's waste facts for Defra's waste tracking (docs/rules.md#waste-facts), as a table. */

const PLAIN = { pops: false, hazardous: false };
const SOFA = { pops: true, hazardous: false };
const FRIDGE = { pops: false, hazardous: true };

describe("checkWasteFacts takes", () => {
  it.each([
    ["nothing given: a solid, loose, weight not given", {}, PLAIN, DEFAULT_WASTE_FACTS],
    [
      "a weight in kilograms, to the gram",
      { weight_kg: "2.5", physical_form: "Mixed", container_type: "bag" },
      PLAIN,
      { ...DEFAULT_WASTE_FACTS, weightGrams: 2500, physicalForm: "Mixed", container: "BAG" },
    ],
    [
      "an upholstered sofa's POPs from the Environment Agency's guidance",
      { weight_kg: "45", pops_source: "guidance", pop_codes: "PBDES, hbcd" },
      SOFA,
      {
        ...DEFAULT_WASTE_FACTS,
        weightGrams: 45_000,
        popsSource: "GUIDANCE",
        popCodes: ["PBDES", "HBCD"],
      },
    ],
    [
      "POPs not known, none named",
      { pops_source: "NOT_PROVIDED" },
      SOFA,
      { ...DEFAULT_WASTE_FACTS, popsSource: "NOT_PROVIDED" },
    ],
    [
      "a fridge's hazardous properties, however written",
      { weight_kg: "60", hp_codes: "HP14 hp_6, HP POP" },
      FRIDGE,
      { ...DEFAULT_WASTE_FACTS, weightGrams: 60_000, hpCodes: ["HP_14", "HP_6", "HP_POP"] },
    ],
    [
      "POPs of a product without them: dropped (its box was unticked)",
      { pops_source: "GUIDANCE", pop_codes: "PBDES" },
      PLAIN,
      DEFAULT_WASTE_FACTS,
    ],
    [
      "hazardous properties of a product that is not hazardous: dropped",
      { hp_codes: "HP_14" },
      PLAIN,
      DEFAULT_WASTE_FACTS,
    ],
  ] as const)("%s", (_, values, waste, facts) => {
    expect(checkWasteFacts(values, waste)).toEqual({ ok: true, facts });
  });
});

describe("checkWasteFacts refuses", () => {
  it.each([
    [
      "a weight with a unit",
      { weight_kg: "45kg" },
      PLAIN,
      "weight_kg",
      WASTE_FACTS_MESSAGES.weight,
    ],
    [
      "a weight of more than 5 tonnes",
      { weight_kg: "5000.001" },
      PLAIN,
      "weight_kg",
      WASTE_FACTS_MESSAGES.weight,
    ],
    ["a negative weight", { weight_kg: "-1" }, PLAIN, "weight_kg", WASTE_FACTS_MESSAGES.weight],
    [
      "a form Defra does not know",
      { physical_form: "Crunchy" },
      PLAIN,
      "physical_form",
      WASTE_FACTS_MESSAGES.physicalForm,
    ],
    [
      "a container Defra does not know",
      { container_type: "SACKS" },
      PLAIN,
      "container_type",
      WASTE_FACTS_MESSAGES.container,
    ],
    ["POPs without how they are known", {}, SOFA, "pops_source", WASTE_FACTS_MESSAGES.popsSource],
    [
      "POPs from guidance with none named",
      { pops_source: "GUIDANCE" },
      SOFA,
      "pop_codes",
      WASTE_FACTS_MESSAGES.popCodes,
    ],
    [
      "POPs from testing with none named",
      { pops_source: "OWN_TESTING" },
      SOFA,
      "pop_codes",
      WASTE_FACTS_MESSAGES.popCodes,
    ],
    [
      "POPs named when not known",
      { pops_source: "NOT_PROVIDED", pop_codes: "PBDES" },
      SOFA,
      "pop_codes",
      WASTE_FACTS_MESSAGES.popCodesNotProvided,
    ],
    [
      "a POP Defra does not list",
      { pops_source: "GUIDANCE", pop_codes: "PBDES, FOAM" },
      SOFA,
      "pop_codes",
      WASTE_FACTS_MESSAGES.popCodesUnknown("FOAM"),
    ],
    [
      "hazardous waste without its properties",
      {},
      FRIDGE,
      "hp_codes",
      WASTE_FACTS_MESSAGES.hpCodes,
    ],
    [
      "a property that is none",
      { hp_codes: "HP_16" },
      FRIDGE,
      "hp_codes",
      WASTE_FACTS_MESSAGES.hpCodesUnknown("HP_16"),
    ],
  ] as const)("%s", (_, values, waste, field, message) => {
    const check = checkWasteFacts(values, waste);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.errors[field as keyof typeof check.errors]).toBe(message);
  });
});

describe("the facts as stored and shown", () => {
  it("go into their columns and come back the same", () => {
    const facts = {
      physicalForm: "Mixed",
      container: "BAG",
      weightGrams: 1250,
      popsSource: "GUIDANCE",
      popCodes: ["PBDES", "HBCD"],
      hpCodes: [],
    } as const;
    expect(
      storedWasteFacts(wasteFactColumns({ ...facts, popCodes: [...facts.popCodes], hpCodes: [] })),
    ).toEqual(facts);
  });

  it.each([
    [0, ""],
    [2500, "2.5"],
    [45_000, "45"],
    [1, "0.001"],
  ])("%i grams show as %j kg", (grams, shown) => {
    expect(formatWeightKg(grams)).toBe(shown);
  });
});
