import crypto from "node:crypto";
import net from "node:net";
import { z } from "zod";
import { isIsoDay, isMonth, monthGrid, shiftMonth, type CalendarMonth } from "~/lib/calendar";
import { formatLongDate, formatPence } from "~/lib/format";
import { fieldErrors, type FieldErrors } from "~/lib/forms";
import { createTtlCache } from "~/lib/ttl-cache";
import { CHECKOUT_CHECK_DETAILS, CHECKOUT_FAILED, EMPTY_BAG_MESSAGE } from "~/lib/messages";
import { isPosition, POSITION_LABELS } from "~/lib/positions";
import { config } from "~/services/config.server";
import { db } from "~/services/db.server";
import type Stripe from "stripe";
import {
  paymentGateway,
  sessionFromStripe,
  type GatewaySession,
  type PaymentGateway,
  type UiMode,
} from "~/services/payments.server";
import type { PaymentClosed } from "~/lib/domain";
import {
  activeBookingsByDay,
  bookingRules,
  checkCollectionDate,
  dayLoad,
  holdDecision,
  PAYMENT_WINDOW_MINUTES,
} from "./booking.server";
import { checkOrderLines, priceBag, type BagLine, type RawLine } from "./cart.server";
import { enqueueEmail, type OutgoingEmail } from "./outbox.server";
import { getProductsByIds } from "./product.server";
import { checkRateLimit, recordAttempt, retryAfterText } from "./rate-limit.server";
import { getSetting } from "./settings.server";

/**
 * Checkout (issue "Checkout and card payment"): the bag becomes a pending card
 * order with a snapshot of its items, the payment gateway gives a session, and
 * one idempotent function marks the order paid, whoever reports the payment
 * first (the /payment page, the webhook or the demo page).
 */

/** No control characters (NUL and the like) in what we store and print on emails. */
const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;
const CONTROL_CHARACTERS_MESSAGE = "Please remove the unusual characters from this field";

/** A text field: a string (nothing else), trimmed, required, bounded, printable. */
const textField = (
  missing: string,
  max: number,
  tooLong = `Please keep this to ${max} characters`,
) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, tooLong)
    .regex(NO_CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE);

export const checkoutSchema = z.object({
  full_name: textField("Please enter your full name", 120),
  email: z
    .string({ error: "Please enter a valid email address" })
    .trim()
    .max(200, "Please enter a valid email address")
    .pipe(z.email("Please enter a valid email address")),
  phone_number: textField("Please enter your phone number", 40).regex(
    /^[0-9 +()-]{7,}$/,
    "Please enter a phone number we can call, such as 07700 900123",
  ),
  address_1: textField("Please enter the first line of your address", 200),
  town: textField("Please enter your town or city", 100),
  postcode: textField("Please enter your postcode", 10, "Please enter a UK postcode").regex(
    /^[A-Za-z]{1,2}[0-9][A-Za-z0-9]? ?[0-9][A-Za-z]{2}$/,
    "Please enter a UK postcode",
  ),
});

/** Cart items one /api checkout may send before the order limits are even looked at. */
const MAX_API_CART_ITEMS = 200;

/**
 * The body of POST /api/products/create-checkout-session/ (spec §7): the
 * billing details (checked by checkoutSchema, as the page's form is) and the
 * cart items, checked line by line by checkOrderLines. Prices in it are ignored.
 */
export const apiCheckoutSchema = z.object(
  {
    billing_infomation: z.record(z.string(), z.unknown(), {
      error: "billing_infomation must be an object with your details",
    }),
    cart_items: z
      .array(
        z.record(z.string(), z.unknown(), {
          error: "Each cart item must be an object such as {id, addon: {label}, quantity}",
        }),
        { error: "cart_items must be a list of the items to collect" },
      )
      .min(1, EMPTY_BAG_MESSAGE)
      .max(MAX_API_CART_ITEMS, `Please send at most ${MAX_API_CART_ITEMS} cart items`),
  },
  { error: "Send a JSON object: {billing_infomation, cart_items}" },
);

const POSITION_BY_LABEL = new Map(
  Object.entries(POSITION_LABELS).map(([position, label]) => [label.toLowerCase(), position]),
);

/**
 * A spec cart item ({id, addon: {label}, quantity, …}) → a line to check: the
 * id (a number, or digits), the option (by `position`, or the option's label)
 * and the quantity exactly as sent. Nothing is corrected here.
 */
export function apiCartLine(item: Record<string, unknown>): RawLine {
  const { id, addon, position, quantity } = item;
  const label =
    addon && typeof addon === "object" ? (addon as Record<string, unknown>).label : undefined;
  const chosen = isPosition(position)
    ? position
    : typeof label === "string"
      ? (POSITION_BY_LABEL.get(label.trim().toLowerCase()) ?? (isPosition(label) ? label : null))
      : null;
  return {
    id: typeof id === "string" && /^\d{1,9}$/.test(id) ? Number(id) : id,
    position: chosen,
    quantity,
  };
}

