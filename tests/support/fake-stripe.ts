import http from "node:http";
import Stripe from "stripe";
import { freePort } from "./server";

/**
 * A small Stripe API of our own for tests: the real `stripe` SDK in the
 * server talks to it (STRIPE_API_BASE, honoured only when NODE_ENV=test).
 * It keeps Checkout Sessions, replays a request with the same idempotency
 * key as Stripe does, and records every request for assertions. A paid
 * session gets a PaymentIntent, and refunds are made against it
 * (POST /v1/refunds), kept for assertions, or refused when a test asks.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  /** the secret key the request was made with (its Authorization: Bearer …) */
  apiKey: string | null;
  /** the form body, nested as Stripe reads it (`line_items[0][quantity]` → line_items[0].quantity) */
  body: Record<string, unknown>;
}

export interface FakeSession {
  id: string;
  object: "checkout.session";
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  amount_total: number;
  currency: string;
  ui_mode: string;
  client_secret: string | null;
  url: string | null;
  return_url: string | null;
  success_url: string | null;
  cancel_url: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  expires_at: number | null;
  mode: string;
  /** the PaymentIntent of a paid session (null until paid) */
  payment_intent: string | null;
}

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  metadata: Record<string, string>;
}

/** Stripe's form encoding back into objects and arrays. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const slot = /^\d+$/.test(part) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[slot] = value;
      else {
        container[slot] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
        node = container[slot] as Record<string, unknown>;
      }
    });
  }
  return root;
}

export async function startFakeStripe() {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const replies = new Map<string, { status: number; body: string }>();
  let counter = 0;
  /** answer the next n requests with 500 (the SDK retries, so count its retries) */
  let failures = 0;
  /** secret keys answered with 401, as Stripe answers a wrong or revoked key */
  const rejectedKeys = new Set<string>();
  const refunds: FakeRefund[] = [];
  /** refuse the next n refunds (as Stripe does when the payment cannot be refunded) */
  let refundRefusals = 0;

  function createSession(body: Record<string, unknown>): FakeSession {
    counter += 1;
    const id = `cs_test_${String(counter).padStart(4, "0")}${Math.random().toString(36).slice(2, 10)}`;
    const items = (body.line_items as Record<string, Record<string, unknown>>[] | undefined) ?? [];
    const amount = items.reduce((sum, item) => {
      const price = item.price_data as Record<string, unknown> | undefined;
      return sum + Number(price?.unit_amount ?? 0) * Number(item.quantity ?? 1);
    }, 0);
    const currency = String(
      (items[0]?.price_data as Record<string, unknown> | undefined)?.currency ?? "gbp",
    );
    const uiMode = String(body.ui_mode ?? "hosted_page");
    const session: FakeSession = {
      id,
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      amount_total: amount,
      currency,
      ui_mode: uiMode,
      client_secret: uiMode === "embedded_page" ? `${id}_secret_${counter}` : null,
      url: uiMode === "hosted_page" ? `https://checkout.stripe.com/c/pay/${id}` : null,
      return_url: (body.return_url as string) ?? null,
      success_url: (body.success_url as string) ?? null,
      cancel_url: (body.cancel_url as string) ?? null,
      customer_email: (body.customer_email as string) ?? null,
      client_reference_id: (body.client_reference_id as string) ?? null,
      metadata: (body.metadata as Record<string, string>) ?? {},
      expires_at: body.expires_at ? Number(body.expires_at) : null,
      mode: String(body.mode ?? ""),
      payment_intent: null,
    };
    sessions.set(id, session);
    return session;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://fake");
      const record: RecordedRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        idempotencyKey: (req.headers["idempotency-key"] as string | undefined) ?? null,
        stripeVersion: (req.headers["stripe-version"] as string | undefined) ?? null,
        apiKey: /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? null,
        body: parseStripeForm(raw),
      };
      requests.push(record);
      const send = (status: number, body: unknown) => {
        const text = JSON.stringify(body);
        res.writeHead(status, {
          "content-type": "application/json",
          "request-id": `req_${counter}`,
        });
        res.end(text);
        return text;
      };
      if (failures > 0) {
        failures -= 1;
        return send(500, { error: { type: "api_error", message: "Fake Stripe is down" } });
      }
      if (record.apiKey && rejectedKeys.has(record.apiKey))
        return send(401, {
          error: {
            type: "invalid_request_error",
            message: `Invalid API Key provided: ${record.apiKey.slice(0, 8)}****${record.apiKey.slice(-4)}`,
          },
        });
      if (record.method === "GET" && url.pathname === "/v1/balance")
        return send(200, {
          object: "balance",
          livemode: record.apiKey?.startsWith("sk_live_") ?? false,
          available: [{ amount: 0, currency: "gbp", source_types: { card: 0 } }],
          pending: [{ amount: 0, currency: "gbp", source_types: { card: 0 } }],
        });
      if (record.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const key = record.idempotencyKey;
        const previous = key ? replies.get(key) : undefined;
        if (previous) {
          res.writeHead(previous.status, {
            "content-type": "application/json",
            "idempotent-replayed": "true",
          });
          return res.end(previous.body);
        }
        const text = send(200, createSession(record.body));
        if (key) replies.set(key, { status: 200, body: text });
        return;
      }
      if (record.method === "POST" && url.pathname === "/v1/refunds") {
        const key = record.idempotencyKey;
        const previous = key ? replies.get(key) : undefined;
        if (previous) {
          res.writeHead(previous.status, {
            "content-type": "application/json",
            "idempotent-replayed": "true",
          });
          return res.end(previous.body);
        }
        const remember = (status: number, body: unknown) => {
          const text = send(status, body);
          if (key) replies.set(key, { status, body: text });
        };
        const intent = String(record.body.payment_intent ?? "");
        const paid = [...sessions.values()].find((s) => s.payment_intent === intent);
        if (!paid)
          return remember(404, {
            error: {
              type: "invalid_request_error",
              code: "resource_missing",
              message: `No such payment_intent: '${intent}'`,
            },
          });
        const refunded = refunds
          .filter((r) => r.payment_intent === intent)
          .reduce((sum, r) => sum + r.amount, 0);
        const amount = record.body.amount
          ? Number(record.body.amount)
          : paid.amount_total - refunded;
        if (refundRefusals > 0 || amount + refunded > paid.amount_total) {
          refundRefusals = Math.max(0, refundRefusals - 1);
          return remember(400, {
            error: {
              type: "invalid_request_error",
              code: "charge_disputed",
              message: `Charge for payment_intent ${intent} has been disputed and cannot be refunded.`,
            },
          });
        }
        const refund: FakeRefund = {
          id: `re_test_${String(refunds.length + 1).padStart(4, "0")}${Math.random().toString(36).slice(2, 10)}`,
          object: "refund",
          amount,
          currency: paid.currency,
          payment_intent: intent,
          status: "succeeded",
          metadata: (record.body.metadata as Record<string, string>) ?? {},
        };
        refunds.push(refund);
        return remember(200, refund);
      }
      const expiring = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
      if (record.method === "POST" && expiring) {
        const session = sessions.get(decodeURIComponent(expiring[1]!));
        if (!session)
          return send(404, {
            error: {
              type: "invalid_request_error",
              code: "resource_missing",
              message: `No such checkout.session: '${expiring[1]}'`,
            },
          });
        if (session.status !== "open")
          return send(400, {
            error: {
              type: "invalid_request_error",
              message: `Only Checkout Sessions with a status in [open] can be expired. This Checkout Session has a status of ${session.status}.`,
            },
          });
        session.status = "expired";
        return send(200, session);
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (record.method === "GET" && match) {
        const session = sessions.get(decodeURIComponent(match[1]!));
        if (session) return send(200, session);
        return send(404, {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            message: `No such checkout.session: '${match[1]}'`,
          },
        });
      }
      return send(404, { error: { type: "invalid_request_error", message: "Unknown path" } });
    });
  });

  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    /**
     * the customer paid (what Stripe's form does). As Stripe's form, an expired session (closed,
     * or past its expires_at) cannot be paid: it throws.
     */
    pay(id: string, overrides: Partial<FakeSession> = {}) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no fake session ${id}`);
      if (
        session.status === "expired" ||
        (session.expires_at !== null && session.expires_at * 1000 <= Date.now())
      )
        throw new Error(`fake session ${id} has expired and cannot be paid`);
      Object.assign(
        session,
        {
          status: "complete",
          payment_status: "paid",
          payment_intent: `pi_test_${session.id.slice(8)}`,
        },
        overrides,
      );
      return session;
    },
    expire(id: string) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no fake session ${id}`);
      session.status = "expired";
      return session;
    },
    failNext(n: number) {
      failures = n;
    },
    /** the refunds made, in order */
    refunds,
    /** refuse the next n refunds with a 400 (a disputed charge) */
    refuseRefunds(n: number) {
      refundRefusals = n;
    },
    /** requests that asked for a refund (POST /v1/refunds) */
    refundRequests: () => requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds"),
    /** answer every later request made with this secret key with 401 */
    rejectKey(key: string) {
      rejectedKeys.add(key);
    },
    /** requests that read the account balance (GET /v1/balance: `check`) */
    balanceReads: () => requests.filter((r) => r.method === "GET" && r.path === "/v1/balance"),
    sessionCreations: () =>
      requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions"),
    /** requests that read one session (GET /v1/checkout/sessions/{id}) */
    sessionReads: (id?: string) =>
      requests.filter(
        (r) =>
          r.method === "GET" &&
          (id
            ? r.path === `/v1/checkout/sessions/${id}`
            : /^\/v1\/checkout\/sessions\/[^/]+$/.test(r.path)),
      ),
    /** requests that expired a session (POST /v1/checkout/sessions/{id}/expire) */
    sessionExpiries: () => requests.filter((r) => r.method === "POST" && /\/expire$/.test(r.path)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

const webhookSigner = new Stripe("sk_test_signer_only");

/** A Checkout Session event as Stripe sends it to a webhook. */
export function stripeSessionEvent(id: string, type: string, session: object) {
  return {
    id,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: session },
  };
}

/** Posts an event to the shop's Stripe webhook, signed with `secret` as Stripe signs it. */
export function signedStripeWebhook(server: { url: string }, event: object, secret: string) {
  const payload = JSON.stringify(event);
  const signature = webhookSigner.webhooks.generateTestHeaderString({ payload, secret });
  return fetch(`${server.url}/webhooks/stripe`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
}
