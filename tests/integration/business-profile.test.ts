import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUSINESS_PROFILE_MESSAGES } from "~/lib/business-profile";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { payOnDemoPage, startCardCheckout } from "../support/bookings";
import { rows } from "../support/database";
import { completedJob } from "../support/jobs";
import { startServer, type RunningServer } from "../support/server";
import { eventually, startSmtp } from "../support/smtp";
import { followRedirect, postAsStaff, signInStaff, type SignedIn } from "../support/staff";
import sharp from "sharp";

/**
 * Settings → Business (docs/rules.md#the-business): the environment's details until staff save
 * their own; a save shows on the next page anyone opens (a kept shared copy included), in the
 * title, header, footer and terms, in emails and their sender, and VAT follows the registration.
 */

let server: RunningServer;
let staff: SignedIn;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ env: { NODE_ENV: "test", SMTP_URL: smtp.url } });
  staff = await signInStaff(server);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** What a person reads on the page: no scripts, styles or tags. */
const visible = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ");

const page = async (path: string, cookie?: string) => {
  const res = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });
  expect(res.status).toBe(200);
  return (await res.text()).replaceAll("<!-- -->", "");
};

const ACME = {
  name: "Acme Clearances",
  phone: "0131 496 0000",
  email: "hello@acme-clearances.example",
  address: "Yard 2, Granton Road, Edinburgh EH5 1AA",
  openingHours: "Monday to Saturday, 8am to 6pm",
  areaInWords: "Edinburgh and the Lothians",
  wasteCarrierLicence: "cbdu 654321",
  vatRegistered: "yes",
  vatNumber: "gb 987 6543 21",
  companyNumber: "sc123456",
  legalName: "Acme Clearances Ltd",
  registeredOffice: "1 High Street, Edinburgh EH1 1AA",
};

const post = (path: string, fields: Record<string, string>) =>
  postAsStaff(server, staff, path, fields);
const save = (fields: Record<string, string>) =>
  post("/dashboard/settings", { intent: "business", ...fields });

const stored = () =>
  rows<{ value: string }>(server, "SELECT value FROM settings WHERE key = 'business_profile'");

