import { expect, test } from "@playwright/test";
import { checkoutToDemoPayment } from "./support/bookings";
import { londonDayAhead } from "./support/quotes";
import { withShopDatabase } from "./support/shop-data";

/**
 * A payment cannot outlive its hold on the day (docs/decisions/032-one-quote-one-booking.md):
 * the customer leaves the demo payment page open past the 31-minute hold, presses Pay, is told
 * it has expired with nothing taken, and goes back to the checkout with their details kept.
 */
test("a payment page left open past its hold refuses to pay and leads back to the checkout", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const email = `expiry-${testInfo.project.name}-${Date.now()}@example.com`;
  const total = await checkoutToDemoPayment(page, email, londonDayAhead(js ? 6 : 7));
  // The page stays open for longer than the hold (31 minutes).
  const lapsed = new Date(Date.now() - 32 * 60_000).toISOString();
  await withShopDatabase((db) =>
    db.run("UPDATE orders SET created_at = ? WHERE email = ?", lapsed, email),
  );
  await page.getByRole("button", { name: `Pay ${total}` }).click();
  const result = page.getByTestId("payment-result");
  await expect(result).toContainText("This payment has expired, so no money was taken");
  await expect(result.getByRole("heading", { level: 1 })).not.toHaveText(
    "Payment status: complete",
  );
  await result.getByRole("link", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/checkout\?retry=/);
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  const stored = await withShopDatabase((db) =>
    db.all<{ status: string }>("SELECT status FROM orders WHERE email = ?", email),
  );
  expect(stored).toEqual([{ status: "pending" }]);
});
