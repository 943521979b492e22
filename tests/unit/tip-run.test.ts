import { describe, expect, it } from "vitest";
import {
  gateFeeOf,
  netWeightOf,
  normaliseVehicleRegistration,
  shareByWeight,
  TIP_RUN_MESSAGES,
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
