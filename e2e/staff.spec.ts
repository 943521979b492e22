import { SMOKE } from "./support/smoke";
import { expect, test } from "@playwright/test";
import { STAFF, fillOwnLine } from "./support/staff";

test.use({ viewport: { width: 768, height: 1024 }, isMobile: false });

test(
  "staff sign in, see today's bookings and counts, use the menu, and sign out",
  SMOKE,
  async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);

    await page.getByLabel("Username").fill(STAFF.username);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    const banner = page.getByTestId("login-banner");
    await expect(banner).toContainText("Invalid username or password");
    await expect(banner).toHaveClass(/banner-error/);
    await expect(page.getByLabel("Username")).toHaveValue(STAFF.username);
    await expect(page.getByLabel("Password")).toHaveValue("");
    await banner.getByRole("link", { name: "Dismiss" }).click();
    await expect(page.getByTestId("login-banner")).toHaveCount(0);

    await page.getByLabel("Username").fill(STAFF.username);
    await page.getByLabel("Password").fill(STAFF.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/dashboard\/home$/);
    await expect(page.getByTestId("bookings-today")).toHaveText(/^Total Bookings For: \d+$/);
    await expect(page.getByTestId("count-products")).toHaveText(/^\d+$/);
    expect(Number(await page.getByTestId("count-products").textContent())).toBeGreaterThanOrEqual(
      45,
    );

    // Create a booking for today and find it in the day view.
    const name = `Booked By ${test.info().project.name}`;
    await page.getByRole("link", { name: "Create Booking" }).click();
    const form = page.getByRole("dialog", { name: "Create Booking" });
    await form.getByLabel("Full name").fill(name);
    await form.getByLabel("Email").fill("walkin@example.com");
    await form.getByLabel("Phone number").fill("07700 900111");
    await form.getByLabel("Address line 1").fill("5 Station Road");
    await form.getByLabel("Town").fill("Woking");
    await form.getByLabel("Postcode").fill("GU22 7AA");
    await fillOwnLine(form, {
      description: "Garage clearance",
      price: "120",
      load: "3",
      minutes: "45",
    });
    await form.getByLabel("Bank transfer").check();
    await form.getByRole("button", { name: "Create booking" }).click();
    const dayView = page.getByRole("dialog").filter({ has: page.getByTestId("day-totals") });
    await expect(dayView.getByRole("status")).toContainText(
      /Booking HB\d+ created\. Its confirmation is emailed to walkin@example\.com\./,
    );
    await expect(dayView.getByTestId("day-booking").filter({ hasText: name })).toContainText(
      "£120.00",
    );
    // Booked into the first window with room: today's morning, unless it is gone.
    await expect(
      dayView
        .getByRole("region", { name: /^(Morning|Afternoon|Evening) / })
        .filter({ hasText: name }),
    ).toHaveCount(1);
    // Mark it complete from the edit modal; it stays under its window, marked completed.
    await dayView
      .getByTestId("day-booking")
      .filter({ hasText: name })
      .getByRole("link", { name: /Edit booking/ })
      .click();
    const edit = page.getByRole("dialog", { name: /Edit booking HB\d+/ });
    await edit.getByLabel("Booking status").selectOption("complete");
    await edit.getByRole("button", { name: "Save booking" }).click();
    const saved = page.getByRole("dialog").filter({ has: page.getByTestId("day-totals") });
    await expect(saved.getByRole("status")).toContainText(/Booking HB\d+ saved\./);
    await expect(saved.getByTestId("day-booking").filter({ hasText: name })).toContainText(
      "not paid · completed · 3 yd³ · 45 min",
    );
    await saved.getByRole("link", { name: "Close" }).click();
    await expect(page.getByTestId("bookings-today")).toHaveText(/^Total Bookings For: [1-9]\d*$/);

    await page.getByRole("link", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    for (const entry of ["Orders", "Products", "Quotes", "Home", "Today"]) {
      await expect(menu.getByRole("link", { name: entry })).toHaveAttribute(
        "href",
        `/dashboard/${entry.toLowerCase()}`,
      );
    }
    await menu.getByRole("link", { name: "Close" }).click();
    await expect(menu).toBeHidden();
    if (test.info().project.name === "js") {
      // With JavaScript: focus stays in the open menu, Escape closes it after its 300 ms slide-out.
      await page.getByRole("link", { name: "Open menu" }).click();
      await expect(menu).toBeVisible();
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(
        true,
      );
      await page.keyboard.press("Escape");
      await expect(menu).toHaveAttribute("data-closing", "true");
      await expect(menu).toBeHidden();
    }

    await page.getByRole("link", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Orders" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Orders");
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByTestId("order-row").filter({ hasText: name });
    await expect(row).toContainText("£120.00");
    await row.getByRole("link").click();
    await expect(page.getByTestId("order-history")).toContainText("job booked → done");

    await page.getByRole("link", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Quotes" }).click();
    await expect(page).toHaveURL(/\/dashboard\/quotes$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quotes");
    await page.getByLabel("Responded").selectOption("no");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/responded=no/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Quotes");

    await page.getByRole("link", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/dashboard\/home$/);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId("login-banner")).toHaveClass(/banner-success/);
    await expect(page.getByTestId("login-banner")).toHaveRole("status");
    await expect(page.getByTestId("login-banner")).toContainText("You have signed out.");
    // Said once: a reload does not say it again.
    await page.reload();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect(page.getByTestId("login-banner")).toHaveCount(0);
    await page.goto("/dashboard/home");
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
  },
);
