import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { answerEarlyStart, pickArrivalWindow, pickCollectionDay } from "./support/bookings";
import { londonDayAhead, longDate } from "./support/quotes";
import { outboxEmails, withShopDatabase } from "./support/shop-data";

/**
 * Arrival windows at the checkout (issue 19), with and without JavaScript: a bag left outside may
 * be collected any time for 10% off, shown as a line and paid; a big bag finds an afternoon full
 * that a small bag still books; a blocked day cannot be picked.
 */

const js = (testInfo: TestInfo) => testInfo.project.name === "js";

/** A day about `n` days ahead that is not a Sunday (one van on Sundays). */
function weekdayAhead(n: number): string {
  let day = londonDayAhead(n);
  while (new Date(`${day}T12:00:00Z`).getUTCDay() === 0) day = londonDayAhead(++n);
  return day;
}

async function addToBag(page: Page, productId: number, option: RegExp) {
  await page.goto(`/product/${productId}`);
  await page.getByRole("radio", { name: option }).check();
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page.getByRole("dialog", { name: "YOUR BAG" }).getByTestId("bag-line")).toHaveCount(
    1,
  );
}

async function fillContact(page: Page, email: string) {
  const fields = {
    "Full name": "Ada Window",
    Email: email,
    "Phone number": "07700 900321",
    "Address line 1": "3 Quay Street",
    Town: "Bristol",
    Postcode: "BN1 4DJ",
  };
  for (const [label, value] of Object.entries(fields))
    await page.getByLabel(label, { exact: true }).fill(value);
}

const pence = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);
const pounds = (p: number) => `£${(p / 100).toFixed(2)}`;

/** A booking staff made by hand that takes `minutes` of a window on `day`. */
async function fillWindow(day: string, window: string, minutes: number) {
  await withShopDatabase(async (db) => {
    const [order] = await db.all<{ id: number }>(
      `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date,
         payment_method, total_pence, source, arrival_window)
       VALUES ('Filler', 'filler@example.com', '07700 900000', '1 St', 'Leeds', 'SE1 1AA', ?, 'cash_payment', 1000, 'manual', ?)
       RETURNING id`,
      day,
      window,
    );
    await db.run(
      `INSERT INTO order_items (order_id, product_id, product_name, product_description, unit_price_pence, quantity, load_hundredths, handling_minutes)
       VALUES (?, NULL, 'House clearance', '', 1000, 1, 500, ?)`,
      order!.id,
      minutes,
    );
  });
}

test("Any time takes 10% off a bag left outside, as a line, to the payment and the email", async ({
  page,
}, testInfo) => {
  const email = `anytime-${testInfo.project.name}@example.com`;
  const day = weekdayAhead(js(testInfo) ? 61 : 63);
  await addToBag(page, 3, /Outside/);
  await page.goto("/checkout");
  const full = pence((await page.getByTestId("checkout-total").textContent()) ?? "");
  const discount = Math.round(full / 10);
  await fillContact(page, email);
  await pickCollectionDay(page, day);
  const windows = page.getByRole("group", { name: "Arrival time" });
  await expect(windows.getByRole("radio")).toHaveCount(4);
  await expect(windows).toContainText(`10% off: you save ${pounds(discount)}`);
  await pickArrivalWindow(page, "Any time");
  await answerEarlyStart(page, day);
  if (js(testInfo)) {
    // The summary and the button follow the choice at once.
    await expect(page.getByTestId("checkout-discount")).toContainText(
      `Any time discount (10%)−${pounds(discount)}`,
    );
    await expect(page.getByTestId("checkout-total")).toHaveText(pounds(full - discount));
  }
  await page
    .getByRole("button", {
      name: `Book and pay ${pounds(js(testInfo) ? full - discount : full)}`,
    })
    .click();
  await expect(page).toHaveURL(/\/payment\/demo\?session_id=demo_/);
  await expect(
    page.getByRole("listitem").filter({ hasText: "Any time discount (10%)" }),
  ).toContainText(`−${pounds(discount)}`);
  await page.getByRole("button", { name: `Pay ${pounds(full - discount)}` }).click();
  await expect(page.getByTestId("payment-result").getByRole("heading", { level: 1 })).toHaveText(
    "Payment status: complete",
  );
  await expect
    .poll(
      () =>
        outboxEmails().find((m) => m.kind === "booking_confirmation" && m.to.includes(email))
          ?.text ?? "",
    )
    .toContain(`Any time discount (10%): −${pounds(discount)}`);
  const confirmation = outboxEmails().find(
    (m) => m.kind === "booking_confirmation" && m.to.includes(email),
  )!;
  expect(confirmation.text).toContain("Arrival: Any time, 7:00 to 22:00");
  expect(confirmation.text).toContain(`Total paid: ${pounds(full - discount)}`);
});

