import { expect, type Locator, type Page } from "@playwright/test";

/** The staff account the end-to-end server is started with (scripts/make-template.mjs). */
export const STAFF = { username: "admin", password: "correct-horse-battery" } as const;

/**
 * Opens a staff page while signed out, signs in on the login page it sends
 * the browser to, and checks the browser lands back on that page.
 */
export async function signIn(page: Page, to: string) {
  await page.goto(to);
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await page.getByLabel("Username").fill(STAFF.username);
  await page.getByLabel("Password").fill(STAFF.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${to.replace(/[?]/g, "\\?")}$`));
}

/**
 * Fills a line of the office's own on the booking (or price) form: what it is, its price in
 * pounds, its load in cubic yards and the crew's minutes.
 */
export async function fillOwnLine(
  form: Locator,
  line: { description: string; price: string; load: string; minutes: string },
  n = 1,
) {
  await form.getByLabel(`Description of line ${n}`, { exact: true }).fill(line.description);
  await form.getByLabel(`Price of line ${n} in pounds`).fill(line.price);
  await form.getByLabel(`Load of line ${n} in cubic yards`).fill(line.load);
  await form.getByLabel(`Crew minutes of line ${n}`).fill(line.minutes);
}
