import { expect, test } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { shot } from "./support/shots";
import { bookAndPay, confirmationOf } from "./support/bookings";
import { londonDayAhead } from "./support/quotes";
import { outboxEmails, withShopDatabase } from "./support/shop-data";

/**
 * "Manage your booking" at phone width (390 px), with and without JavaScript: a customer books
 * and pays (the demo gateway), opens the link from their confirmation email, sees what
 * cancelling gives back, confirms, and sees the refund; a customer without the link asks for it
 * by reference and postcode, and it is emailed to them.
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
  await shot(page, testInfo, "manage-booking");
  expect(await seriousViolations(page, browser, js)).toEqual([]);

  await cancel.getByRole("link", { name: "Cancel this booking" }).click();
  await expect(page).toHaveURL(/\?cancel=1#cancel$/);
  const sure = page.getByRole("region", { name: "Are you sure?" });
  await expect(sure.getByTestId("cancel-question")).toContainText(
    `You get ${total} back to the card you paid with.`,
  );
  await shot(sure, testInfo, "manage-booking-confirm");
  expect(await seriousViolations(page, browser, js)).toEqual([]);
  await sure.getByRole("button", { name: "Yes, cancel my booking" }).click();

  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByTestId("manage-status")).toHaveText("Cancelled");
  await expect(page.getByTestId("manage-cancelled")).toContainText(
    `${total} is on its way back to your card`,
  );
  await expect(page.getByRole("button", { name: "Yes, cancel my booking" })).toHaveCount(0);
  await shot(page, testInfo, "manage-booking-cancelled");
  await expect
    .poll(() => outboxEmails().some((m) => m.kind === "booking_cancelled" && m.to.includes(email)))
    .toBe(true);
});

test("a customer without their link has it emailed, and the page never says whether a booking matched", async ({
  page,
  browser,
}, testInfo) => {
  const email = `lost.link.${testInfo.project.name}@example.com`;
  const id = await withShopDatabase(async (db) => {
    const row = await db.get<{ id: number }>(
      `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date,
         status, booking_status, payment_method, total_pence, source)
       VALUES ('Ada Lovelace', ?, '07700 900888', '12 Marine Parade', 'Brighton', 'BN2 1TL', ?,
         'pending', 'pending', 'cash_payment', 6400, 'manual') RETURNING id`,
      email,
      londonDayAhead(40),
    );
    return Number(row!.id);
  });
  const ask = async (reference: string, postcode: string) => {
    await page.goto("/booking");
    await page.getByLabel("Booking reference").fill(reference);
    await page.getByLabel("Postcode").fill(postcode);
    await page.getByRole("button", { name: "Email me the link" }).click();
    await expect(page.getByTestId("lookup-sent")).toContainText(
      "If that booking exists, we have emailed its link to the address on it.",
    );
    await expect(page).toHaveURL(/\/booking$/);
    await expect(page.getByText("Ada Lovelace")).toHaveCount(0);
  };
  // A wrong postcode and the right one get the same answer.
  await ask(`HB${id}`, "ZZ9 9ZZ");
  await ask(`hb ${id}`, "bn2 1tl");
  await shot(page, testInfo, "manage-booking-lookup");
  expect(await seriousViolations(page, browser, testInfo.project.name === "js")).toEqual([]);
  let link = "";
  await expect
    .poll(() => {
      const mails = outboxEmails().filter((m) => m.kind === "booking_link" && m.to.includes(email));
      link = /https?:\/\/[^\s]+(\/booking\/[A-Za-z0-9_-]+)/.exec(mails[0]?.text ?? "")?.[1] ?? "";
      return mails.length;
    })
    .toBe(1);
  await page.goto(link);
  await expect(page.getByText(`Your booking HB${id}`)).toBeVisible();
  await expect(page.getByText("Ada Lovelace")).toBeVisible();
});

test("the model cancellation form names the business", async ({ page }) => {
  await page.goto("/cancellation-form");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Model cancellation form");
  await expect(page.getByText(/hereby give notice that I\/We \[\*\] cancel/)).toBeVisible();
});
