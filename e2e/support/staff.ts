import { expect, type Page } from "@playwright/test";

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
