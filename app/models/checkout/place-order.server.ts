import type { Insertable, Kysely, Transaction } from "kysely";
import { orderLoad, pickWindow, type OverBy, type WindowChoice } from "~/lib/capacity";
import type { Position } from "~/lib/positions";
import type { WasteClass } from "~/lib/waste";
import { db, type DB } from "~/services/db.server";
import { lockKeys } from "~/services/dialect.server";
import { dayAvailability, type Need } from "./availability.server";
import { recordOrderEvent } from "./order-history.server";
import { holdDecision, holdsOn } from "../bookings/booking.server";
import { orderContact, type OrderContact } from "./order.server";
import { recordOverride, staffCapacityDecision } from "../bookings/staff-capacity.server";
import { vanForBooking } from "../bookings/vans.server";

/**
 * Placing an order (docs/decisions/036-one-order-writer.md): the one transaction that writes a
 * new order (web checkout, quote booking, staff booking), under its day's lock, with THE capacity
 * rule's claim, its van, a copy of its lines and the first entry of its history.
 */

/** An order line's copy of its product's waste class, in the line's columns. */
export interface WasteSnapshot {
  waste_description: string;
  low_code: string;
  pops: 0 | 1;
  hazardous: 0 | 1;
}

export function wasteSnapshot(waste: WasteClass): WasteSnapshot {
  return {
    waste_description: waste.wasteDescription,
    low_code: waste.lowCode,
    pops: waste.pops ? 1 : 0,
    hazardous: waste.hazardous ? 1 : 0,
  };
}

const NO_WASTE_SNAPSHOT = { waste_description: null, low_code: null, pops: null, hazardous: null };

/** An order line as it is written: a copy of what was bought, kept when the product changes. */
export interface OrderItem {
  /** null on a free line of a quote (or a product retired since it was priced) */
  productId: number | null;
  name: string;
  description: string;
  imageId: string | null;
  position: Position | null;
  unitPricePence: number;
  quantity: number;
  /** the product's waste class (docs/rules.md#waste-classes); null on a free line */
  waste: WasteSnapshot | null;
  /** what it takes of a van and a crew (issue 19); null until staff give a free line one */
  loadHundredths: number | null;
  handlingMinutes: number | null;
}

/** A priced line (a quote's or a staff booking's) as an order line, with its product's details. */
export function orderItemOf(
  line: {
    position: Position | null;
    description: string;
    unitPricePence: number;
    quantity: number;
  },
  product:
    { id: number; description: string; imageId: string | null; waste: WasteClass } | undefined,
  load: { loadHundredths: number | null; handlingMinutes: number | null },
): OrderItem {
  return {
    productId: product?.id ?? null,
    name: line.description,
    description: product?.description ?? "",
    imageId: product?.imageId ?? null,
    position: line.position,
    unitPricePence: line.unitPricePence,
    quantity: line.quantity,
    waste: product ? wasteSnapshot(product.waste) : null,
    ...load,
  };
}

/**
 * How the order claims its share of the day. A customer's unpaid card order must fit the window
 * asked for (null: the first that fits) and may hold only its share of the day's unpaid orders;
 * staff may book a full day with a reason, never a closed one.
 */
export type CapacityClaim =
  | { by: "customer"; window: WindowChoice | null; clientKey: string }
  | { by: "staff"; window: WindowChoice | null; overReason: string };

/** Why the claim was refused, and the form field that says so. */
export interface ClaimRefusal {
  field: "date" | "window" | "over_reason";
  message: string;
}

/** The columns a caller gives the order; contact, business, date and window are placeOrder's. */
type OrderColumns = Omit<
  Insertable<DB["orders"]>,
  | keyof OrderContact
  | "business_name"
  | "sic_code"
  | "collection_date"
  | "arrival_window"
  | "total_pence"
>;

export interface OrderToPlace<Refusal> {
  date: string;
  now: Date;
  /** locks held with the day's: the quote's, the address's limit, the form's token */
  locks?: readonly string[];
  claim: CapacityClaim;
  contact: OrderContact;
  business: { name: string; sicCode: string | null } | null;
  items: readonly OrderItem[];
  /** the total before any discount the window takes off (discountFor) */
  totalPence: number;
  /** what the window chosen takes off the total (the any-time discount); 0 by default */
  discountFor?: (window: WindowChoice) => number;
  /** the rest of the order's columns: payment method, source, token, quote, … */
  columns: OrderColumns;
  /** the history's first entry: what made the order, and who */
  history: { created: string; actor: string };
  /** refusals looked at under the locks, before the claim: a twin order, the address's limit… */
  refuseBefore?: (trx: Transaction<DB>) => Promise<Refusal | null>;
  /** … and after it (a quote already booked is told after a full day) */
  refuseAfter?: (trx: Transaction<DB>) => Promise<Refusal | null>;
  /** writes that belong with the order: the address's attempt, the quote answered */
  alsoWrite?: (trx: Transaction<DB>, orderId: number) => Promise<void>;
}

