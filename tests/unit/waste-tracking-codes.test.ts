import { describe, expect, it } from "vitest";
import {
  DEFRA_UK_POSTCODE,
  ewcDigits,
  isCarrierRegistration,
  isSiteAuthorisation,
} from "~/lib/waste-tracking-codes";

/**
 * Numbers as Defra's waste tracking checks them (docs/decisions/046-defra-waste-tracking.md): the
 * cases are the published rules' own examples of valid and invalid numbers.
 */

describe("a waste carrier's registration number", () => {
  it.each([
    "CBDU12345678",
    "CBDL999",
    "cbdu246810",
    "WCR/R/1234567",
    "SEA/123456",
    "SWE/654321",
    "PCT-A-999",
    "PCT-Z-1234567",
    "ROC UT 9",
    "ROCLT99999",
    "ROC-UT-12",
  ])("takes %s", (number) => {
    expect(isCarrierRegistration(number)).toBe(true);
  });

  it.each([
    "CBD999",
    "CBDT999",
    "CBDL99",
    " CBDL999 ",
    "WCR/R/123456",
    "SCO/1234567",
    "PCT-AB-999",
    "ROC UT 999999",
    "",
  ])("refuses %j", (number) => {
    expect(isCarrierRegistration(number)).toBe(false);
  });
});

describe("a receiving site's permit or exemption number", () => {
  it.each([
    "AB1234CD",
    "EPR/AB1234CD",
    "EPR/AB1234CD/D1234",
    "EAWML12345",
    "WML123456",
    "PPC/A/1234567",
    "WML/L/1234567/12",
    "PPC/A/SEPA1234-5678",
    "EAS/P/123456",
    "P1234/12A",
    "P1234/12A/V3",
    "WPPC 12/34",
    " ab1234cd ",
  ])("takes %j", (number) => {
    expect(isSiteAuthorisation(number)).toBe(true);
  });

  it.each(["AB123CD", "EPR/AB1234", "WML1234", "PPC/B/1234567", "X1234/12A", ""])(
    "refuses %j",
    (number) => {
      expect(isSiteAuthorisation(number)).toBe(false);
    },
  );
});

describe("a UK postcode as Defra writes it", () => {
  it.each(["GU1 4AA", "SW1A 1AA", "EC1A 1BB", "W1A 0AX", "M1 1AE", "GIR 0AA", "kt1 2ee"])(
    "takes %s",
    (postcode) => {
      expect(DEFRA_UK_POSTCODE.test(postcode)).toBe(true);
    },
  );

  it.each(["GU14AA", "GU1  4AA", "Q1 1AA", "GU1 4CA", "D6W 1234"])("refuses %j", (postcode) => {
    expect(DEFRA_UK_POSTCODE.test(postcode)).toBe(false);
  });
});

it("writes a List of Wastes code as Defra's six digits", () => {
  expect(ewcDigits("20 01 23*")).toBe("200123");
  expect(ewcDigits("20 03 07")).toBe("200307");
});
