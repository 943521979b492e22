import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso, monthGrid } from "~/lib/calendar";
import { checkCollectionDate } from "~/models/checkout/availability.server";
import { bookingRules } from "~/models/bookings/booking.server";
import { closeDatabase, migrateToLatest, openDatabase, setConnection } from "~/services/db.server";

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-rules-"));
  const connection = openDatabase(path.join(dir, "rules.db"));
  setConnection(connection);
  await migrateToLatest(connection.db);
});
afterAll(async () => {
  await closeDatabase();
});

const at = (iso: string) => new Date(iso);
const order = (day: string, extra: Record<string, unknown> = {}) => ({
  full_name: "Test",
  email: "t@example.com",
  phone_number: "0770",
  address_1: "1 St",
  town: "Leeds",
  postcode: "LS1 1AA",
  collection_date: day,
  payment_method: "cash_payment" as const,
  total_pence: 1000,
  source: "manual" as const,
  ...extra,
});

describe("collection dates", () => {
  it("allow today before the 12:00 cut-off (UK time) and tomorrow after it", async () => {
    // 11:59 in London (BST, UTC+1) on 1 July
    expect((await bookingRules(at("2026-07-01T10:59:00Z"))).firstDay).toBe("2026-07-01");
    expect((await bookingRules(at("2026-07-01T11:00:00Z"))).firstDay).toBe("2026-07-02");
    const winter = await bookingRules(at("2026-12-01T11:30:00Z"));
    expect(winter.firstDay).toBe("2026-12-01");
    expect(winter.lastDay).toBe("2027-03-01");
  });

  it("refuse past days, days past the window and malformed values", async () => {
    const now = at("2026-12-01T09:00:00Z");
    for (const day of ["2026-11-30", "2027-03-02", "2026-02-30", "tomorrow", "", 20261201]) {
      expect(await checkCollectionDate(day, "customer", now)).toEqual({
        ok: false,
        message: "Please select a valid date",
      });
    }
    expect(await checkCollectionDate("2027-03-01", "customer", now)).toMatchObject({
      ok: true,
      full: false,
    });
  });

  it("treat a day with 8 active bookings (the most collections a day) as full for customers; staff may still book it", async () => {
    const { db } = await import("~/services/db.server");
    const now = new Date();
    const day = addDaysIso((await bookingRules(now)).firstDay, 3);
    // 7 active bookings, one abandoned card checkout (older than 30 minutes), one fresh one
    for (let i = 0; i < 7; i++) await db().insertInto("orders").values(order(day)).execute();
    const old = new Date(now.getTime() - 45 * 60_000).toISOString();
    await db()
      .insertInto("orders")
      .values(order(day, { payment_method: "card", source: "web", created_at: old }))
      .execute();
    expect(await checkCollectionDate(day, "customer", now)).toMatchObject({
      ok: true,
      full: false,
    });
    await db()
      .insertInto("orders")
      .values(order(day, { payment_method: "card", source: "web" }))
      .execute();
    expect(await checkCollectionDate(day, "customer", now)).toEqual({
      ok: false,
      message: "Please select a valid date",
    });
    expect(await checkCollectionDate(day, "staff", now)).toMatchObject({ ok: true, full: true });
  });
});

describe("blocked days and big bags", () => {
  it("refuse a blocked day to customers, and to staff with the reason", async () => {
    const { db } = await import("~/services/db.server");
    const now = new Date();
    const day = addDaysIso((await bookingRules(now)).firstDay, 5);
    await db()
      .insertInto("blocked_days")
      .values({ day, reason: "Staff training", created_by: "Owner" })
      .execute();
    expect(await checkCollectionDate(day, "customer", now)).toEqual({
      ok: false,
      message: "Please select a valid date",
    });
    expect(await checkCollectionDate(day, "staff", now)).toEqual({
      ok: false,
      message: "That day is closed (Staff training). Open it on the Fleet page first to book it.",
    });
  });

  it("see a day full for a bag bigger than the load left, open for a small one", async () => {
    const { db } = await import("~/services/db.server");
    const now = new Date();
    const day = addDaysIso((await bookingRules(now)).firstDay, 6);
    // A house clearance taking 35 of the day's 40 yd³ (Sundays have one van: 20 yd³).
    const vansThatDay = new Date(`${day}T12:00:00Z`).getUTCDay() === 0 ? 1 : 2;
    const big = vansThatDay * 2000 - 500;
    const row = await db()
      .insertInto("orders")
      .values(order(day))
      .returning("id")
      .executeTakeFirstOrThrow();
    await db()
      .insertInto("order_items")
      .values({
        order_id: row.id,
        product_id: null,
        product_name: "House clearance",
        product_description: "",
        unit_price_pence: 1000,
        quantity: 1,
        load_hundredths: big,
        handling_minutes: 60,
      })
      .execute();
    expect(
      await checkCollectionDate(day, "customer", now, { loadHundredths: 500, minutes: 30 }),
    ).toMatchObject({ ok: true, full: false });
    expect(
      await checkCollectionDate(day, "customer", now, { loadHundredths: 501, minutes: 30 }),
    ).toEqual({ ok: false, message: "Please select a valid date" });
  });
});

describe("month grid", () => {
  it("starts weeks on Sunday and covers the whole month", () => {
    const weeks = monthGrid("2026-11");
    expect(weeks[0]![0]).toEqual({ day: "2026-11-01", inMonth: true }); // 1 Nov 2026 is a Sunday
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks.at(-1)!.at(-1)).toEqual({ day: "2026-12-05", inMonth: false });
    expect(monthGrid("2027-02")[0]![0]!.day).toBe("2027-01-31");
  });
});
