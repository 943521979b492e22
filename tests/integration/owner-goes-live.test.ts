import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toCsv, parseCsv } from "~/lib/csv";
import { haulbookAsync } from "../support/cli";
import { rows } from "../support/database";
import { phonePhoto } from "../support/images";
import { quoteForm, sendQuote } from "../support/make";
import { pdfText } from "../support/pdf-text";
import { BINARY } from "../support/program";
import { startServer, TEST_ENGINE, type RunningServer } from "../support/server";
import { followRedirect, postAsStaff, signInStaff, type SignedIn } from "../support/staff";

/**
 * A new owner's first hour (issue 31): a shop started on an empty data folder (in `npm test`'s
 * pass against the executable, the single file in an empty folder with an empty environment)
 * becomes theirs from the dashboard alone, without a file edited or a restart: their business and
 * its VAT registration, the area they collect from with an extra charge for part of it, the demo
 * content gone, and a catalogue changed and added to by CSV. Every public page then tells their
 * truth, and `haulbook check` agrees.
 */

const ACME = {
  intent: "business",
  name: "Acme Clearances",
  phone: "020 7946 0555",
  email: "office@acme-clearances.example",
  address: "Yard 3, Canal Road, Kingston KT1 1AA",
  openingHours: "Monday to Saturday, 8:00 to 18:00",
  areaInWords: "Kingston, Sutton and Croydon",
  wasteCarrierLicence: "cbdu 765432",
  vatRegistered: "yes",
  vatNumber: "123456789",
  companyNumber: "1234567",
  legalName: "Acme Clearances Ltd",
  registeredOffice: "1 High Street, Kingston KT1 1AA",
};

let server: RunningServer;
let staff: SignedIn;
beforeAll(async () => {
  server = await startServer({ fromTemplate: false, env: { PUBLIC_URL: "https://acme.example" } });
  staff = await signInStaff(server);
});
afterAll(async () => {
  await server?.stop();
});

const post = (path: string, fields: Record<string, string>) =>
  postAsStaff(server, staff, path, fields);

/** A public page's words as a visitor reads them (the kept shared copy: asked twice). */
async function words(path: string): Promise<string> {
  await fetch(`${server.url}${path}`);
  const res = await fetch(`${server.url}${path}`);
  expect(res.status).toBe(200);
  return (await res.text())
    .replaceAll("<!-- -->", "")
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<title>([^<]*)<\/title>/, " [title: $1] ")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ");
}

