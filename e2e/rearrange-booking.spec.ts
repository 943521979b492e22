import ICAL from "ical.js";
import { expect, test } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { shot } from "./support/shots";
import { bookAndPay, confirmationOf, pickCollectionDay } from "./support/bookings";
import { londonDayAhead, longDate } from "./support/quotes";
import { outboxEmails } from "./support/shop-data";

/**
 * A customer moves their own booking at phone width (390 px), with and without JavaScript:
 * from the link in their confirmation email, first free (the collection is 20 days away), then,
 * now that it is within 14 days, for £24 paid in the demo gateway. Each move sends a new
 * confirmation whose calendar event (parsed with ical.js) has moved, with a higher SEQUENCE.
 */

test("a customer moves their booking free, then for the £24 fee inside 14 days", async ({
  page,
  browser,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const email = `ada.${testInfo.project.name}@example.com`;
  const [booked, first, second] = js ? [20, 9, 11] : [21, 10, 12];
  await bookAndPay(page, email, londonDayAhead(booked));
  const { path, reference } = await confirmationOf(email);

  // Free: 20 days ahead. The new day is inside the 14-day cancellation period, so the tick is asked.
  await page.goto(path);
  const section = page.getByRole("region", { name: "Change the date" });
  await expect(section.getByTestId("rearrange-fee")).toHaveText("Moving your collection is free.");
  await section.getByRole("link", { name: "Choose a new date" }).click();
  await pickCollectionDay(page, londonDayAhead(first));
  await page.getByLabel(/I ask you to collect within my 14-day cancellation period/).check();
  await shot(page, testInfo, "rearrange-pick");
  expect(await seriousViolations(page, browser, js)).toEqual([]);
  await page.getByRole("button", { name: "Move my collection" }).click();
  await expect(page.getByTestId("change-notice")).toContainText(
    `Your collection has moved to ${longDate(londonDayAhead(first))}.`,
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `Collection on ${longDate(londonDayAhead(first))}`,
  );

  // Now within 14 days: £24, paid in the demo gateway before the move.
  await expect(section.getByTestId("rearrange-fee")).toContainText("costs £24.00");
  await section.getByRole("link", { name: "Choose a new date" }).click();
  await pickCollectionDay(page, londonDayAhead(second));
  await page.getByRole("button", { name: "Pay £24.00 and move my collection" }).click();
  await expect(page).toHaveURL(/\/payment\/demo\?session_id=demo_/);
  await expect(page.getByText(`Date change fee, booking ${reference}`)).toBeVisible();
  await page.getByRole("button", { name: "Pay £24.00" }).click();
  await expect(page).toHaveURL(new RegExp(`${path}\\?session_id=demo_`));
  await expect(page.getByTestId("change-notice")).toContainText(
    `Your collection has moved to ${longDate(londonDayAhead(second))}. We have emailed you a new confirmation and your £24.00 fee is paid.`,
  );
  await expect(page.getByTestId("manage-change-fees")).toHaveText("£24.00 paid by card");
  await shot(page, testInfo, "rearrange-moved");
  expect(await seriousViolations(page, browser, js)).toEqual([]);

  // Two new confirmations, each moving the same calendar event on.
  let moves: ReturnType<typeof outboxEmails> = [];
  await expect
    .poll(() => {
      moves = outboxEmails().filter((m) => m.kind === "booking_rearranged" && m.to.includes(email));
      return moves.length;
    })
    .toBe(2);
  const events = moves.map((mail) => {
    const ics = mail.attachments.find((a) => a.filename.endsWith(".ics"))!;
    const root = new ICAL.Component(ICAL.parse(ics.bytes.toString("utf8")));
    const event = new ICAL.Event(root.getFirstSubcomponent("vevent")!);
    return [event.uid, event.sequence, event.startDate.toString().slice(0, 10)];
  });
  expect(events[0]![0]).toBe(events[1]![0]);
  expect(events.map((e) => e.slice(1))).toEqual([
    [1, londonDayAhead(first)],
    [2, londonDayAhead(second)],
  ]);
  // The end-to-end shop is not VAT registered: the fee names no VAT (lib/vat.ts).
  expect(moves[1]!.text).toContain("Date change fee paid by card: £24.00\n");
  expect(moves[1]!.text).not.toMatch(/VAT/);
});
