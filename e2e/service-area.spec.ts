import { expect, test } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { pickArrivalWindow, pickCollectionDay } from "./support/bookings";
import { londonDayAhead } from "./support/quotes";
import { withShopDatabase } from "./support/shop-data";
import { shot } from "./support/shots";

/**
 * The area served, on a phone, with and without JavaScript: a customer in Edinburgh asks "Do we
 * cover your postcode?" on the home page, is told no and offered the quote form; one in London is
 * told yes; and a checkout for an Edinburgh address is refused before any payment, keeping
 * everything typed, with the quote form offered.
 */

test("a customer checks their postcode from the home page", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  await page.goto("/");
  const check = page.getByRole("search").filter({ hasText: "Do we cover your postcode?" });
  await check.getByLabel("Do we cover your postcode?").fill("eh1 1yz");
  await check.getByRole("button", { name: "Check" }).click();
  await expect(page).toHaveURL(/\/coverage\?postcode=eh1(\+|%20)1yz$/);
  const answer = page.getByTestId("coverage-answer");
  await expect(answer).toContainText("Sorry, we do not collect from EH1 yet.");
  await shot(page, testInfo, "coverage-outside");
  expect(await seriousViolations(page, browser, javaScriptEnabled)).toEqual([]);

  // Asked again on the answer's own form: the postcode typed is kept in it.
  const field = page.getByLabel("Your postcode", { exact: true });
  await expect(field).toHaveValue("eh1 1yz");
  await field.fill("SE1 7PB");
  await page.getByRole("button", { name: "Check" }).click();
  await expect(answer).toContainText("Yes, we collect from SE1.");
  await answer.getByRole("link", { name: "Choose what we take away" }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test("a checkout for an address outside the area is refused before paying, with the quote form offered", async ({
  page,
}) => {
  await page.goto("/product/4");
  await page.getByRole("radio", { name: /Outside/ }).check();
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page.getByRole("dialog", { name: "YOUR BAG" }).getByTestId("bag-line")).toHaveCount(
    1,
  );
  await page.goto("/checkout");
  await expect(page.getByRole("link", { name: "Do we cover your postcode?" })).toHaveAttribute(
    "href",
    "/coverage?from=checkout",
  );
  const fields = {
    "Full name": "Ewan Bell",
    Email: "ewan@example.com",
    "Phone number": "07700 900321",
    "Address line 1": "1 Princes Street",
    Town: "Edinburgh",
    Postcode: "EH1 1YZ",
  };
  for (const [label, value] of Object.entries(fields))
    await page.getByLabel(label, { exact: true }).fill(value);
  await pickCollectionDay(page, londonDayAhead(20));
  await pickArrivalWindow(page);
  await page.getByRole("button", { name: /^Book and pay £\d+\.\d{2}$/ }).click();

  await expect(page.getByRole("alert").first()).toContainText(
    "Sorry, we do not collect from EH1 yet.",
  );
  await expect(page.getByLabel("Postcode", { exact: true })).toHaveValue("EH1 1YZ");
  await expect(page.getByLabel("Full name", { exact: true })).toHaveValue("Ewan Bell");
  await expect(page).toHaveURL(/\/checkout$/);
  await page
    .getByTestId("outside-area")
    .getByRole("link", { name: "Tell us what you need" })
    .click();
  await expect(page).toHaveURL(/\/quote$/);
});

/**
 * A district with an extra charge, set straight in the shop's settings (Settings' own form is
 * tested in tests/integration/service-area.test.ts): TN13, which no other journey books, so the
 * journeys running beside this one never meet it.
 */
async function chargeTn13(): Promise<void> {
  await withShopDatabase(async (db) => {
    const stored = await db.all<{ value: string }>(
      "SELECT value FROM settings WHERE key = 'service_area_surcharges'",
    );
    if (stored[0]?.value === "TN13=1200") return;
    await db.run(
      `INSERT INTO settings (key, value) VALUES ('service_area_surcharges', 'TN13=1200')
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
  });
}

test("a district's extra charge is shown in the total before paying, and charged as its own line", async ({
  page,
}, testInfo) => {
  await chargeTn13();
  await page.goto("/product/4");
  await page.getByRole("radio", { name: /Outside/ }).check();
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page.getByRole("dialog", { name: "YOUR BAG" }).getByTestId("bag-line")).toHaveCount(
    1,
  );
  await page.goto("/checkout");
  const total = page.getByTestId("checkout-total");
  const before = (await total.textContent()) ?? "";
  const fields = {
    "Full name": "Tess Hart",
    Email: "tess@example.com",
    "Phone number": "07700 900432",
    "Address line 1": "3 Dartford Road",
    Town: "Sevenoaks",
    Postcode: "TN13 1AA",
  };
  for (const [label, value] of Object.entries(fields))
    await page.getByLabel(label, { exact: true }).fill(value);
  const day = londonDayAhead(22);
  await pickCollectionDay(page, day);
  await pickArrivalWindow(page);
  await page.getByRole("button", { name: `Book and pay ${before}` }).click();

  // Not charged unseen: the page says it, with the new total, and keeps what was typed.
  await expect(page.getByRole("alert").first()).toContainText(
    "Collection from TN13 carries an extra £12.00, now in your total.",
  );
  await expect(page.getByTestId("checkout-area-surcharge")).toContainText("£12.00");
  const after = `£${(Number(before.slice(1)) + 12).toFixed(2)}`;
  await expect(total).toHaveText(after);
  await expect(page.getByLabel("Town", { exact: true })).toHaveValue("Sevenoaks");
  await shot(page, testInfo, "checkout-area-surcharge");

  // The day and the arrival window chosen are kept: "Book and pay" again is all it takes.
  await expect(page.locator(`input[name="date"][value="${day}"]`)).toBeChecked();
  await expect(
    page.getByRole("group", { name: "Arrival time" }).getByRole("radio", { name: /^Morning\b/ }),
  ).toBeChecked();
  await page.getByRole("button", { name: `Book and pay ${after}` }).click();
  await expect(page).toHaveURL(/\/payment\/demo\?session_id=demo_/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Pay ${after}`);
  await expect(page.getByText("Collection from TN13")).toBeVisible();
});