describe(`a new owner makes the shop their own (${BINARY ? "the executable" : TEST_ENGINE})`, () => {
  it("starts as the demo shop", async () => {
    const home = await words("/");
    expect(home).toContain("[title: Haulbook Waste Removal");
    expect(home).toContain("Sarah K.");
  });

  it("names the business, its area and charges, clears the demo, brings its catalogue, and every page then tells its truth", async () => {
    const business = await post("/dashboard/settings", ACME);
    expect(business.status).toBe(303);
    const area = await post("/dashboard/settings", {
      intent: "area",
      service_area: "KT, SM, CR0-CR9",
      area_surcharges: "SM £10",
    });
    expect((await followRedirect(server, area, staff.cookie)).html).toContain(
      "Area saved. Bookings are taken from CR0-CR9, KT, SM. Extra charges: SM 10.00.",
    );
    expect((await post("/dashboard/content", { intent: "remove-demo" })).status).toBe(303);

    // The catalogue: one price changed and one product added, with its picture, by CSV.
    const exported = parseCsv(
      await (
        await fetch(`${server.url}/dashboard/products/export.csv`, {
          headers: { cookie: staff.cookie },
        })
      ).text(),
    );
    const [header, first] = exported;
    const column = (name: string) => header!.indexOf(name);
    const cheaper = [...first!];
    cheaper[column("product_price")] = "29";
    const bench = header!.map(
      (name) =>
        ({
          id: "",
          product_name: "Garden bench",
          product_price: "38",
          product_description: "A wooden or metal garden bench, carried from the garden.",
          product_category: first![column("product_category")] ?? "",
          inside_dismantle_price: "0",
          inside_no_dismantle_price: "0",
          outside_price: "0",
          load: "1.5",
          handling_minutes: "15",
          waste_description: "Bulky waste",
          low_code: "200307",
          pops: "no",
          hazardous: "no",
          image: "bench.jpg",
        })[name] ?? "",
    );
    const form = new FormData();
    form.append("intent", "import");
    form.append(
      "csv",
      new Blob([toCsv([header!, cheaper, bench])], { type: "text/csv" }),
      "acme.csv",
    );
    form.append(
      "images",
      new Blob([new Uint8Array(await phonePhoto("#7a5c3a"))], { type: "image/jpeg" }),
      "bench.jpg",
    );
    const imported = await fetch(`${server.url}/dashboard/products/import`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: staff.cookie, origin: server.url },
      body: form,
    });
    expect(imported.status).toBe(303);

    const home = await words("/");
    expect(home).toContain("[title: Acme Clearances");
    expect(home).not.toContain("Haulbook");
    expect(home).toContain("Licensed waste carrier · Kingston, Sutton and Croydon");
    expect(home).toContain(
      "Acme Clearances Ltd, registered in England and Wales, company number 01234567. Registered office: 1 High Street, Kingston KT1 1AA",
    );
    expect(home).toContain("CBDU765432");
    expect(home).toContain("Prices include VAT");
    // Nothing invented: no figures, reviews, promises, steps or posts the owner did not write.
    expect(home).not.toMatch(
      /13,000\+|Sarah K\.|Price promise|Booked in|From the blog|Everything from one armchair/,
    );
    expect(await words("/blog")).toContain("No articles yet.");
    const faq = await words("/?faq=open");
    expect(faq).toContain("Can I cancel or change my booking?");
    expect(faq).toContain("£24 including VAT");
    expect(faq).not.toContain("Do I need to be at home?");

    expect(await words("/coverage?postcode=EH1%201YZ")).toContain(
      "Sorry, we do not collect from EH1 yet.",
    );
    expect(await words("/coverage?postcode=KT2%207AB")).toContain("Yes, we collect from KT2.");
    expect(await words("/coverage?postcode=SM1%201AA")).toContain(
      "Collections from SM1 carry an extra £10.00",
    );
    const products = await words("/products?product_name=Garden%20bench");
    expect(products).toContain("Garden bench");
    expect(products).toContain("£38.00");

    // `haulbook check` agrees (it reads an SQLite data folder; on PostgreSQL the pages say it).
    if (TEST_ENGINE === "sqlite") {
      const check = await haulbookAsync(["check"], {
        dataDir: server.dataDir,
        env: { PUBLIC_URL: "https://acme.example" },
      });
      expect(check.stdout).toMatch(/^ok {3}go live: your business's details: /m);
      expect(check.stdout).toMatch(/^ok {3}go live: demo content removed: /m);
    }
  });

  it("prices a first quote whose PDF carries the business's name and registration", async () => {
    // In the executable this is the one test of its documents: pdfkit, its fonts and our own.
    const sent = await sendQuote(
      server,
      quoteForm(
        {
          fullName: "Acme First Customer",
          email: "first@example.com",
          town: "Kingston",
          postcode: "KT2 7AB",
        },
        [{ name: "shed.jpg", bytes: await phonePhoto("#5c7a3a") }],
      ),
      { from: "198.51.100.31" },
    );
    expect(sent.status).toBe(201);
    const [quote] = await rows<{ id: number }>(
      server,
      "SELECT id FROM quotes WHERE full_name = ?",
      "Acme First Customer",
    );
    const priced = await post(`/dashboard/quotes/${quote!.id}/price`, {
      intent: "send",
      catalogue_rows: "1",
      c0_product: "",
      free_rows: "1",
      f0_description: "Shed clearance",
      f0_price: "140",
      f0_quantity: "1",
      f0_load: "3",
      f0_minutes: "45",
      valid_days: "14",
      note: "",
    });
    expect(priced.status).toBe(303);
    const [offer] = await rows<{ token: string }>(
      server,
      "SELECT token FROM quote_offers WHERE quote_id = ?",
      quote!.id,
    );
    const res = await fetch(`${server.url}/quote/${offer!.token}/pdf`);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const pdf = (await pdfText(new Uint8Array(await res.arrayBuffer()))).pages.join("\n");
    expect(pdf).toContain("Acme Clearances");
    expect(pdf).toContain("Shed clearance");
    expect(pdf).toMatch(/Waste carrier registration: CBDU765432/);
  });
});
