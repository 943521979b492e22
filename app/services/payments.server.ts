import crypto from "node:crypto";
import Stripe from "stripe";
import { holdLapsed } from "~/lib/payment-hold";
import { db } from "./db.server";
import { config } from "./config.server";

/**
 * Card payments behind one interface (docs/architecture.md#outside-services). Stripe Checkout
 * Sessions when STRIPE_SECRET_KEY is set; otherwise, outside production, a
 * demo gateway of our own whose "payment page" is /payment/demo. Both finish
 * through the same completion function (models/payment.server.ts).
 *
 * Nothing outside this file sees a provider's SDK or its types: a gateway
 * answers with GatewaySession, and turns a provider's signed webhook into our
 * own PaymentEvent, which the payment model handles whoever sent it.
 */

const STRIPE_API_VERSION = "2026-10-28.endive";

/** "embedded": the card form inside our page (JavaScript). "hosted": a redirect to the provider. */
export type UiMode = "embedded" | "hosted";

export interface SessionLine {
  name: string;
  unitPence: number;
  quantity: number;
}

export interface SessionRequest {
  orderId: number;
  /** a date change's fee (booking_changes.id), not the order's own price */
  changeId?: number;
  /** what was added on the day of a completed job (job_completions.id), not the order's own price */
  extrasId?: number;
  uiMode: UiMode;
  lines: SessionLine[];
  customerEmail: string;
  /** unix seconds; the provider closes the session then */
  expiresAt: number;
  idempotencyKey: string;
  /** where the customer comes back to: `${siteUrl}${returnPath}?session_id=…` */
  siteUrl: string;
  /** the page the customer comes back to (default /payment) */
  returnPath?: string;
  /** where the provider's "back" link goes when the customer gives up (hosted page) */
  cancelUrl: string;
}

export interface GatewaySession {
  id: string;
  /** open, complete, expired (Stripe's words), or declined (demo) */
  status: string;
  paid: boolean;
  amountTotal: number | null;
  currency: string | null;
  orderId: number | null;
  /** a date change's fee payment: the change (booking_changes.id) */
  changeId: number | null;
  /** a payment of what was added on the day: the job's completion (job_completions.id) */
  extrasId: number | null;
  clientSecret: string | null;
  url: string | null;
}

/** What a payment gateway reports, in our own words (a verified webhook). */
export interface PaymentEvent {
  /** the provider's id of the event: each is handled once */
  eventId: string;
  /** the provider's own name of the event (stored with its id, and for the log) */
  providerType: string;
  /**
   * paid: the money is taken. pending: the customer finished, but the money
   * has not arrived yet (a bank payment still clearing). failed: such a
   * payment did not arrive. expired: the session closed unpaid. other:
   * nothing for us to do.
   */
  type: "paid" | "pending" | "failed" | "expired" | "other";
  sessionId: string | null;
  orderId: number | null;
  /** a date change's fee payment: the change it pays for */
  changeId: number | null;
  /** a payment of what was added on the day: the completion it pays for */
  extrasId: number | null;
  /** what was paid, in minor units (pence for GBP) */
  amountTotal: number | null;
  currency: string | null;
}

export type GatewayKind = "stripe" | "demo";

/** A refund's outcome: the provider's id of it, or why it was refused (for staff, not the customer). */
export type RefundResult = { ok: true; id: string } | { ok: false; reason: string };

export interface PaymentGateway {
  readonly kind: GatewayKind;
  readonly publishableKey: string | null;
  createSession(request: SessionRequest): Promise<GatewaySession>;
  /** null when the provider does not know the id */
  retrieveSession(id: string): Promise<GatewaySession | null>;
  /**
   * Closes an open session so it can no longer be paid (the customer gave
   * up). Answers the session as it now is: expired, or complete when the
   * payment got there first. null when the provider does not know the id.
   */
  expireSession(id: string): Promise<GatewaySession | null>;
  /**
   * Sends `amountPence` of the payment made through session `paymentReference`
   * (the order's payment_session_id) back to the card. The same idempotency key
   * never refunds twice: a repeat answers the first refund.
   */
  refund(
    paymentReference: string,
    amountPence: number,
    options: { idempotencyKey: string },
  ): Promise<RefundResult>;
  /** Could this be one of this gateway's session ids? (checked before any call to the provider) */
  isSessionId(id: string): boolean;
  /** Does this gateway take signed webhooks (it is set up to check their signatures)? */
  readonly receivesWebhooks: boolean;
  /**
   * Checks a webhook's signature and turns it into our own event; null when
   * the signature does not hold (nothing of it may be trusted then).
   */
  verifyWebhook(body: string, signature: string): Promise<PaymentEvent | null>;
}

