import type { Transaction } from "kysely";
import { formatLongDate, formatPence } from "~/lib/format";
import { extrasPaymentText } from "~/lib/job-extras";
import { todayInLondon } from "~/lib/london-clock.server";
import { PAYMENT_WINDOW_MINUTES } from "~/lib/payment-hold";
import { bookingReference } from "~/lib/references";
import { db, type DB } from "~/services/db.server";
import { lockKeys } from "~/services/dialect.server";
import { paymentGateway, type GatewaySession, type UiMode } from "~/services/payments.server";
import { managePath } from "../bookings/manage-link.server";
import { recordOrderEvent } from "../checkout/order-history.server";
import { findByCustomerLink } from "../customer-links/customer-link.server";
import { customerEmail, officeEmail, openOrderLine } from "../messages/email-layout.server";
import { enqueueEmail } from "../messages/outbox.server";
import { alreadyPaidStart, type StartedPayment } from "./payment-start.server";

/**
 * What the crew added on the day, paid by card from the booking's own page (docs/rules.md#job-
 * completion): the crew chose "email a link" at completion, the completion email links the page,
 * and each press of "Pay" there opens a gateway session for the extras alone (the one before is
 * closed first: never paid twice). The checkout's gateway and completion carry it: a session
 * with `extrasId` is this module's (completePayment), and its return is the booking's page.
 */

export const EXTRAS_PAYMENT_MESSAGES = {
  nothingToPay: "There is nothing more to pay on this booking.",
  noGateway: (phone: string) =>
    `Card payments are not available right now. Please call us on ${phone} to pay.`,
} as const;

export type ExtrasPaymentStart =
  { ok: true; started: StartedPayment } | { ok: false; message: string };

/** The completion behind a booking's link whose extras are to be paid by card. */
async function extrasOfBooking(token: string) {
  const orderId = await findByCustomerLink("booking", token);
  if (orderId === undefined) return undefined;
  return db()
    .selectFrom("job_completions")
    .innerJoin("orders", "orders.id", "job_completions.order_id")
    .select([
      "job_completions.id",
      "job_completions.order_id",
      "job_completions.extras_pence",
      "job_completions.extras_link_at",
      "job_completions.extras_session_id",
      "job_completions.extras_paid_at",
      "orders.email",
    ])
    .where("job_completions.order_id", "=", orderId)
    .where("job_completions.extras_link_at", "is not", null)
    .where("job_completions.extras_pence", ">", 0)
    .executeTakeFirst();
}

/** "Pay £35.00 by card" for what was added on the day: a fresh session, the one before closed. */
export async function startExtrasPayment(
  token: string,
  input: { uiMode: UiMode; siteUrl: string; phone: string },
  now = new Date(),
): Promise<ExtrasPaymentStart> {
  const extras = await extrasOfBooking(token);
  if (!extras?.order_id) return { ok: false, message: EXTRAS_PAYMENT_MESSAGES.nothingToPay };
  const orderId = extras.order_id;
  const gateway = paymentGateway();
  if (!gateway) return { ok: false, message: EXTRAS_PAYMENT_MESSAGES.noGateway(input.phone) };
  const paid = (sessionId: string) => ({
    ok: true as const,
    started: alreadyPaidStart(
      gateway.kind,
      { sessionId, orderId, paysFor: { extrasId: extras.id } },
      `${managePath(token)}?session_id=${encodeURIComponent(sessionId)}`,
    ),
  });
  if (extras.extras_paid_at && extras.extras_session_id) return paid(extras.extras_session_id);
  if (extras.extras_session_id) {
    const earlier = await gateway.expireSession(extras.extras_session_id).catch(() => null);
    if (earlier?.paid) {
      await completeExtrasPayment(earlier, gateway.kind, now);
      return paid(earlier.id);
    }
  }
  let session: GatewaySession;
  try {
    session = await gateway.createSession({
      orderId,
      extrasId: extras.id,
      uiMode: input.uiMode,
      lines: [
        {
          name: `Added on the day, booking ${bookingReference(orderId)}`,
          unitPence: extras.extras_pence,
          quantity: 1,
        },
      ],
      customerEmail: extras.email,
      expiresAt: Math.floor(now.getTime() / 1000) + PAYMENT_WINDOW_MINUTES * 60,
      idempotencyKey: `extras-${extras.id}-${now.getTime()}-${input.uiMode}`,
      siteUrl: input.siteUrl,
      returnPath: managePath(token),
      cancelUrl: `${input.siteUrl}${managePath(token)}`,
    });
  } catch (error) {
    console.error(`[booking] could not start the extras payment of order ${orderId}:`, error);
    return { ok: false, message: EXTRAS_PAYMENT_MESSAGES.noGateway(input.phone) };
  }
  await db()
    .updateTable("job_completions")
    .set({ extras_session_id: session.id })
    .where("id", "=", extras.id)
    .where("extras_paid_at", "is", null)
    .execute();
  return { ok: true, started: { session, gateway: gateway.kind } };
}

export type ExtrasOutcome = "paid" | "already" | "not-paid" | "mismatch" | "unknown";

/** An extras payment as a gateway reports it. */
export type ExtrasPaymentReport = Pick<
  GatewaySession,
  "id" | "orderId" | "extrasId" | "paid" | "amountTotal" | "currency"
>;

