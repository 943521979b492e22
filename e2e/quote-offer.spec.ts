import { expect, test as base, type Page, type TestInfo } from "@playwright/test";
import { pdfText } from "../tests/support/pdf-text";
import {
  customer,
  findQuote,
  londonDayAhead,
  longDate,
  monthLabel,
  nextMonth,
  photo,
  sendQuote,
  type Customer,
} from "./support/quotes";
import { outboxEmails, withShopDatabase, type OutboxEmail } from "./support/shop-data";
import { signIn } from "./support/staff";
import { seriousViolations } from "./support/axe";
import { shot } from "./support/shots";

/**
 * A priced quote, end to end: staff price a customer's request at tablet width, the customer
 * gets the email with the PDF and the link, and at phone width books and pays it, or declines it;
 * links that expired or were replaced say so.
 *
 * Each test sends its quote request and opens quote links from an address of its own (quote
 * requests: 5 an hour from one address; quote links: 120 lookups an hour): 203.0.113.0/24 is a
 * documentation range; js uses .10-.99, no-js .110-.199.
 */
const TABLET = { width: 1024, height: 768 };

const test = base.extend<{ clientHost: number; staff: Page }>({
  clientHost: [1, { option: true }],
  extraHTTPHeaders: async ({ clientHost }, use, testInfo: TestInfo) => {
    const project = testInfo.project.name === "js" ? 0 : 100;
    const host = project + clientHost * 10 + (testInfo.repeatEachIndex % 10);
    await use({ "X-Forwarded-For": `203.0.113.${host}` });
  },
  /** Staff, on a tablet: a browser of their own beside the customer's phone (`page`). */
  staff: async ({ browser, baseURL, javaScriptEnabled }, use) => {
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled,
      viewport: TABLET,
      isMobile: false,
      hasTouch: true,
    });
    await use(await context.newPage());
    await context.close();
  },
});

const poundsOf = (text: string) => Math.round(Number(text.replace(/[£,]/g, "")) * 100);
const pence = (amount: number) =>
  `£${(amount / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`;

/** The customer, on their phone, sends a quote request with one photo. */
async function requestQuote(page: Page, testInfo: TestInfo, label: string) {
  const who = customer(testInfo, label);
  await sendQuote(page, who, [await photo("garden.jpg", "jpeg", 400, 300)]);
  return who;
}

/** Staff sign in and open the customer's quote; returns its id. */
async function openQuote(staff: Page, who: Customer) {
  await signIn(staff, "/dashboard/quotes");
  const row = await findQuote(staff, who.name);
  const ref = (await row.getByRole("link").textContent())!.trim();
  await row.getByRole("link", { name: ref }).click();
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText(`Quote ${ref}: ${who.name}`);
  return Number(ref.slice(1));
}

interface PriceLines {
  catalogue?: { productId: number; position: string };
  free?: { description: string; price: string };
}

/**
 * On the price page: fills the lines in (replacing what a revision starts with), updates the
 * totals and checks them; returns the total as the page shows it.
 */
async function fillPrice(staff: Page, id: number, lines: PriceLines) {
  await expect(staff).toHaveURL(new RegExp(`/dashboard/quotes/${id}/price$`));
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText(`Price quote Q${id}`);
  let expected = lines.free ? poundsOf(lines.free.price) : 0;
  if (lines.catalogue) {
    const { productId, position } = lines.catalogue;
    const column = `${position}_pence`;
    const product = await withShopDatabase((db) =>
      db.get<Record<string, number | string>>(
        `SELECT name, price_pence, ${column} AS surcharge FROM products WHERE id = ?`,
        productId,
      ),
    );
    await staff.getByLabel("Catalogue item 1", { exact: true }).selectOption(String(productId));
    await staff.getByLabel("Where catalogue item 1 is").selectOption(position);
    await staff.getByLabel("Quantity of catalogue item 1").fill("1");
    expected += Number(product!.price_pence) + Number(product!.surcharge);
  }
  if (lines.free) {
    await staff.getByLabel("Description of line 1").fill(lines.free.description);
    await staff.getByLabel("Price of line 1 in pounds").fill(lines.free.price);
    await staff.getByLabel("Quantity of line 1").fill("1");
    await staff.getByLabel("Load of line 1 in cubic yards").fill("2");
    await staff.getByLabel("Crew minutes of line 1").fill("30");
  }
  await staff.getByRole("button", { name: "Update totals" }).click();
  const total = staff.getByTestId("price-total");
  await expect(total).toContainText(pence(expected));
  return pence(expected);
}

