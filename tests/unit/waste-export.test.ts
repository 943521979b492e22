import { describe, expect, it } from "vitest";
import { londonDayStart } from "~/lib/london-clock.server";
import {
  WASTE_TRANSFER_COLUMNS,
  ewcCode,
  exportFilename,
  londonDateTime,
  postcodeAtEnd,
  wasteTransferRecord,
  wasteTransfersCsv,
  wasteTransfersJson,
  wtnReference,
  type WasteTransferRow,
} from "~/lib/waste-export";
import { RANGE_MESSAGES, checkTransferRange } from "~/models/job-day/waste-export.server";

describe("the range of a waste transfers export (docs/rules.md#waste-transfers-export)", () => {
  it.each([
    ["2026-11-01", "2026-11-23", { ok: true, from: "2026-11-01", to: "2026-11-23" }],
    ["2026-11-23", "2026-11-23", { ok: true, from: "2026-11-23", to: "2026-11-23" }],
    [" 2026-11-01 ", "2026-11-02", { ok: true, from: "2026-11-01", to: "2026-11-02" }],
    // 366 days counting both ends: a leap year whole, or a year and a day.
    ["2028-01-01", "2028-12-31", { ok: true, from: "2028-01-01", to: "2028-12-31" }],
    ["2026-01-01", "2027-01-01", { ok: true, from: "2026-01-01", to: "2027-01-01" }],
    ["2026-01-01", "2027-01-02", { ok: false, field: "to", message: RANGE_MESSAGES.tooLong }],
    ["2026-11-24", "2026-11-23", { ok: false, field: "to", message: RANGE_MESSAGES.order }],
    ["2026-02-30", "2026-03-01", { ok: false, field: "from", message: RANGE_MESSAGES.from }],
    ["2026-11-01", "2026-13-01", { ok: false, field: "to", message: RANGE_MESSAGES.to }],
    ["", "2026-11-01", { ok: false, field: "from", message: RANGE_MESSAGES.from }],
    ["2026-11-01", null, { ok: false, field: "to", message: RANGE_MESSAGES.to }],
    ["01/11/2026", "2026-11-02", { ok: false, field: "from", message: RANGE_MESSAGES.from }],
    ["2026-11-1", "2026-11-02", { ok: false, field: "from", message: RANGE_MESSAGES.from }],
  ] as const)("from %j to %j", (from, to, expected) => {
    expect(checkTransferRange({ from, to })).toEqual(expected);
  });
});

describe("UK days and times", () => {
  it.each([
    ["2026-01-15", "2026-01-15T00:00:00.000Z"],
    ["2026-07-01", "2026-06-30T23:00:00.000Z"],
    ["2026-03-29", "2026-03-29T00:00:00.000Z"], // the clocks go forward at 01:00 GMT
    ["2026-10-25", "2026-10-24T23:00:00.000Z"], // … and back at 02:00 BST
  ])("the UK day %s starts at %s", (day, instant) => {
    expect(londonDayStart(day).toISOString()).toBe(instant);
  });

  it.each([
    ["2026-01-15T14:05:00.000Z", "2026-01-15T14:05:00+00:00"],
    ["2026-06-30T23:30:00Z", "2026-07-01T00:30:00+01:00"],
  ])("%s reads %s on the UK clock", (instant, text) => {
    expect(londonDateTime(instant)).toBe(text);
  });
});

describe("codes, references and postcodes", () => {
  it("pads the note's reference to six digits", () => {
    expect(wtnReference(123)).toBe("WTN-000123");
    expect(wtnReference(1)).toBe("WTN-000001");
    expect(wtnReference(1234567)).toBe("WTN-1234567");
  });

  it.each([
    ["20 03 07", "200307"],
    ["20 01 23*", "200123"],
    ["200135*", "200135"],
  ])("gives Defra %j as %j", (low, ewc) => {
    expect(ewcCode(low)).toBe(ewc);
  });

  it.each([
    ["Unit 4, Mill Yard, Guildford GU1 3AA", "GU1 3AA"],
    ["1 High St, London, sw1a1aa", "SW1A 1AA"],
    ["Depot, Leeds LS11 5QT ", "LS11 5QT"],
    ["Somewhere without one", ""],
  ])("finds the postcode of %j", (address, postcode) => {
    expect(postcodeAtEnd(address)).toBe(postcode);
  });

  it("names the download after the range", () => {
    expect(exportFilename({ from: "2026-11-01", to: "2026-11-23" }, "csv")).toBe(
      "waste-transfers-2026-11-01-to-2026-11-23.csv",
    );
  });
});

const ROW: WasteTransferRow = {
  completionId: 42,
  orderId: 7,
  receiptNumber: 1003,
  transferredAt: "2026-07-01T08:30:00.000Z",
  handedOverBy: "Sam Green",
  crewName: "Alex Driver",
  containment: "Loose, loaded by hand",
  customerName: "Jo Bloggs",
  customerEmail: "jo@example.com",
  customerPhone: "07700 900123",
  address1: "14 Orchard Lane",
  town: "Reading",
  postcode: "RG1 4QX",
  businessName: "Bloggs Cafe Ltd",
  sicCode: "56102",
  carrierName: "Haulbook Removals",
  carrierAddress: "Unit 4, Mill Yard, Guildford GU1 3AA",
  carrierRegistration: "CBDU123456",
  sortOrder: 1,
  name: "Fridge freezer",
  wasteDescription: "Discarded fridges and freezers containing refrigerant gases",
  lowCode: "20 01 23*",
  pops: false,
  hazardous: true,
  quantity: 2,
};

