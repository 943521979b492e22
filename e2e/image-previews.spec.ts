import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "./support/staff";

/**
 * A photo or image chosen in a form shows at once as a preview (a blob: URL): the page's
 * Content-Security-Policy must let it load (img-src blob:), or the preview is a broken image.
 * JavaScript only: without it there is no preview, and the file input works as it is.
 */

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "previews need JavaScript");

async function picture(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

/** Images the page refused to load because of its policy (Chromium reports each in the console). */
function refusedImages(page: Page): string[] {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text()) && /img-src|image/i.test(message.text()))
      refused.push(message.text());
  });
  return refused;
}

/**
 * Chooses the file, again until its preview shows: a file chosen before the page has hydrated
 * (a busy machine) changes the input before React listens to it, and the preview never comes.
 */
async function choose(
  page: Page,
  input: string,
  file: { name: string; mimeType: string; buffer: Buffer },
  preview: string,
) {
  await expect(async () => {
    await page.locator(input).setInputFiles(file);
    await expect(page.locator(preview)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** The preview's picture really decoded: a broken image has naturalWidth 0. */
async function expectLoaded(page: Page, selector: string) {
  const preview = page.locator(selector);
  await expect(preview).toBeVisible();
  expect(await preview.getAttribute("src")).toMatch(/^blob:/);
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1)))
    .toBe(320);
}

test("a photo chosen on the quote form shows as a preview that loads", async ({ page }) => {
  const refused = refusedImages(page);
  await page.goto("/quote");
  await choose(
    page,
    "#field-images",
    { name: "garage.jpg", mimeType: "image/jpeg", buffer: await picture("#8a5a3b") },
    '.photo-previews img[alt="garage.jpg"]',
  );
  await expectLoaded(page, '.photo-previews img[alt="garage.jpg"]');
  expect(refused).toEqual([]);
});

test.describe("the dashboard, on a tablet", () => {
  test.use({ viewport: { width: 768, height: 1024 }, isMobile: false });

  test("an image chosen for a product shows as a preview that loads", async ({ page }) => {
    const refused = refusedImages(page);
    await signIn(page, "/dashboard/products/new");
    await choose(
      page,
      "#field-image",
      { name: "armchair.jpg", mimeType: "image/jpeg", buffer: await picture("#3a6ea5") },
      'img[alt="Chosen for this product"]',
    );
    await expectLoaded(page, 'img[alt="Chosen for this product"]');
    expect(refused).toEqual([]);
  });
});
