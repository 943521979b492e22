import { formatPence } from "~/lib/format";
import { areaSurchargeOf } from "~/lib/service-area";
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { BusinessField } from "~/lib/business";
import {
  anyTimeDiscountPence,
  anyTimeOffered,
  ANY_TIME_NOT_OFFERED_MESSAGE,
  isWindowChoice,
  type WindowChoice,
} from "~/lib/capacity";
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
import { db, type DB } from "~/services/db.server";
import {
  paymentGateway,
  type GatewaySession,
  type PaymentGateway,
  type UiMode,
} from "~/services/payments.server";
import { checkCollectionDate } from "./availability.server";
import { checkBusinessDetails, checkCrewNotes } from "./business-details.server";
import { checkOrderLines, type RawLine } from "./cart.server";
import { contactDetailsSchema } from "../messages/contact-details.server";
import { checkTypedPostcode } from "../shop/service-area.server";
import { abandonKey, closePayment, startPayment } from "../payments/payment.server";
import { placeOrder } from "./place-order.server";
import {
  checkRateLimit,
  rateLimitLock,
  recordAttempt,
  retryAfterText,
} from "../shop/rate-limit.server";
import { businessProfile } from "~/models/shop/business-profile.server";

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
function checkoutFailureMessage(
  errors: FieldErrors<CheckoutField>,
  area: { ok: true } | { ok: false; message: string },
): string {
  const fields = Object.keys(errors).filter(
    (field) => field !== "date" && field !== "window" && field !== "early_start",
  );
  // Outside the area and nothing else in the details wrong: say so above the form (and in the /api).
  if (!area.ok && fields.length === 1) return area.message;
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

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;
export const newCheckoutToken = () => crypto.randomBytes(18).toString("base64url");

/** New checkouts one address may start: 12 an hour (a household needs one or two). */
export function checkoutRateLimit(clientIp: string) {
  return { bucket: `checkout:${clientIp}`, max: 12, windowMs: 3_600_000 };
}

export function checkoutRateLimitMessage(retryAfterSeconds: number): string {
  return `You have started several checkouts in the last hour. Please try again ${retryAfterText(retryAfterSeconds)}, or call us on ${businessProfile().phone} to book.`;
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

export function cardPaymentUnavailableMessage(): string {
  return `Card payment is not available online at the moment. To book a collection, call us on ${businessProfile().phone}.`;
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
  /**
   * The page's form shows the area's extra charge before paying (`area_surcharge_seen`, the pence it
   * showed): a postcode whose charge the page has not shown yet is answered with the charge and the
   * new total, nothing written. The spec's /api has no such field: its clients are charged it.
   */
  askAreaSurcharge?: boolean;
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
      /** what the bag's lines on sale take of a day, once they were read: the calendar beside the error */
      need?: { loadHundredths: number; minutes: number };
      /** the postcode is outside the area the business collects from: the page offers the quote form */
      outsideArea?: boolean;
      /** the postcode's extra charge, to show in the total before booking again (null when none) */
      areaSurcharge?: { name: string; pence: number } | null;
    }
  | CheckoutStarted;

export const started = (
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
): Extract<CheckoutResult, { ok: false }> => ({ ok: false, status, message, errors, dropped });

/** A customer's card orders as a checkout resumes or closes them. */
export function checkoutOrders(executor: Kysely<DB> = db()) {
  return executor
    .selectFrom("orders")
    .select(["id", "created_at", "email", "status", "payment_closed", "payment_session_id"]);
}
type TokenOrder = Awaited<ReturnType<ReturnType<typeof checkoutOrders>["executeTakeFirstOrThrow"]>>;

/** The order a checkout token already made, if any. */
function orderWithToken(token: string, executor?: Kysely<DB>): Promise<TokenOrder | undefined> {
  return checkoutOrders(executor).where("checkout_token", "=", token).executeTakeFirst();
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
  // Outside the area served, nothing is written and no payment starts (docs/rules.md#the-area-served).
  const area = await checkTypedPostcode(request.values.postcode, "customer");
  if (!area.ok) errors.postcode = area.message;
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
  // Every line is checked, duplicates merged and the order kept within the limits, before anything
  // is written: one read of the catalogue gives the lines their products.
  const checked = await checkOrderLines(request.lines);
  if (!checked.ok)
    return {
      ...failure(400, checked.errors.join(" "), errors, checked.unavailable),
      lineErrors: checked.errors,
      need: checked.need,
    } as CheckoutResult;
  const surchargeShown =
    area.ok && area.surcharge && typeof request.values.postcode === "string"
      ? areaSurchargeOf({
          area_surcharge_pence: area.surcharge.pence,
          postcode: request.values.postcode,
        })
      : null;
  // Refused from here on, the page shows its calendar for the bag as read.
  const refuse = (message: string, shown: FieldErrors<CheckoutField>): CheckoutResult => ({
    ...failure(400, message, shown),
    need: checked.need,
    ...(area.ok ? {} : { outsideArea: true }),
    areaSurcharge: surchargeShown,
  });
  const windowChoice = checkWindowChoice(request.values.window, checked.lines);
  if (!windowChoice.ok) errors.window = windowChoice.message;
  if (
    !parsed.success ||
    !area.ok ||
    !business.ok ||
    !notes.ok ||
    !dateCheck.ok ||
    !early.ok ||
    !windowChoice.ok ||
    !isIsoDay(date)
  )
    return refuse(checkoutFailureMessage(errors, area), errors);
  // A charge the page has not shown yet: said, with the new total, before anything is written.
  if (
    request.askAreaSurcharge &&
    surchargeShown &&
    request.values.area_surcharge_seen !== String(surchargeShown.pence)
  )
    return refuse(
      `${surchargeShown.name} carries an extra ${formatPence(surchargeShown.pence)}, now in your total. Check it, then press Book and pay again.`,
      {},
    );
  const { lines } = checked;
  const surchargePence = surchargeShown?.pence ?? 0;
  const clientKey = clientKeyOf(request.clientIp);
  // Each new order holds a slot for up to 31 minutes: one address may start only so many.
  const limit = checkoutRateLimit(request.clientIp);
  // Besides the day's lock, the address's and the token's: two checkouts racing for the last hold
  // (or the address's last attempt) cannot both have it; a repeated submit finds the order the
  // first one wrote.
  const placed = await placeOrder({
    date,
    now,
    locks: [rateLimitLock(limit.bucket), ...(token ? [`checkout-token:${token}`] : [])],
    claim: { by: "customer", window: windowChoice.window, clientKey },
    contact: parsed.data,
    business: business.business,
    items: lines.map(({ product, ...line }) => ({
      productId: line.id,
      name: product.name,
      description: product.description,
      imageId: product.imageId,
      position: line.position,
      unitPricePence: line.unitPricePence,
      quantity: line.quantity,
      waste: product.waste,
      loadHundredths: product.loadHundredths,
      handlingMinutes: product.handlingMinutes,
    })),
    // The area's extra charge (Settings) is its own part of the total; the "any time" discount is
    // of the items alone.
    totalPence: checked.totalPence + surchargePence,
    discountFor: (window) => anyTimeDiscountPence(window, lines),
    columns: {
      area_surcharge_pence: surchargePence,
      created_at: now.toISOString(),
      notes: notes.notes,
      early_start_requested: early.ok && early.requested ? 1 : 0,
      payment_method: "card",
      checkout_token: token ?? newCheckoutToken(),
      source: "web",
      client_key: clientKey,
    },
    history: { created: "web checkout", actor: "customer" },
    refuseBefore: async (trx) => {
      const twin = token ? await orderWithToken(token, trx) : undefined;
      if (twin) return { twin };
      const allowed = await checkRateLimit(trx, limit, now);
      return allowed.allowed ? null : allowed;
    },
    alsoWrite: (trx) => recordAttempt(trx, limit.bucket, now),
  });
  if (placed.outcome === "full")
    return refuse(placed.refusal.message, { [placed.refusal.field]: placed.refusal.message });
  if (placed.outcome === "refused") {
    const { refusal } = placed;
    if ("twin" in refusal)
      return (
        (await resumeCheckout(refusal.twin, gateway, request)) ?? failure(502, CHECKOUT_FAILED)
      );
    return {
      ...failure(429, checkoutRateLimitMessage(refusal.retryAfterSeconds)),
      retryAfterSeconds: refusal.retryAfterSeconds,
    } as CheckoutResult;
  }
  const created = placed.order;

  try {
    const session = await startPayment(gateway, created, request.uiMode, request.siteUrl);
    return started(created, session, gateway, false);
  } catch (error) {
    console.error(`checkout: payment session for order ${created.id} failed:`, error);
    await closePayment(created.id, "failed");
    return failure(502, CHECKOUT_FAILED);
  }
}
