import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WasteTransferExport } from "~/lib/waste-export";
import { withTestDatabase, type TestDatabase } from "../support/database";
import { startServer, type RunningServer } from "../support/server";
import { signInStaff, type SignedIn } from "../support/staff";

/**
 * The waste transfers export (/dashboard/transfers, export.csv, export.json): the waste lines of
 * the notes whose transfer falls on the chosen UK days, in transfer order, on either engine.
 * Completions are written here as the completion model stores them (job_completions and
 * job_waste_lines).
 */
let server: RunningServer;
let staff: SignedIn;

beforeAll(async () => {
  server = await startServer();
  staff = await signInStaff(server);
});
afterAll(async () => {
  await server?.stop();
});

interface Line {
  name: string;
  description: string;
  code: string;
  pops?: boolean;
  hazardous?: boolean;
  quantity: number;
}

let receipts = 5000;

/** One completed job with its waste lines, as the completion model writes it; answers its id. */
async function insertCompletion(
  db: TestDatabase,
  fields: {
    orderId: number | null;
    transferredAt: string;
    customer: string;
    business?: { name: string; sic: string };
  },
  lines: Line[],
): Promise<number> {
  receipts += 1;
  const row = await db.get<{ id: number }>(
    `INSERT INTO job_completions (order_id, receipt_number, photo_token, transferred_at,
       collection_date, handed_over_by, crew_name, containment, customer_name, customer_email,
       customer_phone, address_1, town, postcode, business_name, sic_code, carrier_name,
       carrier_address, carrier_registration, vat_number, vat_rate_percent, total_pence,
       payment_method, keep_until)
     VALUES (?, ?, ?, ?, ?, 'Pat Handover', 'Alex Driver', 'Loose, loaded by hand', ?,
       'transfer@example.com', '07700 900444', '9 Brook Street', 'Reading', 'RG1 2AB', ?, ?,
       'Haulbook Removals', 'Unit 4, Mill Yard, Guildford GU1 3AA', 'CBDU123456', '', 20, 12000,
       'card', '2028-07-01') RETURNING id`,
    fields.orderId,
    receipts,
    `photo-token-${receipts}-abcdefghijkl`,
    fields.transferredAt,
    fields.transferredAt.slice(0, 10),
    fields.customer,
    fields.business?.name ?? null,
    fields.business?.sic ?? null,
  );
  const id = Number(row!.id);
  for (const [i, line] of lines.entries())
    await db.run(
      `INSERT INTO job_waste_lines (completion_id, sort_order, source, name, waste_description,
         low_code, pops, hazardous, quantity) VALUES (?, ?, 'booked', ?, ?, ?, ?, ?, ?)`,
      id,
      i,
      line.name,
      line.description,
      line.code,
      line.pops ? 1 : 0,
      line.hazardous ? 1 : 0,
      line.quantity,
    );
  return id;
}

async function get(path: string, cookie = staff.cookie) {
  const response = await fetch(`${server.url}${path}`, { headers: { cookie }, redirect: "manual" });
  return { response, body: (await response.text()).replaceAll("<!-- -->", "") };
}

/** A CSV of quoted cells (the export's own form) as rows of cells. */
function parseCsv(text: string): string[][] {
  expect(text.endsWith("\r\n")).toBe(true);
  return text
    .slice(0, -2)
    .split("\r\n")
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"')));
}

// 1 July 2026 is a BST day: it runs from 2026-06-30T23:00Z to 2026-07-01T23:00Z.
const DAY = "2026-07-01";
const NEXT = "2026-07-02";

