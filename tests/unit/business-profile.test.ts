import { describe, expect, it } from "vitest";
import { checkBusinessProfile } from "~/lib/business-profile-rules.server";
import {
  BUSINESS_PROFILE_MESSAGES as M,
  legalLine,
  normaliseCarrierRegistration,
  normaliseCompanyNumber,
  normaliseVatNumber,
  registeredIn,
  type BusinessDetails,
} from "~/lib/business-profile";

const SOLE_TRADER = {
  name: "  Pat's   Clearances ",
  phone: "020 7946 0321",
  email: " pat@example.co.uk ",
  address: "Unit 4, Riverside Yard, London N1 7GR",
  openingHours: "",
  areaInWords: "North London",
  wasteCarrierLicence: "CBDU123456",
  vatRegistered: "no",
  vatNumber: "",
  companyNumber: "",
  legalName: "",
  registeredOffice: "",
};

describe("the business's numbers, as people type them", () => {
  it.each([
    ["01234567", "01234567"],
    ["1234567", "01234567"],
    ["sc 123456", "SC123456"],
    ["NI012345", "NI012345"],
    ["", ""],
    ["123456789", null],
    ["SC12345", null],
    ["S1234567", null],
  ])("company number %j → %j", (typed, expected) => {
    expect(normaliseCompanyNumber(typed)).toBe(expected);
  });

  it.each([
    ["GB123456789", "GB123456789"],
    ["gb 123 4567 89", "GB123456789"],
    ["123456789", "GB123456789"],
    ["GB123456789012", "GB123456789012"],
    ["GBGD001", "GBGD001"],
    ["GB12345678", null],
    ["DE123456789", null],
    ["", null],
  ])("VAT number %j → %j", (typed, expected) => {
    expect(normaliseVatNumber(typed)).toBe(expected);
  });

  it.each([
    ["CBDU123456", "CBDU123456"],
    ["cbdl 12345", "CBDL12345"],
    ["CBDU12345678901", "CBDU12345678901"],
    ["wcr/r/1234567", "WCR/R/1234567"],
    ["PCT-A-999", "PCT-A-999"],
    ["roc  ut 123", "ROC UT 123"],
    // As Defra checks them: no E tier, seven digits for SEPA's.
    ["CBDE1234567", null],
    ["WCR/R/123456", null],
    ["CBDU12", null],
    ["", null],
  ])("waste carrier registration %j → %j", (typed, expected) => {
    expect(normaliseCarrierRegistration(typed)).toBe(expected);
  });

  it.each([
    ["01234567", "England and Wales"],
    ["OC301234", "England and Wales"],
    ["SC123456", "Scotland"],
    ["SO301234", "Scotland"],
    ["NI012345", "Northern Ireland"],
    ["R0000123", "Northern Ireland"],
  ])("a company numbered %s is registered in %s", (number, where) => {
    expect(registeredIn(number)).toBe(where);
  });
});

