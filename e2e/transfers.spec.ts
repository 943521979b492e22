import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { withShopDatabase } from "./support/shop-data";
import { signIn } from "./support/staff";
import { seriousViolations } from "./support/axe";

/**
 * The waste transfers export at tablet width, with and without JavaScript: staff open Transfers
 * from the menu, choose a range of days, read the lines found and download the range as CSV.
 */
test.use({ viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: true });

/** A completed job transferred at `at` with two waste lines, as the completion model stores it. */
async function completion(customer: string, at: string): Promise<number> {
  return withShopDatabase(async (db) => {
    const receipt = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
    const row = await db.get<{ id: number }>(
      `INSERT INTO job_completions (order_id, receipt_number, photo_token, transferred_at,
         collection_date, handed_over_by, crew_name, containment, customer_name, customer_email,
         customer_phone, address_1, town, postcode, carrier_name, carrier_address,
         carrier_registration, vat_number, vat_rate_percent, total_pence, payment_method, keep_until)
       VALUES (NULL, ?, ?, ?, ?, 'Pat Handover', 'Alex Driver', 'Loose, loaded by hand', ?,
         'e2e@example.com', '07700 900666', '3 Quay Road', 'Poole', 'BH15 1HJ',
         'Haulbook Removals', 'Unit 4, Mill Yard, Guildford GU1 3AA', 'CBDU123456', '', 20, 9000,
         'card', '2027-12-31') RETURNING id`,
      receipt,
      `e2e-photo-token-${receipt}-xxxxxxxx`,
      at,
      at.slice(0, 10),
      customer,
    );
    const id = Number(row!.id);
    for (const [i, [name, description, code, pops, hazardous, quantity]] of [
      ["Armchair", "Domestic seating containing POPs (upholstered)", "20 03 07", 1, 0, 2],
      ["Television", "Discarded TVs and monitors with hazardous components", "20 01 35*", 0, 1, 1],
    ].entries())
      await db.run(
        `INSERT INTO job_waste_lines (completion_id, sort_order, source, name, waste_description,
           low_code, pops, hazardous, quantity) VALUES (?, ?, 'booked', ?, ?, ?, ?, ?, ?)`,
        id,
        i,
        name,
        description,
        code,
        pops,
        hazardous,
        quantity,
      );
    return id;
  });
}

test("staff choose a range of days, see its waste transfers and download them as CSV", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  // Each project has a day of its own, so the two runs never count each other's notes.
  const day = testInfo.project.name === "js" ? "2025-12-08" : "2025-12-09";
  const customer = `Transfers ${testInfo.project.name} ${Date.now()}`;
  const id = await completion(customer, `${day}T10:15:00.000Z`);
  const reference = `WTN-${String(id).padStart(6, "0")}`;

  await signIn(page, "/dashboard/home");
  await page.getByRole("link", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Transfers" }).click();
  await expect(page).toHaveURL(/\/dashboard\/transfers$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Waste transfers");

  // A range the wrong way round is refused beside the field.
  await page.getByLabel("From").fill(day);
  await page.getByLabel("To").fill("2025-12-01");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByLabel("To")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("The first day must be on or before the last day")).toBeVisible();

  await page.getByLabel("From").fill(day);
  await page.getByLabel("To").fill(day);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/transfers\\?from=${day}&to=${day}$`));
  await expect(page.getByTestId("transfers-count")).toHaveText("1 note, 2 lines");
  const rows = page.getByTestId("transfer-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(reference);
  await expect(rows.nth(0)).toContainText(customer);
  await expect(rows.nth(0)).toContainText("20 03 07");
  await expect(rows.nth(0)).toContainText("POPs");
  await expect(rows.nth(1)).toContainText("20 01 35*");
  await expect(rows.nth(1)).toContainText("Hazardous");
  expect(await seriousViolations(page, browser, javaScriptEnabled)).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`waste-transfers-${day}-to-${day}.csv`);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines).toHaveLength(3);
  expect(lines[0]).toMatch(/^"yourUniqueReference","lineNumber","dateTimeTransferred"/);
  expect(lines[1]).toContain(`"${reference}","1","${day}T10:15:00+00:00"`);
  expect(lines[1]).toContain(`"${customer}"`);
  expect(lines[2]).toContain('"200135","20 01 35*"');
});