export type CheckoutField = keyof z.infer<typeof checkoutSchema> | "date";
export const CHECKOUT_FIELDS = [
  "full_name",
  "email",
  "phone_number",
  "address_1",
  "town",
  "postcode",
  "date",
] as const satisfies readonly CheckoutField[];

/** The notice above the form: the date's own message when only the date is wrong (spec §8). */
function checkoutFailureMessage(errors: FieldErrors<CheckoutField>): string {
  const fields = Object.keys(errors).filter((field) => field !== "date");
  if (fields.length > 0) return CHECKOUT_CHECK_DETAILS;
  return errors.date ?? CHECKOUT_FAILED;
}

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;
export const newCheckoutToken = () => crypto.randomBytes(18).toString("base64url");

/** New checkouts one address may start: 12 an hour (a household needs one or two). */
export function checkoutRateLimit(clientIp: string) {
  return { bucket: `checkout:${clientIp}`, max: 12, windowMs: 3_600_000 };
}

function checkoutRateLimitMessage(retryAfterSeconds: number): string {
  return `You have started several checkouts in the last hour. Please try again ${retryAfterText(retryAfterSeconds)}, or call us on ${config().business.phone} to book.`;
}

/** An IPv6 address written out in full (eight groups), or null when it is not one. */
function expandIpv6(address: string): string[] | null {
  if (!net.isIPv6(address) || address.includes(".")) return null;
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((g) =>
    g.toLowerCase().padStart(4, "0"),
  );
}

/**
 * The key an order stores for the address a checkout came from: a keyed hash
 * (HMAC with the server's secret), never the address itself. An IPv6 address
 * counts by its /64, which one household or phone holds whole.
 */
export function clientKeyOf(clientIp: string): string {
  let address = clientIp.trim().toLowerCase();
  if (address.startsWith("::ffff:") && net.isIPv4(address.slice(7))) address = address.slice(7);
  const v6 = expandIpv6(address);
  const network = v6 ? `${v6.slice(0, 4).join(":")}::/64` : address;
  return crypto
    .createHmac("sha256", config().sessionSecret)
    .update(`checkout-client:${network}`)
    .digest("base64url")
    .slice(0, 22);
}

export function cardPaymentUnavailableMessage(): string {
  return `Card payment is not available online at the moment. To book a collection, call us on ${config().business.phone}.`;
}

// ---------------------------------------------------------------------------
// The calendar

export interface CheckoutCalendar extends CalendarMonth {
  firstDay: string;
  lastDay: string;
}
type CalendarDay = CalendarMonth["weeks"][number][number];

/** A month of collection days, each marked bookable or with the reason it is not. */
export async function collectionCalendar(
  requested: string | null | undefined,
  now = new Date(),
): Promise<CheckoutCalendar> {
  const rules = await bookingRules(now);
  const firstMonth = rules.firstDay.slice(0, 7);
  const lastMonth = rules.lastDay.slice(0, 7);
  const month =
    isMonth(requested) && requested >= firstMonth && requested <= lastMonth
      ? requested
      : firstMonth;
  const grid = monthGrid(month);
  const from = grid[0]![0]!.day;
  const to = grid.at(-1)!.at(-1)!.day;
  const booked = await activeBookingsByDay(from, to, now);
  const weeks = grid.map((week) =>
    week.map(({ day, inMonth }): CalendarDay => {
      if (!inMonth) return { day, state: "outside" };
      if (day < rules.firstDay) return { day, state: "past" };
      if (day > rules.lastDay) return { day, state: "beyond" };
      if ((booked.get(day) ?? 0) >= rules.capacity) return { day, state: "full" };
      return { day, state: "available" };
    }),
  );
  return {
    month,
    weeks,
    firstDay: rules.firstDay,
    lastDay: rules.lastDay,
    previous: month > firstMonth ? shiftMonth(month, -1) : null,
    next: month < lastMonth ? shiftMonth(month, 1) : null,
  };
}

// ---------------------------------------------------------------------------
// Starting a payment

export interface CheckoutRequest {
  values: Record<string, unknown>;
  /** the order's lines as sent (the bag cookie, or an /api client's cart): checked here */
  lines: readonly RawLine[];
  uiMode: UiMode;
  /** the form's one-time token: a repeated submit finds the same order */
  token: string | null | undefined;
  /** the site's address, for the provider's return links */
  siteUrl: string;
  /** the visitor's address, for the limit on new orders */
  clientIp: string;
  now?: Date;
}

