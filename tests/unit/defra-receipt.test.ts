import { describe, expect, it } from "vitest";
import { checkReceiptMovement } from "~/lib/defra-receipt";

/**
 * Defra's Receipt API body as our schema reads it (decision 046), case by case after Defra's
 * production approval scenarios (R01…X01 in DEFRA/waste-tracking-service's
 * docs/production-approval-tests.md): the ones Defra accepts pass, C01 and H02 (which Defra
 * rejects) are refused, and so are the breaches of its business rules.
 */

const HAZARDOUS = new Set(["200123", "200135", "200133"]);
const hazardousEwc = (code: string) => HAZARDOUS.has(code);

const kg = (amount: number) => ({ metric: "Kilograms", amount, isEstimate: true });

const sofaItem = {
  ewcCodes: ["200307"],
  wasteDescription: "Bulky furniture waste",
  physicalForm: "Solid",
  numberOfContainers: 0,
  typeOfContainers: "LOO",
  weight: kg(40),
  containsPops: false,
  containsHazardous: false,
  disposalOrRecoveryCodes: [{ code: "R3", weight: kg(40) }],
};

/** R01: one waste item with a recovery code, carried by road. */
const R01 = {
  apiCode: "6b1f3a52-8d8c-4c5e-9a55-0d1e5f0d7c11",
  dateTimeReceived: "2026-11-27T14:30:00Z",
  yourUniqueReference: "WTN-12",
  wasteItems: [sofaItem],
  carrier: {
    registrationNumber: "CBDU123456",
    organisationName: "Haulbook Waste Removal",
    address: { fullAddress: "Unit 4, Riverside Yard, London", postcode: "N1 7GR" },
    meansOfTransport: "Road",
    vehicleRegistration: "AB12 CDE",
  },
  receiver: { siteName: "Guildford Recycling Centre", authorisationNumber: "EPR/AB1234CD" },
  receipt: {
    address: { fullAddress: "Slyfield Industrial Estate, Guildford", postcode: "GU1 1RX" },
  },
};

const fridge = {
  ...sofaItem,
  ewcCodes: ["200123"],
  wasteDescription: "Discarded fridges containing refrigerant gases",
  weight: kg(60),
  containsHazardous: true,
  hazardous: {
    sourceOfComponents: "GUIDANCE",
    hazCodes: ["HP_14"],
    components: [{ name: "CFC refrigerant" }, { name: "Compressor oil", concentration: 120 }],
  },
};

const seating = {
  ...sofaItem,
  wasteDescription: "Domestic seating waste containing POPs",
  containsPops: true,
  pops: {
    sourceOfComponents: "GUIDANCE",
    components: [{ code: "DECABDE" }, { code: "HBCD", concentration: 150 }],
  },
};

const item = (changes: object) => ({ ...R01, wasteItems: [{ ...sofaItem, ...changes }] });

describe("Defra's production approval scenarios", () => {
  it.each([
    ["R01 a basic receipt, one waste item", R01],
    [
      "R02 several waste items",
      { ...R01, wasteItems: [sofaItem, { ...sofaItem, ewcCodes: ["200201"] }] },
    ],
    ["R03 carried by road with the vehicle's registration", R01],
    ["R04 no disposal or recovery codes", item({ disposalOrRecoveryCodes: undefined })],
    [
      "R05 several disposal or recovery codes on one item",
      item({
        disposalOrRecoveryCodes: [
          { code: "R3", weight: kg(30) },
          { code: "D10", weight: kg(10) },
        ],
      }),
    ],
    ["R07 several List of Wastes codes", item({ ewcCodes: ["200307", "200301"] })],
    [
      "C02 no carrier registration, with the reason",
      {
        ...R01,
        carrier: {
          ...R01.carrier,
          registrationNumber: null,
          reasonForNoRegistrationNumber: "HOUSEHOLD",
        },
      },
    ],
    [
      "B01 with a broker",
      {
        ...R01,
        brokerOrDealer: { organisationName: "Skip Brokers Ltd", registrationNumber: "CBDL12345" },
      },
    ],
    ["P01 POPs with several components", { ...R01, wasteItems: [seating] }],
    [
      "H01 hazardous with several components",
      { ...R01, wasteItems: [fridge], hazardousWasteConsignmentCode: "CJTILE/A0001" },
    ],
    [
      "H03 hazardous without a consignment code, with the reason",
      { ...R01, wasteItems: [fridge], reasonForNoConsignmentCode: "NO_DOC_WITH_WASTE" },
    ],
    [
      "X01 hazardous and POPs",
      {
        ...R01,
        wasteItems: [fridge, seating],
        reasonForNoConsignmentCode: "NON_HAZ_WASTE_TRANSFER",
      },
    ],
  ])("%s is accepted", (_, body) => {
    const checked = checkReceiptMovement(body, hazardousEwc);
    expect(checked.ok ? [] : checked.errors).toEqual([]);
  });

  it.each([
    [
      "C01 no carrier registration and no reason",
      { ...R01, carrier: { ...R01.carrier, registrationNumber: null } },
      "carrier.reasonForNoRegistrationNumber",
    ],
    [
      "H02 hazardous, its consignment code null and no reason",
      { ...R01, wasteItems: [fridge], hazardousWasteConsignmentCode: null },
      "reasonForNoConsignmentCode",
    ],
  ])("%s is refused", (_, body, key) => {
    const checked = checkReceiptMovement(body, hazardousEwc);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.errors.map((e) => e.key)).toContain(key);
  });
});