const returnUrl = (siteUrl: string, path = "/payment") =>
  `${siteUrl}${path}?session_id={CHECKOUT_SESSION_ID}`;

/** A positive integer id from a provider's metadata, else null. */
function idFrom(value: unknown): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function stripeClient(): Stripe {
  const { secretKey, apiBase } = config().stripe;
  if (!secretKey) throw new Error("STRIPE_SECRET_KEY is not set");
  // apiBase is a fake Stripe server; config() accepts it only when NODE_ENV=test.
  const base = apiBase ? new URL(apiBase) : undefined;
  return new Stripe(secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

let stripeInstance: Stripe | undefined;
function stripe(): Stripe {
  stripeInstance ??= stripeClient();
  return stripeInstance;
}

function sessionFromStripe(s: Stripe.Checkout.Session): GatewaySession {
  return {
    id: s.id,
    status: s.status ?? "open",
    paid: s.status === "complete" && s.payment_status === "paid",
    amountTotal: s.amount_total ?? null,
    currency: s.currency ?? null,
    orderId: idFrom(s.client_reference_id ?? s.metadata?.order_id),
    changeId: idFrom(s.metadata?.change_id),
    extrasId: idFrom(s.metadata?.extras_id),
    clientSecret: s.client_secret ?? null,
    url: s.url ?? null,
  };
}

const stripeGateway: PaymentGateway = {
  kind: "stripe",
  get publishableKey() {
    return config().stripe.publishableKey ?? null;
  },
  async createSession(request) {
    const back = returnUrl(request.siteUrl, request.returnPath);
    const session = await stripe().checkout.sessions.create(
      {
        mode: "payment",
        ...(request.uiMode === "embedded"
          ? { ui_mode: "embedded_page", return_url: back }
          : {
              ui_mode: "hosted_page",
              success_url: back,
              cancel_url: request.cancelUrl,
            }),
        line_items: request.lines.map((line) => ({
          quantity: line.quantity,
          price_data: {
            currency: "gbp",
            unit_amount: line.unitPence,
            product_data: { name: line.name },
          },
        })),
        customer_email: request.customerEmail,
        client_reference_id: String(request.orderId),
        metadata: {
          order_id: String(request.orderId),
          ...(request.changeId ? { change_id: String(request.changeId) } : {}),
          ...(request.extrasId ? { extras_id: String(request.extrasId) } : {}),
        },
        expires_at: request.expiresAt,
      },
      { idempotencyKey: request.idempotencyKey },
    );
    return sessionFromStripe(session);
  },
  async retrieveSession(id) {
    if (!STRIPE_SESSION_ID.test(id)) return null;
    try {
      return sessionFromStripe(await stripe().checkout.sessions.retrieve(id));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
        return null;
      throw error;
    }
  },
  async expireSession(id) {
    if (!STRIPE_SESSION_ID.test(id)) return null;
    try {
      return sessionFromStripe(await stripe().checkout.sessions.expire(id));
    } catch (error) {
      // Only an open session can be expired: it was paid or expired meanwhile.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode !== 404)
        return this.retrieveSession(id);
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
      throw error;
    }
  },
  async refund(reference, amountPence, { idempotencyKey }) {
    if (!STRIPE_SESSION_ID.test(reference))
      return { ok: false, reason: `${reference} is not a Stripe Checkout Session` };
    if (!Number.isSafeInteger(amountPence) || amountPence <= 0)
      return { ok: false, reason: `cannot refund ${amountPence} pence` };
    try {
      // Checkout keeps the payment on the session's PaymentIntent: the refund is made against it.
      const session = await stripe().checkout.sessions.retrieve(reference);
      const intent =
        typeof session.payment_intent === "string"
          ? session.payment_intent
          : (session.payment_intent?.id ?? null);
      if (!intent) return { ok: false, reason: `session ${reference} has no payment` };
      const refund = await stripe().refunds.create(
        { payment_intent: intent, amount: amountPence, metadata: { session_id: reference } },
        { idempotencyKey },
      );
      if (refund.status === "failed" || refund.status === "canceled")
        return { ok: false, reason: `Stripe answered refund ${refund.id} ${refund.status}` };
      return { ok: true, id: refund.id };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError)
        return { ok: false, reason: `Stripe refused the refund: ${error.message}` };
      throw error;
    }
  },
  isSessionId: (id) => STRIPE_SESSION_ID.test(id),
  get receivesWebhooks() {
    return Boolean(config().stripe.webhookSecret);
  },
  async verifyWebhook(body, signature) {
    const secret = config().stripe.webhookSecret;
    if (!secret) return null;
    let event: Stripe.Event;
    try {
      event = await stripe().webhooks.constructEventAsync(body, signature, secret);
    } catch {
      return null;
    }
    return eventFromStripe(event);
  },
};

/** The Checkout Session events we act on, in our words. */
const STRIPE_EVENT_TYPES: Partial<Record<Stripe.Event.Type, "paid" | "failed" | "expired">> = {
  "checkout.session.completed": "paid",
  "checkout.session.async_payment_succeeded": "paid",
  "checkout.session.async_payment_failed": "failed",
  "checkout.session.expired": "expired",
};

function eventFromStripe(event: Stripe.Event): PaymentEvent {
  const base = { eventId: event.id, providerType: event.type };
  // Own keys only: an event type such as "constructor" names nothing we act on.
  const type = Object.hasOwn(STRIPE_EVENT_TYPES, event.type)
    ? STRIPE_EVENT_TYPES[event.type]
    : undefined;
  if (!type)
    return {
      ...base,
      type: "other",
      sessionId: null,
      orderId: null,
      changeId: null,
      extrasId: null,
      amountTotal: null,
      currency: null,
    };
  const session = sessionFromStripe(event.data.object as Stripe.Checkout.Session);
  return {
    ...base,
    // A session completed with a bank payment still clearing is not paid yet.
    type: type === "paid" && !session.paid ? "pending" : type,
    sessionId: session.id,
    orderId: session.orderId,
    changeId: session.changeId,
    extrasId: session.extrasId,
    amountTotal: session.amountTotal,
    currency: session.currency,
  };
}

/** Stripe Checkout Session ids: `cs_test_…` / `cs_live_…` (letters and digits). */
const STRIPE_SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]{8,200}$/;

