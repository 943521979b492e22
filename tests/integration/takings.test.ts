import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { parseCsv } from "~/lib/csv";
import { todayInLondon } from "~/lib/london-clock.server";
import { takingsPeriods } from "~/lib/takings";
import { payOnDemoPage, startCardCheckout } from "../support/bookings";
import { rows, run } from "../support/database";
import { createBooking } from "../support/make";
import { startServer, type RunningServer } from "../support/server";
import { signInStaff } from "../support/staff";

/**
 * Takings (issue 32): the money a period took, read from where each payment and refund is
 * recorded, on the page, in its CSV and on the dashboard's week, on both engines.
 */

let server: RunningServer;
let staff: { cookie: string; xsrf: string };
const today = todayInLondon();
const week = takingsPeriods(today)[0];

beforeAll(async () => {
  server = await startServer({ env: { NODE_ENV: "test" } });
  staff = await signInStaff(server, { via: "api" });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const page = async (path: string) => {
  const res = await fetch(`${server.url}${path}`, { headers: { cookie: staff.cookie } });
  return { res, html: (await res.text()).replaceAll("<!-- -->", "") };
};
const figure = (html: string, testId: string) =>
  new RegExp(`data-testid="${testId}">([^<]*)<`).exec(html)?.[1];

describe("the takings of a week", () => {
  it("adds card, cash and transfers, takes off refunds, and says what was kept", async () => {
    const [product] = await rows<{ id: number; pence: number }>(
      server,
      "SELECT id, price_pence + outside_pence AS pence FROM products WHERE retired_at IS NULL ORDER BY id LIMIT 1",
    );
    // A card booking paid now (the demo gateway).
    const checkout = await startCardCheckout(server, addDaysIso(today, 6), product!.id);
    await payOnDemoPage(server, checkout.sessionId);
    // A cash job paid on the day, a transfer still unpaid, and a cancelled card booking.
    const cash = await createBooking(server, staff, {
      order_price: 85,
      payment_method: "cash_payment",
    });
    const transfer = await createBooking(server, staff, {
      order_price: 40,
      payment_method: "bank_transfer",
    });
    const now = new Date().toISOString();
    await run(
      server,
      "UPDATE orders SET status = 'complete', paid_at = ? WHERE id = ?",
      now,
      cash.orderId,
    );
    const cancelled = await createBooking(server, staff, {
      order_price: 50,
      payment_method: "cash_payment",
    });
    await run(
      server,
      "UPDATE orders SET status = 'complete', paid_at = ?, cancelled_at = ?, refund_pence = 3000 WHERE id = ?",
      now,
      now,
      cancelled.orderId,
    );
    void transfer;

    const { html } = await page(`/dashboard/takings?from=${week.from}&to=${week.to}`);
    expect(figure(html, "takings-card")).toBe(`£${(product!.pence / 100).toFixed(2)}`);
    expect(figure(html, "takings-cash")).toBe("£135.00");
    expect(figure(html, "takings-bank")).toBe("£0.00");
    expect(figure(html, "takings-refunded")).toBe("−£30.00");
    expect(figure(html, "takings-net")).toBe(
      `£${((product!.pence + 13_500 - 3_000) / 100).toFixed(2)}`,
    );
    expect(figure(html, "takings-cancel-fees")).toBe("£20.00");
    expect(figure(html, "takings-bookings")).toMatch(/^4 · /);
    // Not VAT registered: nothing says VAT.
    expect(html).not.toContain("VAT contained");
    // The chart's numbers are there as text.
    expect(html).toContain("<title");
    expect(html).toMatch(/<caption>Net takings a day<\/caption>/);

    const csv = await fetch(`${server.url}/dashboard/takings.csv?from=${week.from}&to=${week.to}`, {
      headers: { cookie: staff.cookie },
    });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const table = parseCsv(await csv.text());
    expect(table[0]).toEqual(["Day", "Received", "Refunded", "Net"]);
    expect(table.find((row) => row[0] === "Total")?.slice(0, 3)).toEqual([
      "Total",
      ((product!.pence + 13_500) / 100).toFixed(2),
      "30.00",
    ]);
    expect(table.find((row) => row[0] === "Cash")).toEqual(["Cash", "135.00"]);

    const home = (await page("/dashboard/home")).html;
    expect(figure(home, "week-net")).toBe(figure(html, "takings-net"));
  });

  it("names the period asked for, and keeps a reversed range the right way round", async () => {
    const { res, html } = await page(`/dashboard/takings?from=${week.to}&to=${week.from}`);
    expect(res.status).toBe(200);
    expect(html).toMatch(/data-testid="takings-period">This week: /);
  });

  it("is for staff only", async () => {
    const banking = await fetch(`${server.url}/dashboard/takings`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ amount: "10", banked_on: today }),
    });
    expect(banking.status).toBe(302);
    const res = await fetch(`${server.url}/dashboard/takings`, { redirect: "manual" });
    expect(res.status).toBe(302);
    const csv = await fetch(`${server.url}/dashboard/takings.csv`, { redirect: "manual" });
    expect(csv.status).toBe(302);
  });
});

