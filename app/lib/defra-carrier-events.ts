/**
 * The carrier's side of Defra's digital waste tracking, as its draft carrier API describes it
 * (DEFRA/waste-tracking-service, branch alpha_collections, docs/collections; decision 047): a
 * movement created when a job is booked, its collection when the crew complete it, its drop-off
 * when its load reaches a tip. Carriers must report from October 2027; until Defra opens the API,
 * the events are the data we already keep (the booking, the completion, the tip run), and this one
 * pure function says what each would send. A household's name, email and phone are never sent
 * (the draft forbids them for household waste); its address only where the collection was.
 */

export interface CarrierJob {
  /** the waste transfer note, our reference for the movement */
  reference: string;
  /** the day booked, and the collection's window start (ISO instants) */
  estimatedCollection: string;
  /** when the crew handed over (the completion's transfer time); null until collected */
  collectedAt: string | null;
  household: boolean;
  /** a business customer's name and SIC code (never sent for a household) */
  businessName: string | null;
  sicCode: string | null;
  collectionAddress: { fullAddress: string; postcode: string };
  carrier: {
    registrationNumber: string;
    organisationName: string;
    address: { fullAddress: string; postcode: string } | null;
  };
  /** the van that collected it, when known */
  vehicleRegistration: string | null;
  wasteItems: readonly object[];
  /** the load that took it to a tip, once recorded */
  dropOff: {
    arrivedAt: string;
    vehicleRegistration: string;
    siteName: string;
    siteAddress: { fullAddress: string; postcode: string };
  } | null;
}

export interface CarrierEvents {
  createMovement: Record<string, unknown>;
  recordCollection: Record<string, unknown> | null;
  recordDropOff: Record<string, unknown> | null;
}

export function carrierEvents(job: CarrierJob): CarrierEvents {
  const carrier = (vehicle: string | null) => ({
    registrationNumber: job.carrier.registrationNumber,
    organisationName: job.carrier.organisationName,
    ...(job.carrier.address ? { address: job.carrier.address } : {}),
    meansOfTransport: "Road",
    ...(vehicle ? { vehicleRegistration: vehicle } : {}),
  });
  const producer = job.household
    ? {
        wasteSource: "Household",
        councilMovement: false,
        address: { postcode: job.collectionAddress.postcode },
      }
    : {
        wasteSource: "Commercial",
        councilMovement: false,
        organisationName: job.businessName ?? "",
        ...(job.sicCode ? { sicCode: job.sicCode } : {}),
        address: job.collectionAddress,
      };
  return {
    createMovement: {
      estimatedDateTimeCollected: job.estimatedCollection,
      yourUniqueReference: job.reference,
      producer,
      carrier: { meansOfTransport: "Road" },
      wasteItems: job.wasteItems,
    },
    recordCollection: job.collectedAt
      ? {
          actualDateTimeCollected: job.collectedAt,
          collectionType: "STATIC",
          carrier: carrier(job.vehicleRegistration),
          collection: { address: job.collectionAddress },
        }
      : null,
    recordDropOff: job.dropOff
      ? {
          actualDateTimeDropOff: job.dropOff.arrivedAt,
          carrier: carrier(job.dropOff.vehicleRegistration),
          dropOff: { siteName: job.dropOff.siteName, address: job.dropOff.siteAddress },
        }
      : null,
  };
}
