import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { pdfText } from "../tests/support/pdf-text";
import { seriousViolations } from "./support/axe";
import { shot } from "./support/shots";
import { outboxEmails, withShopDatabase } from "./support/shop-data";
import { signIn } from "./support/staff";

/**
 * The crew complete a paid card job from the run sheet on a tablet, with and without
 * JavaScript: two photos, an extra item from the list, who handed it over. The customer's email
 * carries the waste transfer note and the receipt (their text checked), and the photo link opens
 * the customer's page at phone width.
 */
test.use({ viewport: { width: 1024, height: 900 }, isMobile: false, hasTouch: true });

/**
 * A paid card job with a sofa (POPs), as the checkout writes it, for today unless another day is
 * given; answers its id.
 */
async function paidSofaJob(name: string, email: string, day = todayInLondon()): Promise<number> {
  return withShopDatabase(async (db) => {
    const order = await db.get<{ id: number }>(
      `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date,
         status, booking_status, payment_method, total_pence, source, paid_at)
       VALUES (?, ?, '07700 900555', '7 Canal Walk', 'Basingstoke', 'RG21 7AB', ?,
         'complete', 'pending', 'card', 7900, 'web', ?) RETURNING id`,
      name,
      email,
      day,
      new Date().toISOString(),
    );
    const id = Number(order!.id);
    await db.run(
      `INSERT INTO order_items (order_id, product_name, product_description, position,
         unit_price_pence, quantity, waste_description, low_code, pops, hazardous)
       VALUES (?, 'Corner sofa', 'Collected whole', 'outside', 7900, 1,
         'Domestic seating containing POPs (upholstered)', '20 03 07', 1, 0)`,
      id,
    );
    return id;
  });
}

const photo = async (colour: string) => ({
  name: `${colour.slice(1)}.jpg`,
  mimeType: "image/jpeg",
  buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .jpeg()
    .toBuffer(),
});

test("the crew complete a job from the run sheet and the customer gets both documents and the photos", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const name = `Completion ${testInfo.project.name} ${Date.now()}`;
  const email = `done-${testInfo.project.name}-${Date.now()}@example.com`;
  const orderId = await paidSofaJob(name, email);

  await signIn(page, "/dashboard/today");
  const job = page.getByTestId("run-job").filter({ hasText: name });
  await job.getByRole("link", { name: "Complete job" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${orderId}/complete$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `Complete job HB${orderId}: ${name}`,
  );
  await expect(page.getByTestId("job-booked-line")).toContainText("20 03 07");
  await expect(page.getByLabel("Handed over by")).toHaveValue(name);
  expect(await seriousViolations(page, browser, javaScriptEnabled)).toEqual([]);
  await shot(page, testInfo, "complete-job");

  await page.getByLabel("Before photos").setInputFiles([await photo("#8a5a44")]);
  await page.getByLabel("After photos").setInputFiles([await photo("#d6d2c4")]);
  const extra = page.getByLabel("Extra item 1");
  const garden = (await extra.locator("option").allTextContents()).find((label) =>
    label.includes("(20 02 01)"),
  );
  expect(garden).toBeDefined();
  await extra.selectOption({ label: garden! });
  // Found on site, charged at the shop's price, and paid in cash there and then.
  await page.getByLabel("Paid in cash on the spot").check();
  await page.getByLabel("Handed over by").fill("Ann Lee");
  await page.getByLabel("Van registration").fill("ab12cde");

  const submit = page.getByRole("button", { name: "Complete job and send documents" });
  expect((await submit.boundingBox())!.height).toBeGreaterThanOrEqual(48);
  await submit.click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${orderId}$`));
  await expect(page.getByTestId("order-flash")).toContainText("Job complete.");
  const documents = page.getByTestId("order-documents");
  await expect(documents).toContainText("handed over by Ann Lee");
  await expect(documents.getByRole("link", { name: "Open" })).toHaveCount(2);
  expect(await seriousViolations(page, browser, javaScriptEnabled)).toEqual([]);
  await shot(page, testInfo, "order-documents");

  // The email: both documents attached, and the photo link.
  await expect
    .poll(() => outboxEmails().filter((m) => m.to === email && m.kind === "job_completed").length)
    .toBe(1);
  const mail = outboxEmails().find((m) => m.to === email && m.kind === "job_completed")!;
  expect(mail.attachments.map((a) => a.contentType)).toEqual([
    "application/pdf",
    "application/pdf",
  ]);
  const [note, receipt] = await Promise.all(
    mail.attachments.map(async (a) => (await pdfText(a.bytes)).pages.join("\n")),
  );
  expect(note).toContain("20 03 07");
  expect(note).toContain("20 02 01");
  expect(note).toMatch(/persistent organic pollutants/i);
  expect(note).toMatch(/CBD[ULE]\d+/);
  expect(note).toContain("Vehicle registration: AB12 CDE");
  const receiptText = receipt!.replace(/\s+/g, " ");
  expect(receiptText).toContain("Added on the day: ");
  expect(receiptText).toMatch(/Added on the day: £[\d.,]+, paid in cash on collection/);
  const link = /https?:\/\/\S+\/job\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();

  // The customer's page, on a phone.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    javaScriptEnabled,
  });
  try {
    const customer = await phone.newPage();
    await customer.goto(new URL(new URL(link!).pathname, page.url()).href);
    await expect(customer.getByRole("heading", { level: 1 })).toContainText("Collected on");
    await expect(customer.getByTestId("job-photos-before").getByRole("img")).toHaveCount(1);
    await expect(customer.getByTestId("job-photos-after").getByRole("img")).toHaveCount(1);
    await expect(
      customer.getByRole("link", { name: /Waste transfer note WTN-\d+ \(PDF\)/ }),
    ).toBeVisible();
    expect(await seriousViolations(customer, browser, javaScriptEnabled)).toEqual([]);
    await shot(customer, testInfo, "job-photos");
  } finally {
    await phone.close();
  }

  // Done: the run sheet no longer offers to complete it.
  await page.goto("/dashboard/today");
  await expect(
    page
      .getByTestId("run-job")
      .filter({ hasText: name })
      .getByRole("link", { name: "Complete job" }),
  ).toHaveCount(0);
});

test("the crew leave a field empty: the photos stay on the form, and the fixed form completes with them", async ({
  page,
}, testInfo) => {
  const name = `Kept ${testInfo.project.name} ${Date.now()}`;
  // Yesterday's job, completed late: today's collections are the other journeys' (8 a day).
  const orderId = await paidSofaJob(
    name,
    `kept-${testInfo.project.name}-${Date.now()}@example.com`,
    addDaysIso(todayInLondon(), -1),
  );
  await signIn(page, `/dashboard/orders/${orderId}/complete`);
  await page.getByLabel("Before photos").setInputFiles([await photo("#6a4c3b")]);
  await page.getByLabel("After photos").setInputFiles([await photo("#c9c4b0")]);
  await page.getByLabel("Handed over by").fill("");
  await page.getByRole("button", { name: "Complete job and send documents" }).click();

  await expect(page.getByRole("alert")).toHaveText(
    "Please type the name of the person who handed the waste over",
  );
  await expect(page.getByText("Your photo is kept below.")).toHaveCount(2);
  for (const kept of await page.getByTestId("kept-photo").getByRole("img").all()) {
    await kept.scrollIntoViewIfNeeded();
    await expect(kept).toHaveJSProperty("complete", true);
    expect(await kept.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }

  await page.getByLabel("Handed over by").fill("Ann Lee");
  await page.getByRole("button", { name: "Complete job and send documents" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${orderId}$`));
  await expect(page.getByTestId("order-flash")).toContainText("Job complete.");
  const kinds = await withShopDatabase((db) =>
    db.all<{ kind: string }>(
      `SELECT p.kind FROM job_photos p JOIN job_completions c ON c.id = p.completion_id
       WHERE c.order_id = ? ORDER BY p.kind DESC`,
      orderId,
    ),
  );
  expect(kinds.map((k) => k.kind)).toEqual(["before", "after"]);
});