/** Demo session ids: `demo_` and a digest of the idempotency key, so a repeated request gets the same session. */
const DEMO_ID = /^demo_[A-Za-z0-9_-]{20,64}$/;

/** A demo payment as the gateway reports it: paid once complete, paid on the demo page. */
const demoSession = (
  id: string,
  status: string,
  amountTotal: number,
  orderId: number,
  paysFor: { changeId?: number; extrasId?: number } = {},
): GatewaySession => ({
  id,
  status,
  paid: status === "complete",
  amountTotal,
  currency: "gbp",
  orderId,
  changeId: paysFor.changeId ?? null,
  extrasId: paysFor.extrasId ?? null,
  clientSecret: null,
  url: `/payment/demo?session_id=${id}`,
});

const demoGateway: PaymentGateway = {
  kind: "demo",
  publishableKey: null,
  async createSession(request) {
    const digest = crypto
      .createHmac("sha256", config().sessionSecret)
      .update(request.idempotencyKey)
      .digest("base64url")
      .slice(0, 32);
    const id = `demo_${digest}`;
    const amount = request.lines.reduce((sum, l) => sum + l.unitPence * l.quantity, 0);
    return demoSession(id, "open", amount, request.orderId, {
      changeId: request.changeId,
      extrasId: request.extrasId,
    });
  },
  async retrieveSession(id) {
    if (!DEMO_ID.test(id)) return null;
    const change = await db()
      .selectFrom("booking_changes")
      .select(["id", "order_id", "status", "fee_pence"])
      .where("payment_session_id", "=", id)
      .executeTakeFirst();
    if (change) {
      const status =
        change.status === "pending" ? "open" : change.status === "closed" ? "expired" : "complete";
      return demoSession(id, status, change.fee_pence, change.order_id, { changeId: change.id });
    }
    const extras = await db()
      .selectFrom("job_completions")
      .select(["id", "order_id", "extras_pence", "extras_paid_at", "extras_session_id"])
      .where("extras_session_id", "=", id)
      .executeTakeFirst();
    if (extras?.order_id) {
      // Paid, or open until a newer session replaced it (the demo gateway keeps no state of its own).
      const status = extras.extras_paid_at ? "complete" : "open";
      return demoSession(id, status, extras.extras_pence, extras.order_id, { extrasId: extras.id });
    }
    const order = await db()
      .selectFrom("orders")
      .select(["id", "status", "total_pence", "payment_closed", "created_at"])
      .where("payment_session_id", "=", id)
      .executeTakeFirst();
    if (!order) return null;
    // Like a Stripe session, a demo payment cannot be paid once the order's hold on its day has
    // lapsed, nor once it was closed (the customer gave up, or staff changed the quote).
    const status =
      order.status === "complete"
        ? "complete"
        : order.payment_closed === "declined"
          ? "declined"
          : order.payment_closed || holdLapsed(order.created_at, new Date())
            ? "expired"
            : "open";
    return demoSession(id, status, order.total_pence, order.id);
  },
  async expireSession(id) {
    // The demo gateway keeps no state of its own: closing the order (the caller) expires it.
    const session = await this.retrieveSession(id);
    return session?.status === "open" ? { ...session, status: "expired" } : session;
  },
  async refund(reference, amountPence, { idempotencyKey }) {
    if (!DEMO_ID.test(reference))
      return { ok: false, reason: `${reference} is not a demo payment` };
    if (!Number.isSafeInteger(amountPence) || amountPence <= 0)
      return { ok: false, reason: `cannot refund ${amountPence} pence` };
    // Nothing was charged, so nothing goes back: the refund is recorded (its id
    // a digest of the key, so a repeat answers the same refund) and succeeds.
    const id = `demo_re_${crypto
      .createHmac("sha256", config().sessionSecret)
      .update(idempotencyKey)
      .digest("base64url")
      .slice(0, 24)}`;
    console.log(`[payments] demo refund ${id}: ${amountPence} pence of ${reference}`);
    return { ok: true, id };
  },
  isSessionId: (id) => DEMO_ID.test(id),
  // The demo page reports its payments itself, through the same completion.
  receivesWebhooks: false,
  verifyWebhook: async () => null,
};

