import { formatLongDay, formatPence, formatTimeWithZone } from "~/lib/format";
import type { QrCode } from "~/lib/qr-code";
import type { TipRunSheet } from "~/lib/tip-run";
import { formatKilograms } from "~/lib/waste-facts";
import type { DocumentSpec, LabelledValue } from "~/services/pdf-spec.server";
import { renderDocument } from "~/services/pdf.server";
import { letterhead, type DocumentBusiness } from "./letterhead.server";

/**
 * A tip run's printed sheet (docs/rules.md#tip-runs): the load the van took to a receiving site,
 * the jobs whose waste was on it (by waste transfer note, never by household), the weighbridge's
 * weights and the gate fee, and the QR code the site scans for the load's Defra records.
 */

export interface TipRunSheetHandoff {
  /** the address the QR code holds: the hand-off page */
  url: string;
  /** the same address as a QR code */
  code: QrCode;
  /** the last day it opens, as words */
  openUntil: string;
}

export function tipRunSheetDocument(
  sheet: TipRunSheet,
  handoff: TipRunSheetHandoff,
  business: DocumentBusiness,
  createdAt: Date,
): DocumentSpec {
  const weights: LabelledValue[] = [
    ...(sheet.grossGrams !== null
      ? [{ label: "Gross", value: formatKilograms(sheet.grossGrams) }]
      : []),
    ...(sheet.tareGrams !== null
      ? [{ label: "Tare", value: formatKilograms(sheet.tareGrams) }]
      : []),
  ];
  return {
    title: "Tip run",
    createdAt,
    header: letterhead(business),
    party: {
      heading: "Taken to",
      name: sheet.site.name,
      lines: [sheet.site.address, `Permit or exemption: ${sheet.site.authorisationNumber}`],
    },
    meta: [
      { label: "Tip run", value: sheet.reference },
      { label: "Arrived", value: formatLongDay(sheet.arrivedAt) },
      { label: "Time", value: formatTimeWithZone(sheet.arrivedAt) },
      { label: "Van", value: sheet.vehicleRegistration },
      ...(sheet.ticketNumber ? [{ label: "Ticket", value: sheet.ticketNumber }] : []),
    ],
    table: {
      columns: [
        { header: "Waste transfer note", width: 2.2 },
        { header: "Waste", width: 4.6 },
        { header: "Estimated", width: 1.5, align: "right" },
        { header: "Share of fee", width: 1.5, align: "right" },
      ],
      rows: sheet.jobs.map((job) => [
        {
          text: job.wtnReference,
          detail: job.bookingReference ? `Booking ${job.bookingReference}` : null,
        },
        job.waste.join("; "),
        formatKilograms(job.weightGrams),
        formatPence(job.costPence),
      ]),
    },
    totals: [
      ...weights,
      { label: "Net weight (weighbridge)", value: formatKilograms(sheet.netGrams) },
      { label: "Gate fee", value: formatPence(sheet.gateFeePence) },
    ],
    blocks: [
      {
        kind: "qr",
        heading: "For the site: this load's Defra records",
        text: `Scan to open each job's record as Defra's Receipt API takes it, to copy into your own submission. Open until ${handoff.openUntil}.`,
        url: handoff.url,
        code: handoff.code,
      },
      {
        kind: "paragraphs",
        paragraphs: [`Recorded by ${sheet.recordedBy}.`],
      },
    ],
  };
}

/** The sheet as PDF bytes. */
export function tipRunSheetPdf(...args: Parameters<typeof tipRunSheetDocument>): Promise<Buffer> {
  return renderDocument(tipRunSheetDocument(...args));
}
