import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { LOOKUP_MESSAGES, parseReference } from "~/models/manage-booking.server";
import { rows } from "../support/database";
import { startServer, type RunningServer } from "../support/server";

/**
 * "Manage your booking" without an account: the lookup by reference and postcode (and its
 * limits), and the booking's own page with what a change would cost today.
 */

let server: RunningServer;
const sql = <T = Record<string, unknown>>(text: string, ...params: unknown[]) =>
  rows<T>(server, text, ...params);

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

let network = 0;
const newAddress = () => `203.0.${++network}.9`;

async function insertOrder(fields: {
  status: "pending" | "complete";
  payment_method: "card" | "cash_payment";
  collection_date: string;
  postcode?: string;
}): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date,
       status, booking_status, payment_method, total_pence, source, paid_at)
     VALUES ('Lucy Grey', 'lucy@example.com', '07700 900333', '3 Elm Row', 'Leeds', ?, ?, ?, 'pending',
       ?, 8500, ?, ?) RETURNING id`,
    fields.postcode ?? "LS1 4AP",
    fields.collection_date,
    fields.status,
    fields.payment_method,
    fields.payment_method === "card" ? "web" : "manual",
    fields.status === "complete" ? new Date().toISOString() : null,
  );
  await sql(
    `INSERT INTO order_items (order_id, product_id, product_name, product_description, position,
       unit_price_pence, quantity) VALUES (?, NULL, 'Armchair', '', 'outside', 8500, 1) RETURNING id`,
    row!.id,
  );
  return Number(row!.id);
}

function lookUp(reference: string, postcode: string, from = newAddress()) {
  return fetch(`${server.url}/booking`, {
    method: "POST",
    body: new URLSearchParams({ reference, postcode }),
    redirect: "manual",
    headers: { origin: server.url, "x-forwarded-for": from },
  });
}

const text = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

describe("parseReference", () => {
  it.each([
    ["HB123", 123],
    ["hb 123", 123],
    [" 123 ", 123],
    ["HB#7", 7],
    ["HB", null],
    ["HB12a", null],
    ["0", null],
    ["-5", null],
  ])("%s → %s", (input, id) => expect(parseReference(input)).toBe(id));
});

describe("finding a booking by reference and postcode", () => {
  let orderId: number;
  beforeAll(async () => {
    orderId = await insertOrder({
      status: "complete",
      payment_method: "card",
      collection_date: addDaysIso(todayInLondon(), 20),
    });
  });

  it("opens the booking's page when both match, whatever the spacing and case", async () => {
    const res = await lookUp(`hb ${orderId}`, "ls14ap");
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/booking\/[A-Za-z0-9_-]{32}$/);
    // The same link every time.
    expect((await lookUp(`HB${orderId}`, "LS1 4AP")).headers.get("location")).toBe(location);

    const page = await fetch(`${server.url}${location}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    const body = await text(page);
    expect(body).toContain(`Your booking HB${orderId}`);
    expect(body).toContain("1 × Armchair (Outside — left out for collection): £85.00");
    expect(body).toContain("Paid (card)");
    // Booked today for 20 days ahead: inside the cancellation period.
    expect(body).toContain("You are within your 14-day cancellation period");
    expect(body).toContain("You get £85.00 back.");
    expect(body).toContain("Rearranging is free up to 14 days before the collection.");
  });

  it.each([
    ["a wrong postcode", (id: number) => [`HB${id}`, "LS1 4AQ"]],
    ["a wrong reference", (id: number) => [`HB${id + 1000}`, "LS1 4AP"]],
    ["no reference at all", () => ["HBx", "LS1 4AP"]],
  ])("says the same for %s", async (_, pair) => {
    const [reference, postcode] = pair(orderId) as [string, string];
    const res = await lookUp(reference, postcode);
    expect(res.status).toBe(404);
    expect(await text(res)).toContain(LOOKUP_MESSAGES.notFound);
  });

  it("does not find an unpaid card checkout", async () => {
    const unpaid = await insertOrder({
      status: "pending",
      payment_method: "card",
      collection_date: addDaysIso(todayInLondon(), 5),
    });
    expect((await lookUp(`HB${unpaid}`, "LS1 4AP")).status).toBe(404);
  });

  it("finds a cash booking made by phone, whose fee would be owed rather than refunded", async () => {
    const cash = await insertOrder({
      status: "pending",
      payment_method: "cash_payment",
      collection_date: todayInLondon(),
      postcode: "M1 1AE",
    });
    // Made long ago for today: outside the cancellation period, on the day.
    await sql("UPDATE orders SET created_at = ? WHERE id = ?", "2026-01-05T10:00:00.000Z", cash);
    const res = await lookUp(`HB${cash}`, "M1 1AE");
    const body = await text(await fetch(`${server.url}${res.headers.get("location")}`));
    expect(body).toContain("To pay on the day (cash)");
    expect(body).toContain("Cancelling on the day of the collection costs £48.00. You owe £48.00.");
  });

  it("asks for both halves", async () => {
    const res = await lookUp("", "LS1 4AP");
    expect(res.status).toBe(400);
    expect(await text(res)).toContain(LOOKUP_MESSAGES.missing);
  });

  it("stops a network after 10 misses in an hour, and a reference after 5 from anywhere", async () => {
    const from = newAddress();
    for (let i = 0; i < 10; i++)
      expect((await lookUp(`HB${900000 + i}`, "ZZ1 1ZZ", from)).status).toBe(404);
    const refused = await lookUp(`HB${orderId}`, "LS1 4AP", from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    const target = await insertOrder({
      status: "complete",
      payment_method: "card",
      collection_date: addDaysIso(todayInLondon(), 30),
      postcode: "BS1 5TR",
    });
    for (let i = 0; i < 5; i++)
      expect((await lookUp(`HB${target}`, `BS${i} 1AA`)).status).toBe(404);
    // The right postcode, from a fresh network: the reference is locked for now.
    expect((await lookUp(`HB${target}`, "BS1 5TR")).status).toBe(429);
  });

  it("answers 404 for a link that does not exist", async () => {
    expect((await fetch(`${server.url}/booking/${"a".repeat(32)}`)).status).toBe(404);
  });
});
