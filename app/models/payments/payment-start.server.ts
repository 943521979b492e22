import { paymentPagePath, type PaymentStartAnswer } from "~/lib/payment-start";
import {
  paymentGateway,
  type GatewayKind,
  type GatewaySession,
  type UiMode,
} from "~/services/payments.server";

/**
 * What the customer's browser is answered once a payment has started, the same for the checkout,
 * a priced quote and a date change's fee (docs/decisions/037-one-payment-start.md).
 */

/** The words of a payment that could not start, where the page has none of its own. */
export const PAYMENT_NOT_STARTED = "Sorry, we could not start your payment. Please try again.";

/** A payment as a model started it (startCheckout, startQuoteCheckout, startRearrangement). */
export interface StartedPayment {
  session: GatewaySession;
  gateway: GatewayKind;
  /** the order was paid before: its payment is shown, not started again */
  alreadyPaid?: boolean;
  /** where a payment made before is shown (default: its /payment page) */
  paidPath?: string;
  /** the held order and the key that lets the customer give it up (abandonCheckout) */
  orderId?: number;
  abandonKey?: string;
}

/**
 * A payment found made already (a booking's or its extras' link pressed again): it is shown on
 * `paidPath`, no session is opened.
 */
export function alreadyPaidStart(
  gateway: GatewayKind,
  paid: { sessionId: string; orderId: number; paysFor?: { extrasId: number } },
  paidPath?: string,
): StartedPayment {
  return {
    session: {
      id: paid.sessionId,
      status: "complete",
      paid: true,
      amountTotal: null,
      currency: null,
      orderId: paid.orderId,
      changeId: null,
      extrasId: paid.paysFor?.extrasId ?? null,
      clientSecret: null,
      url: null,
    },
    gateway,
    alreadyPaid: true,
    ...(paidPath ? { paidPath } : {}),
  };
}

/**
 * Already paid: the payment's own page. Asked for the embedded form with Stripe (and its browser
 * key) in use: the form inside the page. Otherwise the provider's or the demo gateway's page; a
 * session with neither a form nor a page is a payment that could not start.
 */
export function paymentStartAnswer(
  started: StartedPayment,
  uiMode: UiMode,
  failedMessage = PAYMENT_NOT_STARTED,
): PaymentStartAnswer {
  const { session } = started;
  if (started.alreadyPaid)
    return { kind: "redirect", to: started.paidPath ?? paymentPagePath(session.id) };
  const publishableKey = paymentGateway()?.publishableKey;
  if (
    uiMode === "embedded" &&
    started.gateway === "stripe" &&
    session.clientSecret &&
    publishableKey
  )
    return {
      kind: "embedded",
      clientSecret: session.clientSecret,
      publishableKey,
      abandon:
        started.orderId !== undefined && started.abandonKey
          ? { orderId: started.orderId, key: started.abandonKey }
          : null,
    };
  if (session.url) return { kind: "redirect", to: session.url };
  return { kind: "failed", message: failedMessage };
}
