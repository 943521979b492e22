import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import type { DocumentBusiness } from "~/documents/letterhead.server";
import {
  receiptDocument,
  receiptPdf,
  receiptReference,
  type ReceiptInput,
} from "~/documents/receipt.server";
import {
  wasteTransferNoteDocument,
  wasteTransferNotePdf,
  type WasteTransferNoteInput,
} from "~/documents/waste-transfer-note.server";
import { renderDocument } from "~/services/pdf.server";
import { pdfText } from "../support/pdf-text";

// A completed job's two documents, the waste transfer note and the receipt, rendered in this
// process (no server, no database) and read back with pdf.js.

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

const carrier = {
  name: "Haulbook Waste Removal",
  address: "Unit 4, Riverside Yard, 12 Wharf Road, London N1 7GR",
  registration: "CBDU123456",
  crewName: "Sam Okafor",
  vehicleRegistration: "AB12 CDE",
};

const SOFA = {
  name: "Three-seater sofa",
  wasteDescription: "Domestic seating containing POPs (upholstered)",
  lowCode: "20 03 07",
  pops: true,
  hazardous: false,
  quantity: 1,
};
const FRIDGE = {
  name: "Fridge freezer",
  wasteDescription: "Discarded equipment containing chlorofluorocarbons (fridge freezer)",
  lowCode: "20 01 23*",
  pops: false,
  hazardous: true,
  quantity: 2,
};
const MATTRESS = {
  name: "Double mattress",
  wasteDescription: "Bulky waste: mattress",
  lowCode: "20 03 07",
  pops: false,
  hazardous: false,
  quantity: 1,
};

/** A household's note: a sofa and a mattress, handed over on a summer afternoon (BST). */
function householdNote(overrides: Partial<WasteTransferNoteInput> = {}): WasteTransferNoteInput {
  return {
    reference: "WTN-000123",
    // 13:05 UTC is 14:05 in London in July
    transferredAt: "2026-07-01T13:05:00.000Z",
    createdAt: new Date("2026-07-01T13:06:00Z"),
    transferor: {
      name: "Zoë Brontë-Smith",
      businessName: null,
      sicCode: null,
      addressLines: ["14 Acacia Avenue", "Islington, London", "N1 2AB"],
      email: "zoe@example.com",
      phone: "07700 900123",
      handedOverBy: "Zoë Brontë-Smith",
    },
    collectionAddressLines: ["14 Acacia Avenue", "Islington, London", "N1 2AB"],
    carrier,
    containment: "Loose, loaded by hand into our vehicle",
    lines: [SOFA, MATTRESS],
    consignmentNoteNeeded: false,
    ...overrides,
  };
}

/** A café's note: a sofa and two fridges, handed over on a winter evening (GMT). */
function businessNote(lineCount = 2): WasteTransferNoteInput {
  const extra = Array.from({ length: Math.max(0, lineCount - 2) }, (_, i) => ({
    ...[MATTRESS, SOFA, FRIDGE][i % 3]!,
    name: `${[MATTRESS, SOFA, FRIDGE][i % 3]!.name} (room ${i + 2})`,
  }));
  return householdNote({
    reference: "WTN-000124",
    transferredAt: "2026-12-03T17:40:00.000Z",
    createdAt: new Date("2026-12-03T17:41:00Z"),
    transferor: {
      name: "Łukasz Nowak",
      businessName: "Nowak's Café Ltd",
      sicCode: "81299",
      addressLines: ["2 Market Row", "Brixton, London", "SW9 8LB"],
      email: "lukasz@nowakscafe.example",
      phone: "020 7946 0999",
      handedOverBy: "Łukasz Nowak",
    },
    collectionAddressLines: ["Rear yard, 2 Market Row", "Brixton, London", "SW9 8LB"],
    lines: [SOFA, FRIDGE, ...extra],
    consignmentNoteNeeded: true,
  });
}

