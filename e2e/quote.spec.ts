import { SMOKE } from "./support/smoke";
import { expect, test as base, type Page, type TestInfo } from "@playwright/test";
import sharp from "sharp";
import { heicPhoto } from "../tests/support/images";

/**
 * Every quote submission counts towards the limit of five an hour from one
 * address, so each test (in each project and each repeat) sends from an
 * address of its own: the server trusts X-Forwarded-For from loopback.
 * 192.0.2.0/24 is a documentation range; js uses .1-.99, no-js .101-.199.
 */
const test = base.extend<{ clientHost: number }>({
  clientHost: [1, { option: true }],
  extraHTTPHeaders: async ({ clientHost }, use, testInfo: TestInfo) => {
    const project = testInfo.project.name === "js" ? 0 : 100;
    const host = project + clientHost * 10 + (testInfo.repeatEachIndex % 10);
    await use({ "X-Forwarded-For": `192.0.2.${host}` });
  },
});

async function photo(colour: string) {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

async function fillDetails(page: Page, comments: string) {
  await page.getByLabel("Full name").fill("Grace Mensah");
  await page.getByLabel("Email").fill("grace@example.com");
  await page.getByLabel("Phone number").fill("07700 900789");
  await page.getByLabel("Address line 1").fill("3 Mill Road");
  await page.getByLabel("Town").fill("Guildford");
  await page.getByLabel("Postcode").fill("GU1 3AA");
  await page.getByLabel("What needs removing?").fill(comments);
}

async function fillQuote(page: Page, comments = "Two armchairs and a mattress, ground floor.") {
  await fillDetails(page, comments);
  await page.getByLabel("Photos of what needs removing").setInputFiles([
    { name: "lounge.jpg", mimeType: "image/jpeg", buffer: await photo("#b86b4b") },
    { name: "bedroom.jpg", mimeType: "image/jpeg", buffer: await photo("#7a8fa6") },
  ]);
}

test.describe("a quote sent", () => {
  test.use({ clientHost: 1 });
  test(
    "a quote request with two photos is sent, confirmed and the form is cleared",
    SMOKE,
    async ({ page }) => {
      await page.goto("/quote");
      await expect(
        page.getByText("Upload supported files (Max 15MB each): JPEG, PNG or WebP photos."),
      ).toBeVisible();
      // HEIC is not offered: an iPhone then sends its photos as JPEG.
      await expect(page.getByLabel("Photos of what needs removing")).toHaveAttribute(
        "accept",
        "image/jpeg,image/png,image/webp",
      );
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
    },
  );
});

test.describe("a quote refused for its details", () => {
  test.use({ clientHost: 2 });
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
});

test.describe("a quote refused for its photo", () => {
  test.use({ clientHost: 3 });
  test("a HEIC photo is refused with what to send instead, and the details stay", async ({
    page,
  }) => {
    await page.goto("/quote");
    await fillDetails(page, "A fridge freezer in the kitchen.");
    await page
      .getByLabel("Photos of what needs removing")
      .setInputFiles([{ name: "IMG_4521.HEIC", mimeType: "image/heic", buffer: heicPhoto() }]);
    await page.getByRole("button", { name: "Send my quote request" }).click();
    const message =
      "“IMG_4521.HEIC” is a HEIC photo, which we cannot open. Please send JPEG, PNG or WebP files. " +
      "On an iPhone: Settings → Camera → Formats → Most Compatible.";
    await expect(page.getByRole("alert")).toHaveText(message);
    await expect(page.locator("#field-images-error")).toHaveText(message);
    await expect(page.getByLabel("Full name")).toHaveValue("Grace Mensah");
    await expect(page.getByLabel("What needs removing?")).toHaveValue(
      "A fridge freezer in the kitchen.",
    );
    await expect(page.getByTestId("quote-success")).toHaveCount(0);
  });
});