export type CheckoutResult =
  | {
      ok: false;
      status: 400 | 429 | 502 | 503;
      message: string;
      /** with a 429: when to try again */
      retryAfterSeconds?: number;
      errors: FieldErrors<CheckoutField>;
      /** lines dropped from the bag because their product left the shop */
      dropped: number;
      /** what is wrong with the order's lines, one message per problem, naming the line */
      lineErrors?: string[];
    }
  | {
      ok: true;
      orderId: number;
      /** lets the customer give this checkout up (abandonCheckout) */
      abandonKey: string;
      session: GatewaySession;
      gateway: PaymentGateway["kind"];
      alreadyPaid: boolean;
    };

const failure = (
  status: 400 | 429 | 502 | 503,
  message: string,
  errors: FieldErrors<CheckoutField> = {},
  dropped = 0,
): CheckoutResult => ({ ok: false, status, message, errors, dropped });

interface OrderForSession {
  id: number;
  created_at: string;
  email: string;
  status: string;
  payment_closed: PaymentClosed | null;
}

/**
 * What lets a customer give up their own unpaid checkout (and nobody else's):
 * a keyed hash of the order, carried in the provider's "back" link and in
 * the embedded form's Cancel button.
 */
export function abandonKey(order: { id: number; created_at: string }): string {
  return crypto
    .createHmac("sha256", config().sessionSecret)
    .update(`abandon-checkout:${order.id}:${order.created_at}`)
    .digest("base64url")
    .slice(0, 22);
}

export type AbandonResult =
  /** the hold is released; the details typed, to fill the form again */
  | { state: "released"; details: Record<string, string> }
  /** it was paid after all: show the payment page */
  | { state: "paid"; sessionId: string }
  /** the provider did not answer: the hold stays until it expires */
  | { state: "unavailable"; details: Record<string, string> }
  | { state: "unknown" };

/**
 * The customer gave up an unpaid checkout (Stripe's "back" link, the Cancel
 * button by the embedded form): the payment session is closed at the
 * provider first, so it can no longer be paid, then the order's hold is
 * released at once. If the payment got there first, the order is completed
 * instead.
 */
export async function abandonCheckout(orderId: unknown, key: unknown): Promise<AbandonResult> {
  const id = Number(orderId);
  if (!Number.isSafeInteger(id) || id < 1 || typeof key !== "string") return { state: "unknown" };
  const order = await db()
    .selectFrom("orders")
    .select([
      "id",
      "created_at",
      "status",
      "payment_closed",
      "payment_session_id",
      "full_name",
      "email",
      "phone_number",
      "address_1",
      "town",
      "postcode",
      "collection_date",
    ])
    .where("id", "=", id)
    .where("payment_method", "=", "card")
    .where("source", "=", "web")
    .executeTakeFirst();
  if (!order) return { state: "unknown" };
  const expected = Buffer.from(abandonKey(order));
  const given = Buffer.from(key);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given))
    return { state: "unknown" };
  const { full_name, email, phone_number, address_1, town, postcode, collection_date } = order;
  const details = {
    full_name,
    email,
    phone_number,
    address_1,
    town,
    postcode,
    date: collection_date,
  };
  if (order.status === "complete" && order.payment_session_id)
    return { state: "paid", sessionId: order.payment_session_id };
  if (order.payment_closed) return { state: "released", details };

  const gateway = paymentGateway();
  if (gateway && order.payment_session_id) {
    try {
      const session = await gateway.expireSession(order.payment_session_id);
      if (session?.paid) {
        await completePayment(session, gateway.kind);
        return { state: "paid", sessionId: session.id };
      }
    } catch (error) {
      console.error(`checkout: could not close the payment of order ${order.id}:`, error);
      return { state: "unavailable", details };
    }
  }
  await closePayment(order.id, "expired");
  return { state: "released", details };
}

/** The idempotency key and lifetime come from the order, so asking again gets the same session. */
async function sessionFor(
  gateway: PaymentGateway,
  order: OrderForSession,
  uiMode: UiMode,
  siteUrl: string,
): Promise<GatewaySession> {
  const items = await db()
    .selectFrom("order_items")
    .select(["product_name", "position", "unit_price_pence", "quantity"])
    .where("order_id", "=", order.id)
    .orderBy("id")
    .execute();
  const created = Date.parse(order.created_at);
  const session = await gateway.createSession({
    orderId: order.id,
    uiMode,
    lines: items.map((item) => ({
      name: `${item.product_name} (${POSITION_LABELS[item.position]})`,
      unitPence: item.unit_price_pence,
      quantity: item.quantity,
    })),
    customerEmail: order.email,
    expiresAt: Math.floor(created / 1000) + PAYMENT_WINDOW_MINUTES * 60,
    idempotencyKey: `order-${order.id}-${created}-${uiMode}`,
    siteUrl,
    cancelUrl: `${siteUrl}/checkout?cancelled=1&order=${order.id}&key=${abandonKey(order)}`,
  });
  await db()
    .updateTable("orders")
    .set({ payment_session_id: session.id, updated_at: new Date().toISOString() })
    .where("id", "=", order.id)
    .execute();
  return session;
}

