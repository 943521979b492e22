import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { rows, run } from "../support/database";
import { startServer, type RunningServer } from "../support/server";

/**
 * Bursts of parallel checkouts for one day (demo gateway): unpaid checkouts
 * hold at most two slots per address and half the day's capacity, the last
 * slots have exactly as many winners as there are slots, and no day is ever
 * booked beyond its capacity.
 */

const N = Math.max(4, Math.round(20 * Number(process.env.RELIABILITY_SCALE ?? 1)));
/** The most collections a day takes (the daily_capacity setting). */
const CAPACITY = 8;
const HOLDS_PER_DAY = CAPACITY / 2;
const HOLDS_PER_ADDRESS = 2;

let addressCounter = 0;
/** A different address each time (the limit on new checkouts per address stays out of the way). */
const freshAddress = () => {
  addressCounter += 1;
  return `10.${Math.floor(addressCounter / 250) % 250}.${addressCounter % 250}.7`;
};

const day = (offset: number) => addDaysIso(todayInLondon(), 3 + offset);

describe(`bursts of ${N} parallel checkouts for one day`, () => {
  let server: RunningServer;
  let cookie: string;

  const query = <T>(sqlText: string, ...params: unknown[]) => rows<T>(server, sqlText, ...params);

  let tokens = 0;
  async function checkout(date: string, address: string) {
    tokens += 1;
    const res = await fetch(`${server.url}/checkout`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: server.url,
        cookie,
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": address,
      },
      body: new URLSearchParams({
        intent: "pay",
        early_start: "yes",
        ui: "hosted",
        token: `burstToken${String(tokens).padStart(6, "0")}AAAAAA`,
        full_name: "Burst Customer",
        email: "burst@example.com",
        phone_number: "07700 900123",
        address_1: "3 Burst Lane",
        town: "Leeds",
        postcode: "SE1 1AA",
        date,
      }),
    });
    const body = res.status === 303 ? "" : await res.text();
    const sessionId = /session_id=(demo_[\w-]+)/.exec(res.headers.get("location") ?? "")?.[1];
    return { status: res.status, body, sessionId };
  }

  async function demo(sessionId: string, intent: "pay" | "decline") {
    const res = await fetch(`${server.url}/payment/demo`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ session_id: sessionId, intent }),
    });
    expect(res.status).toBe(303);
  }

  const activeOn = async (date: string) =>
    (
      await query<{ paid: number; held: number }>(
        `SELECT coalesce(sum(CASE WHEN status = 'complete' OR payment_method <> 'card' THEN 1 ELSE 0 END), 0) AS paid,
              coalesce(sum(CASE WHEN status = 'pending' AND payment_method = 'card' AND payment_closed IS NULL THEN 1 ELSE 0 END), 0) AS held
         FROM orders WHERE collection_date = ?`,
        date,
      )
    )[0]!;

  beforeAll(async () => {
    server = await startServer({ env: { NODE_ENV: "test" } });
    const res = await fetch(`${server.url}/bag`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      // An armchair (1 yd³, 10 minutes): eight of them fill a day by its most collections, not its load.
      body: new URLSearchParams({ intent: "add", id: "1", position: "outside", quantity: "1" }),
    });
    cookie = /cart=[^;]*/.exec(res.headers.get("set-cookie") ?? "")![0];
  });
  afterAll(async () => {
    await server?.stop();
  });

  it(`from one address: exactly ${HOLDS_PER_ADDRESS} hold a slot`, async () => {
    const date = day(20);
    const address = "10.250.0.1";
    const results = await Promise.all(Array.from({ length: N }, () => checkout(date, address)));
    const held = results.filter((r) => r.status === 303);
    console.log(
      `[reliability] ${N} parallel checkouts from one address: ${held.length} held a slot`,
    );
    expect(held).toHaveLength(HOLDS_PER_ADDRESS);
    for (const refused of results.filter((r) => r.status !== 303)) {
      expect(refused.status).toBe(400);
      expect(refused.body).toContain("You already have 2 unfinished payments for this day");
    }
    expect(await activeOn(date)).toEqual({ paid: 0, held: HOLDS_PER_ADDRESS });
  });

  it(`from ${N} addresses: exactly half the day (${HOLDS_PER_DAY}) is held; a Decline frees a slot at once`, async () => {
    const date = day(21);
    const results = await Promise.all(
      Array.from({ length: N }, () => checkout(date, freshAddress())),
    );
    const held = results.filter((r) => r.status === 303);
    console.log(
      `[reliability] ${N} parallel checkouts from ${N} addresses: ${held.length} held a slot`,
    );
    expect(held).toHaveLength(HOLDS_PER_DAY);
    for (const refused of results.filter((r) => r.status !== 303)) {
      expect(refused.status).toBe(400);
      expect(refused.body).toContain("Other customers are paying for bookings on this day");
    }
    expect(await activeOn(date)).toEqual({ paid: 0, held: HOLDS_PER_DAY });

    // One customer declines: the next checkout gets the slot straight away.
    await demo(held[0]!.sessionId!, "decline");
    expect(await activeOn(date)).toEqual({ paid: 0, held: HOLDS_PER_DAY - 1 });
    const next = await Promise.all(Array.from({ length: N }, () => checkout(date, freshAddress())));
    expect(next.filter((r) => r.status === 303)).toHaveLength(1);
  });

  it("the last two slots of a day have exactly two winners", async () => {
    const date = day(22);
    for (let i = 0; i < CAPACITY - 2; i++)
      await run(
        server,
        `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date, payment_method, total_pence, source)
         VALUES ('Filler', 'f@example.com', '0', 'x', 'y', 'Z1 1ZZ', ?, 'cash_payment', 0, 'manual')`,
        date,
      );
    const results = await Promise.all(
      Array.from({ length: N }, () => checkout(date, freshAddress())),
    );
    const won = results.filter((r) => r.status === 303);
    console.log(`[reliability] ${N} parallel checkouts for the last 2 slots: ${won.length} won`);
    expect(won).toHaveLength(2);
    expect(results.filter((r) => r.status === 400)).toHaveLength(N - 2);
    expect(await activeOn(date)).toEqual({ paid: CAPACITY - 2, held: 2 });
  });

  it("paying as the bursts come: the day fills to its capacity and never beyond", async () => {
    const date = day(23);
    let rounds = 0;
    for (;;) {
      rounds += 1;
      const results = await Promise.all(
        Array.from({ length: N }, () => checkout(date, freshAddress())),
      );
      const won = results.filter((r) => r.status === 303);
      const { paid } = await activeOn(date);
      expect(won.length).toBeLessThanOrEqual(Math.min(HOLDS_PER_DAY, CAPACITY - paid));
      await Promise.all(won.map((r) => demo(r.sessionId!, "pay")));
      if (won.length === 0) break;
      expect(rounds).toBeLessThan(10);
    }
    const final = await activeOn(date);
    console.log(
      `[reliability] ${rounds} bursts of ${N} paying checkouts: ${final.paid} paid for a day of ${CAPACITY}`,
    );
    expect(final).toEqual({ paid: CAPACITY, held: 0 });
    const overbooked = await query<{ collection_date: string; n: number }>(
      `SELECT collection_date, count(*) AS n FROM orders
        WHERE status = 'complete' OR payment_method <> 'card'
        GROUP BY collection_date HAVING count(*) > ?`,
      CAPACITY,
    );
    expect(overbooked).toEqual([]);
  });
});
