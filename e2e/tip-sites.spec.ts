import { expect, test } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { shot } from "./support/shots";
import { signIn } from "./support/staff";

/**
 * The office lists the tips its vans use, on a tablet, with and without JavaScript: a permit in
 * no UK format is refused beside its field with what was typed kept; the site then appears with
 * its permit as the regulator writes it.
 */
test.use({ viewport: { width: 1024, height: 900 }, isMobile: false, hasTouch: true });

test("the office adds a tip site with its permit number", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const name = `Slyfield Recycling Centre ${testInfo.project.name}`;
  await signIn(page, "/dashboard/home");
  await page.getByRole("link", { name: "Open menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Tip sites" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tip sites");

  const form = page.locator("#site-form");
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Address").fill("Moorfield Road, Slyfield Industrial Estate, Guildford");
  await form.getByLabel("Postcode").fill("gu1 1rx");
  await form.getByLabel("Permit or exemption number").fill("PERMIT 7");
  await form.getByRole("button", { name: "Add site" }).click();
  await expect(page.locator("#field-authorisation_number-error")).toHaveText(
    "Enter its permit or exemption number as the regulator writes it, like EPR/AB1234CD or WML/L/1234567",
  );
  await expect(form.getByLabel("Name")).toHaveValue(name);

  await form.getByLabel("Permit or exemption number").fill("epr/ab1234cd");
  await form.getByRole("button", { name: "Add site" }).click();
  await expect(page.getByTestId("tip-sites-flash")).toHaveText(`${name} added.`);
  const site = page.getByTestId("tip-site").filter({ hasText: name });
  await expect(site).toContainText("Guildford, GU1 1RX");
  await expect(site).toContainText("Permit or exemption: EPR/AB1234CD");
  // The form is blank again for the next site.
  await expect(form.getByLabel("Name")).toHaveValue("");
  expect(await seriousViolations(page, browser, javaScriptEnabled)).toEqual([]);
  await shot(page, testInfo, "tip-sites");

  // Stopped using: it leaves the list.
  await site.getByRole("button", { name: "Stop using" }).click();
  await expect(page.getByTestId("tip-sites-flash")).toContainText(`${name} is no longer listed.`);
  await expect(page.getByTestId("tip-site").filter({ hasText: name })).toHaveCount(0);
});
