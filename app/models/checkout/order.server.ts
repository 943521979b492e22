import { sql } from "kysely";
import { paymentWayOf } from "~/lib/domain";
import { unfinishedCheckoutText } from "~/lib/payment-hold";
import { areaSurchargeOf } from "~/lib/service-area";
import { historyText } from "~/lib/order-history";
import { parseBookingReference } from "~/lib/references";
import { readSearchText, searchDays } from "~/lib/staff-search";
import { contactMatches } from "../staff/staff-search.server";
import { toCsv } from "~/lib/csv";
import { ORDER_CONTACT_NAMES, type OrderContactDetails } from "~/lib/contact-details";
import { clampPage, staffPageSize } from "~/lib/paging";
import { containsIgnoringCase, countRows, db } from "~/services/db.server";
import { noRows } from "~/services/dialect.server";
import { isBooking, isUnfinishedCheckout } from "../bookings/booking.server";
import { arrivalOf } from "../bookings/fleet.server";

/** An order's contact details, under the orders table's (and the /api's) names. */
export type OrderContact = OrderContactDetails;

/** The orders table's contact columns, named with their table for a query that joins others. */
export const ORDER_CONTACT_COLUMNS = Object.values(ORDER_CONTACT_NAMES).map(
  (column) => `orders.${column}` as const,
);

/** The contact details of anything that has them (a form's parsed values, an order's row), in their order. */
export function orderContact(from: OrderContact): OrderContact {
  const { full_name, email, phone_number, address_1, town, postcode } = from;
  return { full_name, email, phone_number, address_1, town, postcode };
}

/** Orders the business has, whatever their state (the dashboard's count card): no unfinished checkout. */
export async function countOrders(): Promise<number> {
  return countRows(
    db()
      .selectFrom("orders")
      .where(sql<boolean>`NOT ${isUnfinishedCheckout}`),
  );
}

/**
 * Bookings on a collection day: paid card orders, and bookings staff made by
 * hand (cash or bank transfer), whatever their payment status.
 */
export async function countBookingsOn(day: string): Promise<number> {
  return countRows(db().selectFrom("orders").where("collection_date", "=", day).where(isBooking));
}

export interface OrderSearch {
  /** the staff's one search box: a reference, name, email, phone or postcode (readSearchText) */
  q?: string | null;
  /** orders (the default), or the web checkouts whose payment never arrived */
  kind?: string | null;
  /** collection days from and to (inclusive) */
  from?: string | null;
  to?: string | null;
  name?: string | null;
  productName?: string | null;
  email?: string | null;
  orderId?: string | null;
  status?: string | null;
  limit?: number;
  page?: number;
}

export interface OrderItemView {
  productName: string;
  productDescription: string;
  imageId: string | null;
  /** null on a free line of an order booked from a quote */
  position: string | null;
  quantity: number;
  unitPricePence: number;
}

export interface OrderView {
  id: number;
  createdAt: string;
  collectionDate: string;
  status: string;
  bookingStatus: string;
  paymentMethod: string;
  totalPence: number;
  source: string;
  /** when the booking was cancelled (docs/rules.md#cancelled-orders); null while it stands */
  cancelledAt: string | null;
  /** what the cancellation refunded, pence (null: nothing) */
  refundPence: number | null;
  /** an unfinished checkout: what became of it ("Card declined", "Left unpaid"); null for an order */
  checkoutOutcome: string | null;
  billing: OrderContact;
  items: OrderItemView[];
}

/** The order search a query string asks for, by the names staff's list and the /api give its fields. */
export function orderSearchFrom(query: URLSearchParams): OrderSearch {
  const number = (name: string) => Number(query.get(name));
  return {
    q: query.get("q"),
    kind: query.get("kind"),
    from: query.get("from"),
    to: query.get("to"),
    name: query.get("name"),
    productName: query.get("product_name"),
    email: query.get("email"),
    orderId: query.get("order_id"),
    status: query.get("status"),
    limit: number("limit"),
    page: number("page"),
  };
}

/** Up to this many matches, the order list sorts the matching ids instead of walking every order. */
const NARROW_SEARCH = 2000;

