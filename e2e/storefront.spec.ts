import { SMOKE } from "./support/smoke";
import { expect, test, type Page } from "@playwright/test";

const bag = (page: Page) => page.getByRole("dialog", { name: "YOUR BAG" });
const badge = (page: Page) => page.getByTestId("bag-count");

async function addFromProductPage(page: Page, id: number, option: RegExp) {
  await page.goto(`/product/${id}`);
  await page.getByRole("radio", { name: option }).check();
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(bag(page)).toBeVisible();
}

test("a category tile leads to that category's items", SMOKE, async ({ page }) => {
  await page.goto("/");
  await page.getByTestId("category-tiles").getByRole("link", { name: "Fridge Removal" }).click();
  await expect(page).toHaveURL(/\/products\?product_category=Fridge(%20|\+)Removal$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fridge Removal");
  // Without JavaScript the address changes before the new page has finished loading.
  await page.waitForLoadState("load");
  const cards = page.getByTestId("product-card");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(5);
  await expect(cards.filter({ hasText: "Fridge Freezer" }).first()).toBeVisible();
  await expect(cards.filter({ hasText: "Washing Machine" })).toHaveCount(0);
});

test("the Garden Removal tile shows garden waste items", async ({ page }) => {
  await page.goto("/products?product_category=Garden%20Removal");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Garden Waste Removal");
  await expect(page.getByTestId("product-card").filter({ hasText: "Trampoline" })).toBeVisible();
});

test("Previous and Next page through the products", async ({ page }) => {
  await page.goto("/products");
  await page.waitForLoadState("load");
  const pager = page.getByRole("navigation", { name: "Pages" });
  await expect(pager).toContainText(/Page 1 of \d+/);
  const firstPageNames = await page
    .getByTestId("product-card")
    .getByRole("heading")
    .allTextContents();
  expect(firstPageNames).toHaveLength(12);
  await pager.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await page.waitForLoadState("load");
  await expect(pager).toContainText(/Page 2 of \d+/);
  const secondPageNames = await page
    .getByTestId("product-card")
    .getByRole("heading")
    .allTextContents();
  expect(secondPageNames.some((n) => firstPageNames.includes(n))).toBe(false);
  await pager.getByRole("link", { name: "Previous" }).click();
  await expect(pager).toContainText(/Page 1 of \d+/);
});

test("a search with no match says so and offers a way back", async ({ page }) => {
  await page.goto("/products?product_name=spaceship");
  await expect(page.getByTestId("empty-state")).toContainText(
    "We couldn't find an item called “spaceship”",
  );
  await page.getByTestId("empty-state").getByRole("link", { name: "See all items" }).click();
  await expect(page.getByTestId("product-card").first()).toBeVisible();
});

test("search from the header", async ({ page, javaScriptEnabled }) => {
  await page.goto("/");
  await page.locator(".nav-mobile summary").click();
  const box = page.locator(".nav-mobile").getByRole("combobox", { name: "Search removal items" });
  if (javaScriptEnabled) {
    await box.pressSequentially("fridge fr", { delay: 30 });
    const option = page
      .locator(".nav-mobile")
      .getByRole("option", { name: "Fridge Freezer", exact: true });
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(/\/products\?product_name=Fridge(%20|\+)Freezer$/);
  } else {
    await box.fill("  fridge  ");
    await page.locator(".nav-mobile").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/product_name=/);
  }
  await expect(
    page.getByTestId("product-card").filter({ hasText: "Fridge Freezer" }).first(),
  ).toBeVisible();
  // The phone menu closed behind the search: the results are not hidden under it.
  await expect(box).toBeHidden();
});

test("the product page needs a position option before adding", async ({ page }) => {
  await page.goto("/product/1");
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page.getByText("Please select an option before adding to cart.")).toBeVisible();
  await expect(badge(page)).toHaveText("0");
});

test(
  "adding the same product and position twice merges into quantity 2",
  SMOKE,
  async ({ page }) => {
    await addFromProductPage(page, 1, /Outside/);
    await expect(bag(page).getByTestId("bag-line")).toHaveCount(1);
    await addFromProductPage(page, 1, /Outside/);
    const lines = bag(page).getByTestId("bag-line");
    await expect(lines).toHaveCount(1);
    await expect(lines.getByTestId("bag-line-quantity")).toHaveText("2");
    await expect(badge(page)).toHaveText("2");
    // a different position is a separate line
    await addFromProductPage(page, 1, /needs dismantling/);
    await expect(bag(page).getByTestId("bag-line")).toHaveCount(2);
    await expect(badge(page)).toHaveText("3");
  },
);

