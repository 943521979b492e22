import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import {
  bagWith,
  emailsAbout,
  manageLinkOf,
  payOnDemoPage,
  startCardCheckout,
} from "../support/bookings";
import { rows } from "../support/database";
import { startServer, type RunningServer } from "../support/server";

/** What a person reads on the page: no scripts (the loader data), styles or tags. */
async function visibleText(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  return (await res.text())
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replace(/\s+/g, " ");
}

/**
 * One VAT truth (lib/vat.ts): a registered business's pages, emails and documents say what VAT
 * the prices include; a business that is not registered charges none, and nothing mentions VAT.
 */
describe.each([
  { registered: false, vatNumber: "" },
  { registered: true, vatNumber: "GB123456789" },
])("VAT on every surface, VAT registered: $registered", ({ registered, vatNumber }) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { NODE_ENV: "test", VAT_NUMBER: vatNumber } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Each page, and the words it says of VAT when the business is registered. */
  const PAGES: [string, string][] = [
    ["/", "Choose a category to see items and their fixed prices. Prices include VAT."],
    ["/products", "Fixed prices, VAT included"],
    ["/product/1", "including VAT"],
    ["/?bag=open", "Prices include VAT. You choose your collection date next."],
    ["/?faq=open", "£24 including VAT"],
    ["/terms", "£24 including VAT"],
    ["/checkout", "Includes VAT at 20%"],
  ];

  it.each(PAGES)("the page %s", async (path, words) => {
    const cookie = await bagWith(server, 1);
    const text = await visibleText(await fetch(`${server.url}${path}`, { headers: { cookie } }));
    if (registered) expect(text).toContain(words);
    else expect(text).not.toMatch(/VAT/);
  });

  it("a booking's confirmation email and its page, and the cancellation's email", async () => {
    const { sessionId } = await startCardCheckout(server, addDaysIso(todayInLondon(), 5), 3);
    await payOnDemoPage(server, sessionId);
    const [order] = await rows<{ id: number }>(
      server,
      "SELECT id FROM orders WHERE payment_session_id = ?",
      sessionId,
    );
    const link = await manageLinkOf(server, order!.id);
    const page = await visibleText(await fetch(`${server.url}${link}`));
    expect(page).toContain("Moving your collection costs £24");
    const cancel = await fetch(`${server.url}${link}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "cancel" }),
    });
    expect(cancel.status).toBeLessThan(400);
    const emails = await emailsAbout(server, order!.id);
    const confirmation = emails.find((e) => e.kind === "booking_confirmation")!.text_body;
    const cancelled = emails.find((e) => e.kind === "booking_cancelled")!.text_body;
    if (registered) {
      expect(confirmation).toMatch(/Total paid: £[\d.]+ \(includes VAT at 20%: £[\d.]+\)/);
      expect(confirmation).toContain("£24 including VAT");
      expect(page).toContain("Moving your collection costs £24.00 (including VAT)");
      // Booked today: inside the customer's cancellation period, so no fee to name VAT on.
      expect(cancelled).toContain("Cancellation fee: none");
    } else {
      expect(confirmation).toMatch(/Total paid: £[\d.]+\n/);
      for (const text of [confirmation, page, cancelled]) expect(text).not.toMatch(/VAT/);
    }
  });
});
