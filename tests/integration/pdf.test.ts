import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { DocumentBusiness } from "~/documents/letterhead.server";
import { quoteDocument, quotePdf, type QuoteDocumentInput } from "~/documents/quote.server";
import { renderDocument } from "~/services/pdf.server";
import { pdfText } from "../support/pdf-text";

// The PDF quote, rendered in this process (no server, no database) and read back with pdf.js.

const business: DocumentBusiness = {
  name: "Haulbook Waste Removal",
  phone: "020 7946 0321",
  email: "bookings@haulbook.example",
  address: "Unit 4, Riverside Yard, 12 Wharf Road, London N1 7GR",
  wasteCarrierLicence: "CBDU123456",
  vatNumber: "GB123456789",
  legalName: "",
  companyNumber: "",
  registeredOffice: "",
  openingHours: "",
  areaInWords: "",
  logoImageId: "",
  reviewUrl: "",
};
const notVatRegistered: DocumentBusiness = { ...business, vatNumber: "" };

const ITEMS = [
  { description: "Three-seater sofa", detail: "Outside — left out for collection", price: 4500 },
  { description: "Double mattress", detail: "Inside — no dismantling", price: 3800 },
  { description: "Wardrobe", detail: "Inside — needs dismantling", price: 6200 },
  { description: "Garden waste (1 cubic yard)", detail: null, price: 5500 },
  { description: "Fridge freezer", detail: "Outside — left out for collection", price: 4000 },
];

function quote(lineCount: number, overrides: Partial<QuoteDocumentInput> = {}): QuoteDocumentInput {
  const lines = Array.from({ length: lineCount }, (_, i) => {
    const item = ITEMS[i % ITEMS.length]!;
    return {
      // the long quote: every line its own name, a second line on every fifth
      description: lineCount > ITEMS.length ? `${item.description} no. ${i + 1}` : item.description,
      detail: lineCount > ITEMS.length && i % 5 !== 0 ? null : item.detail,
      quantity: (i % 3) + 1,
      unitPricePence: item.price,
    };
  });
  return {
    reference: "Q12-2",
    issuedOn: "2026-11-23",
    validUntil: "2026-12-23",
    customer: {
      name: "Zoë Brontë-Smith",
      addressLines: ["14 Acacia Avenue", "Islington, London", "N1 2AB"],
      email: "zoe@example.com",
      phone: "07700 900123",
    },
    lines,
    totalPence: lines.reduce((sum, line) => sum + line.quantity * line.unitPricePence, 0),
    vatRatePercent: 20,
    note: "Thanks for the photos. The wardrobe needs taking apart on the first floor: we have allowed for that.",
    link: "https://shop.example/quote/AbCdEf0123456789",
    createdAt: new Date("2026-11-23T10:00:00Z"),
    ...overrides,
  };
}

/** The whole document's text on one line, so wrapped text still matches. */
function flat(pages: string[]): string {
  return pages.join("\n").replace(/\s+/g, " ");
}

