import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";

async function photo(colour: string) {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

async function fillQuote(page: Page, comments = "Two armchairs and a mattress, ground floor.") {
  await page.getByLabel("Full name").fill("Grace Mensah");
  await page.getByLabel("Email").fill("grace@example.com");
  await page.getByLabel("Phone number").fill("07700 900789");
  await page.getByLabel("Address line 1").fill("3 Mill Road");
  await page.getByLabel("Town").fill("Guildford");
  await page.getByLabel("Postcode").fill("GU1 3AA");
  await page.getByLabel("What needs removing?").fill(comments);
  await page.getByLabel("Photos of what needs removing").setInputFiles([
    { name: "lounge.jpg", mimeType: "image/jpeg", buffer: await photo("#b86b4b") },
    { name: "bedroom.jpg", mimeType: "image/jpeg", buffer: await photo("#7a8fa6") },
  ]);
}

test("a quote request with two photos is sent, confirmed and the form is cleared", async ({
  page,
}) => {
  await page.goto("/quote");
  await expect(page.getByText("Upload supported files (Max 15MB each)")).toBeVisible();
  await fillQuote(page);
  await page.getByRole("button", { name: "Send my quote request" }).click();
  await expect(page.getByTestId("quote-success")).toHaveText(
    "Your quotation request has been submitted successfully! Confirmation emails have been sent.",
  );
  await expect(page.getByLabel("Full name")).toHaveValue("");
  await expect(page.getByLabel("What needs removing?")).toHaveValue("");
  expect(
    await page
      .getByLabel("Photos of what needs removing")
      .evaluate((i) => (i as HTMLInputElement).files?.length ?? 0),
  ).toBe(0);
});

test("a refused quote keeps what was typed and asks for the photos again", async ({ page }) => {
  await page.goto("/quote");
  // Spaces pass the browser's own `required` check; the server refuses them.
  await fillQuote(page, "   ");
  await page.getByRole("button", { name: "Send my quote request" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please tell us what you need removed");
  await expect(page.locator("#field-comments-error")).toHaveText(
    "Please tell us what you need removed",
  );
  await expect(page.getByLabel("Full name")).toHaveValue("Grace Mensah");
  await expect(page.getByLabel("Postcode")).toHaveValue("GU1 3AA");
  await expect(page.getByText("Please choose your photos again")).toBeVisible();
  await expect(page.getByTestId("quote-success")).toHaveCount(0);
});
