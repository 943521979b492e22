import type { Font } from "fontkit";
import type PDFDocumentClass from "pdfkit";
import { documentFonts } from "./pdf-fonts.server";
import { FOOTER_SPACE, Layout, MARGIN } from "./pdf-layout.server";
import type { DocumentSpec } from "./pdf-spec.server";

/**
 * The shop's printed documents (quotes, VAT receipts, waste transfer notes):
 * a document is described as data, a DocumentSpec (pdf-spec.server.ts), and this
 * turns it into PDF bytes, its pages drawn by pdf-layout.server.ts. A4, DejaVu Sans embedded (subset), body text
 * 10.5 pt so a page zoomed to a phone's width stays readable. The same spec
 * gives the same bytes: nothing here reads the clock.
 * See docs/decisions/018-pdf-documents.md.
 */

type PdfEngine = { PDFDocument: typeof PDFDocumentClass; regular: Font; bold: Font };
let engine: Promise<PdfEngine> | undefined;

/**
 * pdfkit and the fonts, loaded and parsed on the first document of a process and shared by every
 * later one. Loaded then, not at start: pdfkit and fontkit take about 70 ms to load, which every
 * start of the shop (and each shop the tests start) would pay for a document it may never make.
 * The parsed fonts (pdfkit takes a fontkit font as well as bytes) lay text out about three times
 * faster than parsing the files for each document; each document makes its own glyph subset.
 */
function pdfEngine(): Promise<PdfEngine> {
  engine ??= (async () => {
    const [{ default: PDFDocument }, fontkit] = await Promise.all([
      import("pdfkit"),
      import("fontkit"),
    ]);
    const files = documentFonts();
    return {
      PDFDocument,
      regular: fontkit.create(files.regular) as Font,
      bold: fontkit.create(files.bold) as Font,
    };
  })();
  return engine;
}

/** pdfkit's types name only paths and bytes; it also takes a fontkit font (anything with layout()). */
const asSource = (font: Font) => font as unknown as PDFKit.Mixins.PDFFontSource;

/** Renders a document to PDF bytes. */
export async function renderDocument(spec: DocumentSpec): Promise<Buffer> {
  const { PDFDocument, regular, bold } = await pdfEngine();
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
    bufferPages: true,
    // Our embedded font from the start: pdfkit would otherwise load Helvetica's metrics,
    // which the single executable does not carry.
    font: asSource(regular) as string,
    lang: "en-GB",
    displayTitle: true,
    info: {
      Title: spec.title,
      Author: spec.header.name,
      Creator: spec.header.name,
      Producer: "Haulbook",
      CreationDate: spec.createdAt,
      ModDate: spec.createdAt,
    },
  });
  doc.registerFont("regular", asSource(regular));
  doc.registerFont("bold", asSource(bold));

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const layout = new Layout(doc);
  layout.header(spec);
  layout.partyAndMeta(spec);
  for (const block of spec.beforeTable ?? []) layout.block(block);
  if (spec.table) layout.table(spec.table);
  if (spec.totals.length > 0) layout.totals(spec.totals);
  for (const block of spec.blocks) layout.block(block);
  layout.footers(spec.header.name);
  doc.end();
  return done;
}

/**
 * A rendered document as the answer to a GET: never stored by a cache; `inline` opens it in the
 * browser, `attachment` saves it. `headers` adds to these (a customer's link: its Referrer-Policy).
 */
export function pdfResponse(
  pdf: { filename: string; bytes: Buffer },
  disposition: "inline" | "attachment",
  headers: Record<string, string> = {},
): Response {
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `${disposition}; filename="${pdf.filename}"`,
      "Cache-Control": "private, no-store",
      ...headers,
    },
  });
}
