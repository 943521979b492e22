import { expect, test } from "@playwright/test";

test("the footer's Contact Us form notes a message and says honestly what happens", async ({
  page,
}) => {
  await page.goto("/products");
  await page.getByRole("link", { name: "Send us a message" }).click();
  const dialog = page.getByRole("dialog", { name: "Contact Us" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Name").fill("Priya Shah");
  await dialog.getByLabel("Email").fill("priya@example.com");
  await dialog.getByLabel("Message").fill("Do you collect on Sundays?");
  await dialog.getByRole("button", { name: "Send" }).click();
  const thanks = page.getByRole("dialog", { name: "Contact Us" }).getByRole("status");
  await expect(thanks).toContainText("Thank you, your message has been noted.");
  await expect(thanks).toContainText("does not send an email");
  await expect(page).toHaveURL(/\/products\?contact=sent$/);
});

test("a blank message is refused with the reason and nothing typed is lost", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/?contact=open");
  const dialog = page.getByRole("dialog", { name: "Contact Us" });
  await dialog.getByLabel("Name").fill("Tom Reed");
  await dialog.getByLabel("Email").fill("tom@example.com");
  // Spaces pass the browser's `required` check; the server is the judge.
  await dialog.getByLabel("Message").fill("   ");
  await dialog.getByRole("button", { name: "Send" }).click();
  // With JavaScript the error shows in the modal; without it, on the contact page.
  const scope = javaScriptEnabled
    ? page.getByRole("dialog", { name: "Contact Us" })
    : page.locator("main");
  await expect(scope.getByText("Please write a message")).toBeVisible();
  await expect(scope.getByLabel("Name")).toHaveValue("Tom Reed");
  await expect(scope.getByLabel("Email")).toHaveValue("tom@example.com");
  await expect(scope.getByLabel("Message")).toHaveAttribute("aria-invalid", "true");
});
