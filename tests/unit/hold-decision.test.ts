import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADDRESS_HOLDS_MESSAGE,
  DAY_HELD_MESSAGE,
  holdDecision,
  holdsOn,
  holdLimit,
  INVALID_DATE_MESSAGE,
} from "~/models/bookings/booking.server";
import type { SlotState } from "~/lib/capacity";
import { dayAvailability, NOTHING } from "~/models/checkout/availability.server";
import {
  closeDatabase,
  db,
  migrateToLatest,
  openDatabase,
  setConnection,
} from "~/services/db.server";

describe("holdDecision: may one more unpaid checkout hold its share of a day?", () => {
  const AVAILABLE: SlotState = { state: "available" };
  const FULL: SlotState = { state: "full", reason: "load" };
  const BLOCKED: SlotState = { state: "blocked", reason: "Boxing Day" };
  // the request's slot (THE capacity rule, holds counted), the day's most collections, held (unpaid), held by this address → outcome
  const table: [SlotState, number, number, number, "ok" | "full" | "day-held" | "address"][] = [
    [AVAILABLE, 8, 0, 0, "ok"],
    [FULL, 8, 0, 0, "full"],
    [{ state: "full", reason: "jobs" }, 8, 0, 0, "full"],
    [{ state: "full", reason: "time" }, 8, 0, 0, "full"], // the window asked for has no crew time left
    [BLOCKED, 8, 0, 0, "full"],
    [AVAILABLE, 8, 3, 0, "ok"], // a fourth unpaid hold is half of 8
    [AVAILABLE, 8, 4, 0, "day-held"], // half the day is already waiting for payment
    [AVAILABLE, 8, 1, 1, "ok"], // a second checkout from one address (a retry)
    [AVAILABLE, 8, 2, 2, "address"], // a third from the same address
    [FULL, 8, 4, 2, "full"], // full wins: the customer is told to pick another day
    [AVAILABLE, 8, 4, 2, "day-held"],
    [AVAILABLE, 1, 0, 0, "ok"], // a one-collection day can still be booked
    [AVAILABLE, 3, 1, 0, "day-held"], // half of 3 is one hold
  ];
  it.each(table)(
    "slot %o, %i collections a day, %i held, %i from this address → %s",
    (slot, maxJobs, held, heldByAddress, outcome) => {
      const decision = holdDecision({ slot, maxJobs, held, heldByAddress });
      if (outcome === "ok") expect(decision).toEqual({ ok: true });
      else
        expect(decision).toEqual({
          ok: false,
          reason: outcome,
          message: {
            full: INVALID_DATE_MESSAGE,
            "day-held": DAY_HELD_MESSAGE,
            address: ADDRESS_HOLDS_MESSAGE,
          }[outcome],
        });
    },
  );

  it("holds at most half a day, and at least one", () => {
    expect([0, 1, 2, 3, 8, 9, 20].map(holdLimit)).toEqual([1, 1, 1, 1, 4, 4, 10]);
  });
});

describe("holdsOn counts a day's unpaid holds, and capacityByDay counts them with its bookings", () => {
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-holds-"));
    const connection = openDatabase(path.join(dir, "holds.db"));
    setConnection(connection);
    await migrateToLatest(connection.db);
  });
  afterAll(async () => {
    await closeDatabase();
  });

  const now = new Date("2026-12-01T09:00:00Z");
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
  const insert = (values: Record<string, unknown>) =>
    db()
      .insertInto("orders")
      .values({
        full_name: "Test",
        email: "t@example.com",
        phone_number: "0770",
        address_1: "1 St",
        town: "Leeds",
        postcode: "LS1 1AA",
        collection_date: "2026-12-10",
        payment_method: "card",
        total_pence: 1000,
        source: "web",
        created_at: minutesAgo(1),
        ...values,
      })
      .execute();

  it("counts fresh unpaid card orders as holds, per address, and nothing that has ended", async () => {
    await insert({ client_key: "A" }); // held, address A
    await insert({ client_key: "A", created_at: minutesAgo(20) }); // held, address A
    await insert({ client_key: "B" }); // held, address B
    await insert({ client_key: "A", created_at: minutesAgo(32) }); // too old: free
    await insert({ client_key: "A", payment_closed: "expired" }); // abandoned: free
    await insert({ client_key: "A", payment_closed: "declined" }); // declined: free
    await insert({ client_key: "A", status: "complete" }); // paid: booked, not a hold
    await insert({ client_key: "A", payment_review_at: minutesAgo(1) }); // money to check: booked
    await insert({ payment_method: "cash_payment", source: "manual" }); // staff booking
    await insert({ client_key: "A", collection_date: "2026-12-11" }); // another day

    expect(await holdsOn("2026-12-10", "A", now)).toEqual({ held: 3, heldByAddress: 2 });
    expect(await holdsOn("2026-12-10", "C", now)).toEqual({ held: 3, heldByAddress: 0 });
    expect(await holdsOn("2026-12-12", "A", now)).toEqual({ held: 0, heldByAddress: 0 });
    // The day counts its bookings and holds: 3 held, paid, money to check, staff's.
    expect((await dayAvailability("2026-12-10", NOTHING, { now })).jobsUsed).toBe(6);
    // The staff calendar's fill counts bookings alone: paid and staff's.
    expect(
      (await dayAvailability("2026-12-10", NOTHING, { now, counting: "booked" })).jobsUsed,
    ).toBe(2);
    expect((await dayAvailability("2026-12-12", NOTHING, { now })).jobsUsed).toBe(0);
  });
});
