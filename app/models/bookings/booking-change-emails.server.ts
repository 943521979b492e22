import type { OrderContactDetails } from "~/lib/contact-details";
import { formatLongDate, formatPence } from "~/lib/format";
import {
  bookingSummary,
  cancellationTerms,
  collectionAddress,
  collectionEmail,
  itemLines,
  type Receipt,
} from "./booking-emails.server";
import {
  calendarFile,
  customerEmail,
  officeEmail,
  openOrderLine,
} from "../messages/email-layout.server";
import type { OutgoingEmail } from "../messages/outbox.server";
import { vatWording, type VatStatus } from "~/lib/vat";
import { businessProfile } from "~/models/shop/business-profile.server";

/**
 * The emails of a booking that changes after it was paid: moved to another day (or the move
 * refunded when the day filled up), cancelled, or a cancellation whose refund was refused.
 */

/** "Questions: call us … with your reference HB42.", near the foot of a customer's email. */
function questionsLine(ref: string): string {
  const business = businessProfile();
  return `Questions: call us on ${business.phone} or reply to this email (${business.email}) with your reference ${ref}.`;
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

function feePaidLine(feePence: number, vat: VatStatus): string {
  return feePence > 0
    ? `Date change fee paid by card: ${formatPence(feePence)}${vatWording(vat).afterFee}`
    : "Date change fee: none";
}

/** The customer's new confirmation after a change of date, with the moved calendar event. */
export function rearrangementConfirmationEmail(r: Rearrangement): OutgoingEmail {
  const { receipt } = r;
  const ref = `HB${receipt.id}`;
  return collectionEmail(
    receipt,
    "booking_rearranged",
    `Your collection has moved to ${formatLongDate(receipt.collection_date)} (ref ${ref})`,
    [
      `Your collection has moved from ${formatLongDate(r.fromDate)} to ${formatLongDate(receipt.collection_date)}.`,
      "",
      ...bookingSummary(receipt, "New collection date"),
      "",
      feePaidLine(r.feePence, r.receipt.vat),
      "",
      ...cancellationTerms(r.receipt.vat),
      ...(receipt.manageLink ? ["", "Manage your booking:", receipt.manageLink] : []),
      "",
      questionsLine(ref),
      "",
      "The attached calendar file moves the collection in your calendar.",
    ],
  );
}

/** The office's note that a booking moved to another day. */
export function rearrangementNotificationEmail(r: Rearrangement): OutgoingEmail {
  const { receipt } = r;
  return officeEmail(
    "booking_rearranged_notification",
    `Booking HB${receipt.id} moved to ${formatLongDate(receipt.collection_date)} (was ${formatLongDate(r.fromDate)})`,
    [
      `Booking HB${receipt.id} was moved by ${r.by}. Its slot on ${formatLongDate(r.fromDate)} is free again.`,
      "",
      `From: ${formatLongDate(r.fromDate)}`,
      `To: ${formatLongDate(receipt.collection_date)}`,
      feePaidLine(r.feePence, r.receipt.vat),
      `Customer: ${receipt.full_name}, ${receipt.email}, ${receipt.phone_number}`,
      `Address: ${collectionAddress(receipt)}`,
      "",
      ...itemLines(receipt),
      "",
      openOrderLine(receipt.id),
    ],
  );
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
  const business = businessProfile();
  const ref = `HB${r.id}`;
  return customerEmail({
    kind: "booking_rearrange_refunded",
    to: r.email,
    subject: `Your date change for ${ref} did not go through`,
    name: r.full_name,
    body: [
      `${formatLongDate(r.toDate)} was fully booked by the time your payment arrived, so your collection stays on ${formatLongDate(r.collection_date)}.`,
      r.refunded
        ? `We have refunded your ${formatPence(r.feePence)} date change fee to your card. Card refunds usually arrive within 5 to 10 working days.`
        : `We are refunding your ${formatPence(r.feePence)} date change fee: we have been told and will contact you.`,
      "",
      "You can choose another day on your booking page:",
      r.manageLink,
      "",
      `Questions: call us on ${business.phone} with your reference ${ref}.`,
    ],
  });
}

/** A cancelled booking, as the customer's and the office's emails describe it. */
export interface Cancellation extends Pick<
  OrderContactDetails,
  "full_name" | "email" | "phone_number" | "postcode"
> {
  id: number;
  collection_date: string;
  total_pence: number;
  paymentMethod: string;
  paidPence: number;
  feePence: number;
  /** what went back to the card the booking was paid with */
  refundPence: number;
  /** the gateway's id of that refund */
  refundReference: string | null;
  /** the fees paid to move the booking, sent back to the card each was paid with */
  moveFeesRefundPence: number;
  /** what was paid other than by card, to be returned by hand */
  returnByHandPence: number;
  /** the calendar event's SEQUENCE after the cancellation (orders.ics_sequence, moved on by it) */
  icsSequence: number;
  /** whether the fee includes VAT */
  vat: VatStatus;
  /** who cancelled: the customer from their page, or a member of staff (their username) */
  cancelledBy: { kind: "customer" } | { kind: "staff"; username: string; reason: string };
}

function feeLine(c: Cancellation): string {
  return c.feePence > 0
    ? `Cancellation fee: ${formatPence(c.feePence)}${vatWording(c.vat).afterFee}`
    : "Cancellation fee: none";
}

/** What goes back to the customer, and how, each line saying what it is for. */
function customerRefundLines(c: Cancellation): string[] {
  const lines: string[] = [];
  if (c.refundPence > 0)
    lines.push(`Refund of your booking: ${formatPence(c.refundPence)} to the card you paid with.`);
  if (c.returnByHandPence > 0)
    lines.push(
      `Refund of your booking: ${formatPence(c.returnByHandPence)}. You paid by ${c.paymentMethod.toLowerCase()}, so we will contact you to return it.`,
    );
  if (c.moveFeesRefundPence > 0)
    lines.push(
      `Refund of the fee you paid to move it: ${formatPence(c.moveFeesRefundPence)} to the card you paid it with.`,
    );
  if (lines.length === 0)
    return [
      c.paidPence > 0
        ? `Refund: none. The fee is what you paid (${formatPence(c.paidPence)}); nothing more is asked.`
        : "Refund: nothing was paid, so there is nothing to refund and nothing to pay.",
    ];
  if (c.refundPence > 0 || c.moveFeesRefundPence > 0)
    lines.push("Card refunds usually reach your account within 5 to 10 working days.");
  return lines;
}

/** The customer's record of their cancellation: the refund and the fee. */
export function cancellationConfirmationEmail(c: Cancellation): OutgoingEmail {
  const business = businessProfile();
  const ref = `HB${c.id}`;
  return customerEmail({
    kind: "booking_cancelled",
    to: c.email,
    subject: `Your booking ${ref} is cancelled`,
    name: c.full_name,
    body: [
      c.cancelledBy.kind === "staff"
        ? `We have cancelled your collection on ${formatLongDate(c.collection_date)} (booking reference ${ref}).`
        : `Your collection on ${formatLongDate(c.collection_date)} (booking reference ${ref}) is cancelled.`,
      "",
      feeLine(c),
      ...customerRefundLines(c),
      "",
      questionsLine(ref),
      "",
      "The attached calendar file removes the collection from your calendar.",
    ],
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
  });
}

/** The office's note that a booking was cancelled, by the customer or by staff. */
export function cancellationNotificationEmail(c: Cancellation): OutgoingEmail {
  const by = c.cancelledBy;
  const who = by.kind === "staff" ? by.username : "the customer";
  const where = by.kind === "staff" ? "from the dashboard" : "from their booking page";
  return officeEmail(
    "booking_cancelled_notification",
    `Booking HB${c.id} cancelled by ${who}: ${formatLongDate(c.collection_date)}, ${c.postcode}`,
    [
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
      ...(c.moveFeesRefundPence > 0
        ? [`Fees paid to move it, refunded to the card: ${formatPence(c.moveFeesRefundPence)}`]
        : []),
      "",
      openOrderLine(c.id),
    ],
  );
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
  const business = businessProfile();
  const staff = by.kind === "staff";
  return officeEmail(
    "refund_refused",
    `Refund refused for HB${c.id}: ${staff ? by.username : "the customer"} could not cancel`,
    [
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
      openOrderLine(c.id),
    ],
  );
}
