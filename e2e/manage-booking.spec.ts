import { expect, test } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { bookAndPay, confirmationOf } from "./support/bookings";
import { londonDayAhead } from "./support/quotes";
import { outboxEmails } from "./support/shop-data";

/**
 * "Manage your booking" at phone width (390 px), with and without JavaScript: a customer books
 * and pays (the demo gateway), opens the link from their confirmation email, sees what
 * cancelling gives back, confirms, and sees the refund; a lookup with the wrong postcode finds
 * nothing.
 */

test("a customer cancels their booking from the emailed link and sees the refund", async ({
  page,
  browser,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const email = `grace.${testInfo.project.name}@example.com`;
  const total = await bookAndPay(page, email, londonDayAhead(js ? 32 : 33));
  const { path, reference } = await confirmationOf(email);

  await page.goto(path);
  await expect(page.getByText(`Your booking ${reference}`)).toBeVisible();
  const cancel = page.getByRole("region", { name: "Cancel this booking" });
  await expect(cancel.getByTestId("cancel-terms")).toContainText("FeeNone");
  await expect(cancel.getByTestId("cancel-terms")).toContainText(`Refund${total}`);
  await page.screenshot({
    path: testInfo.outputPath(`manage-booking-${testInfo.project.name}.png`),
    fullPage: true,
  });
  expect(await seriousViolations(page, browser, js)).toEqual([]);

  await cancel.getByRole("link", { name: "Cancel this booking" }).click();
  await expect(page).toHaveURL(/\?cancel=1#cancel$/);
  const sure = page.getByRole("region", { name: "Are you sure?" });
  await expect(sure.getByTestId("cancel-question")).toContainText(
    `You get ${total} back to the card you paid with.`,
  );
  await sure.screenshot({
    path: testInfo.outputPath(`manage-booking-confirm-${testInfo.project.name}.png`),
  });
  expect(await seriousViolations(page, browser, js)).toEqual([]);
  await sure.getByRole("button", { name: "Yes, cancel my booking" }).click();

  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByTestId("manage-status")).toHaveText("Cancelled");
  await expect(page.getByTestId("manage-cancelled")).toContainText(
    `${total} is on its way back to your card`,
  );
  await expect(page.getByRole("button", { name: "Yes, cancel my booking" })).toHaveCount(0);
  await page.screenshot({
    path: testInfo.outputPath(`manage-booking-cancelled-${testInfo.project.name}.png`),
    fullPage: true,
  });
  await expect
    .poll(() => outboxEmails().some((m) => m.kind === "booking_cancelled" && m.to.includes(email)))
    .toBe(true);
});

test("a lookup with the wrong postcode is refused", async ({ page }) => {
  await page.goto("/booking");
  await page.getByLabel("Booking reference").fill("HB1");
  await page.getByLabel("Postcode").fill("ZZ9 9ZZ");
  await page.getByRole("button", { name: "Find my booking" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "We could not find a booking with that reference and postcode.",
  );
  await expect(page).toHaveURL(/\/booking$/);
});

test("the model cancellation form names the business", async ({ page }) => {
  await page.goto("/cancellation-form");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Model cancellation form");
  await expect(page.getByText(/hereby give notice that I\/We \[\*\] cancel/)).toBeVisible();
});
