import { describe, expect, it } from "vitest";
import {
  businessMessages,
  normaliseSicCode,
  NOTES_MESSAGES,
  withApiBusinessFlag,
} from "~/lib/business";
import { checkBusinessDetails, checkCrewNotes } from "~/models/checkout/business-details.server";

const SIC = "Please enter your business's five-digit SIC code (for example 81299)";
const M = businessMessages();

describe("a SIC 2007 code", () => {
  it.each([
    ["81299", "81299"],
    ["81 29 9", "81299"],
    [" 8129 9 ", "81299"],
    ["01110", "01110"],
    ["8129", null],
    ["812999", null],
    ["81-299", null],
    ["81.29.9", null],
    ["8129O", null],
    ["", null],
  ])("%j → %j", (text, code) => {
    expect(normaliseSicCode(text)).toBe(code);
  });
});

describe("checkBusinessDetails (docs/rules.md#business-customers)", () => {
  it.each([
    // [values, expected]
    [{}, { ok: true, business: null }],
    [
      { business_name: "Stray Ltd", sic_code: "nonsense" },
      { ok: true, business: null },
    ],
    [
      { business: "", business_name: "Stray Ltd", sic_code: "81299" },
      { ok: true, business: null },
    ],
    [
      { business: "off", business_name: "Stray Ltd" },
      { ok: true, business: null },
    ],
    [
      { business: "on", business_name: "  Acme Clearances Ltd ", sic_code: "81 29 9" },
      { ok: true, business: { name: "Acme Clearances Ltd", sicCode: "81299" } },
    ],
    [
      { business: true, business_name: "Acme", sic_code: "38110" },
      { ok: true, business: { name: "Acme", sicCode: "38110" } },
    ],
    [
      { business: "on", business_name: "x".repeat(120), sic_code: "81299" },
      { ok: true, business: { name: "x".repeat(120), sicCode: "81299" } },
    ],
    [{ business: "on" }, { ok: false, errors: { business_name: M.nameRequired, sic_code: SIC } }],
    [
      { business: "on", business_name: "   ", sic_code: "81299" },
      { ok: false, errors: { business_name: M.nameRequired } },
    ],
    [
      { business: "on", business_name: "x".repeat(121), sic_code: "81299" },
      { ok: false, errors: { business_name: M.nameTooLong } },
    ],
    [
      { business: "on", business_name: "Acme\nLtd", sic_code: "81299" },
      { ok: false, errors: { business_name: M.nameControl } },
    ],
    [
      { business: "on", business_name: "Acme\u202eLtd", sic_code: "81299" },
      { ok: false, errors: { business_name: M.nameControl } },
    ],
    [
      { business: "on", business_name: "Acme", sic_code: "8129" },
      { ok: false, errors: { sic_code: SIC } },
    ],
    [
      { business: "on", business_name: "Acme", sic_code: "81-299" },
      { ok: false, errors: { sic_code: SIC } },
    ],
    [
      { business: "on", business_name: "Acme", sic_code: 81299 },
      { ok: false, errors: { sic_code: SIC } },
    ],
    [
      { business: "on", business_name: 42, sic_code: "81299" },
      { ok: false, errors: { business_name: M.nameRequired } },
    ],
  ] as const)("%j → %j", (values, expected) => {
    expect(checkBusinessDetails(values)).toEqual(expected);
  });

  it("speaks to staff about the customer's business", () => {
    expect(checkBusinessDetails({ business: "on", business_name: "Acme" }, "staff")).toEqual({
      ok: false,
      errors: { sic_code: "Please enter the business's five-digit SIC code (for example 81299)" },
    });
  });
});

describe("an /api body's business flag", () => {
  it.each([
    [{ full_name: "A" }, { full_name: "A" }],
    [{ business_name: "" }, { business_name: "" }],
    [
      { business_name: null, sic_code: "  " },
      { business_name: null, sic_code: "  " },
    ],
    [{ business_name: "Acme" }, { business_name: "Acme", business: true }],
    [{ sic_code: "81299" }, { sic_code: "81299", business: true }],
    [{ sic_code: 81299 }, { sic_code: 81299, business: true }],
    [
      { business: false, business_name: "Acme" },
      { business: false, business_name: "Acme" },
    ],
  ])("%j → %j", (values, expected) => {
    expect(withApiBusinessFlag(values as Record<string, unknown>)).toEqual(expected);
  });
});

describe("checkCrewNotes", () => {
  it.each([
    [undefined, { ok: true, notes: null }],
    [null, { ok: true, notes: null }],
    ["", { ok: true, notes: null }],
    ["   \n ", { ok: true, notes: null }],
    [" Gate code 1234 ", { ok: true, notes: "Gate code 1234" }],
    [
      "Gate code 1234.\r\nDog is friendly.",
      { ok: true, notes: "Gate code 1234.\nDog is friendly." },
    ],
    ["x".repeat(1000), { ok: true, notes: "x".repeat(1000) }],
    ["x".repeat(1001), { ok: false, error: NOTES_MESSAGES.tooLong }],
    ["Gate\tcode", { ok: false, error: NOTES_MESSAGES.control }],
    ["Gate\u0000code", { ok: false, error: NOTES_MESSAGES.control }],
    ["Gate\u2028code", { ok: false, error: NOTES_MESSAGES.control }],
    [42, { ok: false, error: NOTES_MESSAGES.notText }],
  ])("%j → %j", (value, expected) => {
    expect(checkCrewNotes(value)).toEqual(expected);
  });
});
