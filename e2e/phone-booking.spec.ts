import { expect, test } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { confirmationOf } from "./support/bookings";
import { londonDayAhead, longDate } from "./support/quotes";
import { outboxEmails } from "./support/shop-data";
import { shot } from "./support/shots";
import { signIn } from "./support/staff";

/**
 * A phone booking as good as a web one (issue 32), with and without JavaScript: the office books
 * two catalogue items on a tablet, to be paid by card from a link; the day view shows what the
 * booking takes of the van and that its payment is awaited; the customer opens the link from
 * their confirmation on a phone, pays (the demo gateway), and their page says it is paid.
 */

test("the office books two catalogue items by phone, and the customer pays from the emailed link", async ({
  page,
  browser,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const email = `phone.booker.${testInfo.project.name}@example.com`;
  const date = londonDayAhead(js ? 41 : 42);
  await page.setViewportSize({ width: 1024, height: 900 });
  await signIn(page, "/dashboard/home");
  await page.getByRole("link", { name: "Create Booking" }).click();
  const form = page.getByRole("dialog", { name: "Create Booking" });
  await form.getByLabel("Full name").fill(`Phone Booker ${testInfo.project.name}`);
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone number").fill("07700 900777");
  await form.getByLabel("Address line 1").fill("3 Church Street");
  await form.getByLabel("Town").fill("Guildford");
  await form.getByLabel("Postcode").fill("GU1 3AA");
  // Two items from the catalogue: the first sofa and the first chair it lists.
  const first = form.getByLabel("Catalogue item 1", { exact: true });
  const second = form.getByLabel("Catalogue item 2", { exact: true });
  const sofa = (await first.locator("option", { hasText: /sofa/i }).first().textContent())!;
  const chair = (await second.locator("option", { hasText: /chair/i }).first().textContent())!;
  await first.selectOption({ label: sofa });
  await second.selectOption({ label: chair });
  await form.getByLabel("Quantity of catalogue item 2").fill("2");
  if (js) await expect(form.getByTestId("booking-total")).not.toHaveText("Total: £0.00");
  await form.getByLabel("Date").fill(date);
  await form.getByLabel("Card, by payment link").check();
  await shot(page, testInfo, "phone-booking-form");
  expect(await seriousViolations(page, browser, js)).toEqual([]);
  await form.getByRole("button", { name: "Create booking" }).click();

  const dayView = page.getByRole("dialog", { name: longDate(date) });
  await expect(dayView.getByRole("status")).toHaveText(
    new RegExp(
      `^Booking HB\\d+ created\\. Its confirmation is emailed to ${email.replaceAll(".", "\\.")}\\.$`,
    ),
  );
  const booking = dayView.getByTestId("day-booking").filter({ hasText: "Phone Booker" });
  await expect(booking).toContainText("Card, by payment link · awaiting payment");
  await expect(booking.getByTestId("day-booking-load")).not.toHaveText("0 yd³ · 0 min");
  await shot(page, testInfo, "phone-booking-day");

  // The customer, on their phone: the confirmation's link opens their booking, payment first.
  const { path, reference } = await confirmationOf(email);
  const confirmation = outboxEmails().find(
    (m) => m.kind === "booking_confirmation" && m.to.includes(email),
  )!;
  expect(confirmation.text).toMatch(/Please pay £[\d,.]+ by card, securely/);
  const total = /Total to pay: (£[\d,.]+)/.exec(confirmation.text)![1]!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(path);
  await expect(page.getByText(`Your booking ${reference}`)).toBeVisible();
  const pay = page.getByRole("region", { name: `Pay ${total} by card` });
  await expect(pay).toBeVisible();
  await shot(page, testInfo, "phone-booking-pay");
  expect(await seriousViolations(page, browser, js)).toEqual([]);
  await pay.getByRole("button", { name: `Pay ${total} now` }).click();
  await expect(page).toHaveURL(/\/payment\/demo\?session_id=demo_/);
  await page.getByRole("button", { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/payment\?session_id=demo_/);
  const result = page.getByTestId("payment-result");
  await expect(result.getByRole("heading", { level: 1 })).toHaveText("Payment status: complete");
  await result.getByRole("link", { name: "Manage your booking" }).click();
  await expect(page.getByRole("region", { name: `Pay ${total} by card` })).toHaveCount(0);
  await expect(page.getByText("Paid (card)")).toBeVisible();
  await expect
    .poll(() =>
      outboxEmails().some((m) => m.kind === "link_payment_received" && m.to.includes(email)),
    )
    .toBe(true);
});
