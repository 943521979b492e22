import { insertMany, withTestDatabase } from "./database";
import type { RunningServer } from "./server";

/**
 * Many orders in a shop's database, for the tests and the bench that time staff pages at scale
 * (tests/integration/orders-search-scale.test.ts, `BENCH_ORDERS=50000 npm run bench`).
 */

const COMMON = ["Double Bed", "Sofa", "Fridge Freezer", "Office Chair", "Garden Waste Bag"];
/** One order in 500 has a piano: a search that finds few rows among many. */
export const RARE = "Upright Piano";

/** The day `n` days from today, YYYY-MM-DD (UTC). */
export function dayOffset(n: number) {
  return new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Seeds `count` orders (1–2 lines each, collections spread over the 91 days around today) into
 * a shop's database, in one transaction: order i is `Customer i`, `customer<i>@example.com`. On
 * PostgreSQL the tables are then analysed, as autovacuum would soon do on a live server, so the
 * planner knows their size when the timings start.
 */
export async function seedOrders(
  target: Pick<RunningServer, "dataDir" | "databaseUrl"> | string,
  count: number,
) {
  const started = Date.now() - count * 60_000;
  await withTestDatabase(target as RunningServer | string, async (db) => {
    const orders = Array.from({ length: count }, (_, i) => {
      const card = i % 3 !== 0;
      return [
        new Date(started + i * 60_000).toISOString(),
        `Customer ${i}`,
        `customer${i}@example.com`,
        "07700 900000",
        "1 Test Street",
        "Leeds",
        "SE1 1AA",
        dayOffset((i % 91) - 45),
        // Bookings: a card order is paid (an unpaid one is a checkout, not an order); cash may wait.
        i % 4 === 0 && !card ? "pending" : "complete",
        "pending",
        card ? "card" : "cash_payment",
        4500 + i,
        card ? "web" : "manual",
      ];
    });
    const ids = await insertMany<{ id: number; email: string }>(
      db,
      "orders",
      [
        "created_at",
        "full_name",
        "email",
        "phone_number",
        "address_1",
        "town",
        "postcode",
        "collection_date",
        "status",
        "booking_status",
        "payment_method",
        "total_pence",
        "source",
      ],
      orders,
      "id, email",
    );
    const idOf = new Map(ids.map((r) => [r.email, r.id]));
    const items: unknown[][] = [];
    for (let i = 0; i < count; i++) {
      const id = idOf.get(`customer${i}@example.com`)!;
      items.push([id, i % 500 === 7 ? RARE : COMMON[i % COMMON.length]!]);
      if (i % 2 === 0) items.push([id, COMMON[(i + 2) % COMMON.length]!]);
    }
    await insertMany(
      db,
      "order_items",
      [
        "order_id",
        "product_name",
        "product_description",
        "position",
        "unit_price_pence",
        "quantity",
        "load_hundredths",
        "handling_minutes",
      ],
      // Each line takes 1.5 yd³ and 20 crew minutes: the calendars sum them for every order of a month.
      items.map(([id, name]) => [id, name, "Seeded line", "outside", 4500, 1, 150, 20]),
    );
    if (db.engine === "postgres") await db.run("ANALYZE");
  });
}
