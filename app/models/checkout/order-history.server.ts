import type { Kysely } from "kysely";
import type { DB } from "~/services/db.server";

/**
 * An order's history (`order_events`): one row per change of one of its fields, who made it and
 * when, written in the same transaction as the change. Staff read it on the order's page.
 */

export interface OrderEvent {
  orderId: number;
  /** the field that changed ("collection_date", "cancelled", …) */
  field: string;
  oldValue: string | null;
  newValue: string | null;
  /** a staff username, "customer", or the gateway that reported it */
  actor: string;
  /** ISO time; left out, the database stamps the row as it writes it */
  at?: string;
}

/** Adds a row to the order's history, in the caller's transaction. */
export async function recordOrderEvent(trx: Kysely<DB>, event: OrderEvent): Promise<void> {
  await trx
    .insertInto("order_events")
    .values({
      order_id: event.orderId,
      field: event.field,
      old_value: event.oldValue,
      new_value: event.newValue,
      actor: event.actor,
      created_at: event.at,
    })
    .execute();
}
