import crypto from "node:crypto";
import { z } from "zod";
import type { BusinessField } from "~/lib/business";
import { checkBusinessDetails, checkCrewNotes } from "./business-details.server";
import { checkEarlyStart } from "~/lib/cancellation";
import { isIsoDay } from "~/lib/calendar";
import { clientNetwork } from "~/lib/client-network";
import { ORDER_CONTACT_NAMES } from "~/lib/contact-details";
import { fieldErrors, type FieldErrors } from "~/lib/forms";
import { CHECKOUT_CHECK_DETAILS, CHECKOUT_FAILED, EMPTY_BAG_MESSAGE } from "~/lib/messages";
import { todayInLondon } from "~/lib/london-clock.server";
import { isPosition, POSITION_LABELS } from "~/lib/positions";
import { flagValue } from "~/lib/waste";
import { config } from "~/services/config.server";
import type { Kysely, Selectable } from "kysely";
import { db, type DB } from "~/services/db.server";
import { lockKeys } from "~/services/dialect.server";
import {
  paymentGateway,
  type GatewaySession,
  type PaymentGateway,
  type UiMode,
} from "~/services/payments.server";
import {
  anyTimeDiscountPence,
  anyTimeOffered,
  ANY_TIME_NOT_OFFERED_MESSAGE,
  isWindowChoice,
  orderLoad,
  pickWindow,
  type WindowChoice,
} from "~/lib/capacity";
import { checkCollectionDate, dayAvailability, type Need } from "./availability.server";
import { holdDecision, holdsOn, INVALID_DATE_MESSAGE } from "./booking.server";
import { checkOrderLines, priceBag, type BagLine, type RawLine } from "./cart.server";
import { contactDetailsSchema } from "./contact-details.server";
import { abandonKey, closePayment, completePayment, startPayment } from "./payment.server";
import { getProductsByIds, type Product } from "./product.server";
import {
  closedOfferMessage,
  offerLineLoads,
  offerPath,
  quoteForCustomer,
} from "./quote-offer.server";
import { checkRateLimit, rateLimitLock, recordAttempt, retryAfterText } from "./rate-limit.server";

/**
 * Checkout (issue "Checkout and card payment"): the form and the bag are
 * checked, and become a pending card order with a snapshot of its items,
 * holding a slot on its day; then its payment is started (payment.server.ts).
 */

/**
 * The checkout's form (and the /api's billing details): the customer's contact details. The
 * optional business details and notes for the crew are checked beside it (app/lib/business.ts).
 */
export const checkoutSchema = contactDetailsSchema(ORDER_CONTACT_NAMES);

/** Cart items one /api checkout may send before the order limits are even looked at. */
const MAX_API_CART_ITEMS = 200;

/**
 * The body of POST /api/products/create-checkout-session/ (docs/api.md#rows): the
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

export type CheckoutField =
  | keyof z.infer<typeof checkoutSchema>
  | "date"
  | "window"
  | BusinessField
  | "notes"
  | "early_start";

/**
 * The notice above the form: the date's own message when only the date is wrong
 * (docs/rules.md#collection-days).
 */
function checkoutFailureMessage(errors: FieldErrors<CheckoutField>): string {
  const fields = Object.keys(errors).filter(
    (field) => field !== "date" && field !== "window" && field !== "early_start",
  );
  if (fields.length > 0) return CHECKOUT_CHECK_DETAILS;
  return errors.date ?? errors.window ?? errors.early_start ?? CHECKOUT_FAILED;
}

export const CHOOSE_WINDOW_MESSAGE = "Please choose an arrival time";

/**
 * The arrival window as sent. Left out (an /api client, or a form sent without one): null, the
 * first window that fits (pickWindow); the page's form asks for one. Any time only for a bag of
 * items left outside.
 */
