import { describe, expect, it } from "vitest";
import { checkReceivingSite, SITE_MESSAGES } from "~/lib/receiving-site";

/** A receiving site as the office types it (docs/rules.md#tip-sites), as a table. */

const SLYFIELD = {
  name: "Slyfield Recycling Centre",
  address: "Moorfield Road, Slyfield Industrial Estate, Guildford",
  postcode: "GU1 1RX",
  authorisation_number: "EPR/AB1234CD",
};

describe("checkReceivingSite", () => {
  it.each([
    ["as typed", SLYFIELD, { postcode: "GU1 1RX", authorisationNumber: "EPR/AB1234CD" }],
    [
      "a postcode without its space, a permit in small letters",
      { ...SLYFIELD, postcode: "gu11rx", authorisation_number: " epr/ab1234cd " },
      { postcode: "GU1 1RX", authorisationNumber: "EPR/AB1234CD" },
    ],
    [
      "a Scottish waste management licence",
      { ...SLYFIELD, authorisation_number: "WML/L/1234567" },
      { authorisationNumber: "WML/L/1234567" },
    ],
    [
      "a Northern Irish permit",
      { ...SLYFIELD, authorisation_number: "P1234/12A" },
      { authorisationNumber: "P1234/12A" },
    ],
    [
      "a name with runs of spaces",
      { ...SLYFIELD, name: "  Slyfield   tip " },
      { name: "Slyfield tip" },
    ],
  ])("takes %s", (_, values, expected) => {
    const check = checkReceivingSite(values);
    expect(check).toMatchObject({ ok: true, site: expected });
  });

  it.each([
    ["no name", { ...SLYFIELD, name: " " }, "name", SITE_MESSAGES.name],
    ["a long name", { ...SLYFIELD, name: "x".repeat(101) }, "name", SITE_MESSAGES.name],
    ["no address", { ...SLYFIELD, address: "" }, "address", SITE_MESSAGES.address],
    ["half a postcode", { ...SLYFIELD, postcode: "GU1" }, "postcode", SITE_MESSAGES.postcode],
    ["an Irish Eircode", { ...SLYFIELD, postcode: "D6W 1234" }, "postcode", SITE_MESSAGES.postcode],
    [
      "a permit in no UK format",
      { ...SLYFIELD, authorisation_number: "PERMIT 7" },
      "authorisation_number",
      SITE_MESSAGES.authorisationNumber,
    ],
    [
      "no permit",
      { ...SLYFIELD, authorisation_number: "" },
      "authorisation_number",
      SITE_MESSAGES.authorisationNumber,
    ],
  ])("refuses %s", (_, values, field, message) => {
    const check = checkReceivingSite(values);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.errors[field as keyof typeof check.errors]).toBe(message);
  });
});