/**
 * Makes one cheap authenticated request with STRIPE_SECRET_KEY (reading the
 * account's balance), for `check`: resolves with whether the key is live,
 * rejects with Stripe's reason (a wrong or revoked key, no answer in time).
 */
export async function verifyStripeKey(timeoutMs = 10_000): Promise<{ livemode: boolean }> {
  const balance = await stripe().balance.retrieve({}, { timeout: timeoutMs, maxNetworkRetries: 0 });
  return { livemode: balance.livemode };
}

/** Why a refund could not be asked for: no gateway is in use. */
export const NO_GATEWAY = "card payments are not set up on this site";

/**
 * The gateway in use, or null when card payment is unavailable (production
 * without Stripe keys: checkout then says how to book by phone).
 */
export function paymentGateway(): PaymentGateway | null {
  const { stripe: keys, isProduction } = config();
  if (keys.secretKey) return stripeGateway;
  return isProduction ? null : demoGateway;
}

/**
 * Sends a payment back through the gateway in use, never throwing: without a
 * gateway, or when the call fails, the answer says why (for staff).
 */
export async function refundPayment(
  paymentReference: string,
  amountPence: number,
  idempotencyKey: string,
): Promise<RefundResult> {
  const gateway = paymentGateway();
  if (!gateway) return { ok: false, reason: NO_GATEWAY };
  try {
    return await gateway.refund(paymentReference, amountPence, { idempotencyKey });
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
