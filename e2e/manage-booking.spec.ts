import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { outboxEmails } from "./support/shop-data";

/**
 * "Manage your booking" at phone width (390 px), with and without JavaScript: a customer books
 * and pays (the demo gateway), opens the link from their confirmation email, sees what
 * cancelling gives back, confirms, and sees the refund; a lookup with the wrong postcode finds
 * nothing.
 */

async function bookAndPay(page: Page, email: string, day: number) {
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
    Postcode: "YO21 3PU",
  };
  for (const [label, value] of Object.entries(fields))
    await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole("button", { name: "Next month" }).click();
  const calendar = page.getByRole("group", { name: "Collection date" });
  await calendar.getByRole("radio", { name: new RegExp(`^\\w+ ${day} \\w+ \\d{4}$`) }).check();
  const pay = page.getByRole("button", { name: /^Book and pay £\d+\.\d{2}$/ });
  const total = (/£\d+\.\d{2}/.exec((await pay.textContent()) ?? "") ?? [""])[0];
  await pay.click();
  await expect(page).toHaveURL(/\/payment\/demo\?session_id=demo_/);
  await page.getByRole("button", { name: `Pay ${total}` }).click();
  await expect(page.getByTestId("payment-result").getByRole("heading", { level: 1 })).toHaveText(
    "Payment status: complete",
  );
  return total;
}

async function confirmationOf(email: string) {
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

test("a customer cancels their booking from the emailed link and sees the refund", async ({
  page,
  browser,
}, testInfo) => {
  const js = testInfo.project.name === "js";
  const email = `grace.${testInfo.project.name}@example.com`;
  const total = await bookAndPay(page, email, js ? 26 : 27);
  const { path, reference } = await confirmationOf(email);

  await page.goto(path);
  await expect(page.getByText(`Your booking ${reference}`)).toBeVisible();
  const cancel = page.getByRole("region", { name: "Cancel this booking" });
  await expect(cancel.getByTestId("cancel-terms")).toContainText("FeeNone");
  await expect(cancel.getByTestId("cancel-terms")).toContainText(`Refund${total}`);
  await page.screenshot({
    path: testInfo.outputPath(`manage-booking-${testInfo.project.name}.png`),
    fullPage: true,
  });
  expect(await seriousViolations(page, browser, js)).toEqual([]);

  await cancel.getByRole("link", { name: "Cancel this booking" }).click();
  await expect(page).toHaveURL(/\?cancel=1#cancel$/);
  const sure = page.getByRole("region", { name: "Are you sure?" });
  await expect(sure.getByTestId("cancel-question")).toContainText(
    `You get ${total} back to the card you paid with.`,
  );
  await sure.screenshot({
    path: testInfo.outputPath(`manage-booking-confirm-${testInfo.project.name}.png`),
  });
  expect(await seriousViolations(page, browser, js)).toEqual([]);
  await sure.getByRole("button", { name: "Yes, cancel my booking" }).click();

  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByTestId("manage-status")).toHaveText("Cancelled");
  await expect(page.getByTestId("manage-cancelled")).toContainText(
    `${total} is on its way back to your card`,
  );
  await expect(page.getByRole("button", { name: "Yes, cancel my booking" })).toHaveCount(0);
  await page.screenshot({
    path: testInfo.outputPath(`manage-booking-cancelled-${testInfo.project.name}.png`),
    fullPage: true,
  });
  await expect
    .poll(() => outboxEmails().some((m) => m.kind === "booking_cancelled" && m.to.includes(email)))
    .toBe(true);
});

test("a lookup with the wrong postcode is refused", async ({ page }) => {
  await page.goto("/booking");
  await page.getByLabel("Booking reference").fill("HB1");
  await page.getByLabel("Postcode").fill("ZZ9 9ZZ");
  await page.getByRole("button", { name: "Find my booking" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "We could not find a booking with that reference and postcode.",
  );
  await expect(page).toHaveURL(/\/booking$/);
});

test("the model cancellation form names the business", async ({ page }) => {
  await page.goto("/cancellation-form");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Model cancellation form");
  await expect(page.getByText(/hereby give notice that I\/We \[\*\] cancel/)).toBeVisible();
});