describe("checkBusinessProfile", () => {
  it.each([
    ["", ""],
    ["  https://g.page/r/pats-clearances/review  ", "https://g.page/r/pats-clearances/review"],
    [
      "https://uk.trustpilot.com/review/pats.example",
      "https://uk.trustpilot.com/review/pats.example",
    ],
  ])("keeps the review page %j as %j", (typed, kept) => {
    const checked = checkBusinessProfile({ ...SOLE_TRADER, reviewUrl: typed });
    expect(checked.ok && checked.profile.reviewUrl).toBe(kept);
  });

  it("keeps a sole trader's details tidied, not VAT registered, with no legal line", () => {
    const checked = checkBusinessProfile(SOLE_TRADER);
    expect(checked).toEqual({
      ok: true,
      profile: {
        name: "Pat's Clearances",
        legalName: "",
        companyNumber: "",
        registeredOffice: "",
        phone: "020 7946 0321",
        email: "pat@example.co.uk",
        address: "Unit 4, Riverside Yard, London N1 7GR",
        openingHours: "",
        wasteCarrierLicence: "CBDU123456",
        vatNumber: "",
        areaInWords: "North London",
        reviewUrl: "",
      },
    });
    expect(checked.ok && legalLine(checked.profile)).toBe("");
  });

  it("keeps a VAT-registered company's number and legal line", () => {
    const checked = checkBusinessProfile({
      ...SOLE_TRADER,
      vatRegistered: "yes",
      vatNumber: "123 4567 89",
      companyNumber: "1234567",
      legalName: "Pat's Clearances Ltd",
      registeredOffice: "1 High Street, London N1 1AA",
    });
    expect(checked.ok).toBe(true);
    const profile = (checked as { profile: BusinessDetails }).profile;
    expect(profile.vatNumber).toBe("GB123456789");
    expect(legalLine(profile)).toBe(
      "Pat's Clearances Ltd, registered in England and Wales, company number 01234567. Registered office: 1 High Street, London N1 1AA.",
    );
  });

  it("drops a VAT number typed for a business that is not registered, and company details without a number", () => {
    const checked = checkBusinessProfile({
      ...SOLE_TRADER,
      vatNumber: "GB123456789",
      legalName: "Left over Ltd",
      registeredOffice: "Somewhere",
    });
    expect(checked.ok && checked.profile).toMatchObject({
      vatNumber: "",
      legalName: "",
      registeredOffice: "",
    });
  });

  it.each([
    [{ name: "  " }, "name", M.name],
    [{ name: "x".repeat(81) }, "name", M.name],
    [{ phone: "12345" }, "phone", M.phone],
    [{ phone: "+1 212 555 0100" }, "phone", M.phone],
    [{ email: "pat at example" }, "email", M.email],
    [{ address: "" }, "address", M.address],
    [{ wasteCarrierLicence: "" }, "wasteCarrierLicence", M.wasteCarrierLicence],
    [{ wasteCarrierLicence: "WCR/R/1" }, "wasteCarrierLicence", M.wasteCarrierLicence],
    [{ vatRegistered: "" }, "vatRegistered", M.vatChoice],
    [{ vatRegistered: "yes", vatNumber: "" }, "vatNumber", M.vatNumber],
    [{ vatRegistered: "yes", vatNumber: "DE123456789" }, "vatNumber", M.vatNumber],
    [{ companyNumber: "ABC" }, "companyNumber", M.companyNumber],
    [{ companyNumber: "01234567" }, "legalName", M.companyDetails],
    [{ companyNumber: "01234567", legalName: "Pat Ltd" }, "registeredOffice", M.companyDetails],
    [{ openingHours: "x".repeat(121) }, "openingHours", M.openingHours],
    [{ areaInWords: "x".repeat(81) }, "areaInWords", M.areaInWords],
    [{ reviewUrl: "g.page/r/pats/review" }, "reviewUrl", M.reviewUrl],
    [{ reviewUrl: "http://g.page/r/pats/review" }, "reviewUrl", M.reviewUrl],
    // a script address, never a link in an email
    [{ reviewUrl: ["java", "script:alert(1)"].join("") }, "reviewUrl", M.reviewUrl],
    [{ reviewUrl: "https://localhost/review" }, "reviewUrl", M.reviewUrl],
    [{ reviewUrl: `https://example.com/${"x".repeat(300)}` }, "reviewUrl", M.reviewUrl],
  ] as const)("refuses %j: %s", (change, field, message) => {
    const checked = checkBusinessProfile({ ...SOLE_TRADER, ...change });
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.errors[field]).toBe(message);
  });

  it("checks a field left out as empty, and a value that is not text as empty", () => {
    const checked = checkBusinessProfile({ ...SOLE_TRADER, name: undefined, phone: 7 });
    expect(!checked.ok && checked.errors).toMatchObject({ name: M.name, phone: M.phone });
  });
});
