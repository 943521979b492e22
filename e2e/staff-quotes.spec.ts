import { expect, test as base, type TestInfo } from "@playwright/test";
import {
  customer,
  findQuote,
  londonDayAhead,
  longDate,
  monthLabel,
  nextMonth,
  photo,
  sendQuote,
} from "./support/quotes";
import { fillOwnLine, signIn } from "./support/staff";

/**
 * The quote form allows 5 requests an hour from one address, and other specs send quotes from
 * 127.0.0.1. The server trusts X-Forwarded-For from loopback, so each test (in each project, and
 * in each run of --repeat-each) sends its requests from an address of its own: 198.51.100.0/24 is
 * a documentation range; js uses .10-.29, no-js .110-.129.
 */
const test = base.extend<{ clientHost: number }>({
  clientHost: [1, { option: true }],
  extraHTTPHeaders: async ({ clientHost }, use, testInfo: TestInfo) => {
    const project = testInfo.project.name === "js" ? 0 : 100;
    const host = project + clientHost * 10 + (testInfo.repeatEachIndex % 10);
    await use({ "X-Forwarded-For": `198.51.100.${host}` });
  },
});

test.use({ viewport: { width: 768, height: 1024 }, isMobile: false, hasTouch: true });

test.describe("a quote answered with a booking", () => {
  test.use({ clientHost: 1 });

  test("a customer sends a quote with photos; staff find it, see the photos and book it onto the calendar", async ({
    page,
  }, testInfo) => {
    const who = customer(testInfo, "Quote Booker");
    const photos = [
      await photo("hallway.png", "png", 400, 300),
      await photo("garage.jpg", "jpeg", 300, 400),
    ];
    await sendQuote(page, who, photos);

    await signIn(page, "/dashboard/quotes");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quotes");
    const row = await findQuote(page, who.name);
    const cells = row.getByRole("cell");
    await expect(cells.nth(3)).toContainText(who.email);
    await expect(cells.nth(4)).toHaveText("RG1 2AB");
    await expect(cells.nth(5)).toHaveText("2");
    await expect(cells.nth(6)).toHaveText("New");
    const ref = (await row.getByRole("link").textContent())!.trim();
    expect(ref).toMatch(/^Q\d+$/);
    const id = ref.slice(1);

    // The detail: who, what, and both photos as loaded thumbnails.
    await row.getByRole("link", { name: ref }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/quotes/${id}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Quote ${ref}: ${who.name}`);
    await expect(page.getByText(/· responded: no · New$/)).toBeVisible();
    await expect(page.getByText(who.comments)).toBeVisible();
    await expect(page.getByText(`${who.address}, ${who.town}, RG1 2AB`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Photos (2)" })).toBeVisible();
    for (const { name } of photos) {
      const thumbnail = page.getByRole("img", { name });
      await thumbnail.scrollIntoViewIfNeeded();
      await expect(thumbnail).toBeVisible();
      await expect(thumbnail).toHaveJSProperty("complete", true);
      expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
        0,
      );
      // The thumbnail and the full-size photo behind its link are both served as JPEG.
      const src = (await thumbnail.getAttribute("src"))!;
      const thumbResponse = await page.request.get(src);
      expect(thumbResponse.status()).toBe(200);
      expect(thumbResponse.headers()["content-type"]).toBe("image/jpeg");
      const full = page.getByRole("link", { name: `Open ${name} full size` });
      const fullResponse = await page.request.get((await full.getAttribute("href"))!);
      expect(fullResponse.status()).toBe(200);
      expect(fullResponse.headers()["content-type"]).toBe("image/jpeg");
      // Shown in the page, never offered as a download under the uploader's file name.
      expect(fullResponse.headers()["content-disposition"]).toBe("inline");
    }
    await expect(page.getByRole("link", { name: /download/i })).toHaveCount(0);

    // Create Booking opens the manual booking form, filled in from the quote.
    await page.getByRole("link", { name: "Create Booking" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/quotes/${id}\\?book=1$`));
    const form = page.getByRole("dialog", { name: `Create Booking from ${ref}` });
    await expect(form).toBeVisible();
    await expect(form.getByLabel("Full name")).toHaveValue(who.name);
    await expect(form.getByLabel("Email")).toHaveValue(who.email);
    await expect(form.getByLabel("Phone number")).toHaveValue(who.phone);
    await expect(form.getByLabel("Address line 1")).toHaveValue(who.address);
    await expect(form.getByLabel("Town")).toHaveValue(who.town);
    await expect(form.getByLabel("Postcode")).toHaveValue("RG1 2AB");
    const date = londonDayAhead(testInfo.project.name === "js" ? 23 : 26);
    await form.getByLabel("Date").fill(date);
    await fillOwnLine(form, {
      description: "Clearance as in the photos",
      price: "145.50",
      load: "2",
      minutes: "30",
    });
    await form.getByLabel("Bank transfer").check();
    await form.getByRole("button", { name: "Create booking" }).click();

    // Booked: the calendar's day view says so and lists the booking.
    await expect(page).toHaveURL(/\/dashboard\/home\?/);
    const created = page.getByRole("dialog", { name: longDate(date) });
    await expect(created.getByRole("status")).toHaveText(
      /^Booking HB\d+ created\. Its confirmation is emailed to /,
    );
    const orderId = (await created.getByRole("status").textContent())!.match(/HB(\d+)/)![1]!;
    // Booked into the first window with room: that day's morning.
    const booking = created
      .getByRole("region", { name: /^Morning / })
      .getByTestId("day-booking")
      .filter({ hasText: who.name });
    await expect(booking).toContainText(
      `HB${orderId} ${who.name} · £145.50 · Bank transfer · not paid · 2 yd³ · 30 min`,
    );
    await expect(booking).toContainText(`${who.address}, ${who.town}, RG1 2AB`);

    // The quote is answered: no Create Booking or Delete any more, and ?book=1 opens no form.
    await page.goto(`/dashboard/quotes/${id}`);
    await expect(page.getByText(/· responded: yes · Booked$/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Create Booking" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Delete Booking" })).toHaveCount(0);
    await page.goto(`/dashboard/quotes/${id}?book=1`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Quote ${ref}: ${who.name}`);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.getByRole("link", { name: "← All quotes" }).click();
    await expect(page).toHaveURL(/\/dashboard\/quotes$/);
    await expect((await findQuote(page, who.name)).getByRole("cell").nth(6)).toHaveText("Booked");

    // From the calendar: move on to the booking's month and open its day.
    await page.goto("/dashboard/home");
    const calendar = (shown: string) =>
      page.getByRole("heading", { level: 2, name: monthLabel(shown), exact: true });
    let month = londonDayAhead(0).slice(0, 7);
    await expect(calendar(month)).toBeVisible();
    while (month < date.slice(0, 7)) {
      month = nextMonth(month);
      await page.getByRole("link", { name: "Next month" }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]month=${month}$`));
      await expect(calendar(month)).toBeVisible();
    }
    const dayLink = page.getByTestId(`day-${date}`);
    await expect(dayLink).toHaveAttribute(
      "aria-label",
      new RegExp(`^${longDate(date)}: [1-9]\\d* jobs?, (\\d+% full|closed)`),
    );
    await dayLink.click();
    await expect(page).toHaveURL(new RegExp(`[?&]day=${date}$`));
    const dayView = page.getByRole("dialog", { name: longDate(date) });
    await expect(dayView.getByRole("status")).toHaveCount(0);
    await expect(
      dayView
        .getByRole("region", { name: /^Morning / })
        .getByTestId("day-booking")
        .filter({ hasText: who.name }),
    ).toContainText(`HB${orderId} ${who.name} · £145.50`);
  });
});

