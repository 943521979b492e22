import { expect, test } from "@playwright/test";
import { addDaysIso } from "~/lib/calendar";
import { formatLongDate } from "~/lib/format";
import { todayInLondon } from "~/lib/london-clock.server";
import { seriousViolations } from "./support/axe";
import { withShopDatabase } from "./support/shop-data";
import { signIn } from "./support/staff";

/**
 * Staff at tablet width, with and without JavaScript: block a day with a reason on the fleet page
 * (a reason left empty is refused beside its field), open it again, and set a product's load and
 * handling minutes in the product form. Each project uses its own day and product, as both share
 * one shop.
 */
test.use({ viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: true });

test("staff block a day with a reason and set a product's load", async ({ page, browser }) => {
  const project = test.info().project.name;
  const javaScriptEnabled = project === "js";
  const day = addDaysIso(todayInLondon(), javaScriptEnabled ? 40 : 41);
  const longDay = formatLongDate(day);

  await signIn(page, "/dashboard/fleet");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fleet");
  await expect(page.getByRole("spinbutton", { name: "Sunday" })).toHaveValue("1");
  await expect(page.getByRole("spinbutton", { name: "Monday" })).toHaveValue("2");
  expect(await seriousViolations(page, browser, javaScriptEnabled)).toEqual([]);

  const block = page.getByRole("form", { name: "Block a day" });
  await block.getByLabel("Day").fill(day);
  // The browser's own check would stop an empty reason; take it off to see the server's.
  await block.getByLabel("Reason").evaluate((input) => input.removeAttribute("required"));
  await block.getByRole("button", { name: "Block the day" }).click();
  await expect(page.locator("#field-block-reason-error")).toHaveText(
    "Please give a reason, such as Christmas Day",
  );
  await page
    .getByRole("form", { name: "Block a day" })
    .getByLabel("Reason")
    .fill(`Closed for training (${project})`);
  await page
    .getByRole("form", { name: "Block a day" })
    .getByRole("button", { name: "Block the day" })
    .click();
  await expect(page.getByTestId("fleet-notice")).toHaveText(
    `${longDay} is blocked: Closed for training (${project}).`,
  );
  const row = page.getByTestId("blocked-days").getByRole("listitem").filter({ hasText: longDay });
  await expect(row).toContainText(`Closed for training (${project})`);
  expect(
    await withShopDatabase((db) => db.all("SELECT reason FROM blocked_days WHERE day = ?", day)),
  ).toEqual([{ reason: `Closed for training (${project})` }]);

  await row.getByRole("button", { name: `Open ${longDay} again` }).click();
  await expect(page.getByTestId("fleet-notice")).toHaveText(`${longDay} is open again.`);

  // A product's load: the seed gave it one; staff change it in the product form.
  const productName = javaScriptEnabled ? "Microwave" : "Vacuum Cleaner";
  const id = await withShopDatabase(async (db) =>
    Number(
      (await db.get<{ id: number }>("SELECT id FROM products WHERE name = ?", productName))!.id,
    ),
  );
  await page.goto(`/dashboard/products/${id}`);
  const dialog = page.getByRole("dialog", { name: `Edit ${productName}` });
  await expect(dialog.getByLabel("Load (cubic yards)")).toHaveValue("0.1");
  await expect(dialog.getByLabel("Handling minutes")).toHaveValue("5");
  await dialog.getByLabel("Load (cubic yards)").fill("0.25");
  await dialog.getByLabel("Handling minutes").fill("8");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("products-done")).toHaveText(`Changes to “${productName}” saved.`);
  expect(
    await withShopDatabase((db) =>
      db.all("SELECT load_hundredths, handling_minutes FROM products WHERE id = ?", id),
    ),
  ).toEqual([{ load_hundredths: 25, handling_minutes: 8 }]);
});
