import { tz } from "@date-fns/tz";
import { format } from "date-fns/format";
import { toCsv } from "./csv";
import { UK_TIME_ZONE } from "./format";
import type { WasteLine } from "./waste";

/**
 * The export of waste transfers (docs/rules.md#waste-transfers-export;
 * docs/decisions/022-waste-transfer-export.md): one record per line of a waste
 * transfer note, holding every field the note prints, named after Defra's
 * digital waste tracking Receipt API where it has a name for the field
 * (`yourUniqueReference`, `ewcCodes`, `wasteDescription`, `containsHazardous`,
 * `containsPops`, `carrier.organisationName`, `carrier.registrationNumber`,
 * `address.fullAddress`/`postcode`, `emailAddress`, `phoneNumber`,
 * `meansOfTransport`), and in plain camelCase where it has none. Pure: the
 * model reads the rows, this shapes them; the CSV and the JSON carry the same
 * records.
 */

/** The note's reference: "WTN-" and the completion id, zero-padded to six digits (WTN-000123). */
export function wtnReference(completionId: number): string {
  return `WTN-${String(completionId).padStart(6, "0")}`;
}

export interface ExportAddress {
  fullAddress: string;
  /** '' when the address holds no UK postcode */
  postcode: string;
}

export interface WasteTransferRecord {
  /** the waste transfer note's reference, WTN-000123 (Defra: yourUniqueReference) */
  yourUniqueReference: string;
  /** the line's place on the note, from 1 */
  lineNumber: number;
  /** the moment of transfer, ISO 8601 with the UK offset: 2026-07-01T09:30:00+01:00 */
  dateTimeTransferred: string;
  /** the UK day of the transfer, YYYY-MM-DD */
  transferDate: string;
  /** null once the order has been deleted (the note is kept regardless) */
  orderId: number | null;
  receiptNumber: number;
  transferor: {
    name: string;
    /** null for a household */
    businessName: string | null;
    /** SIC 2007 code, five digits; null for a household */
    sicCode: string | null;
    address: ExportAddress;
    emailAddress: string;
    phoneNumber: string;
    /** who handed the waste over at the door */
    handedOverBy: string;
  };
  /** where the waste was collected (the booking's address) */
  collectionAddress: ExportAddress;
  carrier: {
    organisationName: string;
    address: ExportAddress;
    /** the waste carrier registration, CBDU… */
    registrationNumber: string;
    /** the crew member who took the waste */
    crewMember: string;
    /** always "Road": the company collects by van */
    meansOfTransport: "Road";
  };
  wasteItem: {
    /** Defra's form: six digits, no spaces, no asterisk ("200123") */
    ewcCodes: string[];
    /** the List of Wastes code as the note prints it ("20 01 23*") */
    lowCode: string;
    wasteDescription: string;
    /** the line's product or item name */
    productName: string;
    quantity: { amount: number; unit: "items" };
    containsHazardous: boolean;
    containsPops: boolean;
    /** how the waste was contained, e.g. "Loose, loaded by hand" */
    containment: string;
  };
}

/** One waste line with its completion, as the model reads them (job_completions + job_waste_lines). */
export interface WasteTransferRow extends WasteLine {
  completionId: number;
  orderId: number | null;
  receiptNumber: number;
  transferredAt: string;
  handedOverBy: string;
  crewName: string;
  containment: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  address1: string;
  town: string;
  postcode: string;
  businessName: string | null;
  sicCode: string | null;
  carrierName: string;
  carrierAddress: string;
  carrierRegistration: string;
  /** sort_order: 0 for the first line */
  sortOrder: number;
}

const london = tz(UK_TIME_ZONE);

/** An instant as the UK clock reads it, with its offset: "2026-07-01T08:30:00Z" → "2026-07-01T09:30:00+01:00". */
export function londonDateTime(instant: string | Date): string {
  return format(new Date(instant), "yyyy-MM-dd'T'HH:mm:ssxxx", { in: london });
}

/** "20 01 23*" → "200123": the six digits Defra's ewcCodes take. */
export function ewcCode(lowCode: string): string {
  return lowCode.replace(/[\s*]/g, "");
}

const UK_POSTCODE_AT_END = /([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})\s*$/i;

/** The UK postcode an address ends with, normalised ("gu1 3aa" → "GU1 3AA"); '' when it has none. */
export function postcodeAtEnd(address: string): string {
  const match = UK_POSTCODE_AT_END.exec(address.trim());
  return match ? `${match[1]!.toUpperCase()} ${match[2]!.toUpperCase()}` : "";
}