/**
 * Checks the form and the bag, writes the order (pending, card, web) with
 * its items' snapshot and a total computed from the database, and asks the
 * gateway for a session. A repeated submit with the same token returns the
 * same order and session. The day's capacity is checked again inside the
 * transaction that writes the order, so two customers racing for the last
 * slot cannot both have it. The gateway is asked after that transaction: a
 * network call must not hold the database, and a failed call frees the slot.
 */
export async function startCheckout(request: CheckoutRequest): Promise<CheckoutResult> {
  const gateway = paymentGateway();
  if (!gateway) return failure(503, cardPaymentUnavailableMessage());
  const now = request.now ?? new Date();
  const token =
    typeof request.token === "string" && TOKEN.test(request.token) ? request.token : null;

  if (token) {
    const existing = await db()
      .selectFrom("orders")
      .select(["id", "created_at", "email", "status", "payment_closed", "payment_session_id"])
      .where("checkout_token", "=", token)
      .executeTakeFirst();
    if (existing?.status === "complete" && existing.payment_session_id) {
      const session = await gateway.retrieveSession(existing.payment_session_id);
      if (session)
        return {
          ok: true,
          orderId: existing.id,
          abandonKey: abandonKey(existing),
          session,
          gateway: gateway.kind,
          alreadyPaid: true,
        };
    }
    if (existing && !existing.payment_closed) {
      try {
        const session = await sessionFor(gateway, existing, request.uiMode, request.siteUrl);
        return {
          ok: true,
          orderId: existing.id,
          abandonKey: abandonKey(existing),
          session,
          gateway: gateway.kind,
          alreadyPaid: false,
        };
      } catch (error) {
        console.error(`checkout: session for order ${existing.id} failed:`, error);
        return failure(502, CHECKOUT_FAILED);
      }
    }
    // A payment that ended (declined, expired) frees its token for a fresh attempt.
    if (existing)
      await db()
        .updateTable("orders")
        .set({ checkout_token: null })
        .where("id", "=", existing.id)
        .execute();
  }

  const parsed = checkoutSchema.safeParse(request.values);
  const errors: FieldErrors<CheckoutField> = parsed.success
    ? {}
    : fieldErrors<CheckoutField>(parsed.error);
  const date = request.values.date;
  const dateCheck = await checkCollectionDate(date, "customer", now);
  if (!dateCheck.ok) errors.date = dateCheck.message;
  if (request.lines.length === 0) return failure(400, EMPTY_BAG_MESSAGE, errors);
  // Every line is checked, duplicates merged and the order kept within the limits, before anything is written.
  const checked = await checkOrderLines(request.lines);
  if (!checked.ok)
    return {
      ...failure(400, checked.errors.join(" "), errors, checked.unavailable),
      lineErrors: checked.errors,
    } as CheckoutResult;
  const bag = await priceBag(checked.lines);
  // A product retired in the moment between the check and the pricing: never book a shorter order.
  if (bag.dropped > 0)
    return failure(400, "An item in your order has just become unavailable.", errors, bag.dropped);
  if (!parsed.success || !dateCheck.ok || !isIsoDay(date))
    return failure(400, checkoutFailureMessage(errors), errors);
  const rules = await bookingRules(now);

  // Each new order holds a slot for up to 31 minutes: one address may start only so many.
  const limit = await checkRateLimit(checkoutRateLimit(request.clientIp), now);
  if (!limit.allowed)
    return {
      ...failure(429, checkoutRateLimitMessage(limit.retryAfterSeconds)),
      retryAfterSeconds: limit.retryAfterSeconds,
    } as CheckoutResult;

  const contact = parsed.data;
  const descriptions = await getProductsByIds(bag.lines.map((l) => l.id));
  const clientKey = clientKeyOf(request.clientIp);
  // The day's count and the insert are one transaction: two checkouts racing
  // for the last slot (or the last hold) cannot both have it.
  const created = await db()
    .transaction()
    .execute(async (trx) => {
      const decision = holdDecision(await dayLoad(date, clientKey, rules.capacity, now, trx));
      if (!decision.ok) return decision;
      const order = await trx
        .insertInto("orders")
        .values({
          created_at: now.toISOString(),
          full_name: contact.full_name,
          email: contact.email,
          phone_number: contact.phone_number,
          address_1: contact.address_1,
          town: contact.town,
          postcode: contact.postcode.toUpperCase(),
          collection_date: date,
          payment_method: "card",
          total_pence: bag.subtotalPence,
          checkout_token: token ?? newCheckoutToken(),
          source: "web",
          client_key: clientKey,
        })
        .returning(["id", "created_at", "email", "status", "payment_closed"])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("order_items")
        .values(
          bag.lines.map((line: BagLine) => ({
            order_id: order.id,
            product_id: line.id,
            product_name: line.name,
            product_description: descriptions.get(line.id)?.description ?? "",
            image_id: line.image.id,
            position: line.position,
            unit_price_pence: line.unitPricePence,
            quantity: line.quantity,
          })),
        )
        .execute();
      await trx
        .insertInto("order_events")
        .values({
          order_id: order.id,
          field: "created",
          old_value: null,
          new_value: "web checkout",
          actor: "customer",
        })
        .execute();
      return order;
    });
  if ("ok" in created) return failure(400, created.message, { date: created.message });
  await recordAttempt(checkoutRateLimit(request.clientIp).bucket, now);

  try {
    const session = await sessionFor(gateway, created, request.uiMode, request.siteUrl);
    return {
      ok: true,
      orderId: created.id,
      abandonKey: abandonKey(created),
      session,
      gateway: gateway.kind,
      alreadyPaid: false,
    };
  } catch (error) {
    console.error(`checkout: payment session for order ${created.id} failed:`, error);
    await closePayment(created.id, "failed");
    return failure(502, CHECKOUT_FAILED);
  }
}

