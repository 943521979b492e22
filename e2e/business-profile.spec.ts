import { expect, test } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { shot } from "./support/shots";
import { signIn } from "./support/staff";

/**
 * Settings → Business at tablet width, with and without JavaScript: the owner's details are
 * there to change; a company number without its registered name and office, and a registration
 * that is not the Environment Agency's, are refused with each reason beside its field and
 * everything typed kept, and nothing changes in the shop. (A save changes every page of the one
 * shop these journeys share, so saving is tested in tests/integration/business-profile.test.ts.)
 */

test.use({ viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: false });

test("staff see the business's details, and a wrong one is refused with what was typed kept", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  await signIn(page, "/dashboard/settings");
  const form = page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Save business details" }) });
  await expect(form.getByLabel("Trading name")).toHaveValue("Haulbook Waste Removal");
  await expect(form.getByRole("radio", { name: "Not registered for VAT" })).toBeChecked();
  expect(await seriousViolations(page, browser, javaScriptEnabled)).toEqual([]);

  await form.getByLabel("Office hours (optional)").fill("Monday to Friday, 8am to 5pm");
  await form.getByLabel("Waste carrier registration").fill("WCR/R/123");
  await form.getByLabel("Company number").fill("1234567");
  await form.getByRole("button", { name: "Save business details" }).click();

  await expect(page.getByTestId("business-refused")).toHaveText(
    "Nothing was saved: please correct the details marked below.",
  );
  const carrier = form.getByLabel("Waste carrier registration");
  await expect(carrier).toHaveAccessibleDescription(
    /Enter the waste carrier registration as it is on the public register, such as CBDU123456 \(SEPA: WCR\/R\/1234567; Northern Ireland: ROC UT 123\)\./,
  );
  await expect(form.getByLabel("Registered name")).toHaveAccessibleDescription(
    /A company's registered name and registered office are printed on its documents: enter both\./,
  );
  await expect(carrier).toHaveValue("WCR/R/123");
  await expect(form.getByLabel("Company number")).toHaveValue("1234567");
  await expect(form.getByLabel("Office hours (optional)")).toHaveValue(
    "Monday to Friday, 8am to 5pm",
  );
  // With JavaScript the cursor waits in the first field refused.
  if (javaScriptEnabled) await expect(carrier).toBeFocused();
  await shot(page, testInfo, "settings-business-refused", { fullPage: true });

  // Nothing was saved: the shop still shows the business as it was.
  await page.goto("/contact");
  await expect(page.getByTestId("opening-hours")).toHaveCount(0);
  await expect(page.locator(".site-footer")).toContainText("Haulbook Waste Removal");
});
