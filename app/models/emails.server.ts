import { CANCELLATION_POLICY, cancellationPolicy } from "~/lib/cancellation";
import { ANY_TIME_DISCOUNT_LABEL } from "~/lib/capacity";
import type { Position } from "~/lib/domain";
import { formatLongDate, formatPence } from "~/lib/format";
import { lineName } from "~/lib/positions";
import { vatIncluded } from "~/lib/vat";
import { config } from "~/services/config.server";
import { bookingEvent, calendar } from "~/services/ical.server";
import type { OutgoingEmail } from "./outbox.server";

/**
 * Every email the product sends, as what it says (subject and body) and to
 * whom. Builders only: the models write them to the outbox
 * (outbox.server.ts) in the same transaction as what they report.
 */

// ---------------------------------------------------------------------------
// Bookings

/** A paid order, as the confirmation and the office's note describe it. */
export interface Receipt {
  id: number;
  full_name: string;
  email: string;
  phone_number: string;
  address_1: string;
  town: string;
  postcode: string;
  collection_date: string;
  total_pence: number;
  items: {
    product_name: string;
    position: Position | null;
    unit_price_pence: number;
    quantity: number;
  }[];
  vatRate: number;
  /** the customer's "Manage your booking" page (absolute) */
  manageLink?: string;
  /** the calendar event's SEQUENCE (orders.ics_sequence): 0 until the booking is rearranged */
  icsSequence?: number;
  /** the arrival window as customers read it, "Morning, 7:00 to 12:00" (arrivalOf) */
  arrival?: string;
  /** its hours, for the calendar file (arrivalOf); the whole collection day when left out */
  arrivalHours?: { start: string; end: string };
  /** the "any time" discount already off total_pence (orders.window_discount_pence) */
  window_discount_pence?: number;
}

function itemLines(receipt: Receipt): string[] {
  const discount = receipt.window_discount_pence ?? 0;
  return [
    ...receipt.items.map(
      (item) =>
        `  ${item.quantity} × ${lineName(item.product_name, item.position)}: ${formatPence(item.unit_price_pence * item.quantity)}`,
    ),
    ...(discount > 0 ? [`  ${ANY_TIME_DISCOUNT_LABEL}: −${formatPence(discount)}`] : []),
  ];
}

/** "Arrival: Morning, 7:00 to 12:00", under the collection date. */
const arrivalLines = (receipt: Receipt) => (receipt.arrival ? [`Arrival: ${receipt.arrival}`] : []);

/** The business's registration, at the foot of every email to a customer. */
export function registrationFooter(): string[] {
  const { business } = config();
  return [
    `${business.name}, ${business.address}`,
    `Registered waste carrier ${business.wasteCarrierLicence}. You can check our registration on the`,
    "Environment Agency public register before handing any waste over.",
  ];
}

/** The customer's confirmation of a paid booking: the durable record of what they bought. */
export function bookingConfirmationEmail(receipt: Receipt): OutgoingEmail {
  const { business } = config();
  const ref = `HB${receipt.id}`;
  return {
    kind: "booking_confirmation",
    to: receipt.email,
    subject: `Your collection is booked for ${formatLongDate(receipt.collection_date)} (ref ${ref})`,
    text: [
      `Hello ${receipt.full_name},`,
      "",
      `Thank you for booking with ${business.name}. Your payment has been received and your collection is booked.`,
      "",
      `Booking reference: ${ref}`,
      `Collection date: ${formatLongDate(receipt.collection_date)}`,
      ...arrivalLines(receipt),
      `Collection address: ${receipt.address_1}, ${receipt.town}, ${receipt.postcode}`,
      "",
      "What we will collect:",
      ...itemLines(receipt),
      "",
      `Total paid: ${formatPence(receipt.total_pence)} (includes VAT at ${receipt.vatRate}%: ${formatPence(vatIncluded(receipt.total_pence, receipt.vatRate))})`,
      "",
      "Cancellation and changes:",
      ...CANCELLATION_POLICY.map((line) => `  ${line}`),
      `To rearrange or cancel, call us on ${business.phone} or reply to this email (${business.email}) with your reference ${ref}.`,
      `A model cancellation form you may use (you do not have to): ${config().publicUrl}/cancellation-form`,
      ...(receipt.manageLink
        ? [
            "",
            "Manage your booking (what a change would cost today, and your documents after the job):",
            receipt.manageLink,
          ]
        : []),
      "",
      "On the day: we call you about 30 minutes before we arrive. If you will not be in, leave the items outside",
      "as you described when booking.",
      "",
      "The collection is attached as a calendar event.",
      "",
      ...registrationFooter(),
    ].join("\n"),
    attachments: [collectionCalendarFile(receipt)],
  };
}