export function checkWindowChoice(
  value: unknown,
  lines: readonly { position: string | null }[],
): { ok: true; window: WindowChoice | null } | { ok: false; message: string } {
  if (value === undefined || value === null || value === "") return { ok: true, window: null };
  if (!isWindowChoice(value)) return { ok: false, message: CHOOSE_WINDOW_MESSAGE };
  if (value === "any" && !anyTimeOffered(lines))
    return { ok: false, message: ANY_TIME_NOT_OFFERED_MESSAGE };
  return { ok: true, window: value };
}

/**
 * Inside the transaction that writes a booking (the day's lock held): the window it takes by
 * THE capacity rule, holds counted, and whether it may hold its share of the day unpaid.
 */
async function claimDay(
  trx: Kysely<DB>,
  claim: { date: string; need: Need; window: WindowChoice | null; clientKey: string; now: Date },
): Promise<
  { ok: true; window: WindowChoice } | { ok: false; message: string; field: "date" | "window" }
> {
  const answer = await dayAvailability(claim.date, claim.need, { now: claim.now, executor: trx });
  const pick = pickWindow(answer, claim.window);
  if (!pick.ok)
    return { ok: false, message: pick.message, field: pick.dayFull ? "date" : "window" };
  const decision = holdDecision({
    slot: pick.slot,
    maxJobs: answer.jobsCapacity,
    ...(await holdsOn(claim.date, claim.clientKey, claim.now, trx)),
  });
  if (!decision.ok) return { ok: false, message: decision.message, field: "date" };
  return { ok: true, window: pick.window };
}

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;
export const newCheckoutToken = () => crypto.randomBytes(18).toString("base64url");

/** New checkouts one address may start: 12 an hour (a household needs one or two). */
function checkoutRateLimit(clientIp: string) {
  return { bucket: `checkout:${clientIp}`, max: 12, windowMs: 3_600_000 };
}

function checkoutRateLimitMessage(retryAfterSeconds: number): string {
  return `You have started several checkouts in the last hour. Please try again ${retryAfterText(retryAfterSeconds)}, or call us on ${config().business.phone} to book.`;
}

/**
 * The key an order stores for the address a checkout came from: a keyed hash
 * (HMAC with the server's secret), never the address itself. An IPv6 address
 * counts by its /64, which one household or phone holds whole.
 */
export function clientKeyOf(clientIp: string): string {
  return crypto
    .createHmac("sha256", config().sessionSecret)
    .update(`checkout-client:${clientNetwork(clientIp)}`)
    .digest("base64url")
    .slice(0, 22);
}

function cardPaymentUnavailableMessage(): string {
  return `Card payment is not available online at the moment. To book a collection, call us on ${config().business.phone}.`;
}

/** How the checkout takes payment: the gateway in use and its browser key, or why card payment is unavailable. */
export function cardPayment() {
  const gateway = paymentGateway();
  return {
    gateway: gateway?.kind ?? null,
    publishableKey: gateway?.publishableKey ?? null,
    unavailable: gateway ? null : cardPaymentUnavailableMessage(),
  };
}

// ---------------------------------------------------------------------------
// Starting a checkout

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
  /**
   * The page's form asks for the early-start request (`early_start`, CCR reg. 36) when the date is
   * within the cancellation period; the spec's /api has no such field, so its clients are not asked.
   */
  askEarlyStart?: boolean;
  now?: Date;
}