describe("the PDF quote", () => {
  it("says who it is from and for, what, for how much, until when, and how to book", async () => {
    const input = quote(5);
    const { pages, links } = await pdfText(await quotePdf(input, business));
    const text = flat(pages);
    expect(pages).toHaveLength(1);
    for (const expected of [
      "Haulbook Waste Removal",
      "Unit 4, Riverside Yard, 12 Wharf Road, London N1 7GR",
      "020 7946 0321",
      "bookings@haulbook.example",
      "Waste carrier registration: CBDU123456",
      "VAT registration number: GB123456789",
      "Quote",
      "Reference Q12-2",
      "Date Monday 23 November 2026",
      "Valid until Wednesday 23 December 2026",
      "Zoë Brontë-Smith",
      "14 Acacia Avenue",
      "zoe@example.com",
      "07700 900123",
      "Item Qty Unit price Amount",
      "Three-seater sofa 1 £45.00 £45.00",
      "Outside — left out for collection",
      "Double mattress 2 £38.00 £76.00",
      "Wardrobe 3 £62.00 £186.00",
      "What the price includes · Cancellation terms",
      "Carrying out, loading, disposal at licensed sites that reuse or recycle what they can, and your waste transfer note by email.",
      "Not included: anything not listed, or hazardous waste (paint, asbestos, chemicals); more on the day is priced before we take it.",
      "Pay by card when you book online, or call 020 7946 0321.",
      "Inside — needs dismantling",
      "Garden waste (1 cubic yard) 1 £55.00 £55.00",
      "Fridge freezer 2 £40.00 £80.00",
      // £442.00 contains £73.67 of VAT at 20%
      "VAT at 20% included £73.67",
      "Total (including VAT) £442.00",
      "A note from us",
      "The wardrobe needs taking apart on the first floor: we have allowed for that.",
      "Book and pay online: https://shop.example/quote/AbCdEf0123456789",
      "Cancellation terms",
      "free of charge up to 14 days before your collection date",
      "£24 including VAT (£20 plus VAT)",
      "£48 including VAT (£40 plus VAT)",
      "Page 1 of 1",
    ])
      expect(text).toContain(expected);
    // the link is clickable
    expect(links).toEqual([["https://shop.example/quote/AbCdEf0123456789"]]);
  });

  it("prints a link whose token has hyphens whole, on one line", async () => {
    // A real link: a long public address and a 32-character token with hyphens in it.
    const link = "https://bookings.haulbook-waste.example/quote/umH-t-mV9x-EnHhY5ksHTU4AGC2VYqxA";
    const { pages, links } = await pdfText(await quotePdf(quote(2, { link }), business));
    expect(pages[0]!.split("\n")).toContain(link);
    expect(links).toEqual([[link]]);
  });

  it("shows no VAT at all when the business is not VAT registered", async () => {
    const { pages } = await pdfText(await quotePdf(quote(5), notVatRegistered));
    const text = flat(pages);
    expect(text).toContain("Total £442.00");
    expect(text).toContain("the charge is £24, and on the day of the collection it is £48.");
    expect(text).not.toMatch(/VAT/);
  });

  it("names a company's registered name, number and office under the letterhead, and a sole trader's none", async () => {
    const company = {
      ...business,
      legalName: "Haulbook Waste Removal Ltd",
      companyNumber: "01234567",
      registeredOffice: "1 High Street, London N1 1AA",
    };
    const legal =
      "Haulbook Waste Removal Ltd, registered in England and Wales, company number 01234567. Registered office: 1 High Street, London N1 1AA.";
    expect(flat((await pdfText(await quotePdf(quote(5), company))).pages)).toContain(legal);
    expect(flat((await pdfText(await quotePdf(quote(5), business))).pages)).not.toMatch(
      /company number|Registered office/,
    );
  });

  it("puts the business's logo above its name, as an image in the PDF", async () => {
    const logo = await sharp({
      create: { width: 400, height: 100, channels: 4, background: "#c0392b" },
    })
      .png()
      .toBuffer();
    const bytes = await quotePdf(quote(5), { ...business, logoPng: logo });
    expect(bytes.toString("latin1")).toMatch(/\/Subtype \/Image/);
    expect((await quotePdf(quote(5), business)).toString("latin1")).not.toMatch(
      /\/Subtype \/Image/,
    );
    expect(flat((await pdfText(bytes)).pages)).toContain("Haulbook Waste Removal");
  });

  it("leaves out the note when staff wrote none", async () => {
    const { pages } = await pdfText(await quotePdf(quote(2, { note: null }), business));
    expect(flat(pages)).not.toContain("A note from us");
  });

  it("runs a long quote over pages, with the table's header and the page count on each", async () => {
    const input = quote(60);
    const { pages } = await pdfText(await quotePdf(input, business));
    expect(pages).toHaveLength(3);
    pages.forEach((page, i) => {
      expect(page).toContain("Item Qty Unit price Amount");
      expect(page).toContain(`Page ${i + 1} of 3`);
      expect(page).toContain("Haulbook Waste Removal");
    });
    const text = flat(pages);
    for (const line of input.lines)
      expect(text.split(`${line.description} `).length - 1, line.description).toBe(1);
    const total = "Total (including VAT) £5,760.00";
    expect(text.split(total)).toHaveLength(2);
    expect(pages[2]).toContain("Total (including VAT)");
    // the business's details head the first page only
    expect(pages[1]).not.toContain("Waste carrier registration");
  });

  it("is a valid A4 PDF with DejaVu Sans embedded, £ and accents intact", async () => {
    const bytes = await quotePdf(quote(5), business);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.includes("/FontFile2")).toBe(true);
    const { sizes, fonts, info, pages } = await pdfText(bytes);
    for (const size of sizes) {
      expect(size.width).toBeCloseTo(595.28, 1);
      expect(size.height).toBeCloseTo(841.89, 1);
    }
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font.name).toMatch(/^[A-Z]{6}\+DejaVuSans(-Bold)?$/);
      expect(font.embedded).toBe(true);
    }
    expect(info).toMatchObject({
      Title: "Quote",
      Author: "Haulbook Waste Removal",
      CreationDate: "D:20261123100000Z",
    });
    expect(flat(pages)).toContain("£442.00");
    expect(flat(pages)).toContain("Zoë Brontë-Smith");
  });

  it("gives the same bytes for the same quote", async () => {
    const first = await quotePdf(quote(12), business);
    await quotePdf(quote(60, { note: "Something else entirely: Ærø, naïve façade." }), business);
    const [second, third] = await Promise.all([
      quotePdf(quote(12), business),
      quotePdf(quote(12), business),
    ]);
    expect(first.equals(second)).toBe(true);
    expect(first.equals(third)).toBe(true);
    expect(first.equals(await quotePdf(quote(12, { reference: "Q12-3" }), business))).toBe(false);
  });

  it("describes the quote as data: totals with the VAT it contains, or only the total", () => {
    const registered = quoteDocument(quote(5), business);
    expect(registered.totals).toEqual([
      { label: "VAT at 20% included", value: "£73.67" },
      { label: "Total (including VAT)", value: "£442.00" },
    ]);
    expect(registered.header.lines).toContain("VAT registration number: GB123456789");
    expect(registered.table?.rows[2]).toEqual([
      { text: "Wardrobe", detail: "Inside — needs dismantling" },
      "3",
      "£62.00",
      "£186.00",
    ]);
    const unregistered = quoteDocument(quote(5), notVatRegistered);
    expect(unregistered.totals).toEqual([{ label: "Total", value: "£442.00" }]);
    expect(unregistered.header.lines.join(" ")).not.toMatch(/VAT/);
  });

  it("renders any document spec, even one with no party, table or totals", async () => {
    const bytes = await renderDocument({
      title: "Notice",
      createdAt: new Date("2026-11-23T10:00:00Z"),
      header: { name: "Haulbook Waste Removal", lines: [] },
      meta: [],
      totals: [],
      blocks: [{ kind: "paragraphs", paragraphs: ["Nothing else."] }],
    });
    const { pages } = await pdfText(bytes);
    expect(flat(pages)).toContain("Notice Nothing else. Haulbook Waste Removal Page 1 of 1");
  });
});
