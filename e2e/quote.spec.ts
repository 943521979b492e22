import { SMOKE } from "./support/smoke";
import { expect, test as base, type Page, type TestInfo } from "@playwright/test";
import sharp from "sharp";
import { heicPhoto } from "../tests/support/images";
import { seriousViolations } from "./support/axe";
import { shot } from "./support/shots";
import { findQuote } from "./support/quotes";
import { signIn } from "./support/staff";

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
  test("a refused quote keeps what was typed and the photos sent", async ({ page }, testInfo) => {
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
    await expect(page.getByText("Your 2 photos are kept below.")).toBeVisible();
    await expect(page.getByTestId("kept-photo")).toHaveCount(2);
    await expect(page.getByTestId("quote-success")).toHaveCount(0);
    await page.getByTestId("kept-photo").first().scrollIntoViewIfNeeded();
    await shot(page, testInfo, "quote-kept-photos", { fullPage: false });
  });
});

test.describe("a quote refused, fixed and sent", () => {
  test.use({ clientHost: 4 });
  test("the photo sent with a refused quote is kept, sent with the fixed one, and staff see it", async ({
    page,
    browser,
    javaScriptEnabled,
  }, testInfo) => {
    const name = `Kept Photo ${testInfo.project.name} ${Math.random().toString(36).slice(2, 8)}`;
    await page.goto("/quote");
    await fillDetails(page, "   ");
    await page.getByLabel("Full name").fill(name);
    await page
      .getByLabel("Photos of what needs removing")
      .setInputFiles([
        { name: "porch.jpg", mimeType: "image/jpeg", buffer: await photo("#5d7a4e") },
      ]);
    await page.getByRole("button", { name: "Send my quote request" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please tell us what you need removed");
    await expect(page.getByText("Your photo is kept below.")).toBeVisible();
    const kept = page.getByRole("img", { name: "Kept photo: porch.jpg" });
    await kept.scrollIntoViewIfNeeded();
    await expect(kept).toHaveJSProperty("complete", true);
    expect(await kept.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await seriousViolations(page, browser, javaScriptEnabled)).toEqual([]);
    await page.getByTestId("kept-photo").scrollIntoViewIfNeeded();
    await shot(page, testInfo, "quote-kept-photo", { fullPage: false });
    // Nothing left in the picker: the photo is on the server, not sent twice.
    expect(
      await page
        .getByLabel("Photos of what needs removing")
        .evaluate((i) => (i as HTMLInputElement).files?.length ?? 0),
    ).toBe(0);

    await page.getByLabel("What needs removing?").fill("A broken dishwasher in the porch.");
    await page.getByRole("button", { name: "Send my quote request" }).click();
    await expect(page.getByTestId("quote-success")).toContainText(
      "Your quotation request has been submitted successfully!",
    );

    await signIn(page, "/dashboard/quotes");
    const row = await findQuote(page, name);
    await expect(row.getByRole("cell").nth(5)).toHaveText("1");
    await row.getByRole("link", { name: /^Q\d+$/ }).click();
    await expect(page.getByRole("heading", { name: "Photos (1)" })).toBeVisible();
    const thumbnail = page.getByRole("img", { name: "porch.jpg" });
    await thumbnail.scrollIntoViewIfNeeded();
    await expect(thumbnail).toHaveJSProperty("complete", true);
    expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
      0,
    );
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
