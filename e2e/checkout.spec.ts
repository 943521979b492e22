import { shot } from "./support/shots";
import { SMOKE } from "./support/smoke";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { answerEarlyStart, pickArrivalWindow } from "./support/bookings";

const bag = (page: Page) => page.getByRole("dialog", { name: "YOUR BAG" });
const badge = (page: Page) => page.getByTestId("bag-count");
const calendar = (page: Page) => page.getByRole("group", { name: "Collection date" });
const monthHeading = (page: Page) => calendar(page).getByRole("heading", { level: 3 });

const contact = {
  "Full name": "Ada Lovelace",
  Email: "ada@example.com",
  "Phone number": "07700 900123",
  "Address line 1": "12 St James's Square",
  Town: "London",
  Postcode: "SW1Y 4JH",
} as const;

/**
 * A collection day (day of the month, in the month after the first bookable
 * one) for each booking test and project, so parallel runs never crowd one day.
 */
function collectionDay(testInfo: TestInfo, slot: number): number {
  return 3 + slot * 6 + (testInfo.project.name === "no-js" ? 3 : 0);
}

async function addToBag(page: Page, id: number, option: RegExp) {
  await page.goto(`/product/${id}`);
  await page.getByRole("radio", { name: option }).check();
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(bag(page)).toBeVisible();
  await expect(bag(page).getByTestId("bag-line")).toHaveCount(1);
}

async function fillContact(page: Page, values: Partial<Record<keyof typeof contact, string>>) {
  for (const [label, value] of Object.entries(values))
    await page.getByLabel(label, { exact: true }).fill(value);
}

async function expectContact(page: Page, values: Partial<Record<keyof typeof contact, string>>) {
  for (const [label, value] of Object.entries(values))
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
}

/** Next month, checking the calendar moved and everything typed is still there. */
async function nextMonth(page: Page) {
  const before = await monthHeading(page).textContent();
  await expect(page.getByRole("button", { name: "Previous month" })).toBeDisabled();
  await page.getByRole("button", { name: "Next month" }).click();
  await expect(monthHeading(page)).not.toHaveText(before ?? "");
  await expect(page.getByRole("button", { name: "Previous month" })).toBeEnabled();
  await expectContact(page, contact);
}

/** Chooses a day of the shown month by its number; returns its label, such as "Saturday 5 December 2026". */
async function chooseDay(page: Page, day: number): Promise<string> {
  const radio = calendar(page).getByRole("radio", {
    name: new RegExp(`^\\w+ ${day} \\w+ \\d{4}$`),
  });
  await expect(radio).toBeEnabled();
  await radio.check();
  await expect(radio).toBeChecked();
  await pickArrivalWindow(page);
  return (await radio.evaluate((el) => el.closest("label")?.textContent ?? "")).replace(/^\d+/, "");
}