test.describe("a quote deleted", () => {
  test.use({ clientHost: 2 });

  test("a customer sends a quote; staff open it, think again, then delete it and its photo", async ({
    page,
  }, testInfo) => {
    const who = customer(testInfo, "Quote Dropper");
    const photos = [await photo("shed.jpg", "jpeg", 320, 240)];
    await sendQuote(page, who, photos);

    await signIn(page, "/dashboard/quotes");
    const row = await findQuote(page, who.name);
    await expect(row.getByRole("cell").nth(5)).toHaveText("1");
    const ref = (await row.getByRole("link").textContent())!.trim();
    const id = ref.slice(1);
    await row.getByRole("link", { name: ref }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Quote ${ref}: ${who.name}`);
    const thumbnail = page.getByRole("img", { name: "shed.jpg" });
    await thumbnail.scrollIntoViewIfNeeded();
    await expect(thumbnail).toHaveJSProperty("complete", true);
    expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
      0,
    );
    const photoUrl = (await page
      .getByRole("link", { name: "Open shed.jpg full size" })
      .getAttribute("href"))!;
    expect((await page.request.get(photoUrl)).status()).toBe(200);

    // The confirmation has its own address; "Keep it" leaves the quote alone.
    await page.getByRole("link", { name: "Delete Booking" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/quotes/${id}\\?delete=confirm$`));
    let confirm = page.getByRole("dialog", { name: `Delete quote ${ref}?` });
    await expect(confirm).toContainText(
      `This deletes the request from ${who.name} and its 1 photo. It cannot be undone.`,
    );
    await confirm.getByRole("link", { name: "Keep it" }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/quotes/${id}$`));
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByText(/· responded: no · New$/)).toBeVisible();

    await page.getByRole("link", { name: "Delete Booking" }).click();
    confirm = page.getByRole("dialog", { name: `Delete quote ${ref}?` });
    await confirm.getByRole("button", { name: "Delete quote and photos" }).click();
    await expect(page).toHaveURL(/\/dashboard\/quotes$/);
    await expect(page.getByRole("status")).toHaveText(`Quote ${ref} and its photos were deleted.`);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quotes");
    await expect(page.getByRole("status")).toHaveCount(0);
    await expect(page.getByTestId("quote-row").filter({ hasText: who.name })).toHaveCount(0);

    // Gone: the search finds nothing, and neither the quote nor its photo can be opened.
    await page.getByLabel("Name", { exact: true }).fill(who.name);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/[?&]full_name=/);
    await expect(page.getByText("0 quotes", { exact: true })).toBeVisible();
    await expect(page.getByText("No quotes match this search.")).toBeVisible();
    await expect(page.getByTestId("quote-row")).toHaveCount(0);
    expect((await page.request.get(`/dashboard/quotes/${id}`)).status()).toBe(404);
    expect((await page.request.get(photoUrl)).status()).toBe(404);
  });
});