/** A checkout whose payment has started (or was already paid). */
export interface CheckoutStarted {
  ok: true;
  orderId: number;
  /** lets the customer give this checkout up (abandonCheckout) */
  abandonKey: string;
  session: GatewaySession;
  gateway: PaymentGateway["kind"];
  alreadyPaid: boolean;
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
  | CheckoutStarted;

const started = (
  order: { id: number; created_at: string },
  session: GatewaySession,
  gateway: PaymentGateway,
  alreadyPaid: boolean,
): CheckoutStarted => ({
  ok: true,
  orderId: order.id,
  abandonKey: abandonKey(order),
  session,
  gateway: gateway.kind,
  alreadyPaid,
});

const failure = (
  status: 400 | 429 | 502 | 503,
  message: string,
  errors: FieldErrors<CheckoutField> = {},
  dropped = 0,
): CheckoutResult => ({ ok: false, status, message, errors, dropped });

type TokenOrder = Pick<
  Selectable<DB["orders"]>,
  "id" | "created_at" | "email" | "status" | "payment_closed" | "payment_session_id"
>;

/** The order a checkout token already made, if any. */
function orderWithToken(
  token: string,
  executor: Kysely<DB> = db(),
): Promise<TokenOrder | undefined> {
  return executor
    .selectFrom("orders")
    .select(["id", "created_at", "email", "status", "payment_closed", "payment_session_id"])
    .where("checkout_token", "=", token)
    .executeTakeFirst();
}

/**
 * A repeated submit of a checkout: the paid order's session, or the unpaid
 * order's payment started again (the gateway's idempotency gives the same
 * session). Null when that order's payment ended, so the token may start a
 * fresh one.
 */
async function resumeCheckout(
  existing: TokenOrder,
  gateway: PaymentGateway,
  request: CheckoutRequest,
): Promise<CheckoutResult | null> {
  if (existing.status === "complete" && existing.payment_session_id) {
    const session = await gateway.retrieveSession(existing.payment_session_id);
    if (session) return started(existing, session, gateway, true);
  }
  if (existing.payment_closed) return null;
  try {
    const session = await startPayment(gateway, existing, request.uiMode, request.siteUrl);
    return started(existing, session, gateway, false);
  } catch (error) {
    console.error(`checkout: session for order ${existing.id} failed:`, error);
    return failure(502, CHECKOUT_FAILED);
  }
}

/**
 * An order line's copy of its product's waste class (docs/rules.md#waste-classes), for the
 * waste transfer note: what the product said when the order was written. A free quote line
 * (no product) has none.
 */
export function wasteSnapshot(product: Product | undefined) {
  if (!product) return { waste_description: null, low_code: null, pops: null, hazardous: null };
  const { waste } = product;
  return {
    waste_description: waste.wasteDescription,
    low_code: waste.lowCode,
    pops: waste.pops ? (1 as const) : (0 as const),
    hazardous: waste.hazardous ? (1 as const) : (0 as const),
  };
}

/**
 * What a line takes of a van and a crew (issue 19), as the product says today: kept on the order
 * line so that a later change to the product does not move the bookings already made. A free
 * quote line has no product, and no load until staff give it one.
 */
export function loadSnapshot(product: Product | undefined) {
  if (!product) return { load_hundredths: null, handling_minutes: null };
  return { load_hundredths: product.loadHundredths, handling_minutes: product.handlingMinutes };
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
    const existing = await orderWithToken(token);
    if (existing) {
      const resumed = await resumeCheckout(existing, gateway, request);
      if (resumed) return resumed;
      // A payment that ended (declined, expired) frees its token for a fresh attempt.
      await db()
        .updateTable("orders")
        .set({ checkout_token: null })
        .where("id", "=", existing.id)
        .execute();
    }
  }