/** From an item in the bag to the demo payment page; returns the total and the chosen day. */
async function checkOutToDemoPayment(page: Page, day: number) {
  await addToBag(page, 3, /Inside — needs dismantling/);
  const line = bag(page).getByTestId("bag-line");
  const name = (await line.locator(".bag-line-name").textContent()) ?? "";
  const total = (await bag(page).getByTestId("bag-subtotal").textContent()) ?? "";
  expect(total).toMatch(/^£\d+\.\d{2}$/);

  // Open the bag from the header on another page, then check out.
  await page.goto("/blog");
  await expect(badge(page)).toHaveText("1");
  await page.getByRole("link", { name: "Your bag, 1 item" }).click();
  await expect(bag(page)).toBeVisible();
  await bag(page).getByRole("link", { name: "CHECK OUT" }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByRole("region", { name: "Order details" });
  await expect(summary.getByRole("listitem")).toHaveCount(1);
  await expect(summary.getByRole("listitem")).toContainText(`1 × ${name}`);
  await expect(summary.getByRole("listitem")).toContainText("Inside — needs dismantling");
  await expect(summary.getByRole("listitem")).toContainText(total);
  await expect(page.getByTestId("checkout-total")).toHaveText(total);

  await fillContact(page, contact);
  await nextMonth(page);
  const longDate = await chooseDay(page, day);
  // Asked beside the date for a collection inside the 14-day cancellation period; after it, not
  // asked with JavaScript, and without it left on the page saying which dates need it.
  const chosen = await calendar(page).getByRole("radio", { checked: true }).getAttribute("value");
  await answerEarlyStart(page, chosen ?? "");
  await expect(page.getByRole("link", { name: "terms", exact: true })).toHaveAttribute(
    "href",
    "/terms",
  );

  await page.getByRole("button", { name: `Book and pay ${total}` }).click();
  await expect(page).toHaveURL(/\/payment\/demo\?session_id=demo_/);
  await expect(page.getByRole("note")).toHaveText("Demo payment — no card is charged");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Pay ${total}`);
  await expect(page.getByTestId("demo-collection")).toContainText(`Collection on ${longDate} (`);
  return { name, total, longDate };
}

test(
  "an item in the bag is booked and paid, and the bag is emptied",
  SMOKE,
  async ({ page }, testInfo) => {
    const { total, longDate } = await checkOutToDemoPayment(page, collectionDay(testInfo, 0));

    await page.getByRole("button", { name: `Pay ${total}` }).click();
    await expect(page).toHaveURL(/\/payment\?session_id=demo_/);
    const result = page.getByTestId("payment-result");
    await expect(result.getByRole("heading", { level: 1 })).toHaveText("Payment status: complete");
    await expect(result.getByRole("img", { name: "Paid" })).toBeVisible();
    await expect(result).toContainText(`Thank you, ${contact["Full name"]}.`);
    await expect(result).toContainText(`Your collection is booked for ${longDate}.`);
    await expect(result.locator("dt", { hasText: "Booking reference" })).toBeVisible();
    await expect(result.locator("dd").first()).toHaveText(/^HB\d+$/);
    await expect(result.locator("dd").nth(1)).toHaveText(total);
    await expect(badge(page)).toHaveText("0");
    await shot(page, testInfo, "payment-confirmation");
    // The booking's own page is one tap from the confirmation, and its footer leads there too.
    const reference = await result.locator("dd").first().innerText();
    await result.getByRole("link", { name: "Manage your booking" }).click();
    await expect(page.getByText(`Your booking ${reference}`)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Collection on ${longDate}`);
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: "Manage your booking" }),
    ).toHaveAttribute("href", "/booking");

    await page.goto("/checkout");
    await expect(page.getByText("Your bag is empty.")).toBeVisible();
    await page.goto("/?bag=open");
    await expect(bag(page).getByText("no cart items")).toBeVisible();
  },
);