function receipt(
  lines: ReceiptInput["lines"],
  overrides: Partial<ReceiptInput> = {},
  businessName: string | null = null,
): ReceiptInput {
  return {
    receiptNumber: 42,
    taxPoint: "2026-12-03",
    issuedOn: "2026-12-04",
    createdAt: new Date("2026-12-04T09:00:00Z"),
    orderId: 317,
    customer: {
      name: businessName ? "Łukasz Nowak" : "Zoë Brontë-Smith",
      businessName,
      addressLines: businessName
        ? ["2 Market Row", "Brixton, London", "SW9 8LB"]
        : ["14 Acacia Avenue", "Islington, London", "N1 2AB"],
      email: "zoe@example.com",
      phone: "07700 900123",
    },
    lines,
    totalPence: lines.reduce((sum, line) => sum + line.quantity * line.unitPricePence, 0),
    vatRatePercent: 20,
    paymentLine: "Paid by card on 3 December 2026",
    ...overrides,
  };
}

// £150: a household's simplified VAT receipt
const LINES_150 = [
  {
    description: "Three-seater sofa",
    detail: "Outside — left out for collection",
    quantity: 1,
    unitPricePence: 9000,
  },
  {
    description: "Double mattress",
    detail: "Inside — no dismantling",
    quantity: 1,
    unitPricePence: 6000,
  },
];
// £300: over £250, a full VAT invoice; £38.00 and £40.00 do not divide by 1.2 exactly
const LINES_300 = [
  {
    description: "Three-seater sofa",
    detail: "Outside — left out for collection",
    quantity: 1,
    unitPricePence: 9000,
  },
  {
    description: "Double mattress",
    detail: "Inside — no dismantling",
    quantity: 2,
    unitPricePence: 3800,
  },
  {
    description: "Fridge freezer",
    detail: "Outside — left out for collection",
    quantity: 2,
    unitPricePence: 4000,
  },
  {
    description: "Wardrobe",
    detail: "Inside — needs dismantling",
    quantity: 1,
    unitPricePence: 7000,
  },
  { description: "Loyalty discount", detail: null, quantity: 1, unitPricePence: -1600 },
];
// £120 for a business: a full VAT invoice however small
const LINES_120 = [
  {
    description: "Office chairs",
    detail: "Inside — no dismantling",
    quantity: 3,
    unitPricePence: 2333,
  },
  {
    description: "Fridge freezer",
    detail: "Outside — left out for collection",
    quantity: 1,
    unitPricePence: 5001,
  },
];

/** The whole document's text on one line, so wrapped text still matches. */
function flat(pages: string[]): string {
  return pages.join("\n").replace(/\s+/g, " ");
}

function pence(text: string): number {
  const match = /^(-?)£([\d,]+)\.(\d{2})$/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  return (match[1] ? -1 : 1) * (Number(match[2]!.replace(/,/g, "")) * 100 + Number(match[3]));
}

async function measure(label: string, render: () => Promise<Buffer>): Promise<Buffer> {
  const bytes = await render(); // the first render in a process parses the fonts
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    const start = performance.now();
    await render();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = (times[4]! + times[5]!) / 2;
  const { pages } = await pdfText(bytes);
  console.log(
    `${label}: ${pages.length} page(s), ${(bytes.length / 1000).toFixed(1)} kB, median of 10 renders ${median.toFixed(1)} ms`,
  );
  return bytes;
}

