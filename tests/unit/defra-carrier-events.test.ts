import { describe, expect, it } from "vitest";
import { carrierEvents, type CarrierJob } from "~/lib/defra-carrier-events";

/**
 * The carrier's events for Defra's draft carrier API (decision 047): what a booking, its
 * collection and its load's drop-off would send, and that a household's identity never goes.
 */

const SOFA = {
  ewcCodes: ["200307"],
  wasteDescription: "Domestic seating waste containing POPs",
  physicalForm: "Solid",
  numberOfContainers: 0,
  typeOfContainers: "LOO",
  weight: { metric: "Kilograms", amount: 45, isEstimate: true },
  containsPops: true,
  pops: { sourceOfComponents: "GUIDANCE", components: [{ code: "DECABDE" }] },
  containsHazardous: false,
};

const JOB: CarrierJob = {
  reference: "WTN-000012",
  estimatedCollection: "2026-12-03T08:00:00.000Z",
  collectedAt: null,
  household: true,
  businessName: null,
  sicCode: null,
  collectionAddress: { fullAddress: "14 Acacia Avenue, London", postcode: "N1 2AB" },
  carrier: {
    registrationNumber: "CBDU123456",
    organisationName: "Haulbook Waste Removal",
    address: { fullAddress: "Unit 4, Riverside Yard, London N1 7GR", postcode: "N1 7GR" },
  },
  vehicleRegistration: null,
  wasteItems: [SOFA],
  dropOff: null,
};

describe("carrierEvents", () => {
  it("a booking creates the movement: the producer, the carrier by road, the waste", () => {
    const events = carrierEvents(JOB);
    expect(events.createMovement).toEqual({
      estimatedDateTimeCollected: "2026-12-03T08:00:00.000Z",
      yourUniqueReference: "WTN-000012",
      producer: {
        wasteSource: "Household",
        councilMovement: false,
        address: { postcode: "N1 2AB" },
      },
      carrier: { meansOfTransport: "Road" },
      wasteItems: [SOFA],
    });
    expect(events.recordCollection).toBeNull();
    expect(events.recordDropOff).toBeNull();
  });

  it("the completion records the collection, the drop-off the load at the tip", () => {
    const events = carrierEvents({
      ...JOB,
      collectedAt: "2026-12-03T10:15:00.000Z",
      vehicleRegistration: "AB12 CDE",
      dropOff: {
        arrivedAt: "2026-12-03T15:40:00.000Z",
        vehicleRegistration: "AB12 CDE",
        siteName: "Slyfield Recycling Centre",
        siteAddress: { fullAddress: "Moorfield Road, Guildford", postcode: "GU1 1RX" },
      },
    });
    expect(events.recordCollection).toMatchObject({
      actualDateTimeCollected: "2026-12-03T10:15:00.000Z",
      collectionType: "STATIC",
      carrier: {
        registrationNumber: "CBDU123456",
        meansOfTransport: "Road",
        vehicleRegistration: "AB12 CDE",
      },
      collection: { address: { postcode: "N1 2AB" } },
    });
    expect(events.recordDropOff).toEqual({
      actualDateTimeDropOff: "2026-12-03T15:40:00.000Z",
      carrier: expect.objectContaining({ vehicleRegistration: "AB12 CDE" }),
      dropOff: {
        siteName: "Slyfield Recycling Centre",
        address: { fullAddress: "Moorfield Road, Guildford", postcode: "GU1 1RX" },
      },
    });
  });

  it("never sends a household's name, email or phone; a business is named with its SIC code", () => {
    const household = JSON.stringify(
      carrierEvents({ ...JOB, collectedAt: "2026-12-03T10:15:00.000Z" }),
    );
    // The customer's email and phone are nowhere in it (the job's data has none to leak either).
    expect(household).not.toContain("emailAddress");
    expect(household).not.toContain("phoneNumber");
    expect(JSON.parse(household).createMovement.producer).not.toHaveProperty("organisationName");
    const business = carrierEvents({
      ...JOB,
      household: false,
      businessName: "Shah Lettings Ltd",
      sicCode: "68209",
    });
    expect(business.createMovement.producer).toEqual({
      wasteSource: "Commercial",
      councilMovement: false,
      organisationName: "Shah Lettings Ltd",
      sicCode: "68209",
      address: { fullAddress: "14 Acacia Avenue, London", postcode: "N1 2AB" },
    });
  });
});
