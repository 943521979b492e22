/**
 * A card checkout's hold on its day (docs/decisions/032-one-quote-one-booking.md): the unpaid
 * order keeps its share of the day for as long as its payment session can be paid, and no
 * longer. Stripe closes a Checkout Session no sooner than 30 minutes after it is made; one more
 * minute covers the time between writing the order and asking for its session. The session's
 * `expires_at` and the day's count both come from holdEndsAt, so they end together.
 */
export const PAYMENT_WINDOW_MINUTES = 31;

/** When an unpaid order made at `createdAt` stops holding its day (and its payment closes). */
export function holdEndsAt(createdAt: string): Date {
  return new Date(Date.parse(createdAt) + PAYMENT_WINDOW_MINUTES * 60_000);
}

/** Has the hold of an order made at `createdAt` lapsed by `now`? */
export function holdLapsed(createdAt: string, now: Date): boolean {
  return now.getTime() >= holdEndsAt(createdAt).getTime();
}

/**
 * What became of a web checkout whose payment never arrived, in the office's words: its
 * gateway's ending (`orders.payment_closed`), or, with none, whether it may still be paid.
 */
export function unfinishedCheckoutText(
  closed: string | null,
  createdAt: string,
  now: Date,
): string {
  switch (closed) {
    case "declined":
      return "Card declined";
    case "expired":
      return "Payment page closed unpaid";
    case "failed":
      return "Payment could not start";
    default:
      return holdLapsed(createdAt, now) ? "Left unpaid" : "Being paid now";
  }
}