/**
 * A booking as a calendar file (.ics) for a customer's email. One UID per booking, so a later file
 * (SEQUENCE higher, STATUS CANCELLED) updates the event the first one added.
 */
function calendarFile(orderId: number, event: Parameters<typeof bookingEvent>[0]) {
  const { business } = config();
  return {
    filename: `collection-HB${orderId}.ics`,
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    bytes: Buffer.from(
      calendar({ name: business.name, method: "PUBLISH", events: [bookingEvent(event)] }),
    ),
  };
}

/**
 * The collection as a calendar event (.ics) the customer's phone can add: the confirmation's,
 * a rearrangement's (a higher SEQUENCE moves the event) and the reminder's.
 */
export function collectionCalendarFile(receipt: Receipt) {
  const { business } = config();
  return calendarFile(receipt.id, {
    orderId: receipt.id,
    collectionDate: receipt.collection_date,
    ...(receipt.arrivalHours ? { hours: receipt.arrivalHours } : {}),
    summary: `Waste collection by ${business.name} (ref HB${receipt.id})`,
    description: [
      "What we will collect:",
      ...itemLines(receipt).map((line) => line.trim()),
      "",
      `Questions or changes: ${business.phone}`,
      ...(receipt.manageLink ? [`Manage your booking: ${receipt.manageLink}`] : []),
    ].join("\n"),
    location: `${receipt.address_1}, ${receipt.town}, ${receipt.postcode}`,
    sequence: receipt.icsSequence ?? 0,
    status: "CONFIRMED",
    updatedAt: new Date(),
    ...(receipt.manageLink ? { url: receipt.manageLink } : {}),
  });
}

/** The office's note of a new paid booking. */
export function bookingNotificationEmail(receipt: Receipt): OutgoingEmail {
  const { business, publicUrl } = config();
  return {
    kind: "booking_notification",
    to: business.email,
    subject: `New paid booking HB${receipt.id}: ${formatLongDate(receipt.collection_date)}, ${receipt.postcode}`,
    text: [
      `A card payment has completed for order ${receipt.id}.`,
      "",
      `Booking reference: HB${receipt.id}`,
      `Collection date: ${formatLongDate(receipt.collection_date)}`,
      ...arrivalLines(receipt),
      `Customer: ${receipt.full_name}`,
      `Email: ${receipt.email}`,
      `Phone: ${receipt.phone_number}`,
      `Address: ${receipt.address_1}, ${receipt.town}, ${receipt.postcode}`,
      "",
      ...itemLines(receipt),
      `Total paid: ${formatPence(receipt.total_pence)}`,
      "",
      `Open the order: ${publicUrl}/dashboard/orders/${receipt.id}`,
    ].join("\n"),
  };
}

/** A booking moved to another day (a rearrangement), as both emails describe it. */
export interface Rearrangement {
  receipt: Receipt;
  fromDate: string;
  /** the fee paid for the change, pence (0: free) */
  feePence: number;
  /** "the customer", or the staff member who moved it */
  by: string;
}

function feePaidLine(feePence: number): string {
  return feePence > 0
    ? `Date change fee paid by card: ${formatPence(feePence)} (including VAT)`
    : "Date change fee: none";
}

