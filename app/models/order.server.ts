import { sql } from "kysely";
import { db } from "~/services/db.server";

/** All orders, whatever their state (the dashboard's count card). */
export async function countOrders(): Promise<number> {
  const row = await db()
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Bookings on a collection day: paid card orders, and bookings staff made by
 * hand (cash or bank transfer), whatever their payment status.
 */
export async function countBookingsOn(day: string): Promise<number> {
  const row = await db()
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("collection_date", "=", day)
    .where(sql<boolean>`(status = 'complete' OR payment_method <> 'card')`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