/** The order written, as the payment that follows needs it. */
export interface PlacedOrder {
  id: number;
  created_at: string;
  email: string;
  status: "pending" | "complete";
  payment_closed: string | null;
}

export type PlaceOrderResult<Refusal> =
  | { outcome: "placed"; order: PlacedOrder; window: WindowChoice; overCapacity: boolean }
  | { outcome: "refused"; refusal: Refusal }
  | { outcome: "full"; refusal: ClaimRefusal };

type Claimed =
  | { ok: true; window: WindowChoice; over?: { overBy: OverBy; reason: string } }
  | ({ ok: false } & ClaimRefusal);

/** THE capacity rule asked inside the transaction that writes the order (the day's lock held). */
async function claimCapacity(
  trx: Kysely<DB>,
  date: string,
  need: Need,
  claim: CapacityClaim,
  now: Date,
): Promise<Claimed> {
  if (claim.by === "staff") {
    const answer = await dayAvailability(date, need, { now, executor: trx, staffOverride: true });
    const decision = staffCapacityDecision(answer, claim.window, claim.overReason);
    if (!decision.ok) return decision;
    return decision.over
      ? { ok: true, window: decision.window, over: decision }
      : { ok: true, window: decision.window };
  }
  const answer = await dayAvailability(date, need, { now, executor: trx });
  const pick = pickWindow(answer, claim.window);
  if (!pick.ok)
    return { ok: false, message: pick.message, field: pick.dayFull ? "date" : "window" };
  const decision = holdDecision({
    slot: pick.slot,
    maxJobs: answer.jobsCapacity,
    ...(await holdsOn(date, claim.clientKey, now, trx)),
  });
  if (!decision.ok) return { ok: false, message: decision.message, field: "date" };
  return { ok: true, window: pick.window };
}

/** An order line's row: its product's waste class and load as they were when it was ordered. */
function itemRow(orderId: number, item: OrderItem): Insertable<DB["order_items"]> {
  return {
    order_id: orderId,
    product_id: item.productId,
    product_name: item.name,
    product_description: item.description,
    ...(item.waste ?? NO_WASTE_SNAPSHOT),
    load_hundredths: item.loadHundredths,
    handling_minutes: item.handlingMinutes,
    image_id: item.imageId,
    position: item.position,
    unit_price_pence: item.unitPricePence,
    quantity: item.quantity,
  };
}

/**
 * Writes a new order in one transaction holding its day's lock (and the caller's): the caller's
 * refusals, THE capacity rule's claim (the window taken), the order with its lines and the first
 * entry of its history (with the reason when staff booked over capacity), and what the caller
 * writes with it. Two orders racing for a day's last room wait for each other, whichever process
 * of the shop they reach, so only one has it. Nothing is written when it is refused.
 */
export async function placeOrder<Refusal>(
  place: OrderToPlace<Refusal>,
): Promise<PlaceOrderResult<Refusal>> {
  const need = orderLoad(place.items);
  return db()
    .transaction()
    .execute(async (trx): Promise<PlaceOrderResult<Refusal>> => {
      await lockKeys(trx, [`day:${place.date}`, ...(place.locks ?? [])]);
      const before = await place.refuseBefore?.(trx);
      if (before) return { outcome: "refused", refusal: before };
      const claimed = await claimCapacity(trx, place.date, need, place.claim, place.now);
      if (!claimed.ok)
        return { outcome: "full", refusal: { field: claimed.field, message: claimed.message } };
      const after = await place.refuseAfter?.(trx);
      if (after) return { outcome: "refused", refusal: after };
      const discountPence = place.discountFor?.(claimed.window) ?? 0;
      const vanId = await vanForBooking(trx, {
        day: place.date,
        window: claimed.window,
        need,
        now: place.now,
      });
      const order = await trx
        .insertInto("orders")
        .values({
          ...place.columns,
          ...orderContact(place.contact),
          business_name: place.business?.name ?? null,
          sic_code: place.business?.sicCode ?? null,
          collection_date: place.date,
          arrival_window: claimed.window,
          van_id: vanId,
          window_discount_pence: discountPence,
          total_pence: place.totalPence - discountPence,
        })
        .returning(["id", "created_at", "email", "status", "payment_closed"])
        .executeTakeFirstOrThrow();
      if (place.items.length > 0)
        await trx
          .insertInto("order_items")
          .values(place.items.map((item) => itemRow(order.id, item)))
          .execute();
      const { actor } = place.history;
      await recordOrderEvent(trx, {
        orderId: order.id,
        field: "created",
        oldValue: null,
        newValue: place.history.created,
        actor,
      });
      if (claimed.over) await recordOverride(trx, order.id, claimed.over, actor);
      await place.alsoWrite?.(trx, order.id);
      return {
        outcome: "placed",
        order,
        window: claimed.window,
        overCapacity: Boolean(claimed.over),
      };
    });
}