test("the bag's − and + never go below 1, and REMOVE empties it", async ({ page }) => {
  await addFromProductPage(page, 2, /no dismantling/);
  const line = bag(page).getByTestId("bag-line");
  const quantity = line.getByTestId("bag-line-quantity");
  const fewer = line.getByRole("button", { name: /One fewer/ });
  const more = line.getByRole("button", { name: /One more/ });
  await expect(quantity).toHaveText("1");
  await expect(fewer).toBeDisabled();
  const unitTotal = await line.getByTestId("bag-line-total").textContent();
  await more.click();
  await expect(quantity).toHaveText("2");
  await expect(badge(page)).toHaveText("2");
  await expect(line.getByTestId("bag-line-total")).not.toHaveText(unitTotal ?? "");
  await line.getByRole("button", { name: /One fewer/ }).click();
  await expect(quantity).toHaveText("1");
  await expect(line.getByRole("button", { name: /One fewer/ })).toBeDisabled();
  await line.getByRole("button", { name: "REMOVE" }).click();
  await expect(bag(page).getByText("no cart items")).toBeVisible();
  await expect(badge(page)).toHaveText("0");
});

test("a corrupted cart cookie gives an empty bag", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "cart", value: "%7Bnot-json", url: baseURL! }]);
  await page.goto("/?bag=open");
  await expect(bag(page).getByText("no cart items")).toBeVisible();
  await expect(badge(page)).toHaveText("0");
});

test("the picker popup adds an item to the bag", async ({ page }) => {
  await page.goto("/?scene=office#picker");
  await page.getByRole("link", { name: /^Office Chair, from/ }).click();
  const popup = page.getByRole("dialog", { name: "Office Chair" });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText("From: £25.00");
  await expect(popup.getByTestId("popup-subtotal")).toHaveText("£25.00");
  await popup.getByRole("link", { name: "One more" }).click();
  await expect(popup.getByTestId("popup-quantity")).toHaveText("2");
  await expect(popup.getByTestId("popup-subtotal")).toHaveText("£50.00");
  await popup.getByRole("button", { name: "Add to cart" }).click();
  const line = bag(page).getByTestId("bag-line");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText("Office Chair");
  await expect(line).toContainText("Outside");
  await expect(line.getByTestId("bag-line-quantity")).toHaveText("2");
});

test("the blog lists articles and opens one; a missing one says so", async ({ page }) => {
  await page.goto("/blog");
  await page.waitForLoadState("load");
  const cards = page.getByTestId("blog-card");
  await expect(cards).toHaveCount(10);
  for (const text of await cards.locator(".blog-card-description").allTextContents()) {
    expect(text.length).toBeLessThanOrEqual(100);
  }
  await cards.getByRole("link", { name: "What Happens to Your Sofa After We Collect It" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "What Happens to Your Sofa After We Collect It",
  );
  await expect(page.getByText("Published By Admin | 07-Feb-2024")).toBeVisible();

  const missing = await page.goto("/blog?title=Nothing%20here");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("No blog found");
});

test("an unknown product says Product not found with a 404", async ({ page }) => {
  for (const path of ["/product/999999", "/product/abc"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Product not found");
  }
});

test("the FAQ opens from the header and closes again", async ({ page }) => {
  await page.goto("/");
  await page.locator(".nav-mobile summary").click();
  await page.locator(".nav-mobile").getByRole("link", { name: "FAQ" }).click();
  const faq = page.getByRole("dialog", { name: "Frequently asked questions" });
  await expect(faq).toBeVisible();
  await faq.getByText("Do I need to be at home?").click();
  await expect(faq.getByText(/leave your items outside/)).toBeVisible();
  await faq.getByRole("link", { name: "Close" }).click();
  await expect(faq).toBeHidden();
});

test("another open tab updates its badge when the bag changes", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "tabs talk to each other through JavaScript (BroadcastChannel)");
  const other = await context.newPage();
  await other.goto("/blog");
  await expect(other.getByTestId("bag-count")).toHaveText("0");
  await addFromProductPage(page, 5, /Outside/);
  await expect(other.getByTestId("bag-count")).toHaveText("1");
});
