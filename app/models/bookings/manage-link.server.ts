import type { WindowChoice } from "~/lib/capacity";
import type { VatStatus } from "~/lib/vat";
import { config } from "~/services/config.server";
import { db } from "~/services/db.server";
import { newLinkToken, type findByCustomerLink } from "../customer-links/customer-link.server";
import type { Receipt } from "./booking-emails.server";
import { orderLines } from "./booking-facts.server";
import { arrivalOf } from "./fleet.server";

/**
 * A booking's "Manage your booking" link (docs/rules.md#manage-your-booking): its token, made the
 * first time an email or page needs it, and the booking as its customer's emails set it out
 * with that link. What the link's page shows is manage-booking.server.ts's.
 */

type Executor = Parameters<typeof findByCustomerLink>[2];

export const managePath = (token: string) => `/booking/${token}`;

/**
 * The order's manage token, made now if it has none yet (newLinkToken).
 * Inside the caller's transaction when there is one.
 */
export async function manageToken(orderId: number, executor: Executor = db()): Promise<string> {
  await executor
    .updateTable("orders")
    .set({ manage_token: newLinkToken() })
    .where("id", "=", orderId)
    .where("manage_token", "is", null)
    .execute();
  const row = await executor
    .selectFrom("orders")
    .select("manage_token")
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  return row.manage_token!;
}

/** The order's "Manage your booking" page, for its payer's confirmation (its token made if need be). */
export async function manageBookingPath(orderId: number): Promise<string> {
  return managePath(await manageToken(orderId));
}

/** The full address of the order's manage link, for an email (its token made if it has none). */
export async function manageLink(orderId: number, executor: Executor = db()): Promise<string> {
  return `${config().publicUrl}${managePath(await manageToken(orderId, executor))}`;
}

/** An order's columns that its confirmation and reminder print (Receipt). */
type ReceiptOrder = Omit<
  Receipt,
  "items" | "vat" | "manageLink" | "icsSequence" | "arrival" | "arrivalHours"
> & { arrival_window: WindowChoice; ics_sequence: number };

/** A booking as its customer's emails set it out: lines, arrival window, manage link, calendar. */
export async function bookingReceipt(
  order: ReceiptOrder,
  vat: VatStatus,
  executor: Executor = db(),
): Promise<Receipt> {
  return {
    ...order,
    ...(await arrivalOf(order.arrival_window, executor)),
    items: await orderLines(order.id, executor),
    vat,
    manageLink: await manageLink(order.id, executor),
    icsSequence: order.ics_sequence,
  };
}
