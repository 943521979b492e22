import { expect, test } from "@playwright/test";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { withShopDatabase } from "./support/shop-data";
import { shot } from "./support/shots";
import { signIn } from "./support/staff";
import { seriousViolations } from "./support/axe";

/**
 * The crew's run sheet at tablet width, with and without JavaScript: staff open Today from the
 * menu, read a job (what to collect, the maps and phone links, the items), step to the next day
 * and back, and follow the job's order link. Every link a gloved finger taps is ≥ 48 px high.
 */
test.use({ viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: true });

/** A cash job for today, made as a phone booking is stored, with two items; answers its id. */
async function cashJobToday(name: string): Promise<number> {
  return withShopDatabase(async (db) => {
    const order = await db.get<{ id: number }>(
      `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date,
         status, booking_status, payment_method, total_pence, source)
       VALUES (?, 'crew@example.com', '07700 900555', '7 Canal Walk', 'Basingstoke', 'RG21 7AB', ?,
         'pending', 'pending', 'cash_payment', 9550, 'manual') RETURNING id`,
      name,
      todayInLondon(),
    );
    const id = Number(order!.id);
    for (const [product, position, quantity] of [
      ["Armchair", "outside", 2],
      ["Washing machine", "inside_no_dismantle", 1],
    ] as const)
      await db.run(
        `INSERT INTO order_items (order_id, product_name, product_description, position,
           unit_price_pence, quantity) VALUES (?, ?, 'Collected for recycling', ?, 3000, ?)`,
        id,
        product,
        position,
        quantity,
      );
    return id;
  });
}

test("staff open today's run sheet from the menu, step a day and back, and open a job's order", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const name = `Run Sheet ${testInfo.project.name} ${Date.now()}`;
  const orderId = await cashJobToday(name);
  const today = todayInLondon();

  await signIn(page, "/dashboard/home");
  await page.getByRole("link", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Today" }).click();
  await expect(page).toHaveURL(/\/dashboard\/today$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Today:");

  const job = page.getByTestId("run-job").filter({ hasText: name });
  await expect(job).toHaveCount(1);
  await expect(job.getByTestId("run-job-payment")).toHaveText("Collect £95.50 (cash)");
  await expect(job.getByText("To do", { exact: true })).toBeVisible();
  await expect(job.getByRole("listitem")).toHaveText([
    "2 × Armchair (Outside — left out for collection)",
    "1 × Washing machine (Inside — no dismantling)",
  ]);
  const map = job.getByTestId("run-job-map");
  await expect(map).toHaveAttribute(
    "href",
    "https://www.google.com/maps/search/?api=1&query=7%20Canal%20Walk%2C%20Basingstoke%2C%20RG21%207AB",
  );
  const phone = job.getByTestId("run-job-phone");
  await expect(phone).toHaveAttribute("href", "tel:07700900555");

  // Tap targets a gloved finger can hit: the job's links and the day links.
  const order = job.getByTestId("run-job-order");
  const days = page.getByRole("navigation", { name: "Other days" }).getByRole("link");
  for (const target of [map, phone, order, ...(await days.all())]) {
    const box = await target.boundingBox();
    expect(box, await target.innerText()).not.toBeNull();
    expect(box!.height, await target.innerText()).toBeGreaterThanOrEqual(48);
  }
  expect(await seriousViolations(page, browser, javaScriptEnabled)).toEqual([]);

  // The next day and back again.
  await page.getByRole("link", { name: "Next day ›" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/today\\?day=${addDaysIso(today, 1)}$`));
  await expect(page.getByTestId("run-job").filter({ hasText: name })).toHaveCount(0);
  await page.getByRole("link", { name: "‹ Previous day" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/today\\?day=${today}$`));
  await expect(job).toHaveCount(1);

  // On my way: the customer is told (no postcode service here, so no time is promised).
  // (Its run: other journeys' jobs for today are on the sheet too.)
  const run = page.getByTestId("van-run").filter({ has: job });
  await expect(run.getByTestId("run-route")).toContainText("Not in road order");
  await job.getByRole("button", { name: "On my way" }).click();
  await expect(page.getByTestId("run-sheet-flash")).toHaveText(
    `${name} was told you are on your way, by email.`,
  );
  await expect(job.getByTestId("run-job-on-way")).toHaveText(
    /^On the way since \d\d:\d\d (GMT|BST)$/,
  );
  await shot(page, testInfo, "run-sheet-on-my-way");

  await job.getByRole("link", { name: `Order HB${orderId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${orderId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order HB${orderId}: ${name}`);
});
