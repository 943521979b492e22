/**
 * How a page answers once a customer's payment has started: the card form inside the page, a
 * redirect (the provider's page, the demo gateway, or the payment's own page when it is already
 * paid), or why the payment could not start. app/models/payments/payment-start.server.ts decides which.
 */

/** The card form inside our page (JavaScript on, Stripe in use). */
export interface EmbeddedPaymentAnswer {
  kind: "embedded";
  clientSecret: string;
  publishableKey: string;
  /** the held order the form's Cancel button gives up; null when nothing is held (a date change's fee) */
  abandon: { orderId: number; key: string } | null;
}

export type PaymentStartAnswer =
  EmbeddedPaymentAnswer | { kind: "redirect"; to: string } | { kind: "failed"; message: string };

/** The way to pay the form asked for: the embedded card form only when the page's script asked. */
export const requestedUiMode = (value: unknown): "embedded" | "hosted" =>
  value === "embedded" ? "embedded" : "hosted";

/** The page that shows a payment's outcome. */
export const paymentPagePath = (sessionId: string) =>
  `/payment?session_id=${encodeURIComponent(sessionId)}`;

const seeOther = (to: string) => new Response(null, { status: 303, headers: { Location: to } });

/** A payment that is already made is shown on its own page, never started again. */
export const redirectToPaymentPage = (sessionId: string) => seeOther(paymentPagePath(sessionId));

/**
 * The route's answer to a started payment: a 303 for a redirect, the embedded form's data as it
 * is, and for a failure whatever the page shows then (its form again, with the message).
 */
export function answerPaymentStart<Failed>(
  answer: PaymentStartAnswer,
  failed: (message: string) => Failed,
): Response | EmbeddedPaymentAnswer | Failed {
  if (answer.kind === "redirect") return seeOther(answer.to);
  if (answer.kind === "embedded") return answer;
  return failed(answer.message);
}
