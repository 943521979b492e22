import { describe, expect, it } from "vitest";
import {
  gateFeeOf,
  handoffOpen,
  handoffUrls,
  netWeightOf,
  normaliseVehicleRegistration,
  shareByWeight,
  TIP_RUN_MESSAGES,
  tipRunReference,
  wasteItemText,
} from "~/lib/tip-run";

/** A tip run's reading and its gate fee's share (docs/rules.md#tip-runs), as tables. */

describe("shareByWeight", () => {
  it.each([
    ["one job takes it all", 8500, [120_000], [8500]],
    ["by weight", 9000, [100_000, 200_000], [3000, 6000]],
    ["remainders to the largest, adding up exactly", 1000, [1, 1, 1], [334, 333, 333]],
    ["equal when no weight is known", 1001, [0, 0], [501, 500]],
    ["no fee, nothing shared", 0, [50_000, 70_000], [0, 0]],
    ["a job of no weight beside weighed ones pays nothing", 6000, [60_000, 0], [6000, 0]],
    ["no jobs", 500, [], []],
  ])("%s", (_, fee, weights, shares) => {
    const result = shareByWeight(fee, weights);
    expect(result).toEqual(shares);
    expect(result.reduce((sum, s) => sum + s, 0)).toBe(weights.length ? fee : 0);
  });
});

describe("netWeightOf", () => {
  it.each([
    ["gross less tare", { gross: "3240", tare: "2100" }, 1_140_000],
    ["the net alone", { net: "1140.5" }, 1_140_500],
    [
      "the ticket's own net beside gross and tare",
      { gross: "3240", tare: "2100", net: "1139" },
      1_139_000,
    ],
  ])("takes %s", (_, fields, net) => {
    expect(netWeightOf(fields)).toMatchObject({ ok: true, netGrams: net });
  });

  it.each([
    ["nothing", {}, "net_kg", TIP_RUN_MESSAGES.noWeight],
    ["gross alone", { gross: "3240" }, "net_kg", TIP_RUN_MESSAGES.noWeight],
    [
      "gross below tare",
      { gross: "2000", tare: "2100" },
      "gross_kg",
      TIP_RUN_MESSAGES.grossBelowTare,
    ],
    ["a weight in tonnes", { net: "1.2t" }, "net_kg", TIP_RUN_MESSAGES.weight],
    ["a net of nothing", { net: "0" }, "net_kg", TIP_RUN_MESSAGES.weight],
    ["a tare in words", { gross: "3000", tare: "empty van" }, "tare_kg", TIP_RUN_MESSAGES.weight],
  ])("refuses %s", (_, fields, field, message) => {
    expect(netWeightOf(fields)).toEqual({ ok: false, field, message });
  });
});

describe("the van and the fee as typed", () => {
  it.each([
    ["ab12cde", "AB12 CDE"],
    ["AB12 CDE", "AB12 CDE"],
    ["a123 bcd", "A123 BCD"],
    ["KX 1234", "KX 1234"],
    ["", null],
    ["VAN", null],
    ["AB12 CDE FGHJ", null],
  ])("registration %j → %j", (typed, expected) => {
    expect(normaliseVehicleRegistration(typed)).toBe(expected);
  });

  it.each([
    ["85", 8500],
    ["£85.50", 8550],
    ["", 0],
    ["-5", null],
    ["10000.01", null],
    ["lots", null],
  ])("gate fee %j → %j", (typed, expected) => {
    expect(gateFeeOf(typed)).toBe(expected);
  });
});

describe("the site's hand-off", () => {
  const arrived = "2026-11-02T10:00:00.000Z";
  it.each([
    ["the moment it arrived", "2026-11-02T10:00:00.000Z", true],
    ["a week on", "2026-11-09T10:00:00.000Z", true],
    ["the 30th day, to the minute", "2026-12-02T10:00:00.000Z", true],
    ["a minute past 30 days", "2026-12-02T10:01:00.000Z", false],
    ["months on", "2027-03-01T10:00:00.000Z", false],
  ])("%s: open %s", (_, now, open) => {
    expect(handoffOpen(arrived, new Date(now))).toBe(open);
  });

  it("is closed for an arrival that cannot be read", () => {
    expect(handoffOpen("not a time", new Date(arrived))).toBe(false);
  });

  it("numbers a run and gives its addresses at the shop's public address", () => {
    expect(tipRunReference(12)).toBe("TR-000012");
    expect(handoffUrls("https://shop.example/", "abc_DEF-123")).toEqual({
      page: "https://shop.example/handoff/abc_DEF-123",
      records: "https://shop.example/handoff/abc_DEF-123/movements.json",
    });
  });
});

describe("wasteItemText", () => {
  const item = {
    ewcCodes: ["200307"],
    wasteDescription: "Bulky furniture waste",
    physicalForm: "Solid" as const,
    numberOfContainers: 0,
    typeOfContainers: "LOO" as const,
    weight: { metric: "Kilograms" as const, amount: 1240.5, isEstimate: true },
    containsPops: false,
    containsHazardous: false,
  };
  it.each([
    [
      "a sofa-free load, loose, estimated",
      item,
      ["20 03 07 Bulky furniture waste · Solid · Loose (no container) · 1,240.5 kg, estimated"],
    ],
    [
      "upholstered seating with its POPs named",
      {
        ...item,
        containsPops: true,
        pops: {
          sourceOfComponents: "GUIDANCE" as const,
          components: [{ code: "DECABDE" as const }],
        },
      },
      [
        "20 03 07 Bulky furniture waste · Solid · Loose (no container) · 1,240.5 kg, estimated",
        "Contains persistent organic pollutants: Decabromodiphenyl ether",
      ],
    ],
    [
      "a fridge, hazardous, in a cage, weighed",
      {
        ...item,
        ewcCodes: ["200123"],
        wasteDescription: "Discarded equipment containing chlorofluorocarbons",
        typeOfContainers: "CAR" as const,
        numberOfContainers: 1,
        weight: { metric: "Kilograms" as const, amount: 45, isEstimate: false },
        containsHazardous: true,
        hazardous: { sourceOfComponents: "NOT_PROVIDED" as const, hazCodes: ["HP_14" as const] },
      },
      [
        "20 01 23 Discarded equipment containing chlorofluorocarbons · Solid · Carrier (a pallet cage) · 45 kg",
        "Hazardous: HP 14 Ecotoxic",
      ],
    ],
  ])("%s", (_, given, lines) => {
    expect(wasteItemText(given)).toEqual(lines);
  });
});