test("an extra item found on site is paid by card from the link in the completion email", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const name = `Extras ${testInfo.project.name} ${Date.now()}`;
  const email = `extras-${testInfo.project.name}-${Date.now()}@example.com`;
  // Yesterday's job, completed late: today's capacity is left to the journeys that book today.
  const orderId = await paidSofaJob(name, email, addDaysIso(todayInLondon(), -1));

  await signIn(page, `/dashboard/orders/${orderId}/complete`);
  await page.getByLabel("Before photos").setInputFiles([await photo("#8a5a44")]);
  await page.getByLabel("After photos").setInputFiles([await photo("#d6d2c4")]);
  const extra = page.getByLabel("Extra item 1");
  const garden = (await extra.locator("option").allTextContents()).find((label) =>
    label.includes("(20 02 01)"),
  );
  await extra.selectOption({ label: garden! });
  await page.getByLabel("Email the customer a link to pay by card").check();
  await page.getByRole("button", { name: "Complete job and send documents" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${orderId}$`));

  await expect
    .poll(() => outboxEmails().filter((m) => m.to === email && m.kind === "job_completed").length)
    .toBe(1);
  const mail = outboxEmails().find((m) => m.to === email && m.kind === "job_completed")!;
  const due = /Please pay (£[\d.,]+) for what was added on the day, by card, here:/.exec(
    mail.text,
  )?.[1];
  expect(due).toBeDefined();
  const link = /https?:\/\/\S+\/booking\/[A-Za-z0-9_-]+/.exec(mail.text)![0];

  // The customer pays on a phone, from the booking's own page, through the demo gateway.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    javaScriptEnabled,
  });
  try {
    const customer = await phone.newPage();
    await customer.goto(new URL(new URL(link).pathname, page.url()).href);
    await expect(customer.getByTestId("manage-extras")).toHaveText(
      `${due} · To pay by card, below`,
    );
    const pay = customer.getByRole("region", { name: `Pay ${due} by card` });
    expect(await seriousViolations(customer, browser, javaScriptEnabled)).toEqual([]);
    await shot(customer, testInfo, "extras-to-pay");
    await pay.getByRole("button", { name: `Pay ${due} now` }).click();
    await expect(customer).toHaveURL(/\/payment\/demo\?session_id=demo_/);
    await customer.getByRole("button", { name: `Pay ${due}` }).click();
    await expect(customer).toHaveURL(/\/booking\/[A-Za-z0-9_-]+\?session_id=demo_/);
    await expect(customer.getByRole("status")).toContainText(
      `Thank you: your payment of ${due} is received`,
    );
    await expect(customer.getByTestId("manage-extras")).toHaveText(`${due} · Paid`);
    await expect(customer.getByRole("region", { name: `Pay ${due} by card` })).toHaveCount(0);
    await shot(customer, testInfo, "extras-paid");
  } finally {
    await phone.close();
  }
  await expect
    .poll(
      () =>
        outboxEmails().filter((m) => m.to === email && m.kind === "extras_payment_received").length,
    )
    .toBe(1);
});
