import { describe, expect, it } from "vitest";
import {
  areaCodesText,
  areaSurchargeName,
  areaSurchargeOf,
  coverageMessage,
  coverageOf,
  parseAreaCodes,
  parseSurcharges,
  postcodeParts,
  surchargeFor,
  surchargesText,
  type Coverage,
} from "~/lib/service-area";
import { DEMO_SERVICE_AREA } from "~/seed/service-area";

/** The area as a London firm would set it: whole areas, a run of districts and one sub-district. */
const AREA = parseAreaCodes("SE, SW, n, E\nCR0-CR9, KT1, W1A");
if (!AREA.ok) throw new Error(AREA.message);
const CODES = AREA.codes;

/** What the checkout tells the customer, or "covered". */
function answer(coverage: Coverage): string {
  return coverage.covered ? "covered" : coverageMessage(coverage, "customer");
}

describe("the area served (coverageOf)", () => {
  it.each([
    // inside: a whole area, a district of a run, a district by itself, a sub-district
    ["SE1 7PB", "covered"],
    ["se17pb", "covered"],
    ["  sw1a 2aa ", "covered"],
    ["N1 9GU", "covered"],
    ["E1 6AN", "covered"],
    ["CR0 1AA", "covered"],
    ["CR9 3AA", "covered"],
    ["KT1 1AA", "covered"],
    ["W1A 1AA", "covered"],
    // outside: the same letters but another district, another sub-district, another area
    ["CR10 1AA", "Sorry, we do not collect from CR10 yet."],
    ["KT2 5AA", "Sorry, we do not collect from KT2 yet."],
    ["W1B 1AA", "Sorry, we do not collect from W1B yet."],
    ["NW1 6XE", "Sorry, we do not collect from NW1 yet."],
    ["EH1 1YZ", "Sorry, we do not collect from EH1 yet."],
    ["LS1 4AP", "Sorry, we do not collect from LS1 yet."],
    // Northern Ireland, a forces address, the Crown dependencies
    ["BT1 1AA", "Sorry, we do not collect in Northern Ireland."],
    [
      "BFPO 57",
      "We cannot collect from a BFPO address: please give the postcode where the items are.",
    ],
    [
      "BF1 4FB",
      "We cannot collect from a BFPO address: please give the postcode where the items are.",
    ],
    ["JE2 3AB", "Sorry, we do not collect from JE2 yet."],
    // malformed
    ["", "Please enter a UK postcode"],
    ["SE1", "Please enter a UK postcode"],
    ["12345", "Please enter a UK postcode"],
    ["SE1 7PB 4", "Please enter a UK postcode"],
    ["not a postcode", "Please enter a UK postcode"],
  ])("%j → %s", (typed, expected) => {
    expect(answer(coverageOf(typed, CODES))).toBe(expected);
  });

  it("takes any UK postcode while no area is set, but never a BFPO address or a malformed one", () => {
    expect(coverageOf("EH1 1YZ", []).covered).toBe(true);
    expect(coverageOf("BT1 1AA", []).covered).toBe(true);
    expect(answer(coverageOf("BFPO 57", []))).toMatch(/BFPO/);
    expect(answer(coverageOf("SE1", []))).toBe("Please enter a UK postcode");
  });

  it("tells staff where the area is set, naming the postcode", () => {
    const outside = coverageOf("EH1 1YZ", CODES);
    if (outside.covered) throw new Error("EH1 is outside");
    expect(coverageMessage(outside, "staff")).toBe(
      "EH1 1YZ is outside the area you collect from (Settings).",
    );
    const ni = coverageOf("bt11aa", CODES);
    if (ni.covered) throw new Error("BT1 is outside");
    expect(coverageMessage(ni, "staff")).toBe(
      "BT1 1AA is in Northern Ireland, outside the area you collect from (Settings).",
    );
  });

  it("reads a postcode's parts as Royal Mail writes them", () => {
    expect(postcodeParts(" sw1a2aa ")).toEqual({
      postcode: "SW1A 2AA",
      outcode: "SW1A",
      area: "SW",
      district: "SW1",
    });
    expect(postcodeParts("CR10 1AA")?.district).toBe("CR10");
    expect(postcodeParts("SW1A")).toBeNull();
  });
});

