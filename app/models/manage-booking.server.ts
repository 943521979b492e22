import crypto from "node:crypto";
import type { Transaction } from "kysely";
import { changeTerms, type ChangeTerms } from "~/lib/cancellation";
import { clientNetwork } from "~/lib/client-network";
import { PAYMENT_METHOD_LABELS, type PaymentMethod, type Position } from "~/lib/domain";
import { todayInLondon } from "~/lib/london-clock.server";
import { config } from "~/services/config.server";
import { db } from "~/services/db.server";
import type { DB } from "~/services/schema";
import { jobPhotosPath } from "./job-completion.server";
import { checkRateLimit, recordAttempt, retryAfterText } from "./rate-limit.server";

/**
 * "Manage your booking" (issue 18): the customer reaches their booking by
 * the link in their confirmation email, or by its reference and postcode,
 * without an account. See docs/rules.md#manage-your-booking.
 */

type Executor = Transaction<DB> | ReturnType<typeof db>;

const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;
export const managePath = (token: string) => `/booking/${token}`;

/**
 * The order's manage token, made now if it has none yet (24 random bytes).
 * Inside the caller's transaction when there is one.
 */
export async function manageToken(orderId: number, executor: Executor = db()): Promise<string> {
  await executor
    .updateTable("orders")
    .set({ manage_token: crypto.randomBytes(24).toString("base64url") })
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

/** "HB123", "hb 123", "123" → 123; null when it is no reference. */
export function parseReference(text: string): number | null {
  const match = /^\s*(?:HB)?\s*#?\s*(\d{1,9})\s*$/i.exec(text);
  if (!match) return null;
  const id = Number(match[1]);
  return id >= 1 && Number.isSafeInteger(id) ? id : null;
}

/** "rg1 4qx" → "RG14QX": postcodes compare without spaces or case. */
const postcodeKey = (text: string) => text.replace(/\s+/g, "").toUpperCase();

/**
 * Lookups that found nothing: a customer who mistypes needs a few, a guesser
 * thousands. Counted per network (10 an hour) and per reference (5 an hour,
 * so one booking cannot be tried against every postcode from many networks).
 */
const lookupLimits = (clientIp: string, reference: number | null) => [
  { bucket: `booking-lookup:${clientNetwork(clientIp)}`, max: 10, windowMs: 3_600_000 },
  ...(reference
    ? [{ bucket: `booking-lookup-ref:${reference}`, max: 5, windowMs: 3_600_000 }]
    : []),
];

export const LOOKUP_MESSAGES = {
  missing: "Please enter your booking reference and the postcode of the collection address",
  notFound:
    "We could not find a booking with that reference and postcode. Please check both, as they are on your confirmation email.",
} as const;

export type LookupResult =
  | { ok: true; token: string }
  | { ok: false; status: 400 | 404 | 429; message: string; retryAfterSeconds?: number };

/**
 * THE rule for finding a booking without its link: the reference and the
 * collection postcode must both match; a miss says so without saying which
 * half was wrong, and counts towards both limits; a refused address or
 * reference is told when to try again.
 */
export async function lookUpBooking(
  referenceText: string,
  postcodeText: string,
  clientIp: string,
  now = new Date(),
): Promise<LookupResult> {
  if (!referenceText.trim() || !postcodeText.trim())
    return { ok: false, status: 400, message: LOOKUP_MESSAGES.missing };
  const reference = parseReference(referenceText);
  const limits = lookupLimits(clientIp, reference);
  for (const limit of limits) {
    const check = await checkRateLimit(limit, now);
    if (!check.allowed)
      return {
        ok: false,
        status: 429,
        retryAfterSeconds: check.retryAfterSeconds,
        message: `Too many booking look-ups that found nothing. Please try again ${retryAfterText(check.retryAfterSeconds)}, or call us on ${config().business.phone}.`,
      };
  }
  const order = reference
    ? await db()
        .selectFrom("orders")
        .select(["id", "postcode", "status", "payment_method"])
        .where("id", "=", reference)
        .executeTakeFirst()
    : undefined;
  // Only a booking counts: an unpaid card checkout is not one yet.
  const found =
    order &&
    postcodeKey(order.postcode) === postcodeKey(postcodeText) &&
    (order.status === "complete" || order.payment_method !== "card");
  if (!found) {
    for (const limit of limits) await recordAttempt(limit.bucket, now);
    return { ok: false, status: 404, message: LOOKUP_MESSAGES.notFound };
  }
  return { ok: true, token: await manageToken(order.id) };
}

export interface ManagedBooking {
  reference: string;
  orderId: number;
  fullName: string;
  address: string;
  collectionDate: string;
  items: {
    name: string;
    position: Position | null;
    quantity: number;
    unitPricePence: number;
  }[];
  totalPence: number;
  paymentMethod: PaymentMethod;
  paymentLabel: string;
  paidPence: number;
  done: boolean;
  /** the customer's page of photos and documents, once the job is done */
  documentsPath: string | null;
  cancel: ChangeTerms;
  rearrange: ChangeTerms;
}

/** The booking behind a manage link; undefined for an unknown link or an unpaid checkout. */
export async function bookingForCustomer(
  token: string,
  now = new Date(),
): Promise<ManagedBooking | undefined> {
  if (!TOKEN.test(token)) return undefined;
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
      "orders.total_pence",
      "orders.payment_method",
      "orders.status",
      "orders.booking_status",
      "orders.created_at",
      "orders.paid_at",
      "job_completions.photo_token",
    ])
    .where("orders.manage_token", "=", token)
    .executeTakeFirst();
  if (!order || (order.payment_method === "card" && order.status !== "complete")) return undefined;
  const items = await db()
    .selectFrom("order_items")
    .select(["product_name", "position", "quantity", "unit_price_pence"])
    .where("order_id", "=", order.id)
    .orderBy("id")
    .execute();
  const paid = order.status === "complete";
  const paidPence = paid ? order.total_pence : 0;
  const done = order.booking_status === "complete";
  const terms = (kind: "cancel" | "rearrange") =>
    changeTerms({
      kind,
      bookedOn: todayInLondon(new Date(order.paid_at ?? order.created_at)),
      collectionDate: order.collection_date,
      today: todayInLondon(now),
      paidPence,
      jobDone: done,
      cancelled: false,
    });
  const method = PAYMENT_METHOD_LABELS[order.payment_method];
  return {
    reference: `HB${order.id}`,
    orderId: order.id,
    fullName: order.full_name,
    address: [order.address_1, order.town, order.postcode].join(", "),
    collectionDate: order.collection_date,
    items: items.map((item) => ({
      name: item.product_name,
      position: item.position,
      quantity: item.quantity,
      unitPricePence: item.unit_price_pence,
    })),
    totalPence: order.total_pence,
    paymentMethod: order.payment_method,
    paymentLabel: paid
      ? `Paid (${method.toLowerCase()})`
      : `To pay on the day (${method.toLowerCase()})`,
    paidPence,
    done,
    documentsPath: order.photo_token ? jobPhotosPath(order.photo_token) : null,
    cancel: terms("cancel"),
    rearrange: terms("rearrange"),
  };
}
