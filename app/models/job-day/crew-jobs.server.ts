import { lineName } from "~/lib/positions";
import { db } from "~/services/db.server";

/**
 * What the crew read of a booking, alike on the run sheet and in the calendar feed: the order's
 * customer, payment, notes and window with its quote request's comments, and its lines as text.
 */

/** The orders with their quote requests, selecting what every crew view of a job shows. */
export function crewJobsQuery() {
  return db()
    .selectFrom("orders")
    .leftJoin("quotes", "quotes.id", "orders.quote_id")
    .select([
      "orders.id",
      "orders.full_name",
      "orders.phone_number",
      "orders.address_1",
      "orders.town",
      "orders.postcode",
      "orders.total_pence",
      "orders.payment_method",
      "orders.payment_link_at",
      "orders.status",
      "orders.notes",
      "orders.arrival_window",
      "quotes.comments",
    ]);
}

/** An order's lines as the crew read them. */
export interface CrewJobLines {
  /** "2 × Sofa (Outside — left out for collection)", in the order they were added */
  items: string[];
  /** the number of things to collect (quantities added up) */
  count: number;
  /** a line is hazardous waste */
  hazardous: boolean;
}

/** The lines of these orders, by order id (an order without lines is not in the map). */
export async function crewJobLines(orderIds: number[]): Promise<Map<number, CrewJobLines>> {
  const lines = await db()
    .selectFrom("order_items")
    .select(["order_id", "product_name", "position", "quantity", "hazardous"])
    .where("order_id", "in", orderIds)
    .orderBy("id")
    .execute();
  const linesOf = new Map<number, CrewJobLines>();
  for (const line of lines) {
    const entry = linesOf.get(line.order_id) ?? { items: [], count: 0, hazardous: false };
    entry.items.push(`${line.quantity} × ${lineName(line.product_name, line.position)}`);
    entry.count += line.quantity;
    if (line.hazardous === 1) entry.hazardous = true;
    linesOf.set(line.order_id, entry);
  }
  return linesOf;
}
