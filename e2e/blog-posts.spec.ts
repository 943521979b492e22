import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { seriousViolations } from "./support/axe";
import { shot } from "./support/shots";
import { signIn } from "./support/staff";

/**
 * Blog posts at tablet width, with and without JavaScript: staff write a post in Markdown, see a
 * preview, publish it (a refused first try keeps what was typed), give it a picture, read it on
 * the blog, and delete it, asked twice. The post is dated years back, so it sorts last and never
 * reaches the home page every journey shares.
 */

test.use({ viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: false });

test("staff write a blog post in Markdown, preview, publish and picture it, read it, and delete it", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const title = `Clearing a loft before winter (${testInfo.project.name})`;
  const body = [
    "## What to do first",
    "",
    "Bring everything to the **landing** so our crew can carry it straight out.",
    "",
    "- Boxes of papers",
    "- Old suitcases",
  ].join("\n");
  await signIn(page, "/dashboard/content");
  await page.getByRole("link", { name: "Write a blog post" }).click();
  await expect(page.getByRole("heading", { name: "Write a blog post" })).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Dated").fill("2021-03-0" + (javaScriptEnabled ? "1" : "2"));
  await page.getByLabel("The post", { exact: true }).fill(body);

  // Left without a summary: refused, what was typed kept.
  await page.getByRole("button", { name: "Publish" }).click();
  const summary = page.getByLabel("Summary");
  await expect(summary).toHaveAccessibleDescription(
    /Enter a summary for the blog's cards, up to 300 characters\./,
  );
  await expect(page.getByLabel("The post", { exact: true })).toHaveValue(body);
  if (javaScriptEnabled) await expect(summary).toBeFocused();
  await summary.fill("What to move, what to leave, and how our crews carry it down.");

  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByTestId("blog-preview");
  await expect(preview.getByRole("heading", { name: "What to do first" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("landing");
  await shot(page, testInfo, "blog-post-preview", { fullPage: true });

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("content-notice")).toHaveText(
    `“${title}” is on the blog now. Add its picture below.`,
  );
  expect(await seriousViolations(page, browser, javaScriptEnabled)).toEqual([]);

  const picture = await sharp({
    create: { width: 900, height: 600, channels: 3, background: "#6d8f5a" },
  })
    .jpeg()
    .toBuffer();
  await page.getByLabel("Picture file").setInputFiles({
    name: "loft.jpg",
    mimeType: "image/jpeg",
    buffer: picture,
  });
  await page.getByRole("button", { name: "Upload picture" }).click();
  await expect(page.getByTestId("content-notice")).toHaveText("Picture saved.");
  await expect(page.getByRole("img", { name: "Now shown with this post" })).toBeVisible();

  await page.getByRole("link", { name: "See it on the blog" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "What to do first" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Old suitcases" })).toBeVisible();
  const image = page.locator(".blog-article-image");
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();

  await page.goto("/dashboard/content");
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await page.getByRole("button", { name: "Delete this post…" }).click();
  await expect(page.getByRole("alert")).toHaveText("Delete this post? It leaves the blog at once.");
  await page.getByRole("button", { name: "Delete it" }).click();
  await expect(page.getByTestId("content-notice")).toHaveText(`“${title}” is deleted.`);
  await page.goto("/blog");
  await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
});
