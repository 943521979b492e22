import { expect, test, type Browser, type Page } from "@playwright/test";
import http from "node:http";
import zlib from "node:zlib";
import { violationsIn } from "./support/axe";

const PAGES = [
  "/",
  "/products",
  "/product/1",
  "/blog",
  "/blog?title=How%20to%20Check%20a%20Waste%20Carrier%20Licence",
  "/quote",
  "/contact",
  "/checkout",
  "/payment",
];
/** Pages outside the shop's layout (no bag to open). */
const OTHER_PAGES = ["/login"];
/**
 * The bag is one dialog, the same on every page of the shop: it is checked open over one page of
 * each layout (the home page, a product, the checkout), and every page is checked without it.
 */
const BAG_PAGES = ["/", "/product/1", "/checkout"];

/**
 * The page axe runs in. axe is a script in the page: for the no-JS project it checks the server's
 * HTML in a page whose own scripts are blocked, which renders exactly what a browser without
 * JavaScript shows.
 */
async function axePage(args: {
  page: Page;
  browser: Browser;
  javaScriptEnabled: boolean;
  baseURL: string | undefined;
  viewport: { width: number; height: number } | null;
}): Promise<Page> {
  if (args.javaScriptEnabled) return args.page;
  const { baseURL, viewport } = args;
  const context = await args.browser.newContext({ baseURL, viewport, javaScriptEnabled: true });
  await context.route(/\/build\/.*\.js$/, (route) => route.abort());
  return context.newPage();
}

/** The splash cookie as the server writes it, so colour checks see the page, not the splash. */
const SPLASH_SEEN = { name: "splash_seen", value: "dHJ1ZQ%3D%3D" };

for (const path of [...PAGES, ...OTHER_PAGES]) {
  for (const bagOpen of BAG_PAGES.includes(path) ? [false, true] : [false]) {
    test(`axe finds no serious or critical problem on ${path}${bagOpen ? " with the bag open" : ""}`, async ({
      page: projectPage,
      browser,
      javaScriptEnabled,
      baseURL,
      viewport,
    }) => {
      const page = await axePage({
        page: projectPage,
        browser,
        javaScriptEnabled,
        baseURL,
        viewport,
      });
      await page.context().addCookies([{ ...SPLASH_SEEN, url: baseURL! }]);
      const url = bagOpen ? `${path}${path.includes("?") ? "&" : "?"}bag=open` : path;
      await page.goto(url);
      if (bagOpen) await expect(page.getByRole("dialog", { name: "YOUR BAG" })).toBeVisible();
      expect(await violationsIn(page)).toEqual([]);
    });
  }
}

/**
 * Bytes a resource takes when the server gzips it (what the page-weight budget in
 * docs/architecture.md#tests counts).
 */
function gzippedBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve(bytes));
      })
      .on("error", reject);
  });
}

test.describe("page weight budgets (first visit, 390 px)", () => {
  for (const path of ["/", "/products", "/product/1"]) {
    test(`${path} stays within 110 KB JS, 20 KB CSS, 30 KB HTML gzipped; below-the-fold images are lazy`, async ({
      page,
      javaScriptEnabled,
    }, testInfo) => {
      test.skip(
        !javaScriptEnabled,
        "weights are measured once, with JavaScript on (the heavier case)",
      );
      const resources: { url: string; type: string }[] = [];
      page.on("response", (response) => {
        const type = response.request().resourceType();
        if (["document", "script", "stylesheet"].includes(type))
          resources.push({ url: response.url(), type });
      });
      await page.goto(path, { waitUntil: "networkidle" });
      const totals = { document: 0, script: 0, stylesheet: 0 };
      for (const r of resources) totals[r.type as keyof typeof totals] += await gzippedBytes(r.url);
      // The document carries the page's stylesheets inline (decision 030): they are CSS, and count
      // as such, at what they take gzipped on their own.
      const inlineCss = await page.evaluate(() =>
        Array.from(
          document.querySelectorAll("style[data-stylesheet]"),
          (s) => s.textContent ?? "",
        ).join(""),
      );
      const inlineCssBytes = inlineCss ? zlib.gzipSync(inlineCss).length : 0;
      totals.stylesheet += inlineCssBytes;
      totals.document -= inlineCssBytes;
      testInfo.annotations.push({
        type: "bytes",
        description: `${path}: html ${totals.document}, js ${totals.script}, css ${totals.stylesheet} (gzip)`,
      });
      console.log(
        `[budget] ${path}: html ${totals.document} B, js ${totals.script} B, css ${totals.stylesheet} B gzipped`,
      );
      expect(totals.script).toBeLessThanOrEqual(110 * 1024);
      expect(totals.stylesheet).toBeLessThanOrEqual(20 * 1024);
      expect(totals.document).toBeLessThanOrEqual(30 * 1024);
      expect(totals.script).toBeGreaterThan(0);

      const eagerBelowFold = await page.evaluate(() =>
        Array.from(document.images)
          .filter(
            (img) =>
              img.getBoundingClientRect().top > window.innerHeight * 1.5 && img.loading !== "lazy",
          )
          .map((img) => img.src),
      );
      expect(eagerBelowFold).toEqual([]);
      const unsized = await page.evaluate(() =>
        Array.from(document.images)
          .filter((img) => !img.getAttribute("width") || !img.getAttribute("height"))
          .map((img) => img.src),
      );
      expect(unsized).toEqual([]);
    });
  }
});

test("no page scrolls sideways on a 390 px phone", async ({ page }) => {
  for (const path of [
    "/",
    "/products",
    "/product/1",
    "/blog",
    "/blog?title=How%20to%20Check%20a%20Waste%20Carrier%20Licence",
    "/contact",
    "/quote",
    "/?bag=open",
    "/?scene=garden&item=1",
    "/?contact=open",
    "/checkout",
    "/payment",
  ]) {
    await page.goto(path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test("axe finds no serious or critical problem on checkout with a bag", async ({
  page: projectPage,
  browser,
  javaScriptEnabled,
  baseURL,
  viewport,
}) => {
  const page = await axePage({ page: projectPage, browser, javaScriptEnabled, baseURL, viewport });
  // A bag with one line, added as the product page's form does.
  await page.request.post("/bag", {
    form: { intent: "add", id: "4", position: "outside", quantity: "1", redirectTo: "/" },
    headers: { origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  });
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Order details" })).toBeVisible();
  expect(await violationsIn(page)).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
