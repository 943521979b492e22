import { cancellationPolicy } from "~/lib/cancellation";
import { formatLongDate, formatPence } from "~/lib/format";
import { vatIncluded } from "~/lib/vat";
import type { DocumentBlock, DocumentSpec } from "~/services/pdf-spec.server";
import { renderDocument } from "~/services/pdf.server";
import { letterhead, type DocumentBusiness } from "./letterhead.server";

/**
 * The PDF quote a customer receives: what we will take, for how much, until
 * when, and how to book it. Prices are VAT-inclusive; the VAT they contain is
 * shown only when the business is VAT registered (VAT_NUMBER).
 */

export interface QuoteDocumentInput {
  /** e.g. "Q12-2" (quote 12, second version) */
  reference: string;
  /** ISO day YYYY-MM-DD (Europe/London) */
  issuedOn: string;
  /** ISO day */
  validUntil: string;
  customer: { name: string; addressLines: string[]; email: string; phone: string };
  /** prices VAT-inclusive, integer pence */
  lines: {
    description: string;
    detail: string | null;
    quantity: number;
    unitPricePence: number;
  }[];
  totalPence: number;
  /** e.g. 20 */
  vatRatePercent: number;
  /** staff's note to the customer */
  note: string | null;
  /** absolute URL of the customer's quote page */
  link: string;
  /** for the PDF metadata (deterministic output) */
  createdAt: Date;
}

/**
 * The quote as a document spec: pure, so it is tested as data. The business defaults to the
 * configuration's; tests pass their own.
 */
export function quoteDocument(input: QuoteDocumentInput, business: DocumentBusiness): DocumentSpec {
  const vatRegistered = business.vatNumber !== "";
  const blocks: DocumentBlock[] = [];
  const note = input.note?.trim();
  if (note)
    blocks.push({
      kind: "paragraphs",
      heading: "A note from us",
      paragraphs: note.split(/\r?\n\s*\r?\n/).map((part) => part.replace(/\s*\r?\n\s*/g, " ")),
    });
  blocks.push({ kind: "link", label: "Book and pay online:", url: input.link });
  blocks.push({
    kind: "paragraphs",
    heading: "What the price includes · Cancellation terms",
    paragraphs: [
      `Carrying out, loading, disposal at licensed sites that reuse or recycle what they can, and your waste transfer note by email. Not included: anything not listed, or hazardous waste (paint, asbestos, chemicals); more on the day is priced before we take it. Pay by card when you book online, or call ${business.phone}.`,
      `This quote is valid until ${formatLongDate(input.validUntil)}. Once you book, ${lowerFirst(
        cancellationPolicy(vatRegistered).join(" "),
      )}`,
    ],
  });
  return {
    title: "Quote",
    createdAt: input.createdAt,
    header: letterhead(
      business,
      // Not registered: the quote names no VAT at all (lib/vat.ts).
      vatRegistered ? `VAT registration number: ${business.vatNumber}` : undefined,
    ),
    party: {
      heading: "Quote for",
      name: input.customer.name,
      lines: [...input.customer.addressLines, input.customer.email, input.customer.phone].filter(
        (line) => line.trim() !== "",
      ),
    },
    meta: [
      { label: "Reference", value: input.reference },
      { label: "Date", value: formatLongDate(input.issuedOn) },
      { label: "Valid until", value: formatLongDate(input.validUntil) },
    ],
    table: {
      columns: [
        { header: "Item", width: 5.2 },
        { header: "Qty", width: 0.9, align: "right" },
        { header: "Unit price", width: 1.7, align: "right" },
        { header: "Amount", width: 1.7, align: "right" },
      ],
      rows: input.lines.map((line) => [
        { text: line.description, detail: line.detail },
        String(line.quantity),
        formatPence(line.unitPricePence),
        formatPence(line.unitPricePence * line.quantity),
      ]),
    },
    totals: vatRegistered
      ? [
          {
            label: `VAT at ${input.vatRatePercent}% included`,
            value: formatPence(vatIncluded(input.totalPence, input.vatRatePercent)),
          },
          { label: "Total (including VAT)", value: formatPence(input.totalPence) },
        ]
      : [{ label: "Total", value: formatPence(input.totalPence) }],
    blocks,
  };
}

/** The quote as PDF bytes. */
export function quotePdf(input: QuoteDocumentInput, business: DocumentBusiness): Promise<Buffer> {
  return renderDocument(quoteDocument(input, business));
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