describe("Defra's business rules", () => {
  it.each([
    [
      "by road without the vehicle",
      { ...R01, carrier: { ...R01.carrier, vehicleRegistration: undefined } },
      "carrier.vehicleRegistration",
    ],
    [
      "a registration in no nation's format",
      { ...R01, carrier: { ...R01.carrier, registrationNumber: "CBDT999" } },
      "carrier.registrationNumber",
    ],
    [
      "a permit in no UK format",
      { ...R01, receiver: { ...R01.receiver, authorisationNumber: "PERMIT 7" } },
      "receiver.authorisationNumber",
    ],
    [
      "a receipt postcode without its space",
      { ...R01, receipt: { address: { fullAddress: "Guildford", postcode: "GU11RX" } } },
      "receipt.address.postcode",
    ],
    ["a code written with spaces", item({ ewcCodes: ["20 03 07"] }), "wasteItems.0.ewcCodes.0"],
    [
      "six codes on one item",
      item({ ewcCodes: ["200307", "200301", "200201", "200101", "200102", "200139"] }),
      "wasteItems.0.ewcCodes",
    ],
    ["no weight", item({ weight: undefined }), "wasteItems.0.weight"],
    ["a weight of nothing", item({ weight: kg(0) }), "wasteItems.0.weight.amount"],
    [
      "a container Defra does not know",
      item({ typeOfContainers: "SACK" }),
      "wasteItems.0.typeOfContainers",
    ],
    ["POPs without their block", item({ containsPops: true }), "wasteItems.0.pops"],
    [
      "POPs from guidance with no component",
      item({ containsPops: true, pops: { sourceOfComponents: "GUIDANCE" } }),
      "wasteItems.0.pops.components",
    ],
    [
      "POPs not known, yet named",
      item({
        containsPops: true,
        pops: { sourceOfComponents: "NOT_PROVIDED", components: [{ code: "PFOS" }] },
      }),
      "wasteItems.0.pops.components",
    ],
    [
      "components when it contains no POPs",
      item({ pops: { sourceOfComponents: "OWN_TESTING", components: [{ code: "PFOS" }] } }),
      "wasteItems.0.pops.components",
    ],
    [
      "a POP Defra does not list",
      item({
        containsPops: true,
        pops: { sourceOfComponents: "GUIDANCE", components: [{ code: "FOAM" }] },
      }),
      "wasteItems.0.pops.components.0.code",
    ],
    [
      "hazardous without its properties",
      {
        ...R01,
        wasteItems: [{ ...fridge, hazardous: { ...fridge.hazardous, hazCodes: [] } }],
        reasonForNoConsignmentCode: "NO_DOC_WITH_WASTE",
      },
      "wasteItems.0.hazardous.hazCodes",
    ],
    [
      "a consignment code in no format",
      { ...R01, wasteItems: [fridge], hazardousWasteConsignmentCode: "12345" },
      "hazardousWasteConsignmentCode",
    ],
    [
      "a time without its zone",
      { ...R01, dateTimeReceived: "2026-11-27 14:30" },
      "dateTimeReceived",
    ],
  ])("refuses %s", (_, body, key) => {
    const checked = checkReceiptMovement(body, hazardousEwc);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.errors.map((e) => e.key)).toContain(key);
  });
});