/** The customer's new confirmation after a change of date, with the moved calendar event. */
export function rearrangementConfirmationEmail(r: Rearrangement): OutgoingEmail {
  const { business } = config();
  const { receipt } = r;
  const ref = `HB${receipt.id}`;
  return {
    kind: "booking_rearranged",
    to: receipt.email,
    subject: `Your collection has moved to ${formatLongDate(receipt.collection_date)} (ref ${ref})`,
    text: [
      `Hello ${receipt.full_name},`,
      "",
      `Your collection has moved from ${formatLongDate(r.fromDate)} to ${formatLongDate(receipt.collection_date)}.`,
      "",
      `Booking reference: ${ref}`,
      `New collection date: ${formatLongDate(receipt.collection_date)}`,
      ...arrivalLines(receipt),
      `Collection address: ${receipt.address_1}, ${receipt.town}, ${receipt.postcode}`,
      "",
      "What we will collect:",
      ...itemLines(receipt),
      "",
      feePaidLine(r.feePence),
      "",
      "Cancellation and changes:",
      ...CANCELLATION_POLICY.map((line) => `  ${line}`),
      ...(receipt.manageLink ? ["", "Manage your booking:", receipt.manageLink] : []),
      "",
      `Questions: call us on ${business.phone} or reply to this email (${business.email}) with your reference ${ref}.`,
      "",
      "The attached calendar file moves the collection in your calendar.",
      "",
      ...registrationFooter(),
    ].join("\n"),
    attachments: [collectionCalendarFile(receipt)],
  };
}

/** The office's note that a booking moved to another day. */
export function rearrangementNotificationEmail(r: Rearrangement): OutgoingEmail {
  const { business, publicUrl } = config();
  const { receipt } = r;
  return {
    kind: "booking_rearranged_notification",
    to: business.email,
    subject: `Booking HB${receipt.id} moved to ${formatLongDate(receipt.collection_date)} (was ${formatLongDate(r.fromDate)})`,
    text: [
      `Booking HB${receipt.id} was moved by ${r.by}. Its slot on ${formatLongDate(r.fromDate)} is free again.`,
      "",
      `From: ${formatLongDate(r.fromDate)}`,
      `To: ${formatLongDate(receipt.collection_date)}`,
      feePaidLine(r.feePence),
      `Customer: ${receipt.full_name}, ${receipt.email}, ${receipt.phone_number}`,
      `Address: ${receipt.address_1}, ${receipt.town}, ${receipt.postcode}`,
      "",
      ...itemLines(receipt),
      "",
      `Open the order: ${publicUrl}/dashboard/orders/${receipt.id}`,
    ].join("\n"),
  };
}

/** The customer: the day they paid to move to filled up meanwhile, so the fee went back. */
export function rearrangementRefundedEmail(r: {
  id: number;
  full_name: string;
  email: string;
  collection_date: string;
  toDate: string;
  feePence: number;
  refunded: boolean;
  manageLink: string;
}): OutgoingEmail {
  const { business } = config();
  const ref = `HB${r.id}`;
  return {
    kind: "booking_rearrange_refunded",
    to: r.email,
    subject: `Your date change for ${ref} did not go through`,
    text: [
      `Hello ${r.full_name},`,
      "",
      `${formatLongDate(r.toDate)} was fully booked by the time your payment arrived, so your collection stays on ${formatLongDate(r.collection_date)}.`,
      r.refunded
        ? `We have refunded your ${formatPence(r.feePence)} date change fee to your card. Card refunds usually arrive within 5 to 10 working days.`
        : `We are refunding your ${formatPence(r.feePence)} date change fee: we have been told and will contact you.`,
      "",
      "You can choose another day on your booking page:",
      r.manageLink,
      "",
      `Questions: call us on ${business.phone} with your reference ${ref}.`,
      "",
      ...registrationFooter(),
    ].join("\n"),
  };
}

