import { formatLongDate, formatPence } from "~/lib/format";
import { bookingReference } from "~/lib/references";
import { receiptKind, vatBreakdown, vatIncluded, type ReceiptKind } from "~/lib/vat";
import type { DocumentSpec, DocumentTable, LabelledValue } from "~/services/pdf-spec.server";
import { renderDocument } from "~/services/pdf.server";
import { letterhead, type DocumentBusiness } from "./letterhead.server";

/**
 * The receipt a completed job gives, of the kind `receiptKind` picks (HMRC VAT Notice 700/21):
 * a simplified "VAT receipt" (a household, £250 or less), a full "VAT invoice" (over £250, or a
 * business customer: every amount also excluding VAT) or, when the business is not VAT
 * registered, a plain "Receipt" with no VAT on it. Prices are VAT-inclusive integer pence; the
 * total printed is always the input's total.
 */

export interface ReceiptInput {
  /** the shop's sequential receipt number, printed by receiptReference ("R-000042") */
  receiptNumber: number;
  /** the tax point: the collection day, ISO YYYY-MM-DD */
  taxPoint: string;
  /** ISO day the receipt was made */
  issuedOn: string;
  createdAt: Date;
  orderId: number | null;
  customer: {
    name: string;
    businessName: string | null;
    addressLines: string[];
    email: string;
    phone: string;
  };
  /** VAT-inclusive integer pence; quantity ≥ 1; a unit price may be negative (an adjustment) */
  lines: { description: string; detail: string | null; quantity: number; unitPricePence: number }[];
  totalPence: number;
  vatRatePercent: number;
  /** e.g. "Paid by card on 3 December 2026" or "Paid in cash on collection" */
  paymentLine: string;
}

/** 42 → "R-000042": the receipt number as it is printed (and searched for). */
export function receiptReference(receiptNumber: number): string {
  return `R-${String(receiptNumber).padStart(6, "0")}`;
}

export const RECEIPT_TITLES: Record<ReceiptKind, string> = {
  simplified: "VAT receipt",
  full: "VAT invoice",
  "not-registered": "Receipt",
};

/** The kind of receipt this input gets from this business. */
export function receiptKindOf(input: ReceiptInput, business: DocumentBusiness): ReceiptKind {
  return receiptKind({
    totalPence: input.totalPence,
    business: Boolean(input.customer.businessName?.trim()),
    vatRegistered: business.vatNumber !== "",
  });
}

/**
 * The receipt as a document spec: pure, so it is tested as data. Throws when the lines do not add
 * up to the total: a receipt whose lines and total disagree must not be issued.
 */
export function receiptDocument(input: ReceiptInput, business: DocumentBusiness): DocumentSpec {
  const amounts = input.lines.map((line) => line.unitPricePence * line.quantity);
  const sum = amounts.reduce((total, amount) => total + amount, 0);
  if (sum !== input.totalPence)
    throw new Error(
      `Receipt ${receiptReference(input.receiptNumber)}: the lines add up to ${sum} pence, the total is ${input.totalPence}`,
    );
  const kind = receiptKindOf(input, business);
  const rate = `${input.vatRatePercent}%`;
  const { customer } = input;

  let table: DocumentTable;
  let totals: LabelledValue[];
  if (kind === "full") {
    const split = vatBreakdown(amounts, input.vatRatePercent);
    table = {
      columns: [
        { header: "Item", width: 3.6 },
        { header: "Qty", width: 0.7, align: "right" },
        { header: "Unit price excluding VAT", width: 2.2, align: "right" },
        { header: "VAT rate", width: 1.2, align: "right" },
        { header: "Amount excluding VAT", width: 2.2, align: "right" },
      ],
      rows: input.lines.map((line, i) => {
        const net = split.lineNetPence[i]!;
        // the line's amount over its quantity when that is whole pence (always so for one);
        // otherwise the unit price excluding VAT to the nearest penny
        const unitNet =
          net % line.quantity === 0
            ? net / line.quantity
            : Math.round((line.unitPricePence * 100) / (100 + input.vatRatePercent));
        return [
          { text: line.description, detail: line.detail },
          String(line.quantity),
          formatPence(unitNet),
          rate,
          formatPence(net),
        ];
      }),
    };
    totals = [
      { label: "Total excluding VAT", value: formatPence(split.netPence) },
      { label: `VAT at ${rate}`, value: formatPence(split.vatPence) },
      { label: "Total including VAT", value: formatPence(input.totalPence) },
    ];
  } else {
    const vatColumn = kind === "simplified";
    table = {
      columns: [
        { header: "Item", width: vatColumn ? 4.7 : 5.2 },
        { header: "Qty", width: 0.9, align: "right" },
        { header: "Unit price", width: 1.7, align: "right" },
        ...(vatColumn ? [{ header: "VAT rate", width: 1.4, align: "right" as const }] : []),
        { header: "Amount", width: 1.7, align: "right" },
      ],
      rows: input.lines.map((line, i) => [
        { text: line.description, detail: line.detail },
        String(line.quantity),
        formatPence(line.unitPricePence),
        ...(vatColumn ? [rate] : []),
        formatPence(amounts[i]!),
      ]),
    };
    totals = vatColumn
      ? [
          {
            label: `VAT at ${rate} included`,
            value: formatPence(vatIncluded(input.totalPence, input.vatRatePercent)),
          },
          { label: "Total (including VAT)", value: formatPence(input.totalPence) },
        ]
      : [{ label: "Total", value: formatPence(input.totalPence) }];
  }

  const meta: LabelledValue[] = [
    {
      label: kind === "full" ? "Invoice no." : "Receipt no.",
      value: receiptReference(input.receiptNumber),
    },
    { label: "Tax point", value: formatLongDate(input.taxPoint) },
    { label: "Issued", value: formatLongDate(input.issuedOn) },
  ];
  if (input.orderId !== null)
    meta.push({ label: "Booking", value: bookingReference(input.orderId) });

  const isBusiness = Boolean(customer.businessName?.trim());
  return {
    title: RECEIPT_TITLES[kind],
    createdAt: input.createdAt,
    header: letterhead(
      business,
      // Not registered: the receipt names no VAT at all (lib/vat.ts).
      kind === "not-registered" ? undefined : `VAT registration number: ${business.vatNumber}`,
    ),
    party: {
      heading: kind === "full" ? "Invoice to" : "Receipt for",
      name: isBusiness ? customer.businessName!.trim() : customer.name,
      lines: [
        ...(isBusiness ? [customer.name] : []),
        ...customer.addressLines,
        customer.email,
        customer.phone,
      ].filter((line) => line.trim() !== ""),
    },
    meta,
    table,
    totals,
    blocks: [
      {
        kind: "paragraphs",
        heading: "Payment",
        paragraphs: [
          `${input.paymentLine.trim().replace(/\.$/, "")}: ${formatPence(input.totalPence)}.`,
          kind === "not-registered"
            ? "Thank you for your booking."
            : `Tax point: ${formatLongDate(input.taxPoint)} (the day of the collection, the time of supply). Thank you for your booking.`,
        ],
      },
    ],
  };
}

/** The receipt as PDF bytes. */
export function receiptPdf(input: ReceiptInput, business: DocumentBusiness): Promise<Buffer> {
  return renderDocument(receiptDocument(input, business));
}
