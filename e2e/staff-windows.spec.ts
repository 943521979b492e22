import { expect, test } from "@playwright/test";
import { londonDayAhead, longDate } from "./support/quotes";
import { withShopDatabase } from "./support/shop-data";
import { shot } from "./support/shots";
import { fillOwnLine, signIn } from "./support/staff";

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
  await form.getByLabel("Postcode").fill("SE2 7AB");
  await form.getByLabel("Date").fill(date);
  await expect(form.getByLabel("Arrival window")).toHaveValue("");
  await form.getByLabel("Arrival window").selectOption("evening");
  await fillOwnLine(form, {
    description: "Old shed, taken down",
    price: "85",
    load: "1.5",
    minutes: "25",
  });
  await expect(form.getByLabel("Reason to book over capacity")).toHaveValue("");
  await shot(page, testInfo, "staff-manual-form");
  await form.getByRole("button", { name: "Create booking" }).click();

  const dayView = page.getByRole("dialog", { name: longDate(date) });
  await expect(dayView.getByRole("status")).toHaveText(
    /^Booking HB\d+ created\. Its confirmation is emailed to evening@example\.com\.$/,
  );
  const evening = dayView.getByRole("region", { name: /^Evening \d\d:\d\d–\d\d:\d\d$/ });
  await expect(evening.getByTestId("day-booking").filter({ hasText: name })).toContainText(
    "£85.00 · Cash · not paid · 1.5 yd³ · 25 min",
  );
  await expect(dayView.getByTestId("day-totals")).toContainText(/^Load [\d.]+ of [\d.]+ yd³/);
  await shot(page, testInfo, "staff-day-view");

  // The edit form keeps its window.
  await evening
    .getByTestId("day-booking")
    .filter({ hasText: name })
    .getByRole("link", { name: /Edit booking/ })
    .click();
  const edit = page.getByRole("dialog", { name: /Edit booking HB\d+/ });
  await expect(edit.getByLabel("Arrival window")).toHaveValue("evening");
});

test("staff see a day's fill, and book over capacity only with a reason, which the history keeps", async ({
  page,
}, testInfo) => {
  const date = londonDayAhead(testInfo.project.name === "js" ? 37 : 38);
  // Eight collections booked: the day takes no more, however small.
  await withShopDatabase(async (db) => {
    for (let i = 0; i < 8; i++)
      await db.run(
        `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date,
           payment_method, total_pence, source, arrival_window)
         VALUES (?, 'filler@example.com', '07700 900000', '1 St', 'Leeds', 'SE1 1AA', ?, 'cash_payment', 5000, 'manual', 'any')`,
        `Filler ${i}`,
        date,
      );
  });
  await signIn(page, `/dashboard/home?month=${date.slice(0, 7)}`);
  const cell = page.getByRole("link", { name: `${longDate(date)}: 8 jobs, 100% full` });
  await expect(cell).toBeVisible();
  await expect(cell.locator(".calendar-fill")).toHaveAttribute("data-fill", "100");

  const name = `Over Capacity ${testInfo.project.name}`;
  await page.getByRole("link", { name: "Create Booking" }).click();
  const form = page.getByRole("dialog", { name: "Create Booking" });
  await form.getByLabel("Full name").fill(name);
  await form.getByLabel("Email").fill("over@example.com");
  await form.getByLabel("Phone number").fill("07700 900333");
  await form.getByLabel("Address line 1").fill("4 Mill Road");
  await form.getByLabel("Town").fill("Leeds");
  await form.getByLabel("Postcode").fill("SE6 2AB");
  await form.getByLabel("Date").fill(date);
  await fillOwnLine(form, {
    description: "A single chair",
    price: "40",
    load: "0.5",
    minutes: "5",
  });
  await form.getByRole("button", { name: "Create booking" }).click();
  // Refused without a reason, saying by how much; everything typed stays.
  const again = page.getByRole("dialog", { name: "Create Booking" });
  await expect(
    again.getByText(
      "This day is full for this booking (over by 1 collection). To book it anyway, give a reason.",
    ),
  ).toBeVisible();
  await expect(again.getByLabel("Full name")).toHaveValue(name);
  await again.getByLabel("Reason to book over capacity").fill("Regular customer, a single chair");
  await again.getByRole("button", { name: "Create booking" }).click();

  const dayView = page.getByRole("dialog", { name: longDate(date) });
  await expect(dayView.getByRole("status")).toHaveText(
    /^Booking HB\d+ created\. Its confirmation is emailed to over@example\.com\. This day was already full: check the crews can take it\.$/,
  );
  const id = /HB(\d+)/.exec((await dayView.getByRole("status").textContent()) ?? "")![1];
  await page.goto(`/dashboard/orders/${id}`);
  await expect(page.getByTestId("order-history")).toContainText(
    "booked over capacity (over by 1 collection): Regular customer, a single chair",
  );
  await page.goto(`/dashboard/home?month=${date.slice(0, 7)}`);
  await expect(
    page
      .getByRole("link", { name: `${longDate(date)}: 9 jobs, 113% full` })
      .locator(".calendar-fill"),
  ).toHaveClass(/calendar-fill-over/);
});