/** A cancelled booking, as the customer's and the office's emails describe it. */
export interface Cancellation {
  id: number;
  full_name: string;
  email: string;
  phone_number: string;
  postcode: string;
  collection_date: string;
  total_pence: number;
  paymentMethod: string;
  paidPence: number;
  feePence: number;
  /** what went back to the card */
  refundPence: number;
  /** the gateway's id of that refund */
  refundReference: string | null;
  /** a fee larger than what was paid (an unpaid cash booking) */
  feeDuePence: number;
  /** what was paid other than by card, to be returned by hand */
  returnByHandPence: number;
  /** the calendar event's SEQUENCE after the cancellation (orders.ics_sequence, moved on by it) */
  icsSequence: number;
  /** who cancelled: the customer from their page, or a member of staff (their username) */
  cancelledBy: { kind: "customer" } | { kind: "staff"; username: string; reason: string };
}

function feeLine(c: Cancellation): string {
  return c.feePence > 0
    ? `Cancellation fee: ${formatPence(c.feePence)} (including VAT)`
    : "Cancellation fee: none";
}

/** The customer's record of their cancellation: the refund and the fee. */
export function cancellationConfirmationEmail(c: Cancellation): OutgoingEmail {
  const { business } = config();
  const ref = `HB${c.id}`;
  return {
    kind: "booking_cancelled",
    to: c.email,
    subject: `Your booking ${ref} is cancelled`,
    text: [
      `Hello ${c.full_name},`,
      "",
      c.cancelledBy.kind === "staff"
        ? `We have cancelled your collection on ${formatLongDate(c.collection_date)} (booking reference ${ref}).`
        : `Your collection on ${formatLongDate(c.collection_date)} (booking reference ${ref}) is cancelled.`,
      "",
      feeLine(c),
      ...(c.refundPence > 0
        ? [
            `Refund: ${formatPence(c.refundPence)} to the card you paid with. Card refunds usually reach your account within 5 to 10 working days.`,
          ]
        : c.returnByHandPence > 0
          ? [
              `Refund: ${formatPence(c.returnByHandPence)}. You paid by ${c.paymentMethod.toLowerCase()}, so we will contact you to return it.`,
            ]
          : ["Refund: nothing was paid, so there is nothing to refund."]),
      ...(c.feeDuePence > 0 ? [`You owe ${formatPence(c.feeDuePence)}: we will contact you.`] : []),
      "",
      `Questions: call us on ${business.phone} or reply to this email (${business.email}) with your reference ${ref}.`,
      "",
      "The attached calendar file removes the collection from your calendar.",
      "",
      ...registrationFooter(),
    ].join("\n"),
    attachments: [
      // The same event as the confirmation's, now cancelled: calendars that added it update it.
      calendarFile(c.id, {
        orderId: c.id,
        collectionDate: c.collection_date,
        summary: `Cancelled: waste collection by ${business.name} (ref ${ref})`,
        description: `Booking ${ref} is cancelled.`,
        location: c.postcode,
        sequence: c.icsSequence,
        status: "CANCELLED",
        updatedAt: new Date(),
      }),
    ],
  };
}

/** The office's note that a booking was cancelled, by the customer or by staff. */
export function cancellationNotificationEmail(c: Cancellation): OutgoingEmail {
  const { business, publicUrl } = config();
  const by = c.cancelledBy;
  const who = by.kind === "staff" ? by.username : "the customer";
  const where = by.kind === "staff" ? "from the dashboard" : "from their booking page";
  return {
    kind: "booking_cancelled_notification",
    to: business.email,
    subject: `Booking HB${c.id} cancelled by ${who}: ${formatLongDate(c.collection_date)}, ${c.postcode}`,
    text: [
      `${by.kind === "staff" ? by.username : "The customer"} cancelled booking HB${c.id} ${where}. Its slot on ${formatLongDate(c.collection_date)} is free again.`,
      ...(by.kind === "staff" ? [`Reason: ${by.reason}`] : []),
      "",
      `Customer: ${c.full_name}, ${c.email}, ${c.phone_number}`,
      `Total: ${formatPence(c.total_pence)} (${c.paymentMethod.toLowerCase()}), paid ${formatPence(c.paidPence)}`,
      feeLine(c),
      ...(c.refundPence > 0
        ? [`Refunded to the card: ${formatPence(c.refundPence)} (${c.refundReference})`]
        : []),
      ...(c.returnByHandPence > 0
        ? [
            `To return by hand: ${formatPence(c.returnByHandPence)} (paid by ${c.paymentMethod.toLowerCase()})`,
          ]
        : []),
      ...(c.feeDuePence > 0 ? [`Fee owed by the customer: ${formatPence(c.feeDuePence)}`] : []),
      "",
      `Open the order: ${publicUrl}/dashboard/orders/${c.id}`,
    ].join("\n"),
  };
}

