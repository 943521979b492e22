import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";

/**
 * Serious and critical WCAG 2.1 AA problems axe finds on the page as it is now. axe is a script
 * in the page: without JavaScript it checks the server's HTML in a page whose own scripts are
 * blocked (as e2e/quality.spec.ts does), with the same cookies and size.
 */
export async function seriousViolations(
  page: Page,
  browser: Browser,
  javaScriptEnabled: boolean,
): Promise<string[]> {
  let target = page;
  if (!javaScriptEnabled) {
    const context = await browser.newContext({
      storageState: await page.context().storageState(),
      viewport: page.viewportSize(),
      javaScriptEnabled: true,
    });
    await context.route(/\/build\/.*\.js$/, (route) => route.abort());
    target = await context.newPage();
    await target.goto(page.url());
  }
  try {
    return await violationsIn(target);
  } finally {
    if (target !== page) await target.context().close();
  }
}

/**
 * Serious and critical WCAG 2.1 AA problems axe finds in the page as it is now, one line each.
 * In one pass in the page (`axe.run`, "legacy mode"): the default runs each frame apart and then
 * joins the results in a blank page it opens and loads axe into again, which doubles the time
 * for the same results on our pages, which have no frames.
 */
export async function violationsIn(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(" ")}: ${n.any[0]?.message ?? ""}`).join("; ")})`,
    );
}
