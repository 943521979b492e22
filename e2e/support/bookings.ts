import { expect, type Page } from "@playwright/test";
import { londonDayAhead, longDate, monthLabel } from "./quotes";
import { outboxEmails } from "./shop-data";

/**
 * A customer's booking made through the shop (the bag, the checkout, the demo payment), and
 * the manage link from its confirmation email: for journeys about what happens after.
 */

/** Picks `isoDay` in the collection calendar on the page, moving on month by month to it. */
export async function pickCollectionDay(page: Page, isoDay: string) {
  const calendar = page.getByRole("group", { name: "Collection date" });
  const target = monthLabel(isoDay.slice(0, 7));
  const shown = calendar.locator(".calendar-month");
  for (let i = 0; i < 4; i++) {
    const month = (await shown.textContent())?.trim() ?? "";
    if (month === target) break;
    await calendar.getByRole("button", { name: "Next month" }).click();
    await expect(shown).not.toHaveText(month);
  }
  await expect(calendar.locator(".calendar-month")).toHaveText(target);
  await calendar.getByRole("radio", { name: longDate(isoDay), exact: true }).check();
}

/** Picks an arrival window after the day ("Morning", "Afternoon", "Evening" or "Any time"). */
export async function pickArrivalWindow(page: Page, name = "Morning") {
  const windows = page.getByRole("group", { name: "Arrival time" });
  const radio = windows.getByRole("radio", { name: new RegExp(`^${name}\\b`) });
  await radio.check();
  await expect(radio).toBeChecked();
}

/** Books product 4 for `isoDay` up to the demo gateway's page; answers the total to pay ("£59.00"). */
export async function checkoutToDemoPayment(page: Page, email: string, isoDay: string) {
  await page.goto("/product/4");
  await page.getByRole("radio", { name: /Outside/ }).check();
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page.getByRole("dialog", { name: "YOUR BAG" }).getByTestId("bag-line")).toHaveCount(
    1,
  );
  await page.goto("/checkout");
  const fields = {
    "Full name": "Grace Hopper",
    Email: email,
    "Phone number": "07700 900777",
    "Address line 1": "5 Harbour Street",
    Town: "Whitby",
    Postcode: "TN21 3PU",
  };
  for (const [label, value] of Object.entries(fields))
    await page.getByLabel(label, { exact: true }).fill(value);
  await pickCollectionDay(page, isoDay);
  await pickArrivalWindow(page);
  await answerEarlyStart(page, isoDay);
  const pay = page.getByRole("button", { name: /^Book and pay £\d+\.\d{2}$/ });
  const total = (/£\d+\.\d{2}/.exec((await pay.textContent()) ?? "") ?? [""])[0];
  await pay.click();
  await expect(page).toHaveURL(/\/payment\/demo\?session_id=demo_/);
  // It says when the crew come, and opens at its top (not where the checkout's button was).
  await expect(page.getByTestId("demo-collection")).toContainText(/ \(Morning, 7:00 to 12:00\)\.$/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  return total;
}

/** Books product 4 for `isoDay` and pays in the demo gateway; answers the total paid ("£59.00"). */
export async function bookAndPay(page: Page, email: string, isoDay: string) {
  const total = await checkoutToDemoPayment(page, email, isoDay);
  await page.getByRole("button", { name: `Pay ${total}` }).click();
  await expect(page.getByTestId("payment-result").getByRole("heading", { level: 1 })).toHaveText(
    "Payment status: complete",
  );
  await expect(page.getByTestId("payment-arrival")).toHaveText("Morning, 7:00 to 12:00");
  // Changing it is the customer's own to do: the page says how, not only "call us".
  // The booking's own page is one tap away.
  await expect(
    page.getByTestId("payment-result").getByRole("link", { name: "Manage your booking" }),
  ).toHaveAttribute("href", /^\/booking\/[A-Za-z0-9_-]{32}$/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  return total;
}

/** The manage link (its path) and the booking reference from the customer's confirmation email. */
export async function confirmationOf(email: string) {
  let link = "";
  await expect
    .poll(
      () => {
        const mail = outboxEmails().find(
          (m) => m.kind === "booking_confirmation" && m.to.includes(email),
        );
        link = /https?:\/\/[^\s]+\/booking\/[A-Za-z0-9_-]+/.exec(mail?.text ?? "")?.[0] ?? "";
        return link;
      },
      { message: "the confirmation email with its manage link", timeout: 10_000 },
    )
    .not.toBe("");
  const reference = /HB\d+/.exec(
    outboxEmails().find((m) => m.kind === "booking_confirmation" && m.to.includes(email))!.subject,
  )![0];
  return { path: new URL(link).pathname, reference };
}

/**
 * The early-start request beside the date (CCR reg. 36): for a day inside the 14-day cancellation
 * period it is asked, and ticked here; for a later day it is not asked with JavaScript, and without
 * it stays on the page saying which dates need it, left unticked.
 */
export async function answerEarlyStart(page: Page, isoDay: string) {
  const box = page.getByRole("checkbox", {
    name: /I ask you to collect within my 14-day cancellation period/,
  });
  if (isoDay <= londonDayAhead(14)) {
    await box.check();
    return;
  }
  if ((await box.count()) > 0)
    await expect(page.locator("#field-early_start-hint")).toContainText(
      "Only needed for a collection on or before",
    );
}