/** The office: someone asked to cancel, but the gateway refused the refund, so nothing changed. */
export function refundRefusedEmail(
  c: Pick<
    Cancellation,
    "id" | "full_name" | "email" | "phone_number" | "collection_date" | "total_pence"
  >,
  refundPence: number,
  reason: string,
  by: Cancellation["cancelledBy"] = { kind: "customer" },
): OutgoingEmail {
  const { business, publicUrl } = config();
  const staff = by.kind === "staff";
  return {
    kind: "refund_refused",
    to: business.email,
    subject: `Refund refused for HB${c.id}: ${staff ? by.username : "the customer"} could not cancel`,
    text: [
      staff
        ? `${by.username} tried to cancel booking HB${c.id} (${formatLongDate(c.collection_date)}) from the dashboard,`
        : `The customer tried to cancel booking HB${c.id} (${formatLongDate(c.collection_date)}) from their booking page,`,
      `but the refund of ${formatPence(refundPence)} was refused, so the booking was left as it was.`,
      "",
      `Reason: ${reason}`,
      `Customer: ${c.full_name}, ${c.email}, ${c.phone_number}`,
      `Total paid: ${formatPence(c.total_pence)}`,
      "",
      staff
        ? "Check the payment in the Stripe dashboard, refund it there, and cancel the booking."
        : "The customer was asked to call. Check the payment in the Stripe dashboard, refund it there,",
      ...(staff ? [] : [`and cancel the booking. Business phone: ${business.phone}.`]),
      "",
      `Open the order: ${publicUrl}/dashboard/orders/${c.id}`,
    ].join("\n"),
  };
}

/** Staff: a payment arrived that does not match its order. */
export function paymentReviewEmail(
  order: {
    id: number;
    total_pence: number;
    full_name: string;
    email: string;
    phone_number: string;
    collection_date: string;
  },
  payment: { sessionId: string; amountTotal: number | null; currency: string | null },
): OutgoingEmail {
  const { business, publicUrl } = config();
  const paid =
    payment.amountTotal === null
      ? "an unknown amount"
      : payment.currency?.toLowerCase() === "gbp"
        ? formatPence(payment.amountTotal)
        : `${payment.amountTotal} (minor units) in ${String(payment.currency).toUpperCase()}`;
  return {
    kind: "payment_review",
    to: business.email,
    subject: `Payment to check for order HB${order.id}: paid ${paid}, order total ${formatPence(order.total_pence)}`,
    text: [
      `A card payment for order HB${order.id} does not match the order, so the order was not marked paid.`,
      "",
      `Order total: ${formatPence(order.total_pence)} (GBP)`,
      `Payment received: ${paid}`,
      `Payment session: ${payment.sessionId}`,
      `Collection date: ${formatLongDate(order.collection_date)} (held while you check)`,
      `Customer: ${order.full_name}, ${order.email}, ${order.phone_number}`,
      "",
      "Check the payment in the Stripe dashboard, then either refund it or mark the order paid,",
      "and let the customer know.",
      "",
      `Open the order: ${publicUrl}/dashboard/orders/${order.id}`,
    ].join("\n"),
  };
}