test("Any time is not offered when an item is collected from inside", async ({ page }) => {
  await addToBag(page, 3, /Inside — needs dismantling/);
  await page.goto("/checkout");
  const windows = page.getByRole("group", { name: "Arrival time" });
  await expect(windows.getByRole("radio")).toHaveCount(3);
  await expect(windows.getByRole("radio", { name: /^Any time/ })).toHaveCount(0);
});

test("a big bag finds the afternoon full that a small bag still books", async ({
  page,
}, testInfo) => {
  const day = weekdayAhead(js(testInfo) ? 65 : 67);
  // 385 of the afternoon's 400 crew minutes are spoken for.
  await fillWindow(day, "afternoon", 385);

  // A corner sofa takes 30 minutes: the afternoon is full for it.
  await addToBag(page, 4, /Outside/);
  await page.goto("/checkout");
  await fillContact(page, `bigbag-${testInfo.project.name}@example.com`);
  await pickCollectionDay(page, day);
  const afternoon = page
    .getByRole("group", { name: "Arrival time" })
    .getByRole("radio", { name: /^Afternoon/ });
  if (js(testInfo)) {
    await expect(afternoon).toBeDisabled();
    await expect(page.locator(".arrival-option-full")).toContainText("Full on this day");
  } else {
    // Without JavaScript the day's windows are checked when the form is sent.
    await afternoon.check();
    await answerEarlyStart(page, day);
    await page.getByRole("button", { name: /^Book and pay/ }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "The afternoon is full on that day for your collection. Please choose another time, or another date.",
    );
    await expect(afternoon).toBeDisabled();
  }

  // An armchair takes 10 minutes: it still fits the afternoon, and books it.
  // A new bag: the bag lives in a cookie.
  await page.context().clearCookies();
  await addToBag(page, 1, /Outside/);
  await page.goto("/checkout");
  await fillContact(page, `smallbag-${testInfo.project.name}@example.com`);
  await pickCollectionDay(page, day);
  await expect(afternoon).toBeEnabled();
  await pickArrivalWindow(page, "Afternoon");
  await answerEarlyStart(page, day);
  await page.getByRole("button", { name: /^Book and pay/ }).click();
  await expect(page).toHaveURL(/\/payment\/demo\?session_id=demo_/);
});

test("a blocked day cannot be picked, and says why", async ({ page }, testInfo) => {
  const day = weekdayAhead(js(testInfo) ? 69 : 71);
  await withShopDatabase((db) =>
    db.run(
      "INSERT INTO blocked_days (day, reason, created_by) VALUES (?, 'Staff training', 'Owner') ON CONFLICT (day) DO NOTHING",
      day,
    ),
  );
  await addToBag(page, 1, /Outside/);
  await page.goto(`/checkout?month=${day.slice(0, 7)}`);
  const radio = page
    .getByRole("group", { name: "Collection date" })
    .getByRole("radio", { name: `${longDate(day)}, closed, no collections that day` });
  await expect(radio).toBeDisabled();
});
