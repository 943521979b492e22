import { expect, test } from "@playwright/test";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { seriousViolations } from "./support/axe";
import { longDate } from "./support/quotes";
import { shot } from "./support/shots";
import { withShopDatabase } from "./support/shop-data";
import { signIn } from "./support/staff";

/**
 * The owner's money view on the office tablet, with and without JavaScript: the week's takings
 * from the menu, then the crews' cash recorded as paid in to the bank (a mistyped amount first,
 * kept on the form with its reason).
 */
test.use({ viewport: { width: 1024, height: 900 }, isMobile: false, hasTouch: true });

test("the week's takings, and cash recorded as paid in to the bank", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  // Yesterday's cash job, paid to the crew today (today's capacity is left to the journeys that
  // book today).
  await withShopDatabase((db) =>
    db.run(
      `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date,
         status, booking_status, payment_method, total_pence, source, paid_at)
       VALUES (?, 'cash@example.com', '07700 900555', '7 Canal Walk', 'Basingstoke', 'RG21 7AB', ?,
         'complete', 'complete', 'cash_payment', 9500, 'manual', ?)`,
      `Cash ${testInfo.project.name}`,
      addDaysIso(todayInLondon(), -1),
      new Date().toISOString(),
    ),
  );
  await signIn(page, "/dashboard/home");
  await page.getByRole("link", { name: "Takings" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Takings");
  await expect(page.getByTestId("takings-period")).toContainText("This week:");
  await expect(page.getByTestId("takings-cash")).not.toHaveText("£0.00");
  await expect(page.getByTestId("cash-awaiting")).not.toHaveText("£0.00");
  expect(await seriousViolations(page, browser, javaScriptEnabled)).toEqual([]);
  await shot(page, testInfo, "takings");

  const amount = page.getByLabel("Amount paid in (£)");
  await amount.fill("about fifty");
  await page
    .getByLabel("Paying-in slip or reference (optional)")
    .fill(`Slip ${testInfo.project.name}`);
  await page.getByRole("button", { name: "Record paying in" }).click();
  await expect(
    page.getByText("Enter the amount paid in, in pounds, like 120 or 120.50"),
  ).toBeVisible();
  await expect(page.getByLabel("Paying-in slip or reference (optional)")).toHaveValue(
    `Slip ${testInfo.project.name}`,
  );
  await amount.fill("1.23");
  await page.getByRole("button", { name: "Record paying in" }).click();
  await expect(page.getByTestId("takings-flash")).toHaveText(
    `£1.23 recorded as paid in to the bank on ${longDate(todayInLondon())}.`,
  );
  await expect(page.getByTestId("cash-bankings")).toContainText(
    `£1.23, recorded by admin (Slip ${testInfo.project.name})`,
  );
  await shot(page, testInfo, "takings-banked");
});