describe("the area as staff type it (parseAreaCodes)", () => {
  it("expands runs, drops repeats and sorts areas before their districts, by number", () => {
    expect(CODES).toEqual([
      "CR0",
      "CR1",
      "CR2",
      "CR3",
      "CR4",
      "CR5",
      "CR6",
      "CR7",
      "CR8",
      "CR9",
      "E",
      "KT1",
      "N",
      "SE",
      "SW",
      "W1A",
    ]);
    expect(parseAreaCodes("se, SE,  se1 ; cr10 cr2")).toEqual({
      ok: true,
      codes: ["CR2", "CR10", "SE", "SE1"],
    });
    expect(parseAreaCodes("CR0 – CR3")).toEqual({ ok: true, codes: ["CR0", "CR1", "CR2", "CR3"] });
    expect(parseAreaCodes("")).toEqual({ ok: true, codes: [] });
  });

  it.each([
    ["SE1 7PB", '"7PB" is not a postcode area or district'],
    ["London", '"LONDON" is not a postcode area or district'],
    ["CR9-CR0", '"CR9-CR0" is not a run of districts'],
    ["CR0-KT9", '"CR0-KT9" is not a run of districts'],
    ["SE!", '"SE!" is not a postcode area or district'],
  ])("refuses %j, naming the piece", (typed, message) => {
    const checked = parseAreaCodes(typed);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toContain(message);
  });

  it("refuses more codes than a form should hold", () => {
    const checked = parseAreaCodes("SE0-SE99 SW0-SW99 N0-N99 E0-E99 W0-W99");
    expect(checked).toEqual({
      ok: false,
      message:
        "That is 500 codes: please use at most 400 (a whole area, such as SE, counts as one).",
    });
  });

  it("refuses a list longer than the form takes, rather than cutting it", () => {
    const checked = parseAreaCodes("SE ".repeat(1400));
    expect(checked.ok).toBe(false);
    if (!checked.ok)
      expect(checked.message).toMatch(/^Please shorten the list to at most 4000 characters/);
    expect(parseAreaCodes("SE ".repeat(1300)).ok).toBe(true);
  });

  it("writes the codes back for staff with runs as runs", () => {
    expect(areaCodesText(CODES)).toBe("CR0-CR9, E, KT1, N, SE, SW, W1A");
    expect(areaCodesText(["CR0", "CR1", "CR5"])).toBe("CR0, CR1, CR5");
    expect(areaCodesText([])).toBe("");
  });

  it("keeps the demo business's area as it reads back", () => {
    const checked = parseAreaCodes(DEMO_SERVICE_AREA.join(" "));
    expect(checked.ok && checked.codes.length).toBe(DEMO_SERVICE_AREA.length);
    expect(coverageOf("SE1 7PB", DEMO_SERVICE_AREA).covered).toBe(true);
    expect(coverageOf("EH1 1YZ", DEMO_SERVICE_AREA).covered).toBe(false);
  });
});

describe("extra charges for part of the area (parseSurcharges, surchargeFor)", () => {
  const AREA = ["CR0", "CR5", "GU", "KT", "SE", "SW1"];

  it.each([
    ["", []],
    ["GU 20", [{ code: "GU", pence: 2000 }]],
    ["gu £20.50", [{ code: "GU", pence: 2050 }]],
    [
      "KT1-KT3 15\n\nSW1A 7.5",
      [
        { code: "KT1", pence: 1500 },
        { code: "KT2", pence: 1500 },
        { code: "KT3", pence: 1500 },
        { code: "SW1A", pence: 750 },
      ],
    ],
    [
      "CR5, KT 12",
      [
        { code: "CR5", pence: 1200 },
        { code: "KT", pence: 1200 },
      ],
    ],
  ])("keeps %j", (typed, surcharges) => {
    expect(parseSurcharges(typed, AREA)).toEqual({ ok: true, surcharges });
  });

  it.each([
    ["GU", /not an extra charge/],
    ["£20", /not an extra charge/],
    ["GU twenty", /not an extra charge/],
    ["GU 20.505", /not an extra charge/],
    ["GU 0", /from £0.01 to £500/],
    ["GU 500.01", /from £0.01 to £500/],
    ["GU 20\nGU 25", /GU has two extra charges/],
    ["N1 10", /N1 is not in the area you collect from/],
    ["CR6 10", /CR6 is not in the area you collect from/],
  ])("refuses %j", (typed, message) => {
    const checked = parseSurcharges(typed, AREA);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.message).toMatch(message);
  });

  it("takes any place when no area is set (every postcode is taken then)", () => {
    expect(parseSurcharges("N1 10", [])).toEqual({
      ok: true,
      surcharges: [{ code: "N1", pence: 1000 }],
    });
  });

  const CHARGES = [
    { code: "KT", pence: 1000 },
    { code: "KT1", pence: 1500 },
    { code: "SW1A", pence: 700 },
  ];
  it.each([
    ["KT1 1AA", { code: "KT1", pence: 1500 }],
    ["KT2 7AB", { code: "KT", pence: 1000 }],
    ["SW1A 2AA", { code: "SW1A", pence: 700 }],
    ["SW1P 3BU", null],
    ["SE1 7PB", null],
  ])("the charge for %s: the most particular place's", (postcode, charge) => {
    expect(surchargeFor(postcodeParts(postcode)!, CHARGES)).toEqual(charge);
  });

  it("reads back as staff typed it, codes with one charge together", () => {
    const checked = parseSurcharges("KT1 15\nKT2 15\nKT3 15\nGU 20.5", AREA);
    expect(checked.ok && surchargesText(checked.surcharges)).toBe("GU 20.50\nKT1-KT3 15.00");
  });

  it("names the line by the postcode's district", () => {
    expect(areaSurchargeName("kt1 1aa")).toBe("Collection from KT1");
    expect(areaSurchargeOf({ area_surcharge_pence: 0, postcode: "KT1 1AA" })).toBeNull();
    expect(areaSurchargeOf({ area_surcharge_pence: 1500, postcode: "KT1 1AA" })).toEqual({
      name: "Collection from KT1",
      pence: 1500,
    });
  });
});
