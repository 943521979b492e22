import { areaSurchargeOf } from "~/lib/service-area";
import { changeTerms } from "~/lib/cancellation";
import { paidByCard, PAYMENT_METHOD_LABELS } from "~/lib/domain";
import { db } from "~/services/db.server";
import type { ManagedBooking } from "~/lib/managed-booking";
import { CANCEL_MESSAGES, cancelOrder, type CancelResult } from "./cancel-booking.server";
import {
  isUnpaidCheckout,
  moveFeesPaid,
  orderChangeFacts,
  orderLines,
  orderNeed,
} from "./booking-facts.server";
import { findByCustomerLink } from "../customer-links/customer-link.server";
import { arrivalOf } from "./fleet.server";
import { jobPhotosPath } from "../job-day/job-documents.server";

/**
 * "Manage your booking" (issue 18): the customer reaches their booking by
 * the link in their confirmation email, without an account; /booking emails
 * it again (booking-lookup.server.ts). See docs/rules.md#manage-your-booking.
 * What the link shows lives here; cancelling in cancel-booking.server.ts,
 * moving the date in rearrange-booking.server.ts.
 */

/** The booking behind a manage link; undefined for an unknown link or an unpaid checkout. */
export async function bookingForCustomer(
  token: string,
  now = new Date(),
): Promise<ManagedBooking | undefined> {
  const orderId = await findByCustomerLink("booking", token);
  if (orderId === undefined) return undefined;
  const order = await db()
    .selectFrom("orders")
    .leftJoin("job_completions", "job_completions.order_id", "orders.id")
    .select([
      "orders.id",
      "orders.full_name",
      "orders.address_1",
      "orders.town",
      "orders.postcode",
      "orders.collection_date",
      "orders.arrival_window",
      "orders.window_discount_pence",
      "orders.area_surcharge_pence",
      "orders.total_pence",
      "orders.payment_method",
      "orders.payment_link_at",
      "orders.status",
      "orders.booking_status",
      "orders.created_at",
      "orders.paid_at",
      "orders.cancelled_at",
      "orders.refund_pence",
      "orders.on_my_way_at",
      "orders.arriving_by",
      "job_completions.photo_token",
      "job_completions.extras_pence",
      "job_completions.extras_taken",
      "job_completions.extras_link_at",
      "job_completions.extras_paid_at",
      moveFeesPaid,
    ])
    .where("orders.id", "=", orderId)
    .executeTakeFirst();
  if (!order || isUnpaidCheckout(order)) return undefined;
  const fees = await db()
    .selectFrom("booking_changes")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("fee_pence"), eb.lit(0)).as("pence"))
    .where("order_id", "=", order.id)
    .where("status", "=", "applied")
    .executeTakeFirstOrThrow();
  const items = await orderLines(order.id);
  const paid = order.status === "complete";
  const paidPence = paid ? order.total_pence : 0;
  const done = order.booking_status === "complete";
  const terms = (kind: "cancel" | "rearrange") =>
    changeTerms({ kind, ...orderChangeFacts(order, now) });
  const method = PAYMENT_METHOD_LABELS[order.payment_method];
  return {
    reference: `HB${order.id}`,
    token,
    orderId: order.id,
    fullName: order.full_name,
    address: [order.address_1, order.town, order.postcode].join(", "),
    collectionDate: order.collection_date,
    arrivalWindow: order.arrival_window,
    arrival: (await arrivalOf(order.arrival_window)).arrival,
    windowDiscountPence: order.window_discount_pence,
    areaSurcharge: areaSurchargeOf(order),
    need: await orderNeed(order.id),
    items: items.map((item) => ({
      name: item.product_name,
      position: item.position,
      quantity: item.quantity,
      unitPricePence: item.unit_price_pence,
    })),
    totalPence: order.total_pence,
    paymentMethod: order.payment_method,
    paymentLabel: paid
      ? `Paid (${paidByCard(order.payment_method) ? "card" : method.toLowerCase()})`
      : order.payment_link_at !== null
        ? "Awaiting your card payment"
        : order.payment_method === "bank_transfer"
          ? "To pay by bank transfer, before the day"
          : `To pay on the day (${method.toLowerCase()})`,
    awaitingCardPayment: order.payment_link_at !== null && !paid && order.cancelled_at === null,
    extras: order.extras_pence
      ? {
          pence: order.extras_pence,
          state:
            order.extras_taken !== null || order.extras_paid_at !== null
              ? "paid"
              : order.extras_link_at !== null
                ? "card"
                : "due",
        }
      : null,
    paidPence,
    done,
    onMyWay:
      order.on_my_way_at && !done && order.cancelled_at === null
        ? { at: order.on_my_way_at, arrivingBy: order.arriving_by }
        : null,
    cancelledAt: order.cancelled_at,
    refundPence: order.refund_pence,
    changeFeesPence: Number(fees.pence),
    documentsPath: order.photo_token ? jobPhotosPath(order.photo_token) : null,
    cancel: terms("cancel"),
    rearrange: terms("rearrange"),
  };
}

/**
 * The customer's cancellation of their own booking, from its manage link:
 * cancelOrder on the customer's terms.
 */
export async function cancelBooking(token: string, now = new Date()): Promise<CancelResult> {
  const orderId = await findByCustomerLink("booking", token);
  if (orderId === undefined) return { ok: false, status: 404, message: CANCEL_MESSAGES.notFound };
  return cancelOrder(orderId, { actor: { kind: "customer" }, now });
}