/** Sends the price from the price page; checks the flash and the quote page. */
async function sendPrice(staff: Page, id: number, who: Customer, version: number, total: string) {
  const reference = `Q${id}-${version}`;
  await staff.getByRole("button", { name: `Send quote to ${who.email}` }).click();
  await expect(staff).toHaveURL(new RegExp(`/dashboard/quotes/${id}$`));
  await expect(staff.getByRole("status")).toContainText(
    `Quote ${reference} sent to ${who.email}${version > 1 ? ": it replaces the earlier price" : "."}`,
  );
  await expect(staff.getByTestId("quote-state")).toHaveText("Priced");
  await expect(staff.getByRole("heading", { name: `Price ${reference}: ${total}` })).toBeVisible();
  return reference;
}

/** The customer's quote email for `reference` once the outbox has written it. */
async function offerEmail(who: Customer, reference: string): Promise<OutboxEmail> {
  let found: OutboxEmail | undefined;
  await expect
    .poll(
      () => {
        found = outboxEmails().find(
          (mail) =>
            mail.kind === "quote_offer" &&
            mail.to.includes(who.email) &&
            mail.subject.includes(`(ref ${reference})`),
        );
        return Boolean(found);
      },
      { message: `the quote email for ${reference}`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The path of the customer's link in a quote email: /quote/<token>. */
function linkIn(mail: OutboxEmail): string {
  const link = /https?:\/\/\S+?(\/quote\/[A-Za-z0-9_-]{20,64})(?=\s|$)/.exec(mail.text);
  expect(link, `a /quote/<token> link in:\n${mail.text}`).not.toBeNull();
  return link![1]!;
}

/** A quote requested, opened and priced with one free line: its id, reference, total and link. */
async function pricedQuote(page: Page, staff: Page, testInfo: TestInfo, label: string) {
  const who = await requestQuote(page, testInfo, label);
  const id = await openQuote(staff, who);
  await staff.getByRole("link", { name: "Price this quote" }).click();
  const total = await fillPrice(staff, id, {
    free: { description: "Loose garden waste, about 2 m³", price: "85" },
  });
  const reference = await sendPrice(staff, id, who, 1, total);
  const link = linkIn(await offerEmail(who, reference));
  return { who, id, reference, total, link };
}

/** The calendar of the customer's quote page. */
const calendar = (page: Page) => page.getByRole("group", { name: "Collection date" });

/**
 * Moves the quote page's calendar to next month (without JavaScript the month button posts the
 * form) and chooses the first free day from `fromDay` on; returns it as YYYY-MM-DD.
 */
async function chooseCollectionDay(page: Page, fromDay: number): Promise<string> {
  const heading = calendar(page).getByRole("heading", { level: 3 });
  const before = await heading.textContent();
  await page.getByRole("button", { name: "Next month" }).click();
  await expect(heading).not.toHaveText(before ?? "");
  const free: string[] = await calendar(page)
    .locator("input[type=radio]:not([disabled])")
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(free.length).toBeGreaterThan(0);
  const day = free.find((d) => Number(d.slice(8)) >= fromDay) ?? free.at(-1)!;
  const radio = calendar(page).getByRole("radio", { name: longDate(day), exact: true });
  await radio.check();
  await expect(radio).toBeChecked();
  return day;
}

test.describe("a priced quote booked and paid", () => {
  test.use({ clientHost: 1 });

  test("staff price a quote at tablet width; the customer books and pays it from the email's link on a phone; staff see the booking", async ({
    page,
    staff,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    // Two people, three emails' worth of pages, a payment and the dashboard: a long journey.
    test.slow();
    const who = await requestQuote(page, testInfo, "Offer Booker");
    const id = await openQuote(staff, who);
    await expect(staff.getByTestId("quote-state")).toHaveText("New");

    // The price: a catalogue item and a line of staff's own, totalled before sending.
    await staff.getByRole("link", { name: "Price this quote" }).click();
    const total = await fillPrice(staff, id, {
      catalogue: { productId: 3, position: "inside_dismantle" },
      free: { description: "Loose garden waste, about 2 m³", price: "45.50" },
    });
    if (!javaScriptEnabled) {
      // The server's own totals, line by line.
      const preview = staff.getByTestId("price-preview");
      await expect(preview.getByRole("row")).toHaveCount(2);
      await expect(preview.getByRole("row").nth(0)).toContainText("(Inside — needs dismantling)");
      await expect(preview.getByRole("row").nth(1)).toContainText(
        "1 × Loose garden waste, about 2 m³£45.50",
      );
    }
    await shot(staff, testInfo, "staff-price-page");
    // Soft: an accessibility problem is reported without stopping the journey.
    expect.soft(await seriousViolations(staff, browser, javaScriptEnabled)).toEqual([]);

    const reference = await sendPrice(staff, id, who, 1, total);
    await expect(staff.getByRole("link", { name: "Revise price" })).toBeVisible();
    await shot(staff, testInfo, "staff-quote-sent");

    // The email: the price, the PDF, and the customer's link.
    const mail = await offerEmail(who, reference);
    expect(mail.text).toContain(`Total: ${total}`);
    expect(mail.text).toContain("1 × Loose garden waste, about 2 m³: £45.50");
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`quote-${reference}.pdf`, "application/pdf"],
    ]);
    const pdf = (await pdfText(mail.attachments[0]!.bytes)).pages.join("\n");
    expect(pdf).toContain(reference);
    expect(pdf).toContain(total);
    const link = linkIn(mail);
    await expect(staff.getByRole("link", { name: new RegExp(`${link}$`) })).toBeVisible();

    // The customer, on their phone: the lines, the total and their photo.
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Quote ${reference}`);
    const summary = page.getByRole("region", { name: "Our price" });
    const lines = summary.getByRole("list").first().getByRole("listitem");
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText("Inside — needs dismantling");
    await expect(lines.nth(1)).toContainText("Loose garden waste, about 2 m³");
    await expect(lines.nth(1)).toContainText("£45.50");
    await expect(page.getByTestId("quote-total")).toHaveText(total);
    const thumbnail = page.getByRole("img", { name: "What you sent us, 1 of 1" });
    await thumbnail.scrollIntoViewIfNeeded();
    await expect(thumbnail).toHaveJSProperty("complete", true);
    expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
      0,
    );
    const pdfResponse = await page.request.get(
      (await page.getByRole("link", { name: "Download the PDF quote" }).getAttribute("href"))!,
    );
    expect(pdfResponse.status()).toBe(200);
    expect(pdfResponse.headers()["content-type"]).toBe("application/pdf");
    await shot(page, testInfo, "customer-quote-page");
    expect.soft(await seriousViolations(page, browser, javaScriptEnabled)).toEqual([]);

    // A date next month, then Book and pay through the demo gateway.
    const date = await chooseCollectionDay(page, javaScriptEnabled ? 22 : 25);
    // The arrival window after the day: an inside item, so no "Any time" on offer.
    const windows = page.getByRole("group", { name: "Arrival time" });
    await expect(windows.getByRole("radio")).toHaveCount(3);
    await windows.getByRole("radio", { name: /^Afternoon/ }).check();
    await shot(page, testInfo, "customer-quote-window");
    await page.getByRole("button", { name: `Book and pay ${total}` }).click();
    await expect(page).toHaveURL(/\/payment\/demo\?session_id=demo_/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Pay ${total}`);
    await expect(page.getByTestId("demo-collection")).toContainText(
      `Collection on ${longDate(date)} (Afternoon, `,
    );
    await page.getByRole("button", { name: `Pay ${total}` }).click();
    await expect(page).toHaveURL(/\/payment\?session_id=demo_/);
    const result = page.getByTestId("payment-result");
    await expect(result.getByRole("heading", { level: 1 })).toHaveText("Payment status: complete");
    await expect(result).toContainText(`Your collection is booked for ${longDate(date)}.`);
    const orderId = (await result.locator("dd").first().textContent())!.replace(/^HB/, "");
    expect(orderId).toMatch(/^\d+$/);
    await expect(result.locator("dd").nth(1)).toHaveText(total);

    // The link now says it is booked.
    await page.goto(link);
    await expect(page.getByTestId("quote-closed")).toHaveText(
      "This quote is already paid and booked. You do not need to pay again.",
    );
    await expect(page.getByRole("button", { name: /Book and pay/ })).toHaveCount(0);

    // Staff: the booking on the dashboard calendar's day.
    await staff.goto("/dashboard/home");
    let month = londonDayAhead(0).slice(0, 7);
    const monthHeading = (shown: string) =>
      staff.getByRole("heading", { level: 2, name: monthLabel(shown), exact: true });
    await expect(monthHeading(month)).toBeVisible();
    while (month < date.slice(0, 7)) {
      month = nextMonth(month);
      await staff.getByRole("link", { name: "Next month" }).click();
      await expect(monthHeading(month)).toBeVisible();
    }
    await staff.getByTestId(`day-${date}`).click();
    const dayView = staff.getByRole("dialog", { name: longDate(date) });
    await expect(dayView.getByTestId("day-booking").filter({ hasText: who.name })).toContainText(
      `HB${orderId} ${who.name} · ${total}`,
    );

    // The quote: Booked, with its order.
    await staff.goto(`/dashboard/quotes/${id}`);
    await expect(staff.getByTestId("quote-state")).toHaveText("Booked");
    const order = staff.getByTestId("quote-order");
    await expect(order).toContainText(`Booked as order HB${orderId} for ${longDate(date)}`);
    await expect(order).toContainText("paid");
    await expect(staff.getByRole("link", { name: "Revise price" })).toHaveCount(0);
    await order.getByRole("link", { name: `order HB${orderId}` }).click();
    await expect(staff).toHaveURL(new RegExp(`/dashboard/orders/${orderId}$`));

    // The quotes list, State = Booked, finds it.
    await staff.goto("/dashboard/quotes");
    await staff.getByLabel("State").selectOption({ label: "Booked" });
    const row = await findQuote(staff, who.name);
    await expect(staff).toHaveURL(/[?&]state=booked/);
    await expect(row).toContainText("Booked");
    await expect(row).toContainText(total);
  });
});