const RECORD = {
  yourUniqueReference: "WTN-000042",
  lineNumber: 2,
  dateTimeTransferred: "2026-07-01T09:30:00+01:00",
  transferDate: "2026-07-01",
  orderId: 7,
  receiptNumber: 1003,
  transferor: {
    name: "Jo Bloggs",
    businessName: "Bloggs Cafe Ltd",
    sicCode: "56102",
    address: { fullAddress: "14 Orchard Lane, Reading, RG1 4QX", postcode: "RG1 4QX" },
    emailAddress: "jo@example.com",
    phoneNumber: "07700 900123",
    handedOverBy: "Sam Green",
  },
  collectionAddress: { fullAddress: "14 Orchard Lane, Reading, RG1 4QX", postcode: "RG1 4QX" },
  carrier: {
    organisationName: "Haulbook Removals",
    address: { fullAddress: "Unit 4, Mill Yard, Guildford GU1 3AA", postcode: "GU1 3AA" },
    registrationNumber: "CBDU123456",
    crewMember: "Alex Driver",
    meansOfTransport: "Road",
  },
  wasteItem: {
    ewcCodes: ["200123"],
    lowCode: "20 01 23*",
    wasteDescription: "Discarded fridges and freezers containing refrigerant gases",
    productName: "Fridge freezer",
    quantity: { amount: 2, unit: "items" },
    containsHazardous: true,
    containsPops: false,
    containment: "Loose, loaded by hand",
  },
};

/** Every leaf of a record as "a.b.c" paths, in order. */
function leafPaths(value: unknown, prefix = ""): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) =>
    leafPaths(inner, prefix ? `${prefix}.${key}` : key),
  );
}

describe("a record of the export", () => {
  it.each([
    ["a business's hazardous line in summer", ROW, RECORD],
    [
      "a household's POPs line in winter, its order since deleted",
      {
        ...ROW,
        completionId: 123,
        orderId: null,
        transferredAt: "2026-01-15T14:05:00Z",
        businessName: null,
        sicCode: null,
        sortOrder: 0,
        name: "Three-seater sofa",
        wasteDescription: "Domestic seating containing POPs (upholstered)",
        lowCode: "20 03 07",
        pops: true,
        hazardous: false,
        quantity: 1,
      },
      {
        ...RECORD,
        yourUniqueReference: "WTN-000123",
        lineNumber: 1,
        dateTimeTransferred: "2026-01-15T14:05:00+00:00",
        transferDate: "2026-01-15",
        orderId: null,
        transferor: { ...RECORD.transferor, businessName: null, sicCode: null },
        wasteItem: {
          ...RECORD.wasteItem,
          ewcCodes: ["200307"],
          lowCode: "20 03 07",
          wasteDescription: "Domestic seating containing POPs (upholstered)",
          productName: "Three-seater sofa",
          quantity: { amount: 1, unit: "items" },
          containsHazardous: false,
          containsPops: true,
        },
      },
    ],
  ])("%s", (_, row, record) => {
    expect(wasteTransferRecord(row)).toEqual(record);
  });

  it("has a CSV column for every field of the record, named by its path, in the record's order", () => {
    expect(WASTE_TRANSFER_COLUMNS.map(([header]) => header)).toEqual(leafPaths(RECORD));
  });

  it("writes a header row and one formula-safe line per waste line", () => {
    const risky = wasteTransferRecord({ ...ROW, customerName: "=HYPERLINK(1)", sicCode: null });
    const csv = wasteTransfersCsv([wasteTransferRecord(ROW), risky]);
    const lines = csv.split("\r\n");
    expect(lines).toHaveLength(4); // header, two lines, the final line end
    expect(lines[0]).toBe(WASTE_TRANSFER_COLUMNS.map(([h]) => `"${h}"`).join(","));
    expect(lines[1]).toBe(
      [
        "WTN-000042",
        "2",
        "2026-07-01T09:30:00+01:00",
        "2026-07-01",
        "7",
        "1003",
        "Jo Bloggs",
        "Bloggs Cafe Ltd",
        "56102",
        "14 Orchard Lane, Reading, RG1 4QX",
        "RG1 4QX",
        "jo@example.com",
        "07700 900123",
        "Sam Green",
        "14 Orchard Lane, Reading, RG1 4QX",
        "RG1 4QX",
        "Haulbook Removals",
        "Unit 4, Mill Yard, Guildford GU1 3AA",
        "GU1 3AA",
        "CBDU123456",
        "Alex Driver",
        "Road",
        "200123",
        "20 01 23*",
        "Discarded fridges and freezers containing refrigerant gases",
        "Fridge freezer",
        "2",
        "items",
        "true",
        "false",
        "Loose, loaded by hand",
      ]
        .map((cell) => `"${cell}"`)
        .join(","),
    );
    expect(lines[2]).toContain(`"'=HYPERLINK(1)"`);
    expect(lines[2]).toContain(`"Bloggs Cafe Ltd",""`);
    expect(lines[3]).toBe("");
  });

  it("wraps the records with the range and when the export was made", () => {
    const now = new Date("2026-11-23T10:00:00Z");
    expect(
      wasteTransfersJson({ from: "2026-07-01", to: "2026-07-01" }, [RECORD as never], now),
    ).toEqual({
      from: "2026-07-01",
      to: "2026-07-01",
      generatedAt: "2026-11-23T10:00:00.000Z",
      records: [RECORD],
    });
  });
});
