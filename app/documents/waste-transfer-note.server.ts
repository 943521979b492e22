import { formatDay, formatLongDay, formatTimeWithZone } from "~/lib/format";
import type { WasteLine } from "~/lib/waste";
import type { DocumentBlock, DocumentSpec } from "~/services/pdf-spec.server";
import { renderDocument } from "~/services/pdf.server";
import { letterhead, type DocumentBusiness } from "./letterhead.server";

/**
 * The waste transfer note a completed job gives (the duty of care: the Environmental Protection
 * Act 1990 s.34 and the Waste (England and Wales) Regulations 2011; Defra's "Waste duty of care:
 * code of practice"). It records what the customer handed over to us, the carrier: each waste's
 * description, List of Wastes code, quantity and how it was contained (POPs and hazardous waste
 * called out), where it came from, both parties (the customer's SIC code when a business), our
 * waste carrier registration, the place, date and time of the transfer, the waste hierarchy
 * declaration and both parties' typed names as their electronic signatures.
 */

export interface WasteTransferNoteInput {
  /** e.g. "WTN-000123" */
  reference: string;
  /** ISO instant of the transfer; printed as the Europe/London date and time */
  transferredAt: string;
  /** PDF metadata (deterministic output) */
  createdAt: Date;
  /** the customer who hands the waste over */
  transferor: {
    name: string;
    businessName: string | null;
    /** SIC 2007, 5 digits; only for a business */
    sicCode: string | null;
    addressLines: string[];
    email: string;
    phone: string;
    /** the name typed by the crew: who handed the waste over (their electronic signature) */
    handedOverBy: string;
  };
  /** where the waste came from (the collection address) */
  collectionAddressLines: string[];
  /** Haulbook, as it was at the transfer */
  carrier: {
    name: string;
    address: string;
    registration: string;
    crewName: string;
    /** the van's registration; null when the crew did not give it */
    vehicleRegistration: string | null;
  };
  /** how the waste was contained, e.g. "Loose, loaded by hand into our vehicle" */
  containment: string;
  lines: WasteLine[];
  /** a business handing over hazardous waste: a hazardous waste consignment note is needed as well */
  consignmentNoteNeeded: boolean;
}

export const POPS_LINE =
  "Contains persistent organic pollutants (POPs): kept apart and sent for incineration";
export const HAZARDOUS_MARK = "Hazardous";
export const WASTE_HIERARCHY_DECLARATION =
  "I confirm that I have fulfilled my duty to apply the waste hierarchy as required by Regulation 12 of the Waste (England and Wales) Regulations 2011.";
export const CONSIGNMENT_NOTE_LINE = `The lines marked ${HAZARDOUS_MARK} are hazardous waste from a business: they need a hazardous waste consignment note as well.`;

/** The note as a document spec: pure, so what it says is tested as data. */
export function wasteTransferNoteDocument(
  input: WasteTransferNoteInput,
  business: DocumentBusiness,
): DocumentSpec {
  const { transferor, carrier } = input;
  const businessName = transferor.businessName?.trim() || null;
  const date = formatLongDay(input.transferredAt);
  const time = formatTimeWithZone(input.transferredAt);
  const present = (lines: (string | null)[]) =>
    lines.flatMap((line) => (line && line.trim() !== "" ? [line] : []));

  const blocks: DocumentBlock[] = [
    {
      kind: "paragraphs",
      paragraphs: [
        `Where the waste came from: the place of transfer above, where it was collected. How it is contained: ${input.containment.trim().replace(/\.$/, "")}.`,
      ],
    },
  ];
  if (input.consignmentNoteNeeded)
    blocks.push({
      kind: "notice",
      heading: "Hazardous waste consignment note needed",
      text: CONSIGNMENT_NOTE_LINE,
    });
  const signedAt = `${formatDay(input.transferredAt)}, ${time}`;
  blocks.push({
    kind: "signatures",
    heading: "Waste hierarchy declaration and signatures",
    text: `The transferor declares: “${WASTE_HIERARCHY_DECLARATION}”`,
    signatures: [
      {
        label: "Signed for the transferor:",
        name: transferor.handedOverBy,
        note: `Name typed as an electronic signature on handing the waste over, ${signedAt}`,
      },
      {
        label: "Signed for the carrier:",
        name: `${carrier.crewName} for ${carrier.name}`,
        note: `Name typed as an electronic signature on receiving the waste, ${signedAt}`,
      },
    ],
  });

  return {
    title: "Waste transfer note",
    createdAt: input.createdAt,
    header: letterhead(business),
    party: {
      heading: "Place of transfer",
      name: input.collectionAddressLines[0] ?? "",
      lines: present(input.collectionAddressLines.slice(1)),
    },
    meta: [
      { label: "Reference", value: input.reference },
      { label: "Date", value: date },
      { label: "Time", value: time },
    ],
    beforeTable: [
      {
        kind: "parties",
        parties: [
          {
            heading: "Transferor: hands the waste over",
            name: businessName ?? transferor.name,
            lines: present([
              businessName ? transferor.name : null,
              present(transferor.addressLines).join(", "),
              transferor.email,
              transferor.phone,
              businessName && transferor.sicCode ? `SIC code (2007): ${transferor.sicCode}` : null,
              businessName ? null : "A household (domestic waste)",
            ]),
          },
          {
            heading: "Transferee: the waste carrier",
            name: carrier.name,
            lines: present([
              carrier.address,
              `Waste carrier registration: ${carrier.registration}`,
              `Crew: ${carrier.crewName}`,
              carrier.vehicleRegistration
                ? `Vehicle registration: ${carrier.vehicleRegistration}`
                : null,
            ]),
          },
        ],
      },
    ],
    table: {
      columns: [
        { header: "Waste", width: 4.9 },
        { header: "List of Wastes code", width: 2.3 },
        { header: "Quantity", width: 1.2, align: "right" },
      ],
      rows: input.lines.map((line) => [
        {
          text: line.name,
          detail: [line.wasteDescription, line.pops ? POPS_LINE : null]
            .filter((part): part is string => part !== null && part.trim() !== "")
            .join("\n"),
        },
        { text: line.lowCode, detail: line.hazardous ? HAZARDOUS_MARK : null },
        String(line.quantity),
      ]),
    },
    totals: [],
    blocks,
  };
}

/** The note as PDF bytes. */
export function wasteTransferNotePdf(
  input: WasteTransferNoteInput,
  business: DocumentBusiness,
): Promise<Buffer> {
  return renderDocument(wasteTransferNoteDocument(input, business));
}
