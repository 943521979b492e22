import { expect, test } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { shot } from "./support/shots";
import { signIn } from "./support/staff";

/**
 * Content at tablet width, with and without JavaScript: the demo figures and reviews are marked
 * Demo; staff add a review of their own (a refused first try keeps what was typed), see it on the
 * home page, and delete it, asked twice. (Removing the demo content changes the home page every
 * journey shares: tests/integration/site-content.test.ts covers it.)
 */

test.use({ viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: false });

test("staff add a customer review, see it on the home page, and delete it", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const name = javaScriptEnabled ? "Robin A." : "Robin B.";
  const words = `Careful on the stairs and done in twenty minutes (${testInfo.project.name}).`;
  await signIn(page, "/dashboard/content");
  await expect(page.getByTestId("demo-content")).toContainText("demo content");
  await expect(
    page.getByTestId("content-item").filter({ hasText: "Sarah K." }).getByText("Demo"),
  ).toBeVisible();
  expect(await seriousViolations(page, browser, javaScriptEnabled)).toEqual([]);
  await shot(page, testInfo, "content-list", { fullPage: true });

  await page.getByRole("link", { name: "Add a customer review" }).click();
  await expect(page.getByRole("heading", { name: "Add a customer review" })).toBeVisible();
  await page.getByLabel("Customer's name").fill(name);
  await page.getByLabel("Their words").fill(words);
  await page.getByLabel("Stars (1 to 5)").fill("");
  await page.getByRole("button", { name: "Save" }).click();
  const stars = page.getByLabel("Stars (1 to 5)");
  await expect(stars).toHaveAccessibleDescription("Choose from 1 to 5 stars.");
  await expect(page.getByLabel("Their words")).toHaveValue(words);
  if (javaScriptEnabled) await expect(stars).toBeFocused();
  await stars.fill("5");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("content-notice")).toHaveText(
    "The customer review is saved: the home page shows it now.",
  );

  await page.goto("/");
  const review = page.locator(".testimonial").filter({ hasText: name });
  await expect(review).toContainText(words);
  await expect(review.getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();

  await page.goto("/dashboard/content");
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await page.getByRole("button", { name: "Delete this customer review…" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Delete this customer review? It leaves the home page at once.",
  );
  await page.getByRole("button", { name: "Delete it" }).click();
  await expect(page.getByTestId("content-notice")).toHaveText("The customer review is deleted.");
  await expect(page.getByTestId("content-item").filter({ hasText: name })).toHaveCount(0);
  await page.goto("/");
  await expect(page.locator(".testimonial").filter({ hasText: name })).toHaveCount(0);
});

test("staff add a question to the FAQ and a reason with its icon, see both, and delete them", async ({
  page,
  javaScriptEnabled,
}, testInfo) => {
  const question = `Do you take paint tins (${testInfo.project.name})?`;
  const reason = `Tins taken (${testInfo.project.name})`;
  await signIn(page, "/dashboard/content");
  await page.getByRole("link", { name: "Add a question" }).click();
  await page.getByRole("textbox", { name: "Question" }).fill(question);
  await page
    .getByLabel("Answer")
    .fill("Yes, sealed tins of water-based paint, charged by the tin.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("content-notice")).toHaveText(
    "The question is saved: the FAQ shows it now.",
  );

  await page.getByRole("link", { name: "Add a reason" }).click();
  await page.getByLabel("The reason").fill(reason);
  await page.getByLabel("Said in full").fill("We take sealed tins of paint with everything else.");
  await page.getByRole("radio", { name: "Tools" }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("content-notice")).toHaveText(
    "The reason is saved: the home page shows it now.",
  );

  // The question comes before the answer the shop's own terms give.
  await page.goto("/?faq=open");
  const faq = page.getByRole("dialog", { name: "Frequently asked questions" });
  const questions = faq.locator("summary");
  await expect(questions.filter({ hasText: question })).toHaveCount(1);
  await expect(questions.last()).toHaveText("Can I cancel or change my booking?");
  await faq.getByText(question).click();
  await expect(faq.getByText(/sealed tins of water-based paint/)).toBeVisible();

  await page.goto("/");
  const why = page.locator(".why-item").filter({ hasText: reason });
  await expect(why).toHaveCount(1);
  if (javaScriptEnabled) {
    await why.locator("summary").click();
    await expect(why.getByText("We take sealed tins of paint with everything else.")).toBeVisible();
  }

  for (const [title, one] of [
    [question, "question"],
    [reason, "reason"],
  ] as const) {
    await page.goto("/dashboard/content");
    await page.getByRole("link", { name: `Edit ${title}` }).click();
    await page.getByRole("button", { name: `Delete this ${one}…` }).click();
    await page.getByRole("button", { name: "Delete it" }).click();
    await expect(page.getByTestId("content-notice")).toHaveText(`The ${one} is deleted.`);
  }
  await page.goto("/?faq=open");
  await expect(page.getByText(question)).toHaveCount(0);
});