describe("the business's details in Settings", () => {
  it("shows the environment's details first; a refused save says why, keeps what was typed and changes nothing", async () => {
    const settings = await page("/dashboard/settings", staff.cookie);
    expect(settings).toMatch(/name="name"[^>]*value="Haulbook Waste Removal"/);
    expect(settings).toMatch(/name="vatRegistered" checked="" value="no"/);

    const refused = await save({
      ...ACME,
      name: "",
      companyNumber: "12AB",
      wasteCarrierLicence: "WCR/123",
      vatNumber: "",
    });
    expect(refused.status).toBe(400);
    const text = visible((await refused.text()).replaceAll("<!-- -->", ""));
    expect(text).toContain(BUSINESS_PROFILE_MESSAGES.name);
    expect(text).toContain(BUSINESS_PROFILE_MESSAGES.companyNumber);
    expect(text).toContain(BUSINESS_PROFILE_MESSAGES.wasteCarrierLicence);
    expect(text).toContain(BUSINESS_PROFILE_MESSAGES.vatNumber);
    expect(await stored()).toEqual([]);

    // A company number alone: its registered name and office are asked for.
    const half = await save({ ...ACME, legalName: "", registeredOffice: "" });
    expect(half.status).toBe(400);
    const halfText = await half.text();
    expect(halfText).toContain(BUSINESS_PROFILE_MESSAGES.companyDetails);
    expect(halfText).toMatch(/name="phone"[^>]*value="0131 496 0000"/);
    expect(await stored()).toEqual([]);
    expect(visible(await page("/"))).toContain("Haulbook Waste Removal");
  });

  it("a save shows on the next page (the kept copy too), in emails and their sender, with VAT and the company's legal line", async () => {
    // The home page is kept as a shared copy: twice, so the second is the kept one.
    await page("/");
    expect(visible(await page("/"))).not.toContain("Acme");

    const saved = await save(ACME);
    expect(saved.status).toBe(303);
    const landed = await followRedirect(server, saved, staff.cookie);
    expect(landed.html).toContain(
      "Business details saved. Every page, email and document now shows Acme Clearances.",
    );
    expect(JSON.parse((await stored())[0]!.value)).toMatchObject({
      name: "Acme Clearances",
      wasteCarrierLicence: "CBDU654321",
      vatNumber: "GB987654321",
      companyNumber: "SC123456",
    });

    const home = await page("/");
    expect(home).toContain(
      "<title>Acme Clearances — rubbish and junk removal, booked online</title>",
    );
    const text = visible(home);
    expect(text).toContain("Licensed waste carrier · Edinburgh and the Lothians");
    expect(text).toContain("0131 496 0000");
    expect(text).toContain("Office: Monday to Saturday, 8am to 6pm");
    expect(text).toContain("CBDU654321");
    expect(text).toContain(
      "Acme Clearances Ltd, registered in Scotland, company number SC123456. Registered office: 1 High Street, Edinburgh EH1 1AA.",
    );
    expect(text).not.toContain("Haulbook Waste Removal");
    expect(visible(await page("/products"))).toContain("VAT included");
    expect(visible(await page("/terms"))).toContain(
      "These terms apply when you book a collection with Acme Clearances, Yard 2, Granton Road, Edinburgh EH5 1AA.",
    );
    expect(await page("/contact")).toContain("<title>Contact us — Acme Clearances</title>");
    expect(await page("/dashboard/settings", staff.cookie)).toContain(
      "<title>Settings — Acme Clearances dashboard</title>",
    );

    // A booking's confirmation comes from the business as it is now, and names its VAT.
    const { sessionId } = await startCardCheckout(server, addDaysIso(todayInLondon(), 20), 3);
    await payOnDemoPage(server, sessionId);
    const mail = await eventually(() =>
      smtp.messages.find(
        (m) =>
          m.subject.startsWith("Your collection is booked") && m.to.includes("nadia@example.com"),
      ),
    );
    expect(mail.raw).toMatch(/^From: Acme Clearances <hello@acme-clearances\.example>/m);
    expect(mail.text).toContain("0131 496 0000");
    expect(mail.text).toContain("VAT");
    expect(mail.text).toContain("Office hours: Monday to Saturday, 8am to 6pm");
    expect(mail.text).toContain(
      "Acme Clearances Ltd, registered in Scotland, company number SC123456. Registered office: 1 High Street, Edinburgh EH1 1AA.",
    );
    expect(mail.text).not.toContain("Haulbook");
  });

  it("a review page set here is offered in every completion email, whatever the job", async () => {
    const refused = await save({ ...ACME, reviewUrl: "g.page/acme" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Enter the full address of your review page");
    const review = "https://g.page/r/acme-clearances/review";
    expect((await save({ ...ACME, reviewUrl: ` ${review} ` })).status).toBe(303);
    expect(JSON.parse((await stored())[0]!.value)).toMatchObject({ reviewUrl: review });

    // Two jobs done, the same invitation to each: nothing asks whether they were happy first.
    const received = smtp.messages;
    for (const customer of ["Rhona Fox", "Iain Gray"]) {
      await completedJob(server, staff, customer, [{ product: "Garden Waste Bag" }]);
      const email = `${customer.split(" ")[0]!.toLowerCase()}@example.com`;
      const isTheirs = (m: (typeof received)[number]) =>
        m.subject.startsWith("Your collection is complete") && m.to.includes(email);
      const mail = await eventually(() => received.find(isTheirs));
      expect(mail.text).toMatch(
        /How did we do\? A minute of your time helps others choose: please review us here:\r?\nhttps:\/\/g\.page\/r\/acme-clearances\/review/,
      );
      expect(mail.text).toContain(`href="${review}"`);
    }
  });

  it("saved as not registered for VAT, no page mentions VAT, and a number typed is not kept", async () => {
    const saved = await save({ ...ACME, vatRegistered: "no", vatNumber: "GB987654321" });
    expect(saved.status).toBe(303);
    expect(JSON.parse((await stored())[0]!.value)).toMatchObject({ vatNumber: "" });
    for (const path of ["/", "/products", "/product/1", "/terms"])
      expect(visible(await page(path))).not.toMatch(/VAT/);
  });
});

describe("the business's logo", () => {
  const upload = (file: Blob, name: string) => {
    const body = new FormData();
    body.append("logo", file, name);
    return fetch(`${server.url}/dashboard/settings`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: staff.cookie, origin: server.url },
      body,
    });
  };
  const logoId = async () =>
    JSON.parse((await stored())[0]?.value ?? "{}").logoImageId as string | undefined;

  it("is uploaded in Settings, shown in the header for everyone, replaced and removed", async () => {
    // A wide logo with transparency, as an SVG: stored as a PNG at most 600 px on its long edge.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300"><rect width="1200" height="300" rx="40" fill="#c0392b"/></svg>`;
    const saved = await upload(new Blob([svg], { type: "image/svg+xml" }), "acme.svg");
    expect(saved.status).toBe(303);
    expect((await followRedirect(server, saved, staff.cookie)).html).toContain(
      "Logo saved: the header and your documents show it now.",
    );
    const id = await logoId();
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(await page("/")).toContain(`src="/api/products/image/${id}.png"`);
    const image = await fetch(`${server.url}/api/products/image/${id}.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([600, 150, true]);

    // A file that is not a picture is refused, and the logo stays.
    const refused = await upload(new Blob(["not a picture"], { type: "image/png" }), "logo.png");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(BUSINESS_PROFILE_MESSAGES.logoType);
    expect(await logoId()).toBe(id);

    // Removed: the header shows the van again, and the old picture is gone.
    const removed = await post("/dashboard/settings", { intent: "remove-logo" });
    expect(removed.status).toBe(303);
    expect(await logoId()).toBe("");
    const home = await page("/");
    expect(home).not.toContain(`/api/products/image/${id}.png`);
    expect(home).toContain('src="/favicon.svg"');
    expect((await fetch(`${server.url}/api/products/image/${id}.png`)).status).toBe(404);
  });
});
