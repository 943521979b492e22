import type { BusinessField } from "~/lib/business";
import { anyTimeDiscountPence } from "~/lib/capacity";
import { checkEarlyStart } from "~/lib/cancellation";
import { isIsoDay } from "~/lib/calendar";
import type { FieldErrors } from "~/lib/forms";
import { todayInLondon } from "~/lib/london-clock.server";
import { CHECKOUT_CHECK_DETAILS, CHECKOUT_FAILED } from "~/lib/messages";
import { flagValue } from "~/lib/waste";
import type { Kysely } from "kysely";
import type { DB } from "~/services/db.server";
import { paymentGateway, type UiMode } from "~/services/payments.server";
import { checkBusinessDetails } from "../checkout/business-details.server";
import { checkCollectionDate } from "../checkout/availability.server";
import { INVALID_DATE_MESSAGE } from "../bookings/booking.server";
import {
  cardPaymentUnavailableMessage,
  checkoutOrders,
  checkoutRateLimit,
  checkoutRateLimitMessage,
  checkWindowChoice,
  clientKeyOf,
  newCheckoutToken,
  started,
  type CheckoutStarted,
} from "../checkout/checkout.server";
import { closePayment, completePayment, startPayment } from "../payments/payment.server";
import { orderItemOf, placeOrder } from "../checkout/place-order.server";
import { getProductsByIds } from "../catalogue/product.server";
import {
  closedOfferMessage,
  offerLineLoads,
  offerPath,
  quoteForCustomer,
} from "./quote-offer.server";
import { checkRateLimit, rateLimitLock, recordAttempt } from "../shop/rate-limit.server";
import { checkCollectionPostcode } from "../shop/service-area.server";
import { businessProfile } from "~/models/shop/business-profile.server";

/**
 * Booking a priced quote (docs/rules.md#priced-quotes): the customer's "Book and pay" makes a
 * pending card order of the offer's lines, placed like a checkout's (place-order.server.ts).
 */

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
  // The quote's address must be inside the area served before a payment starts; staff can move it.
  const area = await checkCollectionPostcode(offer.customer.postcode, "customer");
  if (!area.ok)
    return quoteFailure(
      400,
      `${area.message} Please call us on ${businessProfile().phone} about this quote.`,
    );
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
  for (const order of await openAttempts(offer.offerId)) {
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
  const { customer } = offer;
  const placed = await placeOrder({
    date,
    now,
    locks: [`quote:${offer.quoteId}`, rateLimitLock(limit.bucket)],
    claim: { by: "customer", window: windowChoice.window, clientKey },
    contact: {
      full_name: customer.fullName,
      email: customer.email,
      phone_number: customer.phoneNumber,
      address_1: customer.address1,
      town: customer.town,
      postcode: customer.postcode,
    },
    business: business.business,
    items: offer.lines.map((line, i) =>
      orderItemOf(line, line.productId ? products.get(line.productId) : undefined, loads[i]!),
    ),
    totalPence: offer.totalPence,
    discountFor: (window) => anyTimeDiscountPence(window, offer.lines),
    columns: {
      created_at: now.toISOString(),
      early_start_requested: early.requested ? 1 : 0,
      payment_method: "card",
      checkout_token: newCheckoutToken(),
      source: "quote",
      quote_id: offer.quoteId,
      quote_offer_id: offer.offerId,
      client_key: clientKey,
    },
    history: { created: `booking from quote ${offer.reference} (card)`, actor: "customer" },
    refuseBefore: async (trx) => {
      const current = await trx
        .selectFrom("quote_offers")
        .select("status")
        .where("id", "=", offer.offerId)
        .executeTakeFirstOrThrow();
      if (current.status !== "sent") return "closed";
      if ((await openAttempts(offer.offerId, trx)).length > 0) return "twin";
      const allowed = await checkRateLimit(trx, limit, now);
      return allowed.allowed ? null : allowed;
    },
    alsoWrite: (trx) => recordAttempt(trx, limit.bucket, now),
  });
  if (placed.outcome === "full")
    return quoteFailure(400, placed.refusal.message, {
      [placed.refusal.field]: placed.refusal.message,
    });
  if (placed.outcome === "refused") {
    const { refusal } = placed;
    if (refusal === "closed")
      return quoteFailure(409, closedOfferMessage(await quoteForCustomer(request.token, now)));
    if (refusal === "twin")
      return quoteFailure(
        409,
        "A payment for this quote is already under way in another window. Finish it there, or try again in a minute.",
      );
    return quoteFailure(429, checkoutRateLimitMessage(refusal.retryAfterSeconds));
  }
  const created = placed.order;

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

/** The offer's unpaid card orders whose payment has not ended: at most one may be under way. */
function openAttempts(offerId: number, executor?: Kysely<DB>) {
  return checkoutOrders(executor)
    .where("quote_offer_id", "=", offerId)
    .where("status", "=", "pending")
    .where("payment_closed", "is", null)
    .execute();
}
