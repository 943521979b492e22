import { expect, test } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { photo } from "./support/quotes";
import { shot } from "./support/shots";
import { signIn } from "./support/staff";

/**
 * Importing products from CSV at tablet width, with and without JavaScript: a file whose new
 * product has no picture is refused row by row and nothing changes; with the picture it checks
 * clean, imports, and the product is on sale. (Changing existing products' prices would change
 * the shop every journey shares: tests/integration/product-import.test.ts covers it.)
 */

test.use({ viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: false });

const csv = (name: string, image: string) => ({
  name: "catalogue.csv",
  mimeType: "text/csv",
  buffer: Buffer.from(
    [
      "product_name,product_price,product_description,product_category,load,handling_minutes,image",
      `"${name}",38,"A wooden or metal garden bench, carried from the garden.",Garden Waste Removal,1.5,12,${image}`,
    ].join("\r\n") + "\r\n",
  ),
});

test("staff import a new product from CSV, refused first for its missing picture", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const name = `Garden bench (${testInfo.project.name})`;
  await signIn(page, "/dashboard/products");
  await page.getByRole("link", { name: "Import a CSV file" }).click();
  await expect(page.getByRole("heading", { name: "Import products from CSV" })).toBeVisible();
  expect(await seriousViolations(page, browser, javaScriptEnabled)).toEqual([]);

  await page.getByLabel("CSV file").setInputFiles(csv(name, ""));
  await page.getByRole("button", { name: "Check the file" }).click();
  const report = page.getByTestId("import-report");
  await expect(report.getByRole("heading")).toHaveText(
    "1 of 1 row cannot be imported: nothing was changed",
  );
  await expect(report.getByTestId("import-row")).toContainText(
    "A new product needs a picture: name a file uploaded beside the CSV in its image column.",
  );

  const picture = await photo("bench.jpg", "jpeg", 800, 600);
  await page.getByLabel("CSV file").setInputFiles(csv(name, "bench.jpg"));
  await page.getByLabel("Pictures for new products (optional)").setInputFiles(picture);
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(report.getByRole("heading")).toHaveText(
    "The row can be imported: press Import to save it",
  );
  await expect(report.getByTestId("import-row")).toContainText(`Line 2 · New · ${name}`);
  await shot(page, testInfo, "product-import-checked", { fullPage: true });
  // Without JavaScript the page came back with empty file fields: the files are chosen again.
  if (!javaScriptEnabled) {
    await page.getByLabel("CSV file").setInputFiles(csv(name, "bench.jpg"));
    await page.getByLabel("Pictures for new products (optional)").setInputFiles(picture);
  }
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page).toHaveURL(/\/dashboard\/products$/);
  await expect(page.getByTestId("products-done")).toHaveText(
    "Imported: 1 product added, 0 changed.",
  );

  // On sale at once, with its picture; then taken out again, as staff would a test product.
  await page.goto(`/products?product_name=${encodeURIComponent(name)}`);
  await expect(page.getByTestId("product-card").filter({ hasText: name })).toContainText("£38.00");
  await page.goto("/dashboard/products");
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await page
    .getByRole("dialog", { name: `Edit ${name}` })
    .getByRole("link", { name: "Delete" })
    .click();
  await page
    .getByRole("dialog", { name: `Delete ${name}?` })
    .getByRole("button", { name: "Delete product" })
    .click();
  await expect(page.getByTestId("products-done")).toContainText(`“${name}” has left the shop.`);
});