// ---------------------------------------------------------------------------
// Finishing a payment

export type CompletionOutcome = "paid" | "already-paid" | "not-paid" | "mismatch" | "unknown-order";

/**
 * Marks an order paid from a gateway's session: checks the amount and
 * currency against the order, sets status complete, and writes the customer's
 * confirmation and the business's new-booking email to the outbox, all in one
 * transaction. Calling it again changes nothing and sends nothing twice.
 */
export async function completePayment(
  session: GatewaySession,
  actor: string,
): Promise<{ outcome: CompletionOutcome; orderId: number | null }> {
  const orderId = session.orderId;
  if (!orderId) return { outcome: "unknown-order", orderId: null };
  // Read before the transaction: inside it, only `trx` may touch the database.
  const vatRate = Number((await getSetting("vat_rate_percent")) ?? 20);
  const outcome = await db()
    .transaction()
    .execute(async (trx): Promise<CompletionOutcome> => {
      const order = await trx
        .selectFrom("orders")
        .selectAll()
        .where("id", "=", orderId)
        .where("payment_method", "=", "card")
        .executeTakeFirst();
      if (!order) return "unknown-order";
      if (order.status === "complete") return "already-paid";
      if (!session.paid) return "not-paid";
      if (session.amountTotal !== order.total_pence || session.currency?.toLowerCase() !== "gbp") {
        const refusal = `refused: session ${session.id} paid ${session.amountTotal} ${session.currency}`;
        // Reported before (a replay, the customer's return, or staff already checked it): nothing new.
        const seen = await trx
          .selectFrom("order_events")
          .select("id")
          .where("order_id", "=", order.id)
          .where("field", "=", "payment")
          .where("new_value", "=", refusal)
          .executeTakeFirst();
        if (seen) return "mismatch";
        console.error(
          `payment: order ${order.id} expected ${order.total_pence} gbp, session ${session.id} has ${session.amountTotal} ${session.currency}`,
        );
        await trx
          .insertInto("order_events")
          .values({
            order_id: order.id,
            field: "payment",
            old_value: null,
            new_value: refusal,
            actor,
          })
          .execute();
        // Flag the order for staff, and tell them once per order.
        const now = new Date().toISOString();
        const flagged = await trx
          .updateTable("orders")
          .set({ payment_review_at: now, updated_at: now })
          .where("id", "=", order.id)
          .where("payment_review_at", "is", null)
          .executeTakeFirst();
        if (Number(flagged.numUpdatedRows) > 0)
          await enqueueEmail(trx, paymentReviewNotice(order, session));
        return "mismatch";
      }
      const now = new Date().toISOString();
      const updated = await trx
        .updateTable("orders")
        .set({
          status: "complete",
          paid_at: now,
          payment_session_id: session.id,
          payment_closed: null,
          updated_at: now,
        })
        .where("id", "=", order.id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return "already-paid";
      await trx
        .insertInto("order_events")
        .values({
          order_id: order.id,
          field: "status",
          old_value: "pending",
          new_value: "complete",
          actor,
        })
        .execute();
      const items = await trx
        .selectFrom("order_items")
        .select(["product_name", "position", "unit_price_pence", "quantity"])
        .where("order_id", "=", order.id)
        .orderBy("id")
        .execute();
      const receipt: Receipt = { ...order, items, vatRate };
      await enqueueEmail(trx, customerConfirmation(receipt));
      await enqueueEmail(trx, businessNotification(receipt));
      return "paid";
    });
  return { outcome, orderId };
}

/** An unpaid card payment ended (expired, declined, or the gateway failed): its slot is free again. */
export async function closePayment(orderId: number, reason: PaymentClosed): Promise<void> {
  await db()
    .updateTable("orders")
    .set({ payment_closed: reason, updated_at: new Date().toISOString() })
    .where("id", "=", orderId)
    .where("status", "=", "pending")
    .where("payment_closed", "is", null)
    .execute();
}

export interface PaymentStatus {
  /** the gateway's word (open, complete, expired, declined), or "review" (paid, but not what the order costs) or "unavailable" (the gateway did not answer) */
  status: string;
  /** paid within the last two hours: the bag it came from should be emptied */
  justPaid: boolean;
  order: {
    id: number;
    fullName: string;
    email: string;
    collectionDate: string;
    totalPence: number;
  } | null;
}

/** How long after a checkout its page may still empty the bag or refill the form for "Try again". */
const RECENT_CHECKOUT_MS = 2 * 60 * 60 * 1000;

/**
 * Statuses read lately, for the anonymous /api (a page may poll it): the
 * gateway is asked about one session at most once every few seconds, and
 * requests that arrive together share one call. Bounded, so a stream of
 * made-up ids cannot grow it.
 */
const PAYMENT_STATUS_TTL_MS = 4_000;
const recentStatuses = createTtlCache<Promise<PaymentStatus | null>>({
  ttlMs: PAYMENT_STATUS_TTL_MS,
  max: 1_000,
});

/**
 * GET /api/products/payment_status: as readPaymentStatus, from the cache
 * when it was read in the last few seconds. An id that cannot be one of the
 * gateway's sessions is answered without asking the gateway.
 */
export async function cachedPaymentStatus(sessionId: string): Promise<PaymentStatus | null> {
  const gateway = paymentGateway();
  if (!gateway || !gateway.isSessionId(sessionId)) return null;
  const cached = recentStatuses.get(sessionId);
  if (cached) return cached;
  const reading = readPaymentStatus(sessionId);
  recentStatuses.set(sessionId, reading);
  const status = await reading.catch((error: unknown) => {
    recentStatuses.delete(sessionId);
    throw error;
  });
  // A gateway that did not answer is asked again next time.
  if (status?.status === "unavailable") recentStatuses.delete(sessionId);
  return status;
}

/**
 * A payment's status for the /payment page and the /api: asks the gateway,
 * and completes the order when it is paid (the webhook may not have arrived
 * yet) or releases its slot when the session expired. null: no such payment.
 */
export async function readPaymentStatus(sessionId: string): Promise<PaymentStatus | null> {
  const gateway = paymentGateway();
  if (!gateway || !gateway.isSessionId(sessionId)) return null;
  let session: GatewaySession | null;
  try {
    session = await gateway.retrieveSession(sessionId);
  } catch (error) {
    console.error(`payment: could not read session ${sessionId}:`, error);
    return { status: "unavailable", justPaid: false, order: null };
  }
  if (!session) return null;
  let outcome: CompletionOutcome | null = null;
  if (session.paid) outcome = (await completePayment(session, gateway.kind)).outcome;
  else if (session.status === "expired" && session.orderId)
    await closePayment(session.orderId, "expired");
  const order = session.orderId
    ? await db()
        .selectFrom("orders")
        .select(["id", "full_name", "email", "collection_date", "total_pence", "status", "paid_at"])
        .where("id", "=", session.orderId)
        .executeTakeFirst()
    : undefined;
  const paid = order?.status === "complete";
  const result: PaymentStatus = {
    status: paid ? "complete" : outcome === "mismatch" ? "review" : session.status,
    justPaid:
      paid &&
      Boolean(order.paid_at) &&
      Date.now() - Date.parse(order.paid_at!) < RECENT_CHECKOUT_MS,
    order: order
      ? {
          id: order.id,
          fullName: order.full_name,
          email: order.email,
          collectionDate: order.collection_date,
          totalPence: order.total_pence,
        }
      : null,
  };
  // The /api's recent answers follow what this read found (the page may just have completed it).
  recentStatuses.set(sessionId, Promise.resolve(result));
  return result;
}

export async function orderItemsSummary(orderId: number) {
  const items = await db()
    .selectFrom("order_items")
    .select(["product_name", "position", "unit_price_pence", "quantity"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  return items.map((item) => ({
    name: item.product_name,
    positionLabel: POSITION_LABELS[item.position],
    quantity: item.quantity,
    lineTotalPence: item.unit_price_pence * item.quantity,
  }));
}

/**
 * A verified Stripe webhook event. Each event id is handled once: a replay
 * does nothing. The id is remembered after the work, so an event that failed
 * half way is handled again when Stripe retries it.
 */
export async function handleStripeEvent(
  event: Stripe.Event,
): Promise<"done" | "replayed" | "ignored"> {
  const seen = await db()
    .selectFrom("payment_events")
    .select("id")
    .where("id", "=", event.id)
    .executeTakeFirst();
  if (seen) return "replayed";
  let result: "done" | "ignored" = "done";
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const { outcome } = await completePayment(sessionFromStripe(event.data.object), "stripe");
      if (outcome === "unknown-order") result = "ignored";
      break;
    }
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed": {
      const session = sessionFromStripe(event.data.object);
      const reason = event.type === "checkout.session.expired" ? "expired" : "failed";
      if (session.orderId) await closePayment(session.orderId, reason);
      else result = "ignored";
      break;
    }
    default:
      result = "ignored";
  }
  await db()
    .insertInto("payment_events")
    .values({ id: event.id, type: event.type })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  return result;
}