describe("the waste transfers export", () => {
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    await withTestDatabase(server, async (db) => {
      const order = await db.get<{ id: number }>(
        `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode,
           collection_date, status, booking_status, payment_method, total_pence, source)
         VALUES ('Cafe Owner', 'cafe@example.com', '07700 900444', '9 Brook Street', 'Reading',
           'RG1 2AB', ?, 'complete', 'complete', 'card', 12000, 'web') RETURNING id`,
        DAY,
      );
      ids.order = Number(order!.id);
      // Written first, transferred second: the export goes by the transfer's time.
      ids.morning = await insertCompletion(
        db,
        {
          orderId: ids.order,
          transferredAt: "2026-07-01T08:30:00.000Z",
          customer: "Cafe Owner",
          business: { name: "Brook Street Cafe Ltd", sic: "56102" },
        },
        [
          {
            name: "Fridge freezer",
            description: "Discarded fridges and freezers containing refrigerant gases",
            code: "20 01 23*",
            hazardous: true,
            quantity: 2,
          },
          {
            name: "Three-seater sofa",
            description: "Domestic seating containing POPs (upholstered)",
            code: "20 03 07",
            pops: true,
            quantity: 1,
          },
        ],
      );
      // 23:30 UTC on 30 June is 00:30 on 1 July in the UK; its order has since been deleted.
      ids.midnight = await insertCompletion(
        db,
        {
          orderId: null,
          transferredAt: "2026-06-30T23:30:00.000Z",
          customer: '=HYPERLINK("http://evil.example","Click")',
        },
        [
          {
            name: "Garden waste",
            description: "Garden waste (biodegradable)",
            code: "20 02 01",
            quantity: 3,
          },
        ],
      );
      // 23:15 UTC on 1 July is already 2 July in the UK.
      ids.nextDay = await insertCompletion(
        db,
        { orderId: null, transferredAt: "2026-07-01T23:15:00.000Z", customer: "Next Day" },
        [{ name: "Armchair", description: "Bulky furniture waste", code: "20 03 07", quantity: 1 }],
      );
    });
  });

  it("exports the day's lines as CSV, in transfer order, formula-safe, as a download", async () => {
    const { response, body } = await get(`/dashboard/transfers/export.csv?from=${DAY}&to=${DAY}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="waste-transfers-${DAY}-to-${DAY}.csv"`,
    );
    const [header, ...lines] = parseCsv(body);
    expect(lines).toHaveLength(3);
    const rows = lines.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i]])));
    const ref = (id: number) => `WTN-${String(id).padStart(6, "0")}`;
    expect(
      rows.map((r) => [r.yourUniqueReference, r.lineNumber, r["wasteItem.productName"]]),
    ).toEqual([
      [ref(ids.midnight!), "1", "Garden waste"],
      [ref(ids.morning!), "1", "Fridge freezer"],
      [ref(ids.morning!), "2", "Three-seater sofa"],
    ]);
    expect(body).not.toContain("Next Day");
    const [midnight, fridge, sofa] = rows;
    expect(midnight).toMatchObject({
      dateTimeTransferred: "2026-07-01T00:30:00+01:00",
      transferDate: DAY,
      orderId: "",
      "transferor.name": `'=HYPERLINK("http://evil.example","Click")`,
      "transferor.businessName": "",
      "wasteItem.ewcCodes": "200201",
      "wasteItem.quantity.amount": "3",
    });
    expect(fridge).toMatchObject({
      dateTimeTransferred: "2026-07-01T09:30:00+01:00",
      orderId: String(ids.order),
      "transferor.name": "Cafe Owner",
      "transferor.businessName": "Brook Street Cafe Ltd",
      "transferor.sicCode": "56102",
      "transferor.address.fullAddress": "9 Brook Street, Reading, RG1 2AB",
      "transferor.address.postcode": "RG1 2AB",
      "transferor.emailAddress": "transfer@example.com",
      "transferor.phoneNumber": "07700 900444",
      "transferor.handedOverBy": "Pat Handover",
      "collectionAddress.fullAddress": "9 Brook Street, Reading, RG1 2AB",
      "carrier.organisationName": "Haulbook Removals",
      "carrier.address.postcode": "GU1 3AA",
      "carrier.registrationNumber": "CBDU123456",
      "carrier.crewMember": "Alex Driver",
      "carrier.meansOfTransport": "Road",
      "wasteItem.ewcCodes": "200123",
      "wasteItem.lowCode": "20 01 23*",
      "wasteItem.wasteDescription": "Discarded fridges and freezers containing refrigerant gases",
      "wasteItem.quantity.amount": "2",
      "wasteItem.quantity.unit": "items",
      "wasteItem.containsHazardous": "true",
      "wasteItem.containsPops": "false",
      "wasteItem.containment": "Loose, loaded by hand",
    });
    expect(sofa).toMatchObject({
      "wasteItem.containsPops": "true",
      "wasteItem.ewcCodes": "200307",
    });
    expect(Number(fridge!.receiptNumber)).toBeGreaterThan(5000);
  });

  it("exports the same records as JSON with the range and when it was made", async () => {
    const before = Date.now();
    const { response, body } = await get(`/dashboard/transfers/export.json?from=${DAY}&to=${DAY}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="waste-transfers-${DAY}-to-${DAY}.json"`,
    );
    const doc = JSON.parse(body) as WasteTransferExport;
    expect(doc.from).toBe(DAY);
    expect(doc.to).toBe(DAY);
    expect(Date.parse(doc.generatedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(doc.records.map((r) => [r.yourUniqueReference, r.lineNumber])).toEqual([
      [`WTN-${String(ids.midnight).padStart(6, "0")}`, 1],
      [`WTN-${String(ids.morning).padStart(6, "0")}`, 1],
      [`WTN-${String(ids.morning).padStart(6, "0")}`, 2],
    ]);
    // JSON is data, not a spreadsheet: the customer's text is exactly as typed.
    expect(doc.records[0]!.transferor.name).toBe('=HYPERLINK("http://evil.example","Click")');
    expect(doc.records[0]!.orderId).toBeNull();
    expect(doc.records[1]).toMatchObject({
      orderId: ids.order,
      transferor: { businessName: "Brook Street Cafe Ltd", sicCode: "56102" },
      carrier: { registrationNumber: "CBDU123456", address: { postcode: "GU1 3AA" } },
      wasteItem: {
        ewcCodes: ["200123"],
        lowCode: "20 01 23*",
        quantity: { amount: 2, unit: "items" },
        containsHazardous: true,
        containsPops: false,
      },
    });
  });

  it("takes the next day alone, and both days together", async () => {
    const next = JSON.parse(
      (await get(`/dashboard/transfers/export.json?from=${NEXT}&to=${NEXT}`)).body,
    ) as WasteTransferExport;
    expect(next.records.map((r) => r.transferor.name)).toEqual(["Next Day"]);
    expect(next.records[0]!.dateTimeTransferred).toBe("2026-07-02T00:15:00+01:00");
    const both = JSON.parse(
      (await get(`/dashboard/transfers/export.json?from=${DAY}&to=${NEXT}`)).body,
    ) as WasteTransferExport;
    expect(both.records).toHaveLength(4);
  });

  it("refuses a range that is not one with 400 and says why", async () => {
    for (const [query, message] of [
      [`from=${NEXT}&to=${DAY}`, "The first day must be on or before the last day"],
      ["from=2026-02-30&to=2026-03-01", "Please enter the first day as a date"],
      [`from=${DAY}`, "Please enter the last day as a date"],
      ["from=2025-01-01&to=2026-07-01", "Please choose at most 366 days"],
    ])
      for (const ext of ["csv", "json"]) {
        const { response, body } = await get(`/dashboard/transfers/export.${ext}?${query}`);
        expect(response.status, `${ext} ${query}`).toBe(400);
        expect(body, `${ext} ${query}`).toContain(message);
      }
  });

  it("shows the day's notes and lines on the page, linking an order that still exists", async () => {
    const { response, body } = await get(`/dashboard/transfers?from=${DAY}&to=${DAY}`);
    expect(response.status).toBe(200);
    expect(body).toContain("<h1");
    expect(body).toContain("Waste transfers");
    expect(body).toMatch(/data-testid="transfers-count"[^>]*>2 notes, 3 lines</);
    const rows = body.split('data-testid="transfer-row"').slice(1);
    expect(rows).toHaveLength(3);
    const morning = `WTN-${String(ids.morning).padStart(6, "0")}`;
    expect(rows[1]).toContain(`href="/dashboard/orders/${ids.order}">${morning}</a>`);
    expect(rows[1]).toContain("Brook Street Cafe Ltd");
    expect(rows[1]).toContain("20 01 23*");
    expect(rows[1]).toContain("Hazardous");
    expect(rows[2]).toContain("POPs");
    expect(rows[0]).not.toContain("/dashboard/orders/");
    expect(rows[0]).toContain("1 Jul 2026, 00:30");
    expect(body).toContain(`href="/dashboard/transfers/export.csv?from=${DAY}&amp;to=${DAY}"`);
    expect(body).toContain(`href="/dashboard/transfers/export.json?from=${DAY}&amp;to=${DAY}"`);
  });

  it("shows a bad range inline on the page, with the days as typed", async () => {
    const { response, body } = await get(`/dashboard/transfers?from=${NEXT}&to=${DAY}`);
    expect(response.status).toBe(200);
    expect(body).toMatch(
      /id="field-to-error" aria-live="polite">The first day must be on or before the last day</,
    );
    expect(body).toMatch(/aria-invalid="true"[^>]*aria-describedby="field-to-error"/);
    expect(body).toContain(`value="${NEXT}"`);
    expect(body).not.toContain('data-testid="transfer-row"');
    expect(body).not.toContain("export.csv");
  });

  it("defaults to the current month up to today, and is in the staff menu", async () => {
    const { body } = await get("/dashboard/transfers");
    expect(body).toMatch(/name="from"[^>]*value="\d{4}-\d{2}-01"/);
    const menu = await get("/dashboard/home?menu=open");
    expect(menu.body).toMatch(/href="\/dashboard\/transfers"[^>]*>.*?<span>Transfers<\/span>/);
  });

  it("sends anyone not signed in to /login", async () => {
    for (const path of [
      `/dashboard/transfers?from=${DAY}&to=${DAY}`,
      `/dashboard/transfers/export.csv?from=${DAY}&to=${DAY}`,
      `/dashboard/transfers/export.json?from=${DAY}&to=${DAY}`,
    ]) {
      const { response, body } = await get(path, "");
      expect([302, 303], path).toContain(response.status);
      expect(response.headers.get("location"), path).toMatch(
        /^\/login\?redirectTo=%2Fdashboard%2Ftransfers/,
      );
      expect(body).not.toContain("WTN-");
    }
  });
});
