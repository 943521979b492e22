import { cancellationPolicy } from "~/lib/cancellation";
import type { QuoteContactDetails } from "~/lib/contact-details";
import type { Position } from "~/lib/domain";
import { formatLongDate, formatPence } from "~/lib/format";
import { lineName } from "~/lib/positions";
import { customerEmail, officeEmail, openQuoteLine } from "../messages/email-layout.server";
import type { OutgoingEmail } from "../messages/outbox.server";
import { businessProfile } from "~/models/shop/business-profile.server";

/**
 * The emails of a quote: the request's confirmation and the office's copy, the priced quote with
 * its PDF, and the office's note that a customer declined it.
 */

/** A quote request as the emails describe it (the quote form's fields). */
export interface QuoteRequest extends QuoteContactDetails {
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
  const business = businessProfile();
  return customerEmail({
    kind: "quote_confirmation",
    to: quote.email,
    subject: `We have your quote request (ref Q${quoteId})`,
    body: [
      `Thank you for asking ${business.name} for a quote. We have your request, reference Q${quoteId},`,
      `with ${photos === 1 ? "1 photo" : `${photos} photos`}.`,
      "",
      "What happens next: one of our team looks at your photos and replies with a fixed price, usually",
      "within a few working hours (7:00 to 22:00). Nothing is booked and you pay nothing until you accept.",
      "",
      `Questions? Call us on ${business.phone} and quote reference Q${quoteId}.`,
      "If you did not ask for a quote, someone may have typed your address by mistake: you can ignore",
      "this email, and we will not write again unless you reply.",
    ],
  });
}

/** The office's copy of a quote request: everything the customer sent. */
export function quoteNotificationEmail(
  quote: QuoteRequest,
  quoteId: number,
  photos: number,
): OutgoingEmail {
  return officeEmail(
    "quote_notification",
    `New quote request Q${quoteId}: ${quote.fullName}, ${quote.postcode}`,
    [
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
      openQuoteLine(quoteId),
    ],
  );
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
  const business = businessProfile();
  const { price } = offer;
  const vatRegistered = business.vatNumber !== "";
  return customerEmail({
    kind: "quote_offer",
    to: offer.customer.email,
    subject: `Your quote from ${business.name}: ${formatPence(price.totalPence)} (ref ${offer.reference})`,
    name: offer.customer.full_name,
    body: [
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
    ],
    attachments: [
      {
        filename: `quote-${offer.reference}.pdf`,
        contentType: "application/pdf",
        bytes: pdf,
      },
    ],
  });
}

/** The office hears that a customer declined a price. */
export function quoteDeclinedEmail(declined: {
  quoteId: number;
  reference: string;
  reason: string;
  customerName: string;
  totalPence: number;
}): OutgoingEmail {
  return officeEmail(
    "quote_declined",
    `Quote ${declined.reference} declined: ${declined.customerName}`,
    [
      `${declined.customerName} declined quote ${declined.reference} (${formatPence(declined.totalPence)}).`,
      "",
      declined.reason ? `Their reason: ${declined.reason}` : "They gave no reason.",
      "",
      openQuoteLine(declined.quoteId),
    ],
  );
}
