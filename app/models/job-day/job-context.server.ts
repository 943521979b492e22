import { isUnpaidCheckout } from "../bookings/booking-facts.server";
import { areaSurchargeOf } from "~/lib/service-area";
import type { Transaction } from "kysely";
import { quoteContactDetails, type QuoteContactDetails } from "~/lib/contact-details";
import type { PaymentMethod } from "~/lib/domain";
import { POSITIONS, unitPricePence, type Position } from "~/lib/positions";
import { CONTAINMENTS, JOB_FIELDS } from "~/lib/job-completion";
import { londonDateTimeLocal } from "~/lib/london-clock.server";
import { storedWasteClass, type WasteClass } from "~/lib/waste";
import { formatWeightKg } from "~/lib/waste-facts";
import { db } from "~/services/db.server";
import type { DB } from "~/services/schema";
import { ORDER_CONTACT_COLUMNS } from "../checkout/order.server";

/**
 * An order as the crew's "Complete job" form reads it: the customer, what was
 * booked with its waste class, the catalogue they may add from, and the form's
 * starting values.
 */

/** A line the customer booked, as the form shows it. */
export interface BookedLine {
  itemId: number;
  name: string;
  position: Position | null;
  quantity: number;
  unitPricePence: number;
  productId: number | null;
  /** null: no waste class known (a free quote line), so the crew give the code */
  waste: WasteClass | null;
  /** the product's estimated weight of one, grams; 0 when not known */
  weightGrams: number;
}

/** A catalogue item the crew may add. */
export interface CatalogueItem {
  id: number;
  name: string;
  waste: WasteClass;
  /** its estimated weight of one, grams; 0 when not given */
  weightGrams: number;
  /** what the shop charges for one, by where it is (an extra is charged so) */
  prices: Record<Position, number>;
}

export interface JobContext extends QuoteContactDetails {
  orderId: number;
  collectionDate: string;
  paymentMethod: PaymentMethod;
  paid: boolean;
  paidAt: string | null;
  totalPence: number;
  /** the "any time" discount already off the total (orders.window_discount_pence) */
  windowDiscountPence: number;
  /** the area's extra charge already in the total, named (null when none) */
  areaSurcharge: { name: string; pence: number } | null;
  businessName: string | null;
  sicCode: string | null;
  /** a paid order or a staff booking: something the crew go out to */
  isBooking: boolean;
  bookingStatus: "pending" | "complete";
  /** a cash or bank-transfer job not yet paid: the crew may take the money */
  canCollectPayment: boolean;
  booked: BookedLine[];
  catalogue: CatalogueItem[];
  completion: { id: number; completedAt: string } | null;
}

/** Everything the form, the check and the completion need about one order. */
export async function jobContext(
  orderId: number,
  executor: Transaction<DB> | ReturnType<typeof db> = db(),
): Promise<JobContext | undefined> {
  const order = await executor
    .selectFrom("orders")
    .leftJoin("job_completions", "job_completions.order_id", "orders.id")
    .select([
      "orders.id",
      ...ORDER_CONTACT_COLUMNS,
      "orders.collection_date",
      "orders.payment_method",
      "orders.payment_link_at",
      "orders.status",
      "orders.paid_at",
      "orders.cancelled_at",
      "orders.total_pence",
      "orders.window_discount_pence",
      "orders.area_surcharge_pence",
      "orders.business_name",
      "orders.sic_code",
      "orders.booking_status",
      "job_completions.id as completion_id",
      "job_completions.completed_at",
    ])
    .where("orders.id", "=", orderId)
    .executeTakeFirst();
  if (!order) return undefined;
  const items = await executor
    .selectFrom("order_items")
    .leftJoin("products", "products.id", "order_items.product_id")
    .select([
      "order_items.id",
      "order_items.product_id",
      "order_items.product_name",
      "order_items.position",
      "order_items.quantity",
      "order_items.unit_price_pence",
      "order_items.waste_description",
      "order_items.low_code",
      "order_items.pops",
      "order_items.hazardous",
      "products.waste_description as product_waste_description",
      "products.low_code as product_low_code",
      "products.pops as product_pops",
      "products.hazardous as product_hazardous",
      "products.weight_grams",
    ])
    .where("order_items.order_id", "=", orderId)
    .orderBy("order_items.id")
    .execute();
  const products = await executor
    .selectFrom("products")
    .select([
      "id",
      "name",
      "waste_description",
      "low_code",
      "pops",
      "hazardous",
      "weight_grams",
      "price_pence",
      "inside_dismantle_pence",
      "inside_no_dismantle_pence",
      "outside_pence",
    ])
    .where("retired_at", "is", null)
    .where("low_code", "<>", "")
    .where("waste_description", "<>", "")
    .orderBy("name")
    .execute();
  const paid = order.status === "complete";
  return {
    orderId: order.id,
    ...quoteContactDetails(order),
    collectionDate: order.collection_date,
    paymentMethod: order.payment_method,
    paid,
    paidAt: order.paid_at,
    totalPence: order.total_pence,
    windowDiscountPence: order.window_discount_pence,
    areaSurcharge: areaSurchargeOf(order),
    businessName: order.business_name,
    sicCode: order.sic_code,
    isBooking: !isUnpaidCheckout(order) && order.cancelled_at === null,
    bookingStatus: order.booking_status,
    // Cash or a transfer taken on the day; a card payment (its link's too) is the gateway's.
    canCollectPayment: !paid && order.payment_method !== "card",
    booked: items.map((item) => {
      // The class written with the order; for an order from before waste classes, the product's.
      const code = item.low_code ?? item.product_low_code ?? "";
      const description = item.waste_description ?? item.product_waste_description ?? "";
      return {
        itemId: item.id,
        name: item.product_name,
        position: item.position,
        quantity: item.quantity,
        unitPricePence: item.unit_price_pence,
        productId: item.product_id,
        waste:
          code && description
            ? storedWasteClass({
                waste_description: description,
                low_code: code,
                pops: item.pops ?? item.product_pops,
                hazardous: item.hazardous ?? item.product_hazardous,
              })
            : null,
        weightGrams: item.weight_grams ?? 0,
      };
    }),
    catalogue: products.map((p) => {
      const options = {
        pricePence: p.price_pence,
        insideDismantlePence: p.inside_dismantle_pence,
        insideNoDismantlePence: p.inside_no_dismantle_pence,
        outsidePence: p.outside_pence,
      };
      return {
        id: p.id,
        name: p.name,
        waste: storedWasteClass(p),
        weightGrams: p.weight_grams,
        prices: Object.fromEntries(
          POSITIONS.map((position) => [position, unitPricePence(options, position)]),
        ) as Record<Position, number>,
      };
    }),
    completion:
      order.completion_id != null
        ? { id: order.completion_id, completedAt: order.completed_at ?? "" }
        : null,
  };
}

/** The form's starting values: what was booked, the customer as the one handing over, now. */
export function completionDefaults(context: JobContext, now = new Date()): Record<string, string> {
  const values: Record<string, string> = {
    [JOB_FIELDS.handedOverBy]: context.fullName,
    [JOB_FIELDS.transferredAt]: londonDateTimeLocal(now),
    [JOB_FIELDS.containment]: CONTAINMENTS[0],
  };
  for (const line of context.booked) {
    values[JOB_FIELDS.bookedQuantity(line.itemId)] = String(line.quantity);
    values[JOB_FIELDS.bookedCode(line.itemId)] = line.waste?.lowCode ?? "";
    values[JOB_FIELDS.bookedWeight(line.itemId)] = formatWeightKg(line.weightGrams);
  }
  return values;
}
