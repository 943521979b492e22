import { expect } from "vitest";
import { todayInLondon } from "~/lib/london-clock.server";
import { rows, run } from "./database";
import type { RunningServer } from "./server";
import type { SignedIn } from "./staff";

/** The phone number every job made here is booked with (a household's: never exported). */
export const JOB_PHONE = "07700 900444";

/**
 * A paid cash booking of today for demo products (by name, each line with the product's waste
 * class as a checkout writes it), marked complete through the /api as the office's edit form does:
 * its completion's id. `weighed: false` leaves a line without its product, so nobody knows its
 * weight.
 */
export async function completedJob(
  server: RunningServer,
  staff: SignedIn,
  customer: string,
  lines: { product: string; quantity?: number; weighed?: boolean }[],
): Promise<number> {
  const [order] = await rows<{ id: number }>(
    server,
    `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date,
       status, booking_status, payment_method, total_pence, source, paid_at)
     VALUES (?, ?, ?, '9 Elm Road', 'Woking', 'GU21 4AA', ?, 'complete', 'pending', 'cash_payment',
       9000, 'manual', ?) RETURNING id`,
    customer,
    `${customer.split(" ")[0]!.toLowerCase()}@example.com`,
    JOB_PHONE,
    todayInLondon(),
    new Date().toISOString(),
  );
  for (const line of lines) {
    const before = await rows<{ n: number }>(
      server,
      "SELECT COUNT(*) AS n FROM order_items WHERE order_id = ?",
      order!.id,
    );
    await run(
      server,
      `INSERT INTO order_items (order_id, product_id, product_name, product_description, position,
         unit_price_pence, quantity, waste_description, low_code, pops, hazardous)
       SELECT ?, ${line.weighed === false ? "NULL" : "id"}, name, '', 'outside', price_pence, ?,
         waste_description, low_code, pops, hazardous
         FROM products WHERE name = ? AND retired_at IS NULL`,
      order!.id,
      line.quantity ?? 1,
      line.product,
    );
    const after = await rows<{ n: number }>(
      server,
      "SELECT COUNT(*) AS n FROM order_items WHERE order_id = ?",
      order!.id,
    );
    expect(Number(after[0]!.n), `no product named ${line.product}`).toBe(Number(before[0]!.n) + 1);
  }
  const done = await fetch(`${server.url}/api/general/updatebooking`, {
    method: "POST",
    headers: {
      cookie: staff.cookie,
      origin: server.url,
      "content-type": "application/json",
      "x-xsrf-token": staff.xsrf,
    },
    body: JSON.stringify({ order_id: order!.id, booking_status: "complete" }),
  });
  expect(done.status).toBe(200);
  const [completion] = await rows<{ id: number }>(
    server,
    "SELECT id FROM job_completions WHERE order_id = ?",
    order!.id,
  );
  return completion!.id;
}