  const parsed = checkoutSchema.safeParse(request.values);
  const errors: FieldErrors<CheckoutField> = parsed.success
    ? {}
    : fieldErrors<CheckoutField>(parsed.error);
  const business = checkBusinessDetails(request.values);
  if (!business.ok) Object.assign(errors, business.errors);
  const notes = checkCrewNotes(request.values.notes);
  if (!notes.ok) errors.notes = notes.error;
  const date = request.values.date;
  const dateCheck = await checkCollectionDate(date, "customer", now);
  if (!dateCheck.ok) errors.date = dateCheck.message;
  const early =
    request.askEarlyStart && dateCheck.ok && isIsoDay(date)
      ? checkEarlyStart(flagValue(request.values.early_start), todayInLondon(now), date)
      : ({ ok: true, requested: false } as const);
  if (!early.ok) errors.early_start = early.message;
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
  const windowChoice = checkWindowChoice(request.values.window, bag.lines);
  if (!windowChoice.ok) errors.window = windowChoice.message;
  if (
    !parsed.success ||
    !business.ok ||
    !notes.ok ||
    !dateCheck.ok ||
    !early.ok ||
    !windowChoice.ok ||
    !isIsoDay(date)
  )
    return failure(400, checkoutFailureMessage(errors), errors);
  const contact = parsed.data;
  const descriptions = await getProductsByIds(bag.lines.map((l) => l.id));
  const need = orderLoad(
    bag.lines.map((line) => ({
      quantity: line.quantity,
      loadHundredths: descriptions.get(line.id)?.loadHundredths ?? null,
      handlingMinutes: descriptions.get(line.id)?.handlingMinutes ?? null,
    })),
  );
  const clientKey = clientKeyOf(request.clientIp);
  // Each new order holds a slot for up to 31 minutes: one address may start only so many.
  const limit = checkoutRateLimit(request.clientIp);
  // The counts and the insert are one transaction holding the day's, the
  // address's and the token's locks: two checkouts racing for the last slot
  // (or the last hold, or the address's last attempt) cannot both have it,
  // whichever process of the shop they reach; a repeated submit finds the
  // order the first one wrote.
  const created = await db()
    .transaction()
    .execute(async (trx) => {
      await lockKeys(trx, [
        `day:${date}`,
        rateLimitLock(limit.bucket),
        ...(token ? [`checkout-token:${token}`] : []),
      ]);
      const twin = token ? await orderWithToken(token, trx) : undefined;
      if (twin) return { twin };
      const allowed = await checkRateLimit(trx, limit, now);
      if (!allowed.allowed) return allowed;
      const claimed = await claimDay(trx, {
        date,
        need,
        window: windowChoice.window,
        clientKey,
        now,
      });
      if (!claimed.ok) return claimed;
      const discountPence = anyTimeDiscountPence(claimed.window, bag.lines);
      const order = await trx
        .insertInto("orders")
        .values({
          created_at: now.toISOString(),
          full_name: contact.full_name,
          email: contact.email,
          phone_number: contact.phone_number,
          address_1: contact.address_1,
          town: contact.town,
          postcode: contact.postcode,
          business_name: business.business?.name ?? null,
          sic_code: business.business?.sicCode ?? null,
          notes: notes.notes,
          early_start_requested: early.ok && early.requested ? 1 : 0,
          collection_date: date,
          arrival_window: claimed.window,
          window_discount_pence: discountPence,
          payment_method: "card",
          total_pence: bag.subtotalPence - discountPence,
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
            ...wasteSnapshot(descriptions.get(line.id)),
            ...loadSnapshot(descriptions.get(line.id)),
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
      await recordAttempt(trx, limit.bucket, now);
      return order;
    });
  if ("twin" in created)
    return (await resumeCheckout(created.twin, gateway, request)) ?? failure(502, CHECKOUT_FAILED);
  if ("allowed" in created)
    return {
      ...failure(429, checkoutRateLimitMessage(created.retryAfterSeconds)),
      retryAfterSeconds: created.retryAfterSeconds,
    } as CheckoutResult;
  if ("ok" in created) return failure(400, created.message, { [created.field]: created.message });

  try {
    const session = await startPayment(gateway, created, request.uiMode, request.siteUrl);
    return started(created, session, gateway, false);
  } catch (error) {
    console.error(`checkout: payment session for order ${created.id} failed:`, error);
    await closePayment(created.id, "failed");
    return failure(502, CHECKOUT_FAILED);
  }
}

// ---------------------------------------------------------------------------
// Booking a priced quote

export interface QuoteCheckoutRequest {
  /** the quote link's token */
  token: string;
  date: unknown;
  /** the form's business checkbox, name and SIC code (app/lib/business.ts) */
  business?: { business?: unknown; business_name?: unknown; sic_code?: unknown };
  /** the early-start tick (CCR reg. 36), as the form sent it */
  earlyStart?: unknown;
  /** the arrival window, as the form sent it (left out: the first that fits) */
  window?: unknown;
  uiMode: UiMode;
  siteUrl: string;
  clientIp: string;
  now?: Date;
}

export type QuoteCheckoutField = "date" | "window" | BusinessField | "early_start";

export type QuoteCheckoutResult =
  | {
      ok: false;
      status: 400 | 409 | 429 | 502 | 503;
      message: string;
      errors: FieldErrors<QuoteCheckoutField>;
    }
  | CheckoutStarted;

const quoteFailure = (
  status: 400 | 409 | 429 | 502 | 503,
  message: string,
  errors: FieldErrors<QuoteCheckoutField> = {},
): QuoteCheckoutResult => ({ ok: false, status, message, errors });

/**
 * The customer books a priced quote ("Book and pay"): like a checkout, a
 * pending card order (source "quote", the offer's lines as its items) holds
 * a slot on the chosen day, checked with the same rules and in the same
 * locked transaction, then its payment starts through the same gateway. An
 * earlier unpaid attempt at the same offer is closed first, so an offer is
 * never paid twice; a paid one, a replaced, withdrawn or expired one is
 * refused with its reason.
 */
export async function startQuoteCheckout(
  request: QuoteCheckoutRequest,
): Promise<QuoteCheckoutResult> {
  const gateway = paymentGateway();
  if (!gateway) return quoteFailure(503, cardPaymentUnavailableMessage());
  const now = request.now ?? new Date();
  const shown = await quoteForCustomer(request.token, now);
  if (shown.kind !== "open") return quoteFailure(409, closedOfferMessage(shown));
  const { offer } = shown;
  const date = request.date;
  const business = checkBusinessDetails(request.business ?? {});
  const dateCheck = await checkCollectionDate(date, "customer", now);
  const dateOk = dateCheck.ok && isIsoDay(date);
  if (!business.ok)
    return quoteFailure(400, CHECKOUT_CHECK_DETAILS, {
      ...business.errors,
      ...(dateOk ? {} : { date: INVALID_DATE_MESSAGE }),
    });
  if (!dateOk) return quoteFailure(400, INVALID_DATE_MESSAGE, { date: INVALID_DATE_MESSAGE });
  const early = checkEarlyStart(flagValue(request.earlyStart), todayInLondon(now), date);
  if (!early.ok) return quoteFailure(400, early.message, { early_start: early.message });
  const windowChoice = checkWindowChoice(request.window, offer.lines);
  if (!windowChoice.ok)
    return quoteFailure(400, windowChoice.message, { window: windowChoice.message });

  // An unpaid attempt at this offer (another tab, or back from the card page) is closed at
  // the provider first; if it was paid after all, that is the booking.
  const earlier = await db()
    .selectFrom("orders")
    .select(["id", "created_at", "email", "status", "payment_closed", "payment_session_id"])
    .where("quote_offer_id", "=", offer.offerId)
    .where("status", "=", "pending")
    .where("payment_closed", "is", null)
    .execute();
  for (const order of earlier) {
    if (order.payment_session_id) {
      try {
        const session = await gateway.expireSession(order.payment_session_id);
        if (session?.paid) {
          await completePayment(session, gateway.kind);
          return started(order, session, gateway, true);
        }
      } catch (error) {
        console.error(`quote checkout: could not close the payment of order ${order.id}:`, error);
        return quoteFailure(502, CHECKOUT_FAILED);
      }
    }
    await closePayment(order.id, "expired");
  }

  const clientKey = clientKeyOf(request.clientIp);
  const limit = checkoutRateLimit(request.clientIp);
  const products = await getProductsByIds(
    offer.lines.flatMap((line) => (line.productId ? [line.productId] : [])),
  );
  // Each line's load as priced (a free line's from staff; an older offer's from its product).
  const loads = await offerLineLoads(offer.lines);
  const need = orderLoad(offer.lines.map((line, i) => ({ quantity: line.quantity, ...loads[i]! })));
  const created = await db()
    .transaction()
    .execute(async (trx) => {
      await lockKeys(trx, [`day:${date}`, `quote:${offer.quoteId}`, rateLimitLock(limit.bucket)]);
      const current = await trx
        .selectFrom("quote_offers")
        .select("status")
        .where("id", "=", offer.offerId)
        .executeTakeFirstOrThrow();
      if (current.status !== "sent") return { closed: true as const };
      const twin = await trx
        .selectFrom("orders")
        .select("id")
        .where("quote_offer_id", "=", offer.offerId)
        .where("status", "=", "pending")
        .where("payment_closed", "is", null)
        .executeTakeFirst();
      if (twin) return { twin: true as const };
      const allowed = await checkRateLimit(trx, limit, now);
      if (!allowed.allowed) return allowed;
      const claimed = await claimDay(trx, {
        date,
        need,
        window: windowChoice.window,
        clientKey,
        now,
      });
      if (!claimed.ok) return claimed;
      const discountPence = anyTimeDiscountPence(claimed.window, offer.lines);
      const { customer } = offer;
      const order = await trx
        .insertInto("orders")
        .values({
          created_at: now.toISOString(),
          full_name: customer.fullName,
          email: customer.email,
          phone_number: customer.phoneNumber,
          address_1: customer.address1,
          town: customer.town,
          postcode: customer.postcode,
          business_name: business.business?.name ?? null,
          sic_code: business.business?.sicCode ?? null,
          early_start_requested: early.requested ? 1 : 0,
          collection_date: date,
          arrival_window: claimed.window,
          window_discount_pence: discountPence,
          payment_method: "card",
          total_pence: offer.totalPence - discountPence,
          checkout_token: newCheckoutToken(),
          source: "quote",
          quote_id: offer.quoteId,
          quote_offer_id: offer.offerId,
          client_key: clientKey,
        })
        .returning(["id", "created_at", "email", "status", "payment_closed"])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("order_items")
        .values(
          offer.lines.map((line, i) => {
            const product = line.productId ? products.get(line.productId) : undefined;
            return {
              order_id: order.id,
              product_id: product?.id ?? null,
              product_name: line.description,
              product_description: product?.description ?? "",
              ...wasteSnapshot(product),
              load_hundredths: loads[i]!.loadHundredths,
              handling_minutes: loads[i]!.handlingMinutes,
              image_id: product?.imageId ?? null,
              position: line.position,
              unit_price_pence: line.unitPricePence,
              quantity: line.quantity,
            };
          }),
        )
        .execute();
      await trx
        .insertInto("order_events")
        .values({
          order_id: order.id,
          field: "created",
          old_value: null,
          new_value: `booking from quote ${offer.reference} (card)`,
          actor: "customer",
        })
        .execute();
      await recordAttempt(trx, limit.bucket, now);
      return order;
    });
  if ("closed" in created)
    return quoteFailure(409, closedOfferMessage(await quoteForCustomer(request.token, now)));
  if ("twin" in created)
    return quoteFailure(
      409,
      "A payment for this quote is already under way in another window. Finish it there, or try again in a minute.",
    );
  if ("allowed" in created)
    return quoteFailure(429, checkoutRateLimitMessage(created.retryAfterSeconds));
  if ("ok" in created)
    return quoteFailure(400, created.message, { [created.field]: created.message });

  try {
    const session = await startPayment(
      gateway,
      created,
      request.uiMode,
      request.siteUrl,
      offerPath(request.token),
    );
    return started(created, session, gateway, false);
  } catch (error) {
    console.error(`quote checkout: payment session for order ${created.id} failed:`, error);
    await closePayment(created.id, "failed");
    return quoteFailure(502, CHECKOUT_FAILED);
  }
}
