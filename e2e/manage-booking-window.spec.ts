import { expect, test } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { shot } from "./support/shots";
import { bookAndPay, confirmationOf, pickCollectionDay } from "./support/bookings";
import { londonDayAhead, longDate } from "./support/quotes";

/**
 * A customer books a morning collection through the shop, then, from their booking page at
 * phone width (390 px), with and without JavaScript, moves it to the afternoon of the same day:
 * the page says the booking's arrival, the change form offers the windows (no "Any time": the
 * booking was not made for any time), and the booking then says its new arrival.
 */

test("a customer moves their collection to another window on the same day", async ({
  page,
  browser,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const email = `mary.${testInfo.project.name}@example.com`;
  const day = londonDayAhead(js ? 31 : 32);
  // Booked for the morning (bookAndPay picks the first window).
  await bookAndPay(page, email, day);
  const { path: link } = await confirmationOf(email);

  await page.goto(link);
  await expect(page.getByTestId("manage-arrival")).toHaveText("Morning, 7:00 to 12:00");
  const section = page.getByRole("region", { name: "Change the date" });
  await section.getByRole("link", { name: "Choose a new date" }).click();
  // The booking's own day is offered: the booking itself is not counted against it.
  await pickCollectionDay(page, day);
  const windows = page.getByRole("group", { name: "Arrival time" });
  await expect(windows.getByRole("radio")).toHaveCount(3);
  await expect(windows.getByRole("radio", { name: /^Morning/ })).toBeChecked();
  await windows.getByRole("radio", { name: /^Afternoon/ }).check();
  await shot(page, testInfo, "manage-booking-change");
  expect.soft(await seriousViolations(page, browser, js)).toEqual([]);
  await page.getByRole("button", { name: "Move my collection" }).click();
  await expect(page.getByTestId("change-notice")).toContainText(
    `Your collection has moved to ${longDate(day)}.`,
  );
  await expect(page.getByTestId("manage-arrival")).toHaveText("Afternoon, 12:00 to 17:00");
  await shot(page, testInfo, "manage-booking-moved");
});
