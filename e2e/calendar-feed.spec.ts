import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import ICAL from "ical.js";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { seriousViolations } from "./support/axe";
import { withShopDatabase } from "./support/shop-data";
import { signIn } from "./support/staff";

/**
 * The staff calendar feed at tablet width, with and without JavaScript: staff open the page
 * from the menu, take the address it shows, the address answers the bookings as iCalendar, and
 * "Make a new address" retires it.
 */
test.use({ viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: true });

/** A cash booking three days ahead, as a phone booking is stored; answers its id. */
async function phoneBooking(name: string): Promise<number> {
  return withShopDatabase(async (db) => {
    const order = await db.get<{ id: number }>(
      `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date,
         status, booking_status, payment_method, total_pence, source)
       VALUES (?, 'feed@example.com', '07700 900666', '3 Lock Lane', 'Reading', 'RG1 8AA', ?,
         'pending', 'pending', 'cash_payment', 8000, 'manual') RETURNING id`,
      name,
      addDaysIso(todayInLondon(), 3),
    );
    return Number(order!.id);
  });
}

/**
 * Both projects share one shop and one feed address: each holds this lock (a folder, made
 * atomically) from reading the address to rotating it, so one never retires the other's.
 */
async function withFeedLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = path.resolve(
    import.meta.dirname,
    "..",
    ".tmp",
    `calendar-feed-e2e-${process.env.E2E_PORT ?? "4317"}.lock`,
  );
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

test("staff open the calendar feed from the menu, use its address, and make a new one", async ({
  page,
  browser,
  context,
  javaScriptEnabled,
}, testInfo) => {
  const name = `Feed ${testInfo.project.name} ${Date.now()}`;
  const orderId = await phoneBooking(name);

  await signIn(page, "/dashboard/home");
  await page.getByRole("link", { name: "Open menu" }).click();
  await page
    .getByRole("dialog", { name: "Menu" })
    .getByRole("link", { name: "Calendar feed" })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/calendar-feed$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Calendar feed");
  await expect(page.getByRole("heading", { name: "iPhone or iPad" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Android (Google Calendar)" })).toBeVisible();
  expect(await seriousViolations(page, browser, javaScriptEnabled)).toEqual([]);

  const box = page.getByLabel("Calendar address");
  await withFeedLock(async () => {
    await page.reload();
    const address = await box.inputValue();
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    if (javaScriptEnabled) {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.getByRole("button", { name: "Copy address" }).click();
      await expect(page.getByText("Address copied.")).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    } else {
      await expect(page.getByRole("button", { name: "Copy address" })).toHaveCount(0);
    }

    const feed = await page.request.get(address);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const text = await feed.text();
    expect(text).toContain(`UID:booking-${orderId}@`);
    expect(text.replace(/\r\n /g, "")).toContain(`SUMMARY:Collection: ${name} (0 items)`);

    await page.getByRole("button", { name: "Make a new address" }).click();
    await expect(page.getByRole("status")).toContainText(
      "New address made. The old address no longer works",
    );
    const fresh = await box.inputValue();
    expect(fresh).not.toBe(address);
    expect((await page.request.get(address)).status()).toBe(404);
    expect((await page.request.get(fresh)).status()).toBe(200);
  });
});

/**
 * A card booking paid through the demo gateway 20 days ago (outside the CCR period), five days
 * ahead: the customer's terms keep the £24 fee. Answers its id and total.
 */
async function paidCardBooking(name: string): Promise<{ id: number; totalPence: number }> {
  const paidAt = new Date(Date.now() - 20 * 86_400_000).toISOString();
  const session = `demo_${crypto.randomUUID().replace(/-/g, "")}`;
  return withShopDatabase(async (db) => {
    const order = await db.get<{ id: number }>(
      `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date,
         status, booking_status, payment_method, total_pence, source, payment_session_id,
         created_at, paid_at)
       VALUES (?, 'staffcancel@example.com', '07700 900667', '8 Lock Lane', 'Reading', 'RG1 8AB', ?,
         'complete', 'pending', 'card', 10400, 'web', ?, ?, ?) RETURNING id`,
      name,
      addDaysIso(todayInLondon(), 5),
      session,
      paidAt,
      paidAt,
    );
    return { id: Number(order!.id), totalPence: 10400 };
  });
}

test("staff cancel a booking from its order page; the feed shows it cancelled", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const name = `Cancel ${testInfo.project.name} ${Date.now()}`;
  const { id } = await paidCardBooking(name);

  await signIn(page, `/dashboard/orders/${id}`);
  await expect(page.getByTestId("order-job-status")).toHaveText("pending");
  await page.getByRole("link", { name: "Cancel booking" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${id}\\?cancel=1#cancel$`));
  const step = page.getByRole("region", { name: "Cancel this booking?" });
  await expect(step).toBeVisible();
  await expect(step.getByTestId("cancel-customer-terms")).toContainText("Fee£24.00");
  await expect(step.getByTestId("cancel-customer-terms")).toContainText("£80.00 to the card");
  await expect(step.getByTestId("cancel-full-terms")).toContainText("£104.00 to the card");
  expect(await seriousViolations(page, browser, javaScriptEnabled)).toEqual([]);

  await step.getByLabel(/Reason/).fill("Customer phoned to cancel");
  await step.getByRole("button", { name: "Cancel with the customer's terms" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${id}$`));
  await expect(page.getByTestId("order-flash")).toContainText(
    /Booking cancelled\. £80\.00 refunded to the card \(demo_re_[A-Za-z0-9_-]+\)\./,
  );
  await expect(page.getByTestId("order-cancelled")).toContainText(
    /Cancelled on .+ by admin, refunded £80\.00 \(demo_re_/,
  );
  await expect(page.getByTestId("order-job-status")).toContainText("cancelled");
  await expect(page.getByRole("link", { name: "Cancel booking" })).toHaveCount(0);
  await expect(page.getByTestId("order-history")).toContainText(
    "admin: cancelled by staff on the customer's terms (within 14 days of the collection); reason: Customer phoned to cancel",
  );
  expect(await seriousViolations(page, browser, javaScriptEnabled)).toEqual([]);

  // The staff feed keeps the booking, cancelled, one sequence on.
  await withFeedLock(async () => {
    await page.goto("/dashboard/calendar-feed");
    const address = await page.getByLabel("Calendar address").inputValue();
    const feed = await page.request.get(address);
    expect(feed.status()).toBe(200);
    const root = new ICAL.Component(ICAL.parse(await feed.text()));
    const event = root
      .getAllSubcomponents("vevent")
      .find((e) => String(e.getFirstPropertyValue("uid")).startsWith(`booking-${id}@`));
    expect(event, "the cancelled booking is in the feed").toBeTruthy();
    expect(event!.getFirstPropertyValue("status")).toBe("CANCELLED");
    expect(event!.getFirstPropertyValue("sequence")).toBe(1);
    expect(String(event!.getFirstPropertyValue("summary"))).toBe(
      `Cancelled: Collection: ${name} (0 items)`,
    );
  });
});
