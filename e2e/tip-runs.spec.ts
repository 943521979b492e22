import { expect, test } from "@playwright/test";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { seriousViolations } from "./support/axe";
import { photo } from "./support/quotes";
import { shot } from "./support/shots";
import { withShopDatabase } from "./support/shop-data";
import { signIn } from "./support/staff";

/**
 * The office records a load at the tip on a tablet, with and without JavaScript: the site, the
 * van, the weighbridge ticket and the gate fee, and the job whose waste was on it; the load then
 * lists the job with its share of the fee, and the job is no longer offered.
 */
test.use({ viewport: { width: 1024, height: 900 }, isMobile: false, hasTouch: true });

/** A site and yesterday's completed job of its own, as the crew's completion writes them. */
async function siteAndJob(label: string): Promise<{ site: string; wtn: string }> {
  return withShopDatabase(async (db) => {
    const site = `Tip ${label} ${Date.now()}`;
    await db.run(
      `INSERT INTO receiving_sites (name, address, postcode, authorisation_number)
       VALUES (?, 'Moorfield Road, Guildford', 'GU1 1RX', 'EPR/AB1234CD')`,
      site,
    );
    const [last] = await db.all<{ n: number | null }>(
      "SELECT MAX(receipt_number) AS n FROM job_completions",
    );
    const day = addDaysIso(todayInLondon(), -1);
    const completion = await db.get<{ id: number }>(
      `INSERT INTO job_completions (order_id, receipt_number, photo_token, completed_at, transferred_at,
         collection_date, handed_over_by, crew_name, containment, customer_name, customer_email,
         customer_phone, address_1, town, postcode, carrier_name, carrier_address,
         carrier_registration, vat_number, vat_rate_percent, total_pence, payment_method, keep_until)
       VALUES (NULL, ?, ?, ?, ?, ?, 'Ann Lee', 'admin', 'Loose, loaded by hand into our vehicle',
         ?, 'tip@example.com', '07700 900333', '3 Mill Lane', 'Guildford', 'GU1 3AA', 'Haulbook',
         'London', 'CBDU000000', '', 20, 5000, 'cash_payment', '2028-12-31') RETURNING id`,
      Number(last?.n ?? 0) + 1,
      `tip-${label}-${Date.now()}`,
      new Date().toISOString(),
      new Date().toISOString(),
      day,
      `Customer ${label}`,
    );
    const id = Number(completion!.id);
    await db.run(
      `INSERT INTO job_waste_lines (completion_id, sort_order, source, product_id, name,
         waste_description, low_code, pops, hazardous, quantity, weight_grams)
       VALUES (?, 0, 'booked', NULL, 'Sofa', 'Bulky furniture waste', '20 03 07', 0, 0, 1, 40000)`,
      id,
    );
    return { site, wtn: `WTN-${String(id).padStart(6, "0")}` };
  });
}

test("the office records a load at the tip with its job", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const { site, wtn } = await siteAndJob(testInfo.project.name);
  await signIn(page, "/dashboard/home");
  await page.getByRole("link", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Tip runs" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tip runs");

  await page.getByLabel("Site").selectOption({ label: `${site}, GU1 1RX` });
  await page.getByLabel("Van registration").fill("ab12cde");
  await page.getByLabel("Gross (kg)").fill("3240");
  await page.getByLabel("Tare (kg)").fill("2100");
  await page.getByLabel("Ticket number").fill(`T-${testInfo.project.name}`);
  await page.getByLabel("Gate fee (£)").fill("85");
  await page.getByTestId("tip-run-job").filter({ hasText: wtn }).getByRole("checkbox").check();
  expect(await seriousViolations(page, browser, javaScriptEnabled)).toEqual([]);
  await shot(page, testInfo, "tip-run-form");
  await page.getByRole("button", { name: "Record the load" }).click();

  // The load's own page: the QR code the crew holds up to the site, and the printable sheet.
  await expect(page.getByTestId("tip-run-flash")).toHaveText(
    `Load recorded at ${site}: 1,140 kg net, 1 job delivered.`,
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Tip run TR-\d{6}$/);
  await expect(
    page.getByRole("img", { name: /QR code of this load's Defra records/ }),
  ).toBeVisible();
  await expect(page.getByTestId("tip-run-jobs")).toContainText(`${wtn}`);
  await expect(page.getByRole("link", { name: "Print the sheet (PDF)" })).toHaveAttribute(
    "href",
    /\/dashboard\/tip-runs\/\d+\/sheet\.pdf$/,
  );
  // The ticket's photo, taken at the weighbridge.
  await page
    .getByLabel("Photo of the ticket")
    .setInputFiles(await photo("ticket.jpg", "jpeg", 600, 800));
  await page.getByRole("button", { name: "Keep the photo" }).click();
  await expect(page.getByTestId("tip-run-flash")).toHaveText(
    "The ticket's photo is kept with the load.",
  );
  await expect(page.getByTestId("ticket-photo")).toBeVisible();
  expect(await seriousViolations(page, browser, javaScriptEnabled)).toEqual([]);
  await shot(page, testInfo, "tip-run-handoff", { fullPage: true });
  const handoff = new URL((await page.getByTestId("handoff-url").textContent())!.trim()).pathname;

  // What the site sees when it scans it: no sign-in, the load's record in words.
  const siteVisitor = await browser.newContext({
    javaScriptEnabled,
    viewport: { width: 390, height: 844 },
  });
  const scanned = await siteVisitor.newPage();
  await scanned.goto(new URL(handoff, page.url()).href);
  await expect(scanned.getByRole("heading", { level: 1 })).toHaveText(`Waste delivered to ${site}`);
  await expect(scanned.getByTestId("handoff-record")).toContainText(
    "20 03 07 Bulky furniture waste · Solid · Loose (no container) · 40 kg, estimated",
  );
  await expect(scanned.getByText(`Customer ${testInfo.project.name}`)).toHaveCount(0);
  await shot(scanned, testInfo, "handoff-site");
  await siteVisitor.close();

  await page.getByRole("link", { name: "← Tip runs" }).click();
  const load = page.getByTestId("tip-run").filter({ hasText: `ticket T-${testInfo.project.name}` });
  await expect(load).toContainText("AB12 CDE · 1,140 kg net");
  await expect(load).toContainText(`Share of the fee: ${wtn} £85.00`);
  await expect(page.getByTestId("tip-run-job").filter({ hasText: wtn })).toHaveCount(0);
  await shot(page, testInfo, "tip-runs");

  // The Transfers page offers its record for Defra, checked and ready.
  const today = todayInLondon();
  await page.goto(`/dashboard/transfers?from=${today}&to=${today}`);
  await expect(page.getByTestId("defra-count")).toContainText("taken to a tip on these days");
  await shot(page, testInfo, "transfers-defra");
  const download = page.getByRole("link", { name: "For Defra (JSON)" });
  await expect(download).toHaveAttribute(
    "href",
    `/dashboard/transfers/export.dwt.json?from=${today}&to=${today}`,
  );
  const exported = await page.request.get(
    `/dashboard/transfers/export.dwt.json?from=${today}&to=${today}`,
  );
  const body = (await exported.json()) as { movements: { yourUniqueReference: string }[] };
  expect(body.movements.map((m) => m.yourUniqueReference)).toContain(wtn);
});