// ---------------------------------------------------------------------------
// Quotes

/** A quote request as the emails describe it (the quote form's fields). */
export interface QuoteRequest {
  fullName: string;
  email: string;
  phoneNumber: string;
  address1: string;
  town: string;
  postcode: string;
  comments: string;
}

/**
 * The customer's confirmation goes to whatever address was typed, so it
 * carries nothing else the sender typed (no name, address or comments):
 * it cannot be used to send someone else a message of the sender's choosing.
 * Everything they sent is in the office's copy and the dashboard.
 */
export function quoteConfirmationEmail(
  quote: Pick<QuoteRequest, "email">,
  quoteId: number,
  photos: number,
): OutgoingEmail {
  const { business } = config();
  return {
    kind: "quote_confirmation",
    to: quote.email,
    subject: `We have your quote request (ref Q${quoteId})`,
    text: [
      "Hello,",
      "",
      `Thank you for asking ${business.name} for a quote. We have your request, reference Q${quoteId},`,
      `with ${photos === 1 ? "1 photo" : `${photos} photos`}.`,
      "",
      "What happens next: one of our team looks at your photos and replies with a fixed price, usually",
      "within a few working hours (7:00 to 22:00). Nothing is booked and you pay nothing until you accept.",
      "",
      `Questions? Call us on ${business.phone} and quote reference Q${quoteId}.`,
      "If you did not ask for a quote, someone may have typed your address by mistake: you can ignore",
      "this email, and we will not write again unless you reply.",
      "",
      ...registrationFooter(),
    ].join("\n"),
  };
}

/** The office's copy of a quote request: everything the customer sent. */
export function quoteNotificationEmail(
  quote: QuoteRequest,
  quoteId: number,
  photos: number,
): OutgoingEmail {
  const { business, publicUrl } = config();
  return {
    kind: "quote_notification",
    to: business.email,
    subject: `New quote request Q${quoteId}: ${quote.fullName}, ${quote.postcode}`,
    text: [
      `A new quote request has arrived (Q${quoteId}).`,
      "",
      `Full name: ${quote.fullName}`,
      `Email: ${quote.email}`,
      `Phone: ${quote.phoneNumber}`,
      `Address: ${quote.address1}`,
      `Town: ${quote.town}`,
      `Postcode: ${quote.postcode}`,
      `Photos: ${photos}`,
      "",
      "Comments:",
      quote.comments,
      "",
      `Open it in the dashboard: ${publicUrl}/dashboard/quotes/${quoteId}`,
    ].join("\n"),
  };
}

/** A priced quote as its email describes it. */
export interface OfferEmail {
  reference: string;
  quoteId: number;
  link: string;
  customer: { full_name: string; email: string };
  price: {
    lines: {
      description: string;
      position: Position | null;
      unitPricePence: number;
      quantity: number;
    }[];
    totalPence: number;
    vatPence: number;
    vatRatePercent: number;
    validUntil: string;
    note: string;
  };
}

/**
 * The customer's priced quote, with the PDF attached: staff read the request
 * and chose to send it, so it may name the customer and the work.
 */
