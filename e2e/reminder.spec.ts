import { expect, test } from "@playwright/test";
import ICAL from "ical.js";
import { addDaysIso } from "../app/lib/calendar";
import { fromLondonDateTimeLocal, todayInLondon } from "../app/lib/london-clock.server";
import { seriousViolations } from "./support/axe";
import { shot } from "./support/shots";
import {
  outboxEmails,
  setShopClock,
  shopClock,
  withShopClock,
  withShopDatabase,
} from "./support/shop-data";
import { signIn } from "./support/staff";

/**
 * The day-before reminder (issue 18) at phone width, with and without JavaScript: a booking's
 * reminder is not written at 17:59 the evening before, is written once at 18:00 (the shop's
 * schedule reads its time from the clock file), carries a calendar file that ical.js reads, and
 * its manage link opens the booking.
 */

test("the reminder is written once at the set hour, with the calendar event and the manage link", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const email = `rita.${testInfo.project.name}@example.com`;

  const reminder = await withShopClock(
    async (take) => {
      await expect.poll(take, { message: "the shop's clock", timeout: 50_000 }).toBe(true);
    },
    async () => {
      // A day past anything the shop takes online (90 days ahead), and past where the clock is.
      const base = todayInLondon(shopClock() ?? new Date());
      const day = addDaysIso(base, 100);
      // The evening before at 18:00 UK time (the default reminder time).
      const at = fromLondonDateTimeLocal(`${addDaysIso(day, -1)}T18:00`)!;
      const id = await withShopDatabase(async (db) => {
        const [row] = await db.all<{ id: number }>(
          `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date,
             status, booking_status, payment_method, total_pence, source, paid_at, ics_sequence)
           VALUES ('Rita Moreno', ?, '07700 900888', '8 Bridge Street', 'Bath', 'BA2 4AT', ?,
             'complete', 'pending', 'card', 7000, 'web', ?, 1) RETURNING id`,
          email,
          day,
          new Date().toISOString(),
        );
        await db.run(
          `INSERT INTO order_items (order_id, product_id, product_name, product_description, position,
             unit_price_pence, quantity) VALUES (?, NULL, 'Sofa', '', 'outside', 7000, 1)`,
          row!.id,
        );
        return Number(row!.id);
      });
      const job = () =>
        withShopDatabase((db) =>
          db.get<{ state: string }>(
            "SELECT state FROM scheduled_jobs WHERE kind = 'reminders' AND job_key = ?",
            day,
          ),
        );
      const written = () =>
        withShopDatabase(
          async (db) =>
            (
              await db.all(
                "SELECT id FROM outbox WHERE kind = 'booking_reminder' AND to_address = ?",
                email,
              )
            ).length,
        );

      // 17:59 the evening before: the schedule catches up to that evening (its job for the
      // day is waiting), and writes nothing.
      setShopClock(new Date(at.getTime() - 60_000));
      await expect
        .poll(async () => (await job())?.state, { message: "the day's reminders job" })
        .toBe("due");
      expect(await written()).toBe(0);

      // 18:00: one reminder, and the job is done.
      setShopClock(at);
      await expect.poll(async () => (await job())?.state, { message: "the job ran" }).toBe("done");
      expect(await written()).toBe(1);
      let mails: ReturnType<typeof outboxEmails> = [];
      await expect
        .poll(
          () =>
            (mails = outboxEmails().filter(
              (m) => m.kind === "booking_reminder" && m.to.includes(email),
            )).length,
          { message: "the reminder sent (an .eml file)" },
        )
        .toBe(1);
      return { mail: mails[0]!, id, day };
    },
  );

  const { mail, id, day } = reminder;
  expect(mail.subject).toMatch(
    new RegExp(`^Reminder: your collection is tomorrow, .+ \\(ref HB${id}\\)$`),
  );
  expect(mail.text).toContain("outside and easy to reach");
  const ics = mail.attachments.find((a) => a.filename.endsWith(".ics"));
  expect(ics?.contentType).toBe("text/calendar");
  const root = new ICAL.Component(ICAL.parse(ics!.bytes.toString("utf8")));
  const events = root.getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  expect(String(events[0]!.getFirstPropertyValue("uid"))).toMatch(new RegExp(`^booking-${id}@`));
  expect(events[0]!.getFirstPropertyValue("sequence")).toBe(1);
  expect(String(events[0]!.getFirstPropertyValue("dtstart"))).toBe(`${day}T07:00:00`);

  const link = /https?:\/\/\S+\/booking\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, "the manage link").toBeTruthy();
  await page.goto(new URL(link!).pathname);
  await expect(page.getByText(`Your booking HB${id}`)).toBeVisible();
  await shot(page, testInfo, "reminder-booking");
});

test.describe("the settings page at tablet width", () => {
  test.use({ viewport: { width: 1024, height: 768 }, isMobile: false, hasTouch: true });

  // Only a refused save: the reminder test above counts on the default 18:00.
  test("shows the reminder time, refuses a time in the night, and passes axe", async ({
    page,
    browser,
  }, testInfo) => {
    await signIn(page, "/dashboard/settings");
    const time = page.getByLabel(/Reminder emails are sent the day before at/);
    await expect(time).toHaveValue("18:00");
    expect(await seriousViolations(page, browser, testInfo.project.name === "js")).toEqual([]);
    await time.fill("23:30");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(
      page.getByText("Enter a time from 06:00 to 21:00 on the 24-hour clock, such as 18:00."),
    ).toBeVisible();
    await expect(time).toHaveAttribute("aria-invalid", "true");
    await page.goto("/dashboard/settings");
    await expect(time).toHaveValue("18:00");
  });
});