/** One record of the export from one waste line and its completion. */
export function wasteTransferRecord(row: WasteTransferRow): WasteTransferRecord {
  const dateTime = londonDateTime(row.transferredAt);
  const address: ExportAddress = {
    fullAddress: `${row.address1}, ${row.town}, ${row.postcode}`,
    postcode: row.postcode,
  };
  return {
    yourUniqueReference: wtnReference(row.completionId),
    lineNumber: row.sortOrder + 1,
    dateTimeTransferred: dateTime,
    transferDate: dateTime.slice(0, 10),
    orderId: row.orderId,
    receiptNumber: row.receiptNumber,
    transferor: {
      name: row.customerName,
      businessName: row.businessName || null,
      sicCode: row.sicCode || null,
      address,
      emailAddress: row.customerEmail,
      phoneNumber: row.customerPhone,
      handedOverBy: row.handedOverBy,
    },
    collectionAddress: { ...address },
    carrier: {
      organisationName: row.carrierName,
      address: { fullAddress: row.carrierAddress, postcode: postcodeAtEnd(row.carrierAddress) },
      registrationNumber: row.carrierRegistration,
      crewMember: row.crewName,
      meansOfTransport: "Road",
    },
    wasteItem: {
      ewcCodes: [ewcCode(row.lowCode)],
      lowCode: row.lowCode,
      wasteDescription: row.wasteDescription,
      productName: row.name,
      quantity: { amount: row.quantity, unit: "items" },
      containsHazardous: row.hazardous,
      containsPops: row.pops,
      containment: row.containment,
    },
  };
}

type Column = readonly [header: string, value: (r: WasteTransferRecord) => string];

const text = (value: string | number | boolean | null) => (value === null ? "" : String(value));

/**
 * The CSV's columns, in order: each header is the field's path in the JSON
 * record, so a spreadsheet column and a JSON field are the same thing. A list
 * (ewcCodes) is joined with ";".
 */
export const WASTE_TRANSFER_COLUMNS: readonly Column[] = [
  ["yourUniqueReference", (r) => r.yourUniqueReference],
  ["lineNumber", (r) => text(r.lineNumber)],
  ["dateTimeTransferred", (r) => r.dateTimeTransferred],
  ["transferDate", (r) => r.transferDate],
  ["orderId", (r) => text(r.orderId)],
  ["receiptNumber", (r) => text(r.receiptNumber)],
  ["transferor.name", (r) => r.transferor.name],
  ["transferor.businessName", (r) => text(r.transferor.businessName)],
  ["transferor.sicCode", (r) => text(r.transferor.sicCode)],
  ["transferor.address.fullAddress", (r) => r.transferor.address.fullAddress],
  ["transferor.address.postcode", (r) => r.transferor.address.postcode],
  ["transferor.emailAddress", (r) => r.transferor.emailAddress],
  ["transferor.phoneNumber", (r) => r.transferor.phoneNumber],
  ["transferor.handedOverBy", (r) => r.transferor.handedOverBy],
  ["collectionAddress.fullAddress", (r) => r.collectionAddress.fullAddress],
  ["collectionAddress.postcode", (r) => r.collectionAddress.postcode],
  ["carrier.organisationName", (r) => r.carrier.organisationName],
  ["carrier.address.fullAddress", (r) => r.carrier.address.fullAddress],
  ["carrier.address.postcode", (r) => r.carrier.address.postcode],
  ["carrier.registrationNumber", (r) => r.carrier.registrationNumber],
  ["carrier.crewMember", (r) => r.carrier.crewMember],
  ["carrier.meansOfTransport", (r) => r.carrier.meansOfTransport],
  ["wasteItem.ewcCodes", (r) => r.wasteItem.ewcCodes.join(";")],
  ["wasteItem.lowCode", (r) => r.wasteItem.lowCode],
  ["wasteItem.wasteDescription", (r) => r.wasteItem.wasteDescription],
  ["wasteItem.productName", (r) => r.wasteItem.productName],
  ["wasteItem.quantity.amount", (r) => text(r.wasteItem.quantity.amount)],
  ["wasteItem.quantity.unit", (r) => r.wasteItem.quantity.unit],
  ["wasteItem.containsHazardous", (r) => text(r.wasteItem.containsHazardous)],
  ["wasteItem.containsPops", (r) => text(r.wasteItem.containsPops)],
  ["wasteItem.containment", (r) => r.wasteItem.containment],
];

/** The records as CSV: a header row, then one line per waste line (formula-safe, see ./csv). */
export function wasteTransfersCsv(records: readonly WasteTransferRecord[]): string {
  return toCsv([
    WASTE_TRANSFER_COLUMNS.map(([header]) => header),
    ...records.map((r) => WASTE_TRANSFER_COLUMNS.map(([, value]) => value(r))),
  ]);
}

export interface WasteTransferExport {
  from: string;
  to: string;
  generatedAt: string;
  records: WasteTransferRecord[];
}

/** The records as the JSON document: the range, when it was made, the records. */
export function wasteTransfersJson(
  range: { from: string; to: string },
  records: WasteTransferRecord[],
  now: Date = new Date(),
): WasteTransferExport {
  return { from: range.from, to: range.to, generatedAt: now.toISOString(), records };
}

/** The download's file name: waste-transfers-2026-11-01-to-2026-11-23.csv */
export function exportFilename(range: { from: string; to: string }, extension: "csv" | "json") {
  return `waste-transfers-${range.from}-to-${range.to}.${extension}`;
}
