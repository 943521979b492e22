import { expect, test } from "@playwright/test";
import { londonDayAhead, longDate } from "./support/quotes";
import { signIn } from "./support/staff";

test.use({ viewport: { width: 1024, height: 900 } });

test("staff book a collection by hand for the evening and find it under the evening in the day view", async ({
  page,
}, testInfo) => {
  await signIn(page, "/dashboard/home");
  const name = `Evening Caller ${testInfo.project.name}`;
  const date = londonDayAhead(testInfo.project.name === "js" ? 33 : 34);
  await page.getByRole("link", { name: "Create Booking" }).click();
  const form = page.getByRole("dialog", { name: "Create Booking" });
  await form.getByLabel("Full name").fill(name);
  await form.getByLabel("Email").fill("evening@example.com");
  await form.getByLabel("Phone number").fill("07700 900222");
  await form.getByLabel("Address line 1").fill("12 Park Lane");
  await form.getByLabel("Town").fill("Leeds");
  await form.getByLabel("Postcode").fill("LS2 7AB");
  await form.getByLabel("Date").fill(date);
  await expect(form.getByLabel("Arrival window")).toHaveValue("");
  await form.getByLabel("Arrival window").selectOption("evening");
  await form.getByLabel("Price (£)").fill("85");
  await expect(form.getByLabel("Reason to book over capacity")).toHaveValue("");
  if (testInfo.project.name === "js")
    await page.screenshot({ path: ".tmp/staff-manual-form.png", fullPage: true });
  await form.getByRole("button", { name: "Create booking" }).click();

  const dayView = page.getByRole("dialog", { name: longDate(date) });
  await expect(dayView.getByRole("status")).toHaveText(/^Booking #\d+ created\.$/);
  const evening = dayView.getByRole("region", { name: /^Evening \d\d:\d\d–\d\d:\d\d$/ });
  await expect(evening.getByTestId("day-booking").filter({ hasText: name })).toContainText(
    "£85.00 · Cash · payment pending · 0 yd³ · 0 min",
  );
  await expect(dayView.getByTestId("day-totals")).toContainText(/^Load [\d.]+ of [\d.]+ yd³/);
  if (testInfo.project.name === "js")
    await page.screenshot({ path: ".tmp/staff-day-view.png", fullPage: true });

  // The edit form keeps its window.
  await evening
    .getByTestId("day-booking")
    .filter({ hasText: name })
    .getByRole("link", { name: /Edit booking/ })
    .click();
  const edit = page.getByRole("dialog", { name: /Edit booking #\d+/ });
  await expect(edit.getByLabel("Arrival window")).toHaveValue("evening");
});
