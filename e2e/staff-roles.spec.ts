import { expect, test } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { shot } from "./support/shots";
import { signIn } from "./support/staff";

/**
 * The owner adds a crew member on Dashboard → Staff at a tablet's width, with and without
 * JavaScript; the crew member signs in on a phone and lands on the day's run, with a menu of only
 * what a crew may open, and a page of the office's says it is not theirs.
 */

test("the owner adds a crew member, who reaches only the crew's pages", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const username = `crew.${testInfo.project.name}.${Date.now() % 100000}`;
  const password = "a long enough password";
  await page.setViewportSize({ width: 1024, height: 900 });
  await signIn(page, "/dashboard/home");
  await page.getByRole("link", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Staff" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Staff");

  const add = page
    .locator("form")
    .filter({ has: page.getByRole("heading", { name: "Add a member of staff" }) });
  await add.getByLabel("Username").fill(username);
  await add.getByLabel("Name on documents (optional)").fill("Cal Lomax");
  await add.getByLabel("Role").selectOption({ value: "crew" });
  await add.getByLabel("First password").fill("short");
  await add.getByRole("button", { name: "Add" }).click();
  await expect(add.getByText("Passwords must be at least 12 characters.")).toBeVisible();
  await expect(add.getByLabel("Username")).toHaveValue(username);
  await add.getByLabel("First password").fill(password);
  await add.getByRole("button", { name: "Add" }).click();
  await expect(page.getByTestId("staff-flash")).toHaveText(`${username} can now sign in.`);
  const added = page.getByTestId("staff-account").filter({ hasText: username });
  await expect(added).toContainText(`Signs in as ${username} · Crew · can sign in`);
  await expect(added.getByRole("heading")).toHaveText("Cal Lomax");
  expect(await seriousViolations(page, browser, javaScriptEnabled)).toEqual([]);
  await shot(page, testInfo, "staff-accounts", { fullPage: true });

  // The crew member, on their phone.
  const phone = await browser.newContext({
    javaScriptEnabled,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    baseURL: new URL(page.url()).origin,
  });
  const crew = await phone.newPage();
  await crew.goto("/login");
  await crew.getByLabel("Username").fill(username);
  await crew.getByLabel("Password").fill(password);
  await crew.getByRole("button", { name: "Sign in" }).click();
  await expect(crew).toHaveURL(/\/dashboard\/today$/);
  await crew.getByRole("link", { name: "Open menu" }).click();
  const menu = crew.getByRole("dialog", { name: "Menu" });
  await expect(menu.getByRole("listitem")).toHaveText(["Today", "Tip runs"]);
  await crew.goto("/dashboard/takings");
  await expect(crew.getByRole("heading", { level: 1 })).toHaveText(
    "Your account cannot open this page. Ask the owner if you need it.",
  );
  await crew.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(crew).toHaveURL(/\/dashboard\/today$/);
  await shot(crew, testInfo, "crew-today");
  await phone.close();
});