/**
 * The extras are paid (the customer's return, the gateway's webhook or the demo page, whichever
 * reports it first): recorded once, the receipt's payment line says so, the customer is thanked
 * and the history tells. A second session paid for the same extras (a race between two pages)
 * is not taken twice: the office is told to refund it.
 */
export async function completeExtrasPayment(
  payment: ExtrasPaymentReport,
  actor: string,
  now = new Date(),
): Promise<ExtrasOutcome> {
  const { extrasId, orderId } = payment;
  if (!extrasId || !orderId) return "unknown";
  return db()
    .transaction()
    .execute(async (trx) => {
      await lockKeys(trx, [`order:${orderId}`]);
      const extras = await trx
        .selectFrom("job_completions")
        .select([
          "id",
          "extras_pence",
          "extras_paid_at",
          "extras_session_id",
          "payment_note",
          "customer_name",
          "customer_email",
        ])
        .where("id", "=", extrasId)
        .where("order_id", "=", orderId)
        .where("extras_link_at", "is not", null)
        .executeTakeFirst();
      if (!extras) return "unknown";
      if (!payment.paid) return "not-paid";
      if (extras.extras_paid_at && extras.extras_session_id === payment.id) return "already";
      if (
        payment.amountTotal !== extras.extras_pence ||
        payment.currency?.toLowerCase() !== "gbp"
      ) {
        console.error(
          `[booking] extras ${extras.id} expected ${extras.extras_pence} gbp, session ${payment.id} has ${payment.amountTotal} ${payment.currency}`,
        );
        return "mismatch";
      }
      if (extras.extras_paid_at) {
        await paidTwice(trx, orderId, payment.id, extras.extras_pence, actor);
        return "already";
      }
      await recordExtrasPaid(trx, { orderId, ...extras }, payment.id, actor, now);
      return "paid";
    });
}

async function recordExtrasPaid(
  trx: Transaction<DB>,
  extras: {
    id: number;
    orderId: number;
    extras_pence: number;
    payment_note: string;
    customer_name: string;
    customer_email: string;
  },
  sessionId: string,
  actor: string,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const day = formatLongDate(todayInLondon(now));
  const pence = extras.extras_pence;
  await trx
    .updateTable("job_completions")
    .set({
      extras_paid_at: at,
      extras_session_id: sessionId,
      // The receipt, printed again, says it is paid.
      payment_note: extras.payment_note.replace(
        extrasPaymentText(pence, { kind: "link" }),
        extrasPaymentText(pence, { kind: "card", day }),
      ),
    })
    .where("id", "=", extras.id)
    .execute();
  await recordOrderEvent(trx, {
    orderId: extras.orderId,
    field: "extras",
    oldValue: null,
    newValue: `${formatPence(pence)} added on the day paid by card (${sessionId})`,
    actor,
    at,
  });
  const ref = bookingReference(extras.orderId);
  await enqueueEmail(
    trx,
    customerEmail({
      kind: "extras_payment_received",
      to: extras.customer_email,
      name: extras.customer_name,
      subject: `Payment received: ${formatPence(pence)} for what was added to your collection (ref ${ref})`,
      body: [
        `Thank you: we have your card payment of ${formatPence(pence)} for what was added on the day of your collection (booking ${ref}). There is nothing more to pay.`,
        "",
        "Your receipt, on the page your completion email links to, now shows it paid.",
      ],
    }),
  );
}

/** A second payment for extras already paid: kept off the books and the office told to refund it. */
async function paidTwice(
  trx: Transaction<DB>,
  orderId: number,
  sessionId: string,
  pence: number,
  actor: string,
): Promise<void> {
  const text = `second card payment ${sessionId} for what was added on the day: to refund`;
  const seen = await trx
    .selectFrom("order_events")
    .select("id")
    .where("order_id", "=", orderId)
    .where("new_value", "=", text)
    .executeTakeFirst();
  if (seen) return;
  await recordOrderEvent(trx, { orderId, field: "payment", oldValue: null, newValue: text, actor });
  const ref = bookingReference(orderId);
  await enqueueEmail(
    trx,
    officeEmail("extras_paid_twice", `Payment to refund: ${ref}'s extras were paid twice`, [
      `What was added on the day of booking ${ref} (${formatPence(pence)}) was paid by card twice, from two pages open at once.`,
      `Refund the payment ${sessionId} in the Stripe dashboard and let the customer know.`,
      "",
      openOrderLine(orderId),
    ]),
  );
}

/** Back on the booking's page from paying the extras (`?session_id=`): what happened, told. */
export async function settleExtrasPayment(
  token: string,
  sessionId: string,
  now = new Date(),
): Promise<{ kind: "extras-paid" | "extras-pending"; pence: number } | null> {
  const gateway = paymentGateway();
  if (!gateway?.isSessionId(sessionId)) return null;
  const extras = await extrasOfBooking(token);
  if (!extras || extras.extras_session_id !== sessionId) return null;
  if (!extras.extras_paid_at) {
    const session = await gateway.retrieveSession(sessionId).catch(() => null);
    if (session?.paid && session.extrasId === extras.id)
      await completeExtrasPayment(session, gateway.kind, now);
  }
  const paid = await db()
    .selectFrom("job_completions")
    .select("extras_paid_at")
    .where("id", "=", extras.id)
    .executeTakeFirstOrThrow();
  return {
    kind: paid.extras_paid_at ? "extras-paid" : "extras-pending",
    pence: extras.extras_pence,
  };
}