describe("the waste transfer note", () => {
  it("holds what the duty of care asks, for a household's sofa in summer (BST)", async () => {
    const { pages, info } = await pdfText(await wasteTransferNotePdf(householdNote(), business));
    const text = flat(pages);
    expect(pages).toHaveLength(1);
    for (const expected of [
      "Waste transfer note",
      "Reference WTN-000123",
      // 13:05 UTC on 1 July is 14:05 British Summer Time
      "Date Wednesday 1 July 2026",
      "Time 14:05 BST",
      "PLACE OF TRANSFER",
      "Where the waste came from: the place of transfer above, where it was collected.",
      "14 Acacia Avenue",
      "Zoë Brontë-Smith",
      "Waste carrier registration: CBDU123456",
      "Crew: Sam Okafor",
      "Vehicle registration: AB12 CDE",
      "Waste List of Wastes code Quantity",
      "Three-seater sofa 20 03 07 1",
      "Domestic seating containing POPs (upholstered)",
      "Contains persistent organic pollutants (POPs): kept apart and sent for incineration",
      "Double mattress 20 03 07 1",
      "How it is contained: Loose, loaded by hand into our vehicle.",
      "Waste hierarchy declaration and signatures",
      "The transferor declares: “I confirm that I have fulfilled my duty to apply the waste hierarchy as required by Regulation 12 of the Waste (England and Wales) Regulations 2011.",
      "Signed for the transferor: Zoë Brontë-Smith",
      "Signed for the carrier: Sam Okafor for Haulbook Waste Removal",
      "Name typed as an electronic signature on handing the waste over, 1 Jul 2026, 14:05 BST",
      "Page 1 of 1",
    ])
      expect(text).toContain(expected);
    // the POPs line is the sofa's only: once in the document
    expect(text.split("persistent organic pollutants")).toHaveLength(2);
    expect(text).not.toContain("Hazardous");
    expect(text).not.toContain("consignment note");
    expect(text).not.toContain("SIC code");
    expect(info).toMatchObject({ Title: "Waste transfer note", Author: "Haulbook Waste Removal" });
  });

  it("marks a business's hazardous fridges, asks for a consignment note and prints the SIC code (GMT)", async () => {
    const { pages } = await pdfText(await wasteTransferNotePdf(businessNote(), business));
    const text = flat(pages);
    expect(pages).toHaveLength(1);
    for (const expected of [
      "Reference WTN-000124",
      // 17:40 UTC on 3 December is 17:40 Greenwich Mean Time
      "Date Thursday 3 December 2026",
      "Time 17:40 GMT",
      "Rear yard, 2 Market Row",
      "Nowak's Café Ltd",
      "Łukasz Nowak",
      "SIC code (2007): 81299",
      "Fridge freezer 20 01 23* 2",
      "Hazardous",
      "Hazardous waste consignment note needed",
      "need a hazardous waste consignment note as well",
      "Signed for the transferor: Łukasz Nowak",
      "Signed for the carrier: Sam Okafor for Haulbook Waste Removal",
    ])
      expect(text).toContain(expected);
    // the mark is under the fridge's code, on the line after it, and nowhere else in the table
    const lines = pages[0]!.split("\n");
    const fridge = lines.findIndex((line) => line.startsWith("Fridge freezer 20 01 23*"));
    expect(lines.slice(fridge + 1, fridge + 4).join(" ")).toContain("Hazardous");
    expect(text.split("Contains persistent organic pollutants")).toHaveLength(2);
  });

  it("describes the note as data: the hazardous mark on the hazardous line only", () => {
    const spec = wasteTransferNoteDocument(businessNote(), business);
    expect(spec.title).toBe("Waste transfer note");
    expect(spec.table?.rows).toEqual([
      [
        {
          text: "Three-seater sofa",
          detail:
            "Domestic seating containing POPs (upholstered)\nContains persistent organic pollutants (POPs): kept apart and sent for incineration",
        },
        { text: "20 03 07", detail: null },
        "1",
      ],
      [
        {
          text: "Fridge freezer",
          detail: "Discarded equipment containing chlorofluorocarbons (fridge freezer)",
        },
        { text: "20 01 23*", detail: "Hazardous" },
        "2",
      ],
    ]);
    expect(spec.blocks.some((block) => block.kind === "notice")).toBe(true);
    const household = wasteTransferNoteDocument(householdNote(), business);
    expect(household.blocks.some((block) => block.kind === "notice")).toBe(false);
  });

  it("keeps ten lines to two pages at most, with the table's header on each", async () => {
    const { pages } = await pdfText(await wasteTransferNotePdf(businessNote(10), business));
    expect(pages.length).toBeLessThanOrEqual(2);
    for (const page of pages) expect(page).toContain("Waste List of Wastes code Quantity");
    // the signatures stay together
    const last = pages[pages.length - 1]!;
    expect(last).toContain("Signed for the transferor:");
    expect(last).toContain("Signed for the carrier:");
  });

  it("never runs a long party heading into the name under it", async () => {
    const spec = wasteTransferNoteDocument(householdNote(), business);
    // wraps only once letter-spaced: measured without the spacing, it took one line
    const heading = "Collected from (place of transfer)";
    const { pages } = await pdfText(
      await renderDocument({ ...spec, party: { ...spec.party!, heading } }),
    );
    const lines = pages[0]!.split("\n");
    // the heading wraps in its column (letter-spaced capitals), and the name has a line of its own
    expect(lines).toContain("14 Acacia Avenue");
  });

  it("gives the same bytes for the same note", async () => {
    const [first, second] = await Promise.all([
      wasteTransferNotePdf(businessNote(), business),
      wasteTransferNotePdf(businessNote(), business),
    ]);
    expect(first.equals(second)).toBe(true);
  });
});

