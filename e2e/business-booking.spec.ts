import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { withShopDatabase } from "./support/shop-data";
import { signIn } from "./support/staff";
import { pickArrivalWindow } from "./support/bookings";

/**
 * A booking for a business (docs/rules.md#business-customers), with and without JavaScript: on a
 * phone the customer books a fridge (hazardous waste, 20 01 23*) for their business, with its
 * SIC code and a note for the crew, and pays; on a tablet the crew's run sheet shows the
 * business, its SIC code, the note, and that a consignment note is needed.
 */

const WARNING = "Hazardous waste from a business: a consignment note is needed";

/** A fridge on sale: a Fridge Removal product, hazardous. */
function fridgeProduct(): Promise<number> {
  return withShopDatabase(async (db) => {
    const row = await db.get<{ id: number }>(
      "SELECT id FROM products WHERE low_code = '20 01 23*' AND retired_at IS NULL ORDER BY id",
    );
    return Number(row!.id);
  });
}

async function fill(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    await page.getByLabel(label, { exact: true }).fill(value);
}

test("a business books a fridge, and the run sheet asks for a consignment note", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const fullName = `Business Buyer ${testInfo.project.name}`;
  const businessName = `Fridge Fleet ${stamp}`;

  await page.goto(`/product/${await fridgeProduct()}`);
  await page.getByRole("radio", { name: /Outside/ }).check();
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page.getByRole("dialog", { name: "YOUR BAG" })).toBeVisible();
  await page.goto("/checkout");

  await fill(page, {
    "Full name": fullName,
    Email: "fleet@example.com",
    "Phone number": "07700 900321",
    "Address line 1": "4 Wharf Road",
    Town: "Guildford",
    Postcode: "GU1 4RP",
  });

  const box = page.getByRole("checkbox", { name: "This booking is for a business" });
  const name = page.getByLabel("Your business's name");
  const sic = page.getByLabel("SIC code");
  if (javaScriptEnabled) {
    // The two fields appear when the box is ticked.
    await expect(name).toBeHidden();
    await expect(page.getByText("Only if the box above is ticked.")).toHaveCount(0);
    await box.check();
    await expect(name).toBeVisible();
  } else {
    // Without JavaScript they are always there, under the box, and say when they count.
    await expect(name).toBeVisible();
    await expect(page.getByText("Only if the box above is ticked.")).toBeVisible();
    await box.check();
  }
  await expect(page.getByText("Your SIC code is on your Companies House record.")).toBeVisible();
  await name.fill(businessName);
  await sic.fill("8129");
  await page.getByLabel(/Notes for our crew/).fill("Fridge is in the garage.\nGate code 1234.");

  // A day next month, clear of the other journeys' days.
  await page.getByRole("button", { name: "Next month" }).click();
  const day = page.getByRole("group", { name: "Collection date" }).getByRole("radio", {
    name: new RegExp(`^\\w+ ${testInfo.project.name === "no-js" ? 26 : 23} \\w+ \\d{4}$`),
  });
  await day.check();
  const isoDay = (await day.getAttribute("value"))!;
  await pickArrivalWindow(page);

  // A SIC code of four digits is refused beside its field; everything typed stays.
  const pay = page.getByRole("button", { name: /^Book and pay £\d+\.\d{2}$/ });
  await pay.click();
  await expect(page.getByRole("alert")).toHaveText("Please check the details marked below.");
  await expect(page.locator("#field-sic_code-error")).toHaveText(
    "Please enter your business's five-digit SIC code (for example 81299)",
  );
  await expect(sic).toHaveAttribute("aria-invalid", "true");
  await expect(box).toBeChecked();
  await expect(name).toHaveValue(businessName);
  await expect(page.getByLabel(/Notes for our crew/)).toHaveValue(
    "Fridge is in the garage.\nGate code 1234.",
  );
  expect(await seriousViolations(page, browser, javaScriptEnabled)).toEqual([]);

  await sic.fill("81 29 9");
  await pay.click();
  await expect(page).toHaveURL(/\/payment\/demo\?session_id=demo_/);
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(page.getByTestId("payment-result").getByRole("heading", { level: 1 })).toHaveText(
    "Payment status: complete",
  );

  // The crew's run sheet for that day, on a tablet.
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, `/dashboard/today?day=${isoDay}`);
  const job = page.getByTestId("run-job").filter({ hasText: businessName });
  await expect(job).toHaveCount(1);
  await expect(job.getByRole("heading", { level: 3 })).toContainText(fullName);
  await expect(job.getByTestId("run-job-business")).toHaveText(`${businessName}SIC 81299`);
  await expect(job.getByTestId("run-job-warning")).toHaveText(WARNING);
  await expect(job.getByTestId("run-job-warning")).toBeVisible();
  await expect(job.getByTestId("run-job-notes")).toHaveText(
    "Fridge is in the garage.\nGate code 1234.",
  );
  expect(await seriousViolations(page, browser, javaScriptEnabled)).toEqual([]);
});