describe("cash awaiting banking", () => {
  const bank = (fields: Record<string, string>) =>
    fetch(`${server.url}/dashboard/takings`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie: staff.cookie,
        origin: server.url,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(fields),
    });
  const awaiting = async () => {
    const text = figure((await page("/dashboard/takings")).html, "cash-awaiting");
    expect(text).toMatch(/^£[\d,]+\.\d\d$/);
    return Math.round(Number(text!.replace(/[£,]/g, "")) * 100);
  };

  it("is the cash taken less what was paid in, and two offices cannot bank the same cash twice", async () => {
    const cash = await createBooking(server, staff, {
      order_price: 60,
      payment_method: "cash_payment",
    });
    const before = await awaiting();
    await run(
      server,
      "UPDATE orders SET status = 'complete', paid_at = ? WHERE id = ?",
      new Date().toISOString(),
      cash.orderId,
    );
    const taken = await awaiting();
    expect(taken).toBe(before + 6_000);

    // All but £20 paid in, with its slip.
    const paidIn = ((taken - 2_000) / 100).toFixed(2);
    const res = await bank({ amount: paidIn, banked_on: today, note: "Slip 4471" });
    expect(res.status).toBe(303);
    const after = await page("/dashboard/takings");
    expect(figure(after.html, "cash-awaiting")).toBe("£20.00");
    expect(after.html).toContain(
      `: £${Number(paidIn).toLocaleString("en-GB", { minimumFractionDigits: 2 })}, recorded by`,
    );
    expect(after.html).toContain("(Slip 4471)");

    // Too much, or tomorrow: refused with the reason, nothing kept.
    const tooMuch = await bank({ amount: "20.01", banked_on: today });
    expect(tooMuch.status).toBe(400);
    expect((await tooMuch.text()).replaceAll("<!-- -->", "")).toContain(
      "That is more than the cash waiting to be paid in (£20.00)",
    );
    const tomorrow = await bank({ amount: "5", banked_on: addDaysIso(today, 1) });
    expect(tomorrow.status).toBe(400);
    expect(await tomorrow.text()).toContain("The day it was paid in cannot be in the future");

    // The last £20 recorded by two people at once: once.
    const both = await Promise.all([0, 1].map(() => bank({ amount: "20", banked_on: today })));
    expect(both.map((r) => r.status).sort()).toEqual([303, 400]);
    expect(await awaiting()).toBe(0);
    const [{ n }] = (await rows<{ n: number }>(
      server,
      "SELECT COUNT(*) AS n FROM cash_bankings WHERE amount_pence = 2000",
    )) as [{ n: number }];
    expect(Number(n)).toBe(1);
  });
});