test.describe("a priced quote of items left outside", () => {
  test.use({ clientHost: 6 });

  test("the customer books it for any time: 10% off, shown before paying with JavaScript, and charged", async ({
    page,
    staff,
    javaScriptEnabled,
  }, testInfo) => {
    const who = await requestQuote(page, testInfo, "Offer Any Time");
    const id = await openQuote(staff, who);
    await staff.getByRole("link", { name: "Price this quote" }).click();
    const total = await fillPrice(staff, id, {
      catalogue: { productId: 3, position: "outside" },
    });
    const reference = await sendPrice(staff, id, who, 1, total);
    const link = linkIn(await offerEmail(who, reference));
    const totalPence = poundsOf(total);
    const discounted = pence(totalPence - Math.round(totalPence / 10));

    await page.goto(link);
    const windows = page.getByRole("group", { name: "Arrival time" });
    await expect(windows.getByRole("radio")).toHaveCount(4);
    await expect(windows.getByText(/10% off: you save £/)).toBeVisible();
    await chooseCollectionDay(page, javaScriptEnabled ? 23 : 26);
    await windows.getByRole("radio", { name: /^Any time/ }).check();
    if (javaScriptEnabled) {
      // The total follows the choice before anything is sent.
      const summary = page.getByRole("region", { name: "Our price" });
      await expect(summary.getByRole("list").first().getByRole("listitem").last()).toHaveText(
        `Any time discount (10%)−${pence(Math.round(totalPence / 10))}`,
      );
      await expect(page.getByTestId("quote-total")).toHaveText(discounted);
      await expect(page.getByRole("button", { name: `Book and pay ${discounted}` })).toBeVisible();
    }
    await shot(page, testInfo, "customer-quote-any-time");
    await page.getByRole("button", { name: /^Book and pay £/ }).click();
    await expect(page).toHaveURL(/\/payment\/demo\?session_id=demo_/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Pay ${discounted}`);
  });
});

test.describe("a priced quote replaced", () => {
  test.use({ clientHost: 2 });

  test("staff revise a price: the old link says it was replaced and leads to the new quote", async ({
    page,
    staff,
  }, testInfo) => {
    const first = await pricedQuote(page, staff, testInfo, "Offer Reviser");
    const { who, id } = first;

    await staff.getByRole("link", { name: "Revise price" }).click();
    await expect(staff.getByLabel("Description of line 1")).toHaveValue(
      "Loose garden waste, about 2 m³",
    );
    const total = await fillPrice(staff, id, {
      free: { description: "Loose garden waste, about 3 m³", price: "120" },
    });
    const reference = await sendPrice(staff, id, who, 2, total);
    await expect(staff.getByText("Earlier prices (1)")).toBeVisible();
    const link = linkIn(await offerEmail(who, reference));
    expect(link).not.toBe(first.link);

    await page.goto(first.link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Quote ${first.reference}`);
    await expect(page.getByTestId("quote-closed")).toHaveText(
      "This quote was replaced by a newer one.",
    );
    await expect(page.getByRole("button", { name: /Book and pay/ })).toHaveCount(0);
    await page.getByRole("link", { name: "See the new quote" }).click();
    await expect(page).toHaveURL(new RegExp(`${link}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Quote ${reference}`);
    await expect(page.getByTestId("quote-total")).toHaveText(total);
    await expect(page.getByRole("button", { name: `Book and pay ${total}` })).toBeVisible();
  });
});

test.describe("a priced quote expired", () => {
  test.use({ clientHost: 3 });

  test("a link past its last day says the quote expired and cannot be paid; staff see Expired", async ({
    page,
    staff,
  }, testInfo) => {
    const { id, reference, link } = await pricedQuote(page, staff, testInfo, "Offer Late");
    const yesterday = londonDayAhead(-1);
    await withShopDatabase((db) =>
      db.run("UPDATE quote_offers SET valid_until = ? WHERE quote_id = ?", yesterday, id),
    );

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Quote ${reference}`);
    await expect(page.getByTestId("quote-closed")).toContainText(
      `This quote expired on ${longDate(yesterday)}.`,
    );
    await expect(page.getByRole("button", { name: /Book and pay/ })).toHaveCount(0);
    expect((await page.request.get(`${link}/pdf`)).status()).not.toBe(200);
    // Paying it anyway is refused.
    const pay = await page.request.post(link, {
      form: { intent: "pay", date: londonDayAhead(30) },
      maxRedirects: 0,
    });
    expect(pay.status()).toBeGreaterThanOrEqual(400);

    await staff.reload();
    await expect(staff.getByTestId("quote-state")).toHaveText("Expired");
    await expect(staff.getByText(`expired ${longDate(yesterday)}`)).toBeVisible();
  });
});

test.describe("a priced quote declined", () => {
  test.use({ clientHost: 4 });

  test("the customer declines with a reason; staff see it on the quote", async ({
    page,
    staff,
  }, testInfo) => {
    const { reference, link } = await pricedQuote(page, staff, testInfo, "Offer Decliner");
    const reason = "A neighbour is taking the garden waste, thank you.";

    await page.goto(link);
    await page.getByRole("link", { name: "Decline this quote" }).click();
    await expect(page).toHaveURL(/[?]decline=1/);
    await page.getByLabel("Tell us why (optional)").fill(reason);
    await page.getByRole("button", { name: "Decline the quote" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quote declined");
    // The customer sees the answer, not the footer the decline form scrolled them down to.
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
    await shot(page, testInfo, "customer-quote-declined");

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Quote ${reference}`);
    await expect(page.getByTestId("quote-closed")).toContainText("You declined this quote.");

    await staff.reload();
    await expect(staff.getByTestId("quote-state")).toHaveText("Declined");
    await expect(staff.getByTestId("decline-reason")).toContainText(`“${reason}”`);
    await expect
      .poll(
        () =>
          outboxEmails().find(
            (mail) => mail.kind === "quote_declined" && mail.subject.includes(reference),
          )?.text ?? "",
        { message: "the email telling staff", timeout: 10_000 },
      )
      .toContain(`Their reason: ${reason}`);
  });
});

