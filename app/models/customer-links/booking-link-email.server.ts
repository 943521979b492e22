import { formatLongDate } from "~/lib/format";
import { customerEmail } from "../messages/email-layout.server";
import type { OutgoingEmail } from "../messages/outbox.server";
import { businessProfile } from "~/models/shop/business-profile.server";

/** A booking whose manage link was asked for at /booking. */
export interface LinkRequest {
  id: number;
  full_name: string;
  email: string;
  collection_date: string;
  /** the booking's own page (absolute) */
  manageLink: string;
}

/**
 * The manage link, sent again to the booking's own address because someone asked for it at
 * /booking with its reference and postcode. Only the holder of this mailbox gets the link.
 */
export function bookingLinkEmail(request: LinkRequest): OutgoingEmail {
  const business = businessProfile();
  const ref = `HB${request.id}`;
  return customerEmail({
    kind: "booking_link",
    to: request.email,
    subject: `The link to manage your booking ${ref}`,
    name: request.full_name,
    body: [
      `You (or someone who knows your booking reference and postcode) asked for the link to your`,
      `booking ${ref}, for the collection on ${formatLongDate(request.collection_date)}.`,
      "",
      "See your booking, change the date or cancel it here:",
      request.manageLink,
      "",
      "Please keep this link to yourself: anyone who has it can change your booking.",
      `If you did not ask for it, you need do nothing: your booking stays as it is. Questions? Call us on ${business.phone}.`,
    ],
  });
}