export function quoteOfferEmail(offer: OfferEmail, pdf: Buffer): OutgoingEmail {
  const { business } = config();
  const { price } = offer;
  const vatRegistered = business.vatNumber !== "";
  return {
    kind: "quote_offer",
    to: offer.customer.email,
    subject: `Your quote from ${business.name}: ${formatPence(price.totalPence)} (ref ${offer.reference})`,
    text: [
      `Hello ${offer.customer.full_name},`,
      "",
      `Thank you for sending us your photos. Here is our price for the job (reference ${offer.reference}):`,
      "",
      ...price.lines.map(
        (line) =>
          `  ${line.quantity} × ${lineName(line.description, line.position)}: ${formatPence(line.unitPricePence * line.quantity)}`,
      ),
      "",
      vatRegistered
        ? `Total: ${formatPence(price.totalPence)} (includes VAT at ${price.vatRatePercent}%: ${formatPence(price.vatPence)})`
        : `Total: ${formatPence(price.totalPence)}`,
      `This price holds until ${formatLongDate(price.validUntil)}.`,
      ...(price.note ? ["", "A note from us:", price.note] : []),
      "",
      "To book, choose your collection date and pay by card here:",
      offer.link,
      "",
      "The link is yours alone: it shows your photos, so please do not share it.",
      "Not for you? You can decline the quote from the same page, and tell us why if you like.",
      "",
      "Our quote is attached as a PDF.",
      "",
      "Cancellation and changes once booked:",
      ...cancellationPolicy(vatRegistered).map((line) => `  ${line}`),
      "",
      `Questions? Call us on ${business.phone} and quote reference ${offer.reference}.`,
      "",
      ...registrationFooter(),
    ].join("\n"),
    attachments: [
      {
        filename: `quote-${offer.reference}.pdf`,
        contentType: "application/pdf",
        bytes: pdf,
      },
    ],
  };
}

/** The office hears that a customer declined a price. */
export function quoteDeclinedEmail(declined: {
  quoteId: number;
  reference: string;
  reason: string;
  customerName: string;
  totalPence: number;
}): OutgoingEmail {
  const { business, publicUrl } = config();
  return {
    kind: "quote_declined",
    to: business.email,
    subject: `Quote ${declined.reference} declined: ${declined.customerName}`,
    text: [
      `${declined.customerName} declined quote ${declined.reference} (${formatPence(declined.totalPence)}).`,
      "",
      declined.reason ? `Their reason: ${declined.reason}` : "They gave no reason.",
      "",
      `Open it in the dashboard: ${publicUrl}/dashboard/quotes/${declined.quoteId}`,
    ].join("\n"),
  };
}

// ---------------------------------------------------------------------------
// Completed jobs

