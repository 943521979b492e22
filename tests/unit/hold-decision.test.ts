import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADDRESS_HOLDS_MESSAGE,
  DAY_HELD_MESSAGE,
  dayLoad,
  holdDecision,
  holdLimit,
  INVALID_DATE_MESSAGE,
} from "~/models/booking.server";
import {
  closeDatabase,
  db,
  migrateToLatest,
  openDatabase,
  setConnection,
} from "~/services/db.server";

describe("holdDecision: may one more unpaid checkout hold a slot?", () => {
  // capacity, booked (all active, holds included), held (unpaid), held by this address → outcome
  const table: [number, number, number, number, "ok" | "full" | "day-held" | "address"][] = [
    [8, 0, 0, 0, "ok"],
    [8, 7, 0, 0, "ok"], // the last slot
    [8, 8, 0, 0, "full"],
    [8, 9, 0, 0, "full"], // staff overbooked it
    [8, 3, 3, 0, "ok"], // a fourth unpaid hold is half of 8
    [8, 4, 4, 0, "day-held"], // half the day is already waiting for payment
    [8, 6, 4, 0, "day-held"],
    [8, 2, 1, 1, "ok"], // a second checkout from one address (a retry)
    [8, 2, 2, 2, "address"], // a third from the same address
    [8, 8, 4, 2, "full"], // full wins: the customer is told to pick another day
    [8, 5, 4, 2, "day-held"],
    [1, 0, 0, 0, "ok"], // a one-slot day can still be booked
    [1, 1, 1, 0, "full"],
    [3, 1, 1, 0, "day-held"], // half of 3 is one hold
    [0, 0, 0, 0, "full"], // a closed day
  ];
  it.each(table)(
    "capacity %i, %i booked, %i held, %i from this address → %s",
    (capacity, booked, held, heldByAddress, outcome) => {
      const decision = holdDecision({ capacity, booked, held, heldByAddress });
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

describe("dayLoad counts a day's bookings and unpaid holds", () => {
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

    expect(await dayLoad("2026-12-10", "A", 8, now)).toEqual({
      capacity: 8,
      booked: 6,
      held: 3,
      heldByAddress: 2,
    });
    expect(await dayLoad("2026-12-10", "C", 8, now)).toMatchObject({ held: 3, heldByAddress: 0 });
    expect(await dayLoad("2026-12-12", "A", 8, now)).toEqual({
      capacity: 8,
      booked: 0,
      held: 0,
      heldByAddress: 0,
    });
  });
});