describe("the receipt", () => {
  it("receiptReference prints the number with six digits", () => {
    expect(receiptReference(42)).toBe("R-000042");
    expect(receiptReference(1234567)).toBe("R-1234567");
  });

  it("is a simplified VAT receipt for a household's £150: VAT rate per line, the VAT it contains", async () => {
    const input = receipt(LINES_150);
    const { pages } = await pdfText(await receiptPdf(input, business));
    const text = flat(pages);
    expect(pages).toHaveLength(1);
    for (const expected of [
      "VAT receipt",
      "Haulbook Waste Removal",
      "Unit 4, Riverside Yard, 12 Wharf Road, London N1 7GR",
      "VAT registration number: GB123456789",
      "Receipt no. R-000042",
      "Tax point Thursday 3 December 2026",
      "Issued Friday 4 December 2026",
      "Booking HB317",
      "RECEIPT FOR",
      "Zoë Brontë-Smith",
      "Item Qty Unit price VAT rate Amount",
      "Three-seater sofa 1 £90.00 20% £90.00",
      "Double mattress 1 £60.00 20% £60.00",
      // £150.00 contains £25.00 of VAT at 20%
      "VAT at 20% included £25.00",
      "Total (including VAT) £150.00",
      "Paid by card on 3 December 2026: £150.00.",
      "Tax point: Thursday 3 December 2026",
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain("excluding VAT");
  });

  it("is a full VAT invoice for £300: every amount excluding VAT, and the totals add up exactly", async () => {
    const input = receipt(LINES_300);
    expect(input.totalPence).toBe(30_000);
    const { pages } = await pdfText(await receiptPdf(input, business));
    const text = flat(pages);
    for (const expected of [
      "VAT invoice",
      "VAT registration number: GB123456789",
      "Invoice no. R-000042",
      "Tax point Thursday 3 December 2026",
      "INVOICE TO",
      "Zoë Brontë-Smith",
      "14 Acacia Avenue",
      // the long headers on two lines
      "Item Qty Unit price VAT rate Amount excluding VAT excluding VAT",
      "Three-seater sofa 1 £75.00 20% £75.00",
      // £76.00 and £80.00 share their pennies: £63.33 + £66.67 (+ £75.00 + £58.33 − £13.33) = £250.00
      "Double mattress 2 £31.67 20% £63.33",
      "Fridge freezer 2 £33.33 20% £66.67",
      "Wardrobe 1 £58.33 20% £58.33",
      "Loyalty discount 1 -£13.33 20% -£13.33",
      "Total excluding VAT £250.00",
      "VAT at 20% £50.00",
      "Total including VAT £300.00",
    ])
      expect(text).toContain(expected);

    const spec = receiptDocument(input, business);
    const lineNets = spec.table!.rows.map((row) => pence(row[4] as string));
    const [net, vat, total] = spec.totals.map((row) => pence(row.value));
    expect(lineNets.reduce((a, b) => a + b, 0)).toBe(net);
    expect(net! + vat!).toBe(total);
    expect(total).toBe(input.totalPence);
  });

  it("is a full VAT invoice for a business's £120, with the business as the customer", async () => {
    const input = receipt(LINES_120, {}, "Nowak's Café Ltd");
    expect(input.totalPence).toBe(12_000);
    const { pages } = await pdfText(await receiptPdf(input, business));
    const text = flat(pages);
    for (const expected of [
      "VAT invoice",
      "INVOICE TO",
      "Nowak's Café Ltd",
      "Łukasz Nowak",
      "2 Market Row",
      // 3 × £23.33 = £69.99 is £58.325 excluding VAT, £50.01 is £41.675: the penny goes to the
      // first, and the lines still make £100.00
      "Office chairs 3 £19.44 20% £58.33",
      "Fridge freezer 1 £41.67 20% £41.67",
      "Total excluding VAT £100.00",
      "VAT at 20% £20.00",
      "Total including VAT £120.00",
      "Paid by card on 3 December 2026: £120.00.",
    ])
      expect(text).toContain(expected);
  });

  it("is a plain receipt with no VAT on it when the business is not VAT registered", async () => {
    const input = receipt(LINES_300, { paymentLine: "Paid in cash on collection" });
    const { pages } = await pdfText(await receiptPdf(input, notVatRegistered));
    const text = flat(pages);
    for (const expected of [
      "Receipt",
      "Receipt no. R-000042",
      "Tax point Thursday 3 December 2026",
      "Item Qty Unit price Amount",
      "Double mattress 2 £38.00 £76.00",
      "Loyalty discount 1 -£16.00 -£16.00",
      "Total £300.00",
      "Paid in cash on collection: £300.00.",
    ])
      expect(text).toContain(expected);
    expect(text).not.toMatch(/VAT/);
  });

  it("always prints the input's total, whatever the rate and the pennies", () => {
    // awkward totals at several rates: the full invoice's lines and VAT add up to the total
    const amounts = [1, 7, 99, 2333, 5001, 12_345, 25_001, 99_999];
    for (const rate of [0, 5, 20]) {
      for (let n = 1; n <= 6; n++) {
        const lines = Array.from({ length: n }, (_, i) => ({
          description: `Item ${i + 1}`,
          detail: null,
          quantity: (i % 3) + 1,
          unitPricePence: amounts[(i * 5 + n) % amounts.length]!,
        }));
        const input = receipt(lines, { vatRatePercent: rate }, "Nowak's Café Ltd");
        const spec = receiptDocument(input, business);
        const [net, vat, total] = spec.totals.map((row) => pence(row.value));
        const lineNets = spec.table!.rows.map((row) => pence(row[4] as string));
        expect(total).toBe(input.totalPence);
        expect(net! + vat!).toBe(total);
        expect(lineNets.reduce((a, b) => a + b, 0)).toBe(net);
        const household = receiptDocument(
          { ...input, customer: { ...input.customer, businessName: null } },
          business,
        );
        expect(pence(household.totals.at(-1)!.value)).toBe(input.totalPence);
      }
    }
  });

  it("refuses lines that do not add up to the total", () => {
    expect(() => receiptDocument(receipt(LINES_150, { totalPence: 15_001 }), business)).toThrow(
      /add up to 15000 pence, the total is 15001/,
    );
  });
});

describe("rendering cost", () => {
  it("measures each document (median of 10 renders after the first) and its size", async () => {
    const sizes = [
      await measure("waste transfer note, 2 lines", () =>
        wasteTransferNotePdf(businessNote(), business),
      ),
      await measure("waste transfer note, 10 lines", () =>
        wasteTransferNotePdf(businessNote(10), business),
      ),
      await measure("VAT receipt (simplified), £150", () =>
        receiptPdf(receipt(LINES_150), business),
      ),
      await measure("VAT invoice (full), £300", () => receiptPdf(receipt(LINES_300), business)),
      await measure("receipt (not VAT registered), £300", () =>
        receiptPdf(receipt(LINES_300), notVatRegistered),
      ),
    ].map((bytes) => bytes.length);
    // fonts are subset: each document stays small
    for (const size of sizes) expect(size).toBeLessThan(60_000);
  });
});
