import { formatLongDate, formatPence } from "~/lib/format";
import { bookingReference } from "~/lib/references";
import { config } from "~/services/config.server";
import { officeEmail, openOrderLine } from "../messages/email-layout.server";
import type { OutgoingEmail } from "../messages/outbox.server";
import { businessProfile } from "~/models/shop/business-profile.server";
import {
  bookingSummary,
  cancellationTerms,
  collectionEmail,
  totalPaidLine,
  type Receipt,
} from "./booking-emails.server";

/**
 * The emails of a booking staff made by hand (docs/rules.md#manual-bookings): the customer's
 * confirmation, which says how the booking is paid (cash to the crew, a bank transfer, or a card
 * payment from the link), and the notes when a payment link is paid. Builders only.
 */

/** How a staff booking is paid, as its confirmation asks for the money. */
export type StaffPayment = "cash_payment" | "bank_transfer" | "card_link";

/** What the confirmation says about paying, and the link first when there is one. */
function paymentLines(receipt: Receipt, method: StaffPayment): string[] {
  const total = formatPence(receipt.total_pence);
  const ref = bookingReference(receipt.id);
  switch (method) {
    case "card_link":
      return [
        `Please pay ${total} by card, securely, from your booking's page (the link below): your`,
        "collection is booked now, and the page shows the payment as received once it is made.",
      ];
    case "bank_transfer":
      return [
        `Please pay ${total} by bank transfer, as agreed with our office, with ${ref} as the payment`,
        "reference, before the collection day.",
      ];
    case "cash_payment":
      return [`Please pay ${total} in cash to the crew on the day.`];
  }
}

/** The customer's confirmation of a booking staff made: the same record as a web booking's. */
export function staffBookingEmail(receipt: Receipt, method: StaffPayment): OutgoingEmail {
  const business = businessProfile();
  const ref = bookingReference(receipt.id);
  return collectionEmail(
    receipt,
    "booking_confirmation",
    method === "card_link"
      ? `Your collection on ${formatLongDate(receipt.collection_date)} is booked: pay ${formatPence(receipt.total_pence)} by card (ref ${ref})`
      : `Your collection is booked for ${formatLongDate(receipt.collection_date)} (ref ${ref})`,
    [
      `Thank you for booking with ${business.name}. Your collection is booked, as agreed on the phone.`,
      "",
      ...paymentLines(receipt, method),
      "",
      method === "card_link"
        ? "Pay and manage your booking (change the date or cancel yourself, and find your documents after the job):"
        : "Manage your booking: change the date or cancel yourself, see what a change would cost today, and find your documents after the job:",
      receipt.manageLink ?? `${config().publicUrl}/booking`,
      "",
      ...bookingSummary(receipt),
      "",
      totalPaidLine(receipt, "Total to pay"),
      "",
      ...cancellationTerms(receipt.vat),
      `To rearrange or cancel, use the link above, or call us on ${business.phone} with your reference ${ref}.`,
      `A model cancellation form you may use (you do not have to): ${config().publicUrl}/cancellation-form`,
      "",
      "On the day: we call you about 30 minutes before we arrive.",
      "",
      "The collection is attached as a calendar event.",
    ],
  );
}

/** The customer: their payment from the link arrived, and the booking is paid. */
export function linkPaymentReceivedEmail(receipt: Receipt): OutgoingEmail {
  const ref = bookingReference(receipt.id);
  return collectionEmail(
    receipt,
    "link_payment_received",
    `Payment received: ${formatPence(receipt.total_pence)} for your collection on ${formatLongDate(receipt.collection_date)} (ref ${ref})`,
    [
      `Thank you: we have your card payment for booking ${ref}, and there is nothing more to pay.`,
      "",
      ...bookingSummary(receipt),
      "",
      totalPaidLine(receipt),
      "",
      ...(receipt.manageLink ? ["Manage your booking:", receipt.manageLink, ""] : []),
      "The collection is attached as a calendar event again.",
    ],
  );
}

/** The office: a booking's payment link was paid. */
export function linkPaymentNotice(receipt: Receipt): OutgoingEmail {
  const ref = bookingReference(receipt.id);
  return officeEmail(
    "link_payment_notice",
    `Payment link paid: ${ref}, ${formatPence(receipt.total_pence)}, ${formatLongDate(receipt.collection_date)}`,
    [
      `${receipt.full_name} paid ${formatPence(receipt.total_pence)} by card for booking ${ref}, from the link in its confirmation.`,
      "",
      openOrderLine(receipt.id),
    ],
  );
}
