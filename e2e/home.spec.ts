import { SMOKE } from "./support/smoke";
import { expect, test } from "@playwright/test";

const TILES = [
  "All Services",
  "Sofa & Chair Removal",
  "Old Batteries Removal",
  "Office Removal",
  "Garden Removal",
  "Furniture Removal",
  "Fridge Removal",
  "Electronic Removal",
  "Home Removal",
];

test(
  "home shows the nine category tiles linking to their product lists",
  SMOKE,
  async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Rubbish and junk removal, booked in minutes",
    );
    const tiles = page.getByTestId("category-tiles").getByRole("link");
    await expect(tiles).toHaveCount(9);
    for (const [index, title] of TILES.entries()) {
      const tile = tiles.nth(index);
      await expect(tile).toHaveText(title);
      await expect(tile).toHaveAttribute(
        "href",
        `/products?product_category=${encodeURIComponent(title)}`,
      );
    }
    // The request-quote call to action goes to the quote form.
    await expect(page.getByRole("link", { name: "Request Quote" })).toHaveAttribute(
      "href",
      "/quote",
    );
    // The footer names the waste carrier registration.
    await expect(page.getByTestId("waste-carrier-licence")).toHaveText(/^CBDU\d+$/);
    // Every illustration on the page loaded.
    const broken = await page.evaluate(() =>
      Array.from(document.images)
        .filter((img) => img.loading !== "lazy" && (!img.complete || img.naturalWidth === 0))
        .map((img) => img.src),
    );
    expect(broken).toEqual([]);
  },
);

test("the burger opens the navigation on a phone", async ({ page }) => {
  await page.goto("/");
  const menu = page.locator(".nav-mobile");
  await expect(menu.getByRole("link", { name: "Blog" })).toBeHidden();
  await menu.locator("summary").click();
  await expect(menu.getByRole("link", { name: "Blog" })).toBeVisible();
});