// ---------------------------------------------------------------------------
// Emails

interface Receipt {
  id: number;
  full_name: string;
  email: string;
  phone_number: string;
  address_1: string;
  town: string;
  postcode: string;
  collection_date: string;
  total_pence: number;
  items: {
    product_name: string;
    position: keyof typeof POSITION_LABELS;
    unit_price_pence: number;
    quantity: number;
  }[];
  vatRate: number;
}

/** The VAT a VAT-inclusive total contains. */
export function vatIncluded(totalPence: number, ratePercent: number): number {
  return totalPence - Math.round((totalPence * 100) / (100 + ratePercent));
}

function itemLines(receipt: Receipt): string[] {
  return receipt.items.map(
    (item) =>
      `  ${item.quantity} × ${item.product_name} (${POSITION_LABELS[item.position]}): ${formatPence(item.unit_price_pence * item.quantity)}`,
  );
}

export const CANCELLATION_POLICY = [
  "You can rearrange or cancel free of charge up to 14 days before your collection date.",
  "Within 14 days of the collection the charge is £24 including VAT (£20 plus VAT),",
  "and on the day of the collection it is £48 including VAT (£40 plus VAT).",
];

function customerConfirmation(receipt: Receipt): OutgoingEmail {
  const { business } = config();
  const ref = `HB${receipt.id}`;
  return {
    kind: "booking_confirmation",
    to: receipt.email,
    subject: `Your collection is booked for ${formatLongDate(receipt.collection_date)} (ref ${ref})`,
    text: [
      `Hello ${receipt.full_name},`,
      "",
      `Thank you for booking with ${business.name}. Your payment has been received and your collection is booked.`,
      "",
      `Booking reference: ${ref}`,
      `Collection date: ${formatLongDate(receipt.collection_date)}`,
      `Collection address: ${receipt.address_1}, ${receipt.town}, ${receipt.postcode}`,
      "",
      "What we will collect:",
      ...itemLines(receipt),
      "",
      `Total paid: ${formatPence(receipt.total_pence)} (includes VAT at ${receipt.vatRate}%: ${formatPence(vatIncluded(receipt.total_pence, receipt.vatRate))})`,
      "",
      "Cancellation and changes:",
      ...CANCELLATION_POLICY.map((line) => `  ${line}`),
      `To rearrange or cancel, call us on ${business.phone} or reply to this email (${business.email}) with your reference ${ref}.`,
      "",
      "On the day: we call you about 30 minutes before we arrive. If you will not be in, leave the items outside",
      "as you described when booking.",
      "",
      `${business.name}, ${business.address}`,
      `Registered waste carrier ${business.wasteCarrierLicence}. You can check our registration on the`,
      "Environment Agency public register before handing any waste over.",
    ].join("\n"),
  };
}

