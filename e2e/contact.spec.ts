import { expect, test } from "@playwright/test";
import { outboxEmails } from "./support/shop-data";
import { shot } from "./support/shots";
import { signIn } from "./support/staff";

test("the footer's Contact Us form sends a message to the office and says honestly what happens", async ({
  page,
}, testInfo) => {
  await page.goto("/products");
  await page.getByRole("link", { name: "Send us a message" }).click();
  const dialog = page.getByRole("dialog", { name: "Contact Us" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Name").fill("Priya Shah");
  const email = `priya.${testInfo.project.name}@example.com`;
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Message").fill("Do you collect on Sundays?");
  await dialog.getByRole("button", { name: "Send" }).click();
  const thanks = page.getByRole("dialog", { name: "Contact Us" }).getByRole("status");
  await expect(thanks).toContainText("Thank you, your message is on its way to our office.");
  await expect(thanks).toContainText("We answer by email, at the address you gave.");
  await expect(page).toHaveURL(/\/products\?contact=sent$/);
  // The office's copy, in the outbox: who wrote, their words, and where to answer.
  await expect
    .poll(() =>
      outboxEmails().filter((m) => m.kind === "contact_message" && m.text.includes(email)),
    )
    .toHaveLength(1);
  const [sent] = outboxEmails().filter(
    (m) => m.kind === "contact_message" && m.text.includes(email),
  );
  expect(sent!.subject).toBe("Website message from Priya Shah");
  expect(sent!.text).toContain("Do you collect on Sundays?");
  expect(sent!.text).toMatch(/Answer them from the dashboard's inbox: \S+\/dashboard\/inbox/);

  // The office answers it from the inbox (on a tablet), and the customer gets the answer.
  await page.setViewportSize({ width: 1024, height: 900 });
  await signIn(page, "/dashboard/inbox");
  const message = page.getByTestId("inbox-message").filter({ hasText: email });
  await expect(message).toContainText("Do you collect on Sundays?");
  await shot(page, testInfo, "inbox");
  await message.getByRole("link", { name: "Priya Shah" }).click();
  await expect(page.getByTestId("message-text")).toHaveText("Do you collect on Sundays?");
  await page.getByRole("button", { name: "Send answer" }).click();
  await expect(page.getByText("Please write your answer").first()).toBeVisible();
  await page
    .getByLabel("Your answer to Priya Shah")
    .fill("Yes: Sundays from 9:00 to 16:00. Book online and choose a Sunday.");
  await shot(page, testInfo, "inbox-answer");
  await page.getByRole("button", { name: "Send answer" }).click();
  await expect(page).toHaveURL(/\/dashboard\/inbox$/);
  await expect(page.getByRole("status")).toHaveText(
    `Your answer to Priya Shah is on its way to ${email}; the message is handled.`,
  );
  await expect(page.getByTestId("inbox-message").filter({ hasText: email })).toHaveCount(0);
  await expect
    .poll(() => outboxEmails().filter((m) => m.kind === "contact_reply" && m.to.includes(email)))
    .toHaveLength(1);
  const [answer] = outboxEmails().filter((m) => m.kind === "contact_reply" && m.to.includes(email));
  expect(answer!.text).toContain("Yes: Sundays from 9:00 to 16:00.");
  expect(answer!.text).toContain("> Do you collect on Sundays?");
  await page.getByRole("link", { name: "Handled" }).click();
  await expect(page.getByTestId("inbox-message").filter({ hasText: email })).toHaveCount(1);
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
