import type { Transaction } from "kysely";
import { formatPence } from "~/lib/format";
import type { DB } from "~/services/db.server";
import { NO_GATEWAY, paymentGateway, refundPayment } from "~/services/payments.server";
import { moveFeePayments } from "./booking-facts.server";

/**
 * The money a cancellation sends back through the gateway (cancel-booking.server.ts): what was
 * paid by card for the booking, and, within the cancellation period or when staff refund in
 * full, every fee the customer paid to move it, each to the payment it came from (CCR reg. 34:
 * all payments received).
 */

/** A cancellation's refunds through the gateway. */
export interface CancelRefunds {
  /** what went back to the booking's own card payment */
  pence: number;
  /** the gateway's id of that refund */
  reference: string | null;
  /** the fees paid to move the booking, each sent back to its own payment */
  moves: { changeId: number; pence: number; reference: string }[];
}

export const NO_REFUNDS: CancelRefunds = { pence: 0, reference: null, moves: [] };

/** All a cancellation sent back through the gateway. */
export const refundedPence = (refunds: CancelRefunds) =>
  refunds.pence + refunds.moves.reduce((sum, move) => sum + move.pence, 0);

/** The refund's idempotency key: one per order, so a repeated request can never refund twice. */
export const cancelIdempotencyKey = (orderId: number) => `cancel-${orderId}`;
/** And one per move fee. */
const moveFeeKey = (orderId: number, changeId: number) => `cancel-${orderId}-move-${changeId}`;

interface RefundableOrder {
  id: number;
  payment_session_id: string | null;
}

/**
 * Sends back `bookingPence` to the booking's payment and, with `withMoveFees`, each move fee not
 * yet sent back to its own payment. Outside any write transaction (the caller holds a lease on
 * the order); each refund has its own idempotency key, so a repeat after a refusal sends nothing
 * twice. Stops at the first refusal, saying what it was for.
 */
export async function refundCancellation(
  order: RefundableOrder,
  bookingPence: number,
  withMoveFees: boolean,
): Promise<{ ok: true; refunds: CancelRefunds } | { ok: false; reason: string; pence: number }> {
  const refunds: CancelRefunds = { ...NO_REFUNDS, moves: [] };
  if (bookingPence > 0) {
    const refund = await refundTo(
      order.payment_session_id,
      bookingPence,
      cancelIdempotencyKey(order.id),
    );
    if (!refund.ok) return { ok: false, reason: refund.reason, pence: bookingPence };
    refunds.pence = bookingPence;
    refunds.reference = refund.id;
  }
  if (withMoveFees)
    for (const move of await moveFeePayments(order.id)) {
      const refund = await refundTo(
        move.payment_session_id,
        move.fee_pence,
        moveFeeKey(order.id, move.id),
      );
      if (!refund.ok) {
        // Said to staff: what already went back stays back, and a retry does not send it again.
        const before =
          refunds.pence > 0
            ? `; the booking's ${formatPence(refunds.pence)} went back (${refunds.reference}) and a retry will not send it again`
            : "";
        return { ok: false, reason: `${refund.reason}${before}`, pence: move.fee_pence };
      }
      refunds.moves.push({ changeId: move.id, pence: move.fee_pence, reference: refund.id });
    }
  return { ok: true, refunds };
}

/** Marks the move fees sent back, in the cancellation's transaction. */
export async function recordMoveFeeRefunds(trx: Transaction<DB>, refunds: CancelRefunds) {
  for (const move of refunds.moves)
    await trx
      .updateTable("booking_changes")
      .set({ refund_reference: move.reference })
      .where("id", "=", move.changeId)
      .execute();
}

async function refundTo(reference: string | null, pence: number, idempotencyKey: string) {
  const gateway = paymentGateway();
  if (!gateway) return { ok: false as const, reason: NO_GATEWAY };
  if (!reference || !gateway.isSessionId(reference))
    return {
      ok: false as const,
      reason: `the payment (${reference ?? "none"}) was not made through the ${gateway.kind} gateway in use`,
    };
  return refundPayment(reference, pence, idempotencyKey);
}
