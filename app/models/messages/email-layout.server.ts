import { config } from "~/services/config.server";
import { bookingEvent, calendar } from "~/services/ical.server";
import type { OutgoingEmail } from "./outbox.server";
import { legalLine } from "~/lib/business-profile";
import { emailHtml } from "~/lib/email-html";
import { businessProfile } from "~/models/shop/business-profile.server";

/**
 * What every email shares: how one to a customer and one to the office are put together, the
 * business's registration at the foot, the dashboard links, the calendar file. The emails
 * themselves are in booking-, booking-change-, quote- and job-emails.server.ts.
 */

/**
 * The business's registration, at the foot of every email to a customer: a company's legal line
 * too (the Companies Act asks it of a company's emails), and its office hours when given.
 */
export function registrationFooter(): string[] {
  const business = businessProfile();
  const legal = legalLine(business);
  return [
    `${business.name}, ${business.address}`,
    ...(business.openingHours ? [`Office hours: ${business.openingHours}`] : []),
    `Registered waste carrier ${business.wasteCarrierLicence}. You can check our registration on the`,
    "Environment Agency public register before handing any waste over.",
    ...(legal ? [legal] : []),
  ];
}

/**
 * An email to a customer: "Hello <name>," (or "Hello," when the name is not the customer's own
 * words to repeat), the body, then the business's registration at the foot; as plain text and as
 * HTML (app/lib/email-html.ts).
 */
export function customerEmail(email: {
  kind: string;
  to: string;
  subject: string;
  name?: string;
  body: string[];
  attachments?: OutgoingEmail["attachments"];
}): OutgoingEmail {
  const { name, body, attachments, ...envelope } = email;
  const greeting = name === undefined ? "Hello," : `Hello ${name},`;
  const footer = registrationFooter();
  const business = businessProfile();
  return {
    ...envelope,
    text: [greeting, "", ...body, "", ...footer].join("\n"),
    // The same words as HTML, for phone mail apps: the logo at the top, links that can be tapped.
    html: emailHtml({
      subject: envelope.subject,
      lines: [greeting, "", ...body],
      footer,
      business: {
        name: business.name,
        logoUrl: business.logoImageId
          ? `${config().publicUrl}/api/products/image/${business.logoImageId}.png`
          : "",
      },
    }),
    ...(attachments ? { attachments } : {}),
  };
}

/** An email to the office, at the business's own address. */
export function officeEmail(kind: string, subject: string, lines: string[]): OutgoingEmail {
  return { kind, to: businessProfile().email, subject, text: lines.join("\n") };
}

/** The last line of the office's email about an order. */
export const openOrderLine = (orderId: number) =>
  `Open the order: ${config().publicUrl}/dashboard/orders/${orderId}`;

/** The last line of the office's email about a quote. */
export const openQuoteLine = (quoteId: number) =>
  `Open it in the dashboard: ${config().publicUrl}/dashboard/quotes/${quoteId}`;

/**
 * A booking as a calendar file (.ics) for a customer's email. One UID per booking, so a later file
 * (SEQUENCE higher, STATUS CANCELLED) updates the event the first one added.
 */
export function calendarFile(orderId: number, event: Parameters<typeof bookingEvent>[0]) {
  const business = businessProfile();
  return {
    filename: `collection-HB${orderId}.ics`,
    contentType: "text/calendar; charset=utf-8; method=PUBLISH",
    bytes: Buffer.from(
      calendar({ name: business.name, method: "PUBLISH", events: [bookingEvent(event)] }),
    ),
  };
}