function businessNotification(receipt: Receipt): OutgoingEmail {
  const { business, publicUrl } = config();
  return {
    kind: "booking_notification",
    to: business.email,
    subject: `New paid booking HB${receipt.id}: ${formatLongDate(receipt.collection_date)}, ${receipt.postcode}`,
    text: [
      `A card payment has completed for order ${receipt.id}.`,
      "",
      `Booking reference: HB${receipt.id}`,
      `Collection date: ${formatLongDate(receipt.collection_date)}`,
      `Customer: ${receipt.full_name}`,
      `Email: ${receipt.email}`,
      `Phone: ${receipt.phone_number}`,
      `Address: ${receipt.address_1}, ${receipt.town}, ${receipt.postcode}`,
      "",
      ...itemLines(receipt),
      `Total paid: ${formatPence(receipt.total_pence)}`,
      "",
      `Open the order: ${publicUrl}/dashboard/orders/${receipt.id}`,
    ].join("\n"),
  };
}

/** Staff: a payment arrived that does not match its order. */
function paymentReviewNotice(
  order: {
    id: number;
    total_pence: number;
    full_name: string;
    email: string;
    phone_number: string;
    collection_date: string;
  },
  session: GatewaySession,
): OutgoingEmail {
  const { publicUrl } = config();
  const paid =
    session.amountTotal === null
      ? "an unknown amount"
      : session.currency?.toLowerCase() === "gbp"
        ? formatPence(session.amountTotal)
        : `${session.amountTotal} (minor units) in ${String(session.currency).toUpperCase()}`;
  return {
    kind: "payment_review",
    to: config().business.email,
    subject: `Payment to check for order HB${order.id}: paid ${paid}, order total ${formatPence(order.total_pence)}`,
    text: [
      `A card payment for order HB${order.id} does not match the order, so the order was not marked paid.`,
      "",
      `Order total: ${formatPence(order.total_pence)} (GBP)`,
      `Payment received: ${paid}`,
      `Payment session: ${session.id}`,
      `Collection date: ${formatLongDate(order.collection_date)} (held while you check)`,
      `Customer: ${order.full_name}, ${order.email}, ${order.phone_number}`,
      "",
      "Check the payment in the Stripe dashboard, then either refund it or mark the order paid,",
      "and let the customer know.",
      "",
      `Open the order: ${publicUrl}/dashboard/orders/${order.id}`,
    ].join("\n"),
  };
}

