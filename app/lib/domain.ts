/**
 * The shop's vocabulary: the values a product, an order or an email can
 * take. Pure data, shared by the database types (services/schema.ts), the
 * models and the pages.
 */

export const PRODUCT_CATEGORIES = [
  "Sofa & Chair Removal",
  "Old Batteries Removal",
  "Office Removal",
  "Garden Waste Removal",
  "Furniture Removal",
  "Fridge Removal",
  "Electronic Removal",
  "Home Removal",
  "Appliance Removal",
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const POSITIONS = ["inside_dismantle", "inside_no_dismantle", "outside"] as const;
export type Position = (typeof POSITIONS)[number];

export const PAYMENT_STATUSES = ["pending", "complete"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const BOOKING_STATUSES = ["pending", "complete"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const PAYMENT_METHODS = ["card", "cash_payment", "bank_transfer"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const ORDER_SOURCES = ["web", "manual", "quote"] as const;
export const PAYMENT_CLOSED_REASONS = ["expired", "declined", "failed"] as const;
export type PaymentClosed = (typeof PAYMENT_CLOSED_REASONS)[number];
/** Why a payment that arrived was refunded instead of booked: its quote's price was no longer on offer. */
export const PAYMENT_REFUSED_REASONS = [
  "withdrawn",
  "replaced",
  "declined",
  "expired",
  "booked",
] as const;
export type PaymentRefused = (typeof PAYMENT_REFUSED_REASONS)[number];
export type OrderSource = (typeof ORDER_SOURCES)[number];
/** A quote's state as stored ("expired" is worked out: priced, past its offer's last day). */
export const QUOTE_STATES = ["new", "priced", "booked", "declined", "withdrawn"] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];
/** A quote's state as staff and customers see it. */
export type QuoteShownState = QuoteState | "expired";
export const OFFER_STATUSES = ["sent", "replaced", "withdrawn", "declined", "booked"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * How an order is paid, as pages say it: its payment method, or "card_link" for a booking staff
 * made to be paid by card from a link (stored as 'card' with orders.payment_link_at).
 */
export type PaymentWay = PaymentMethod | "card_link";

/** An order's way of paying, from its stored method and link. */
export const paymentWayOf = (order: {
  payment_method: PaymentMethod;
  payment_link_at: string | null;
}): PaymentWay => (order.payment_link_at !== null ? "card_link" : order.payment_method);

/** How staff pages name a way of paying. */
export const PAYMENT_METHOD_LABELS: Record<PaymentWay, string> = {
  card: "Card",
  cash_payment: "Cash",
  bank_transfer: "Bank transfer",
  card_link: "Card, by payment link",
};

/** An order's payment in staff's words: "Paid", "Awaiting payment" (a link sent), "Not paid". */
export function paymentStateText(method: string, status: string): string {
  if (status === "complete") return "Paid";
  return method === "card_link" ? "Awaiting payment" : "Not paid";
}

/** Is the money (once paid) on a card, so a refund goes back to it through the gateway? */
export const paidByCard = (method: string) => method === "card" || method === "card_link";

/** A stored payment method's label (an unknown value is shown as it is). */
export function paymentMethodLabel(method: string): string {
  return (PAYMENT_METHOD_LABELS as Record<string, string>)[method] ?? method;
}