/** Staff's order search (newest first), with each order's items. */
export async function searchOrders(
  search: OrderSearch,
): Promise<{ orders: OrderView[]; total: number; limit: number; page: number }> {
  const limit = staffPageSize(search.limit);
  const page = clampPage(search.page);
  const text = (value: string | null | undefined) => value?.trim().slice(0, 100) ?? "";
  const email = text(search.email);
  const productName = text(search.productName);
  /**
   * Contains-searches cannot seek in an index, so each text filter is a scan
   * (docs/decisions/009-order-search-at-scale.md). `narrow` finds the matching
   * ids by scanning a small covering index (orders_email,
   * order_items_product_name_order), then sorts them: cheap when few match.
   * Otherwise the list walks orders newest first and stops at the page's
   * last row, which is quick when matches are many.
   */
  const term = contactMatches(readSearchText(search.q), "orders");
  const days = searchDays(search.from, search.to);
  const filtered = (narrow: boolean) => {
    let query = db()
      .selectFrom("orders")
      .where(
        search.kind === "checkouts"
          ? isUnfinishedCheckout
          : sql<boolean>`NOT ${isUnfinishedCheckout}`,
      );
    if (term) query = query.where(term);
    if (days.from) query = query.where("orders.collection_date", ">=", days.from);
    if (days.to) query = query.where("orders.collection_date", "<=", days.to);
    if (text(search.name))
      query = query.where(containsIgnoringCase("orders.full_name", text(search.name)));
    if (email) {
      const pattern = containsIgnoringCase("matched.email", email);
      const matching = db().selectFrom("orders as matched").select("matched.id").where(pattern);
      query = narrow
        ? query.where("orders.id", "in", matching)
        : query.where(containsIgnoringCase("orders.email", email));
    }
    // The customer's reference as they say it ("HB12"), or the bare number.
    const reference = parseBookingReference(text(search.orderId));
    if (reference !== null) query = query.where("orders.id", "=", reference);
    else if (text(search.orderId)) query = query.where(noRows);
    if (search.status === "pending" || search.status === "complete")
      query = query.where("orders.status", "=", search.status);
    else if (search.status === "cancelled")
      query = query.where("orders.cancelled_at", "is not", null);
    if (productName) {
      const pattern = containsIgnoringCase("order_items.product_name", productName);
      const matching = db().selectFrom("order_items").select("order_items.order_id").where(pattern);
      query = narrow
        ? query.where("orders.id", "in", matching)
        : query.where((eb) =>
            eb.exists(
              eb
                .selectFrom("order_items")
                .select("order_items.id")
                .whereRef("order_items.order_id", "=", "orders.id")
                .where(pattern),
            ),
          );
    }
    return query;
  };
  const total = await countRows(filtered(true));
  const rows = await filtered(total <= NARROW_SEARCH)
    .selectAll("orders")
    .orderBy("orders.created_at", "desc")
    .orderBy("orders.id", "desc")
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const items = rows.length
    ? await db()
        .selectFrom("order_items")
        .select([
          "order_id",
          "product_name",
          "product_description",
          "image_id",
          "position",
          "quantity",
          "unit_price_pence",
        ])
        .where(
          "order_id",
          "in",
          rows.map((r) => r.id),
        )
        .orderBy("id")
        .execute()
    : [];
  const orders = rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    collectionDate: r.collection_date,
    status: r.status,
    bookingStatus: r.booking_status,
    paymentMethod: paymentWayOf(r),
    totalPence: r.total_pence,
    source: r.source,
    cancelledAt: r.cancelled_at,
    refundPence: r.refund_pence,
    checkoutOutcome:
      search.kind === "checkouts"
        ? unfinishedCheckoutText(r.payment_closed, r.created_at, new Date())
        : null,
    billing: orderContact(r),
    items: items
      .filter((i) => i.order_id === r.id)
      .map((i) => ({
        productName: i.product_name,
        productDescription: i.product_description,
        imageId: i.image_id,
        position: i.position,
        quantity: i.quantity,
        unitPricePence: i.unit_price_pence,
      })),
  }));
  return { orders, total, limit, page };
}

/** One order with its items and the history of its changes. */
export async function getOrderWithHistory(id: number) {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const { orders } = await searchOrders({ orderId: String(id) });
  const order = orders[0];
  if (!order) return undefined;
  const [history, origin] = await Promise.all([
    db()
      .selectFrom("order_events")
      .select(["created_at", "field", "old_value", "new_value", "actor"])
      .where("order_id", "=", id)
      .orderBy("id")
      .execute(),
    db()
      .selectFrom("orders")
      .select([
        "quote_id",
        "business_name",
        "sic_code",
        "notes",
        "refund_reference",
        "arrival_window",
        "window_discount_pence",
        "area_surcharge_pence",
        "postcode",
      ])
      .where("id", "=", id)
      .executeTakeFirst(),
  ]);
  const window = origin?.arrival_window ?? "any";
  return {
    ...order,
    /** "Morning, 7:00 to 12:00" */
    arrival: (await arrivalOf(window)).arrival,
    /** the any-time discount taken off its total (pence; 0 when none) */
    windowDiscountPence: origin?.window_discount_pence ?? 0,
    /** the area's extra charge its total includes, named (null when none) */
    areaSurcharge: origin ? areaSurchargeOf(origin) : null,
    quoteId: origin?.quote_id ?? null,
    businessName: origin?.business_name ?? null,
    sicCode: origin?.sic_code ?? null,
    notes: origin?.notes ?? null,
    /** the gateway's id of the cancellation's card refund */
    refundReference: origin?.refund_reference ?? null,
    /** who cancelled it ("customer", or a staff username): its history row's actor */
    cancelledBy: order.cancelledAt
      ? (history.findLast((event) => event.field === "cancelled")?.actor ?? null)
      : null,
    history: history.map((event) => ({ ...event, text: historyText(event) })),
  };
}

/** The current search as CSV (every match, not only the page shown). */
export async function ordersCsv(search: OrderSearch): Promise<string> {
  const rows: string[][] = [
    [
      "order_id",
      "order_date",
      "collection_date",
      "payment_status",
      "booking_status",
      "customer",
      "email",
      "phone",
      "address",
      "items",
      "total_gbp",
      "payment_method",
      "cancelled_at",
      "refund_gbp",
    ],
  ];
  for (let page = 1; ; page++) {
    const { orders, total } = await searchOrders({ ...search, limit: 100, page });
    for (const o of orders) {
      rows.push([
        String(o.id),
        o.createdAt,
        o.collectionDate,
        o.status,
        o.bookingStatus,
        o.billing.full_name,
        o.billing.email,
        o.billing.phone_number,
        `${o.billing.address_1}, ${o.billing.town}, ${o.billing.postcode}`,
        o.items.map((i) => `${i.quantity} x ${i.productName}`).join("; "),
        (o.totalPence / 100).toFixed(2),
        o.paymentMethod,
        o.cancelledAt ?? "",
        o.refundPence === null ? "" : (o.refundPence / 100).toFixed(2),
      ]);
    }
    if (page * 100 >= total) break;
  }
  return toCsv(rows);
}
