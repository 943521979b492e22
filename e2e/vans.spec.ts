import { expect, test } from "@playwright/test";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { seriousViolations } from "./support/axe";
import { withShopDatabase } from "./support/shop-data";
import { shot } from "./support/shots";
import { signIn } from "./support/staff";

/**
 * Vans and crews on a 1024 px tablet, with and without JavaScript (docs/rules.md#vans-and-crews):
 * the office moves a job to another van with its select (a reason asked once the van is full)
 * and names a van's crew for the day; the run sheet shows each van's run.
 */
test.use({ viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: true });

/** A cash job on the first van of `day`, with one line of `yards` cubic yards; answers its id. */
async function jobOnVan1(day: string, name: string, yards: number): Promise<number> {
  return withShopDatabase(async (db) => {
    const order = await db.get<{ id: number }>(
      `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date,
         status, booking_status, payment_method, total_pence, source, van_id)
       VALUES (?, 'vans@example.com', '07700 900556', '2 Mill Lane', 'Woking', 'GU21 4AA', ?,
         'pending', 'pending', 'cash_payment', 12000, 'manual',
         (SELECT id FROM vans WHERE out_order = 1)) RETURNING id`,
      name,
      day,
    );
    const id = Number(order!.id);
    await db.run(
      `INSERT INTO order_items (order_id, product_name, product_description, position,
         unit_price_pence, quantity, load_hundredths, handling_minutes)
       VALUES (?, 'House clearance', 'Mixed household waste', 'inside_no_dismantle', 12000, 1, ?, 60)`,
      id,
      yards * 100,
    );
    return id;
  });
}

test("the office moves jobs between vans and names a van's crew", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  // A day of this project's own, past any day a customer can book, with two vans of 20 yd³
  // (10 a trip, two trips).
  const day = addDaysIso(todayInLondon(), javaScriptEnabled ? 200 : 201);
  await withShopDatabase((db) =>
    db.run(
      "INSERT INTO day_overrides (day, vans, reason, created_by) VALUES (?, 2, '', 'e2e')",
      day,
    ),
  );
  const big = `Big Job ${testInfo.project.name}`;
  const small = `Small Job ${testInfo.project.name}`;
  await jobOnVan1(day, big, 15);
  await jobOnVan1(day, small, 10);

  await signIn(page, `/dashboard/today?day=${day}`);
  const van = (name: string) =>
    page.getByTestId("van-run").filter({ has: page.getByRole("heading", { name, level: 2 }) });
  await expect(van("Van 1").getByTestId("run-job")).toHaveCount(2);
  await expect(van("Van 2")).toContainText("No jobs");

  // The small job fits Van 2.
  const smallJob = page.getByTestId("run-job").filter({ hasText: small });
  await smallJob.getByLabel("Van", { exact: true }).selectOption({ label: "Van 2" });
  await smallJob.getByRole("button", { name: "Move" }).click();
  await expect(page.getByTestId("run-sheet-flash")).toHaveText("Order moved to Van 2.");
  await expect(van("Van 2").getByTestId("run-job")).toContainText(small);

  // The big one does not: the office is asked why, and the job moves with the reason.
  const bigJob = page.getByTestId("run-job").filter({ hasText: big });
  await bigJob.getByLabel("Van", { exact: true }).selectOption({ label: "Van 2" });
  await bigJob.getByRole("button", { name: "Move" }).click();
  await expect(bigJob.locator(".field-error")).toHaveText(
    "Van 2 has no room for this job: it would be over its load by 5 yd³. Give a reason to put it there anyway.",
  );
  await shot(page, testInfo, "vans-reason");
  await bigJob.getByLabel("Reason to put it there anyway").fill("Van 1 is off for repair");
  await bigJob.getByRole("button", { name: "Move" }).click();
  await expect(page.getByTestId("run-sheet-flash")).toHaveText("Order moved to Van 2.");
  await expect(van("Van 2").getByTestId("run-job")).toHaveCount(2);

  // Van 2's crew for the day.
  await expect(van("Van 2").getByTestId("van-run-crew")).toHaveText(
    "No crew named for this day yet.",
  );
  await van("Van 2").getByText("Change the crew").click();
  await van("Van 2").getByLabel("admin").check();
  await van("Van 2").getByRole("button", { name: "Save crew" }).click();
  await expect(page.getByTestId("run-sheet-flash")).toHaveText("Van 2's crew saved.");
  await expect(van("Van 2").getByTestId("van-run-crew")).toHaveText("Crew: admin");
  await shot(page, testInfo, "vans-run");
  expect(await seriousViolations(page, browser, javaScriptEnabled)).toEqual([]);
});