test.describe("a quote's photos through the API", () => {
  test.use({ clientHost: 5 });

  test("img_url from GET /api/orders/quotationRequest loads the photo for staff and for no one else", async ({
    page,
    staff,
    playwright,
    baseURL,
  }, testInfo) => {
    const who = await requestQuote(page, testInfo, "Offer Photos");
    await signIn(staff, "/dashboard/quotes");

    const list = await staff.request.get(
      `/api/orders/quotationRequest?email=${encodeURIComponent(who.email)}`,
    );
    expect(list.status()).toBe(200);
    const quotes = (await list.json()) as { email: string; img_url: string[] }[];
    expect(quotes.map((q) => q.email)).toEqual([who.email]);
    expect(quotes[0]!.img_url).toHaveLength(1);
    const url = `/api/products/quotes-img/${quotes[0]!.img_url[0]}`;

    const photoResponse = await staff.request.get(url);
    expect(photoResponse.status()).toBe(200);
    expect(photoResponse.headers()["content-type"]).toBe("image/jpeg");
    expect((await photoResponse.body()).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    const anonymous = await playwright.request.newContext({ baseURL });
    try {
      expect((await anonymous.get(url)).status()).toBe(401);
      expect((await anonymous.get("/api/orders/quotationRequest")).status()).toBe(401);
    } finally {
      await anonymous.dispose();
    }
  });
});