export interface CompletedJob {
  orderId: number | null;
  customerName: string;
  email: string;
  collectionDate: string;
  wtnReference: string;
  receiptReference: string;
  totalPence: number;
  /** the customer's photo page (absolute) */
  photoLink: string;
  /** absolute addresses of small versions of the photos */
  thumbnails: { kind: "before" | "after"; url: string }[];
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/**
 * The customer's documents after the job: the waste transfer note and the
 * receipt attached, and the before and after photos behind their own link
 * (thumbnails in the HTML part). The FAQ promises this within 10 minutes.
 */
export function jobCompletedEmail(
  job: CompletedJob,
  documents: { filename: string; bytes: Buffer }[],
): OutgoingEmail {
  const { business } = config();
  const ref = job.orderId ? `HB${job.orderId}` : job.wtnReference;
  const intro = [
    `Hello ${job.customerName},`,
    "",
    `Your collection on ${formatLongDate(job.collectionDate)} is complete. Thank you for choosing ${business.name}.`,
    "",
    "Attached to this email:",
    `  • your waste transfer note ${job.wtnReference}: the legal record of the waste you handed to us. Please keep it for two years.`,
    `  • your receipt ${job.receiptReference} for ${formatPence(job.totalPence)}.`,
  ];
  const photos = [
    job.thumbnails.length > 0
      ? "Your before and after photos are here (the link is yours alone):"
      : "Your documents are also here (the link is yours alone):",
    job.photoLink,
  ];
  const closing = [
    `Questions? Call us on ${business.phone} and quote reference ${ref}.`,
    "",
    ...registrationFooter(),
  ];
  const thumbs = (kind: "before" | "after") =>
    job.thumbnails
      .filter((t) => t.kind === kind)
      .map(
        (t) =>
          `<a href="${escapeHtml(job.photoLink)}"><img src="${escapeHtml(t.url)}" width="150" alt="${kind === "before" ? "Before" : "After"} the collection" style="width:150px;height:auto;border-radius:6px;margin:0 8px 8px 0"></a>`,
      )
      .join("");
  const paragraph = (lines: string[]) =>
    `<p style="margin:0 0 14px">${lines.map(escapeHtml).join("<br>")}</p>`;
  const html = [
    `<div style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a;max-width:600px">`,
    paragraph([intro[0]!]),
    paragraph([intro[2]!]),
    paragraph(intro.slice(4).map((line) => line.replace(/^ {2}/, ""))),
    job.thumbnails.length > 0
      ? `<p style="margin:0 0 6px"><strong>Before</strong></p><div>${thumbs("before")}</div><p style="margin:8px 0 6px"><strong>After</strong></p><div>${thumbs("after")}</div>`
      : "",
    `<p style="margin:14px 0"><a href="${escapeHtml(job.photoLink)}" style="color:#0b5a3d">${job.thumbnails.length > 0 ? "See your photos and documents" : "See your documents"}</a></p>`,
    paragraph(closing.slice(0, 1)),
    `<p style="margin:0;color:#4f5652;font-size:13px">${closing.slice(2).map(escapeHtml).join("<br>")}</p>`,
    `</div>`,
  ].join("\n");
  return {
    kind: "job_completed",
    to: job.email,
    subject: `Your collection is complete: waste transfer note and receipt (ref ${ref})`,
    text: [...intro, "", ...photos, "", ...closing].join("\n"),
    html,
    attachments: documents.map((doc) => ({
      filename: doc.filename,
      contentType: "application/pdf",
      bytes: doc.bytes,
    })),
  };
}

// ---------------------------------------------------------------------------
// The day-before reminder (docs/rules.md#reminders)

/**
 * The reminder the evening before a collection (app/models/schedule.server.ts): when, where,
 * what we take, what to prepare (items left outside, access, parking), the manage link, and
 * the collection as a calendar event again, at the SEQUENCE the booking's event has now (a
 * reminder changes nothing about the event).
 */
export function bookingReminderEmail(receipt: Receipt): OutgoingEmail {
  const { business } = config();
  const ref = `HB${receipt.id}`;
  const outside = receipt.items.filter((item) => item.position === "outside");
  return {
    kind: "booking_reminder",
    to: receipt.email,
    subject: `Reminder: your collection is tomorrow, ${formatLongDate(receipt.collection_date)} (ref ${ref})`,
    text: [
      `Hello ${receipt.full_name},`,
      "",
      `This is a reminder that ${business.name} is collecting from you tomorrow.`,
      "",
      `Booking reference: ${ref}`,
      ...(receipt.arrival
        ? [`Collection date: ${formatLongDate(receipt.collection_date)}`, ...arrivalLines(receipt)]
        : [`Collection date: ${formatLongDate(receipt.collection_date)}, between 07:00 and 22:00`]),
      `Collection address: ${receipt.address_1}, ${receipt.town}, ${receipt.postcode}`,
      "We call you about 30 minutes before we arrive.",
      "",
      "What we will collect:",
      ...itemLines(receipt),
      "",
      "To get ready:",
      ...(outside.length > 0
        ? [
            `  - You chose to leave ${outside.length === 1 ? "this item" : "these items"} outside: please have ${outside.length === 1 ? "it" : "them"} outside and easy to reach`,
            `    by ${receipt.arrivalHours?.start ?? "07:00"}, not locked behind a gate:`,
            ...outside.map((item) => `      ${item.quantity} × ${item.product_name}`),
          ]
        : []),
      "  - Access: a clear path from the items to the door; tell us about stairs without a lift,",
      "    a lift that is small or out of order, or anything that must be taken apart first.",
      "  - Parking: please keep a space for a van near the door, or tell us about permits,",
      "    loading bays or parking restrictions on your street.",
      "",
      `Questions or changes: call ${business.phone} or reply to this email (${business.email}).`,
      ...(receipt.manageLink ? ["", "Manage your booking:", receipt.manageLink] : []),
      "",
      "The collection is attached as a calendar event.",
      "",
      ...registrationFooter(),
    ].join("\n"),
    attachments: [collectionCalendarFile(receipt)],
  };
}