export interface PaymentToReview {
  orderId: number;
  fullName: string;
  collectionDate: string;
  totalPence: number;
  flaggedAt: string;
}

/** Unpaid orders whose payment did not match, for the staff dashboard (oldest first). */
export async function paymentsToReview(limit = 20): Promise<{
  count: number;
  orders: PaymentToReview[];
}> {
  const base = db()
    .selectFrom("orders")
    .where("payment_review_at", "is not", null)
    .where("status", "=", "pending");
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    base
      .select(["id", "full_name", "collection_date", "total_pence", "payment_review_at"])
      .orderBy("payment_review_at")
      .limit(limit)
      .execute(),
  ]);
  return {
    count: Number(counted.n),
    orders: rows.map((r) => ({
      orderId: r.id,
      fullName: r.full_name,
      collectionDate: r.collection_date,
      totalPence: r.total_pence,
      flaggedAt: r.payment_review_at!,
    })),
  };
}

/**
 * Staff have checked a flagged payment (refunded it, or dealt with it with
 * the customer): it leaves "Payments to review", and an unpaid order stops
 * holding its day. Written to the order's history.
 */
export async function clearPaymentReview(orderId: number, actor: string): Promise<boolean> {
  if (!Number.isSafeInteger(orderId) || orderId < 1) return false;
  return db()
    .transaction()
    .execute(async (trx) => {
      const now = new Date().toISOString();
      const cleared = await trx
        .updateTable("orders")
        .set({ payment_review_at: null, updated_at: now })
        .where("id", "=", orderId)
        .where("payment_review_at", "is not", null)
        .executeTakeFirst();
      if (Number(cleared.numUpdatedRows) === 0) return false;
      await trx
        .insertInto("order_events")
        .values({
          order_id: orderId,
          field: "payment_review",
          old_value: "to review",
          new_value: "checked",
          actor,
        })
        .execute();
      return true;
    });
}

// ---------------------------------------------------------------------------
// The demo gateway's page

/** An open demo payment: what it is for. null when the demo gateway is not in use or the id is unknown. */
export async function demoPayment(sessionId: string) {
  const gateway = paymentGateway();
  if (gateway?.kind !== "demo") return null;
  const session = await gateway.retrieveSession(sessionId);
  if (!session?.orderId) return null;
  const order = await db()
    .selectFrom("orders")
    .select(["collection_date", "total_pence"])
    .where("id", "=", session.orderId)
    .executeTakeFirstOrThrow();
  return {
    status: session.status,
    totalPence: order.total_pence,
    collectionDate: order.collection_date,
    items: await orderItemsSummary(session.orderId),
  };
}

/** Pay or Decline on the demo page: the same completion as a real payment. */
export async function finishDemoPayment(
  sessionId: string,
  choice: "pay" | "decline",
): Promise<boolean> {
  const gateway = paymentGateway();
  if (gateway?.kind !== "demo") return false;
  const session = await gateway.retrieveSession(sessionId);
  if (!session?.orderId) return false;
  if (session.status !== "open") return true;
  if (choice === "decline") await closePayment(session.orderId, "declined");
  else await completePayment({ ...session, status: "complete", paid: true }, "demo");
  return true;
}

/**
 * The details of a checkout whose payment did not go through, to fill the
 * form again for "Try again". Only for an unpaid order of the last two hours,
 * found by its payment session id (which only the customer's browser has).
 */
export async function retryDetails(
  sessionId: string | null,
): Promise<Record<string, string> | null> {
  if (!sessionId || sessionId.length > 255) return null;
  const since = new Date(Date.now() - RECENT_CHECKOUT_MS).toISOString();
  const order = await db()
    .selectFrom("orders")
    .select([
      "full_name",
      "email",
      "phone_number",
      "address_1",
      "town",
      "postcode",
      "collection_date",
    ])
    .where("payment_session_id", "=", sessionId)
    .where("status", "=", "pending")
    .where("source", "=", "web")
    .where("created_at", ">=", since)
    .executeTakeFirst();
  if (!order) return null;
  const { collection_date, ...contact } = order;
  return { ...contact, date: collection_date };
}