test("a declined payment keeps the bag and Try again returns to checkout", async ({
  page,
}, testInfo) => {
  const { name } = await checkOutToDemoPayment(page, collectionDay(testInfo, 1));

  await page.getByRole("button", { name: "Decline" }).click();
  await expect(page).toHaveURL(/\/payment\?session_id=demo_/);
  const result = page.getByTestId("payment-result");
  await expect(result.getByRole("heading", { level: 1 })).toHaveText("Payment status: declined");
  await expect(result.getByRole("img", { name: "Not paid" })).toBeVisible();
  await expect(result).toContainText("The payment was declined and no money was taken.");
  await expect(badge(page)).toHaveText("1");

  await result.getByRole("link", { name: "Try again" }).click();
  await expect(page).toHaveURL(/\/checkout\?retry=demo_/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checkout");
  // The details typed before are filled in again.
  await expectContact(page, contact);
  const summary = page.getByRole("region", { name: "Order details" });
  await expect(summary.getByRole("listitem")).toContainText(`1 × ${name}`);
  await expect(page.getByRole("button", { name: /^Book and pay £\d+\.\d{2}$/ })).toBeVisible();
});

test("checkout refuses missing details and keeps what was typed", async ({ page }) => {
  await addToBag(page, 2, /Outside/);
  await page.goto("/checkout");
  const pay = page.getByRole("button", { name: /^Book and pay £\d+\.\d{2}$/ });

  // Empty fields: the browser's own check stops the form before it is sent.
  await pay.click();
  await expect(page.getByLabel("Full name", { exact: true })).toBeFocused();
  await expect(page.getByRole("alert")).toHaveCount(0);

  // Only spaces pass the browser's `required`; the server refuses them, and there is no date.
  await fillContact(page, {
    "Full name": "   ",
    Email: contact.Email,
    "Phone number": "   ",
    "Address line 1": "   ",
    Town: "   ",
    Postcode: "   ",
  });
  await pickArrivalWindow(page);
  await pay.click();
  await expect(page.getByRole("alert")).toHaveText("Please check the details marked below.");
  await expect(page.locator("#field-full_name-error")).toHaveText("Please enter your full name");
  await expect(page.locator("#field-phone_number-error")).toHaveText(
    "Please enter your phone number",
  );
  await expect(page.locator("#field-address_1-error")).toHaveText(
    "Please enter the first line of your address",
  );
  await expect(page.locator("#field-town-error")).toHaveText("Please enter your town or city");
  await expect(page.locator("#field-postcode-error")).toHaveText("Please enter your postcode");
  await expect(page.locator("#field-email-error")).toHaveText("");
  await expect(page.locator("#date-error")).toHaveText("Please select a valid date");
  await expect(page.getByLabel("Full name", { exact: true })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(contact.Email);

  // Proper details but still no date: only the date is refused, and the details stay.
  await fillContact(page, contact);
  await pay.click();
  await expect(page.locator("#field-full_name-error")).toHaveText("");
  await expect(page.locator("#field-postcode-error")).toHaveText("");
  await expect(page.locator("#date-error")).toHaveText("Please select a valid date");
  await expect(page.getByRole("alert")).toHaveText("Please select a valid date");
  await expectContact(page, contact);
  await expect(page).toHaveURL(/\/checkout$/);
});

test("a chosen day stays chosen while looking at another month", async ({ page }, testInfo) => {
  await addToBag(page, 2, /no dismantling/);
  await page.goto("/checkout");
  await fillContact(page, contact);
  await nextMonth(page);
  const day = collectionDay(testInfo, 2);
  const longDate = await chooseDay(page, day);

  await page.getByRole("button", { name: "Next month" }).click();
  await expect(
    page.getByText(`Your date: ${longDate}. Pick a day above to change it.`),
  ).toBeVisible();
  await expectContact(page, contact);

  await page.getByRole("button", { name: "Previous month" }).click();
  await expect(page.getByRole("radio", { name: longDate, exact: true })).toBeChecked();
  await expect(page.getByText(/^Your date:/)).toHaveCount(0);
  await expectContact(page, contact);
});

test("the payment page without a payment, and with an unknown one", async ({ page }) => {
  await page.goto("/payment");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("No payment in progress");
  await expect(page.getByRole("link", { name: "Browse removal services" })).toBeVisible();

  await page.goto("/payment?session_id=demo_aaaaaaaaaaaaaaaaaaaaaaaa");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment not found");
  await expect(page.getByRole("link", { name: "Back to checkout" })).toBeVisible();
});

test("checkout with an empty bag says so and offers the services", async ({ page }) => {
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checkout");
  await expect(page.getByText("Your bag is empty.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Book and pay/ })).toHaveCount(0);
  await page.getByRole("link", { name: "Browse removal services" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByTestId("product-card").first()).toBeVisible();
});

test("the early-start request is asked beside the date, only when the date needs it", async ({
  page,
  javaScriptEnabled,
}) => {
  await addToBag(page, 2, /Outside/);
  await page.goto("/checkout");
  const box = page.getByRole("checkbox", { name: /I ask you to collect within my 14-day/ });
  const hint = page.locator("#field-early_start-hint");
  if (!javaScriptEnabled) {
    // Without JavaScript it is always there, beside the date, saying which dates need it.
    await expect(box).toBeVisible();
    await expect(hint).toHaveText(
      /^Only needed for a collection on or before \w+ \d+ \w+ \d{4}, within 14 days of today\.$/,
    );
    return;
  }
  await expect(box).toHaveCount(0);
  // The first day free is inside the cancellation period: the request appears under the calendar.
  await calendar(page).getByRole("radio").and(page.locator(":enabled")).first().check();
  await expect(box).toBeVisible();
  await expect(hint).toHaveText(
    "Your date is within 14 days of today: we need your request to collect then.",
  );
  // A day two months on needs none: it goes.
  for (let i = 0; i < 2; i++) {
    const shown = (await monthHeading(page).textContent()) ?? "";
    await page.getByRole("button", { name: "Next month" }).click();
    await expect(monthHeading(page)).not.toHaveText(shown);
  }
  const later = calendar(page).getByRole("radio").and(page.locator(":enabled")).first();
  await later.check();
  await expect(later).toBeChecked();
  await expect(box).toHaveCount(0);
});
