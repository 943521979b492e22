import { cancellationPolicy } from "~/lib/cancellation";
import { ANY_TIME_DISCOUNT_LABEL } from "~/lib/capacity";
import type { OrderContactDetails } from "~/lib/contact-details";
import type { Position } from "~/lib/domain";
import { formatLongDate, formatPence } from "~/lib/format";
import { areaSurchargeName } from "~/lib/service-area";
import { lineName } from "~/lib/positions";
import { vatWording, type VatStatus } from "~/lib/vat";
import { config } from "~/services/config.server";
import {
  calendarFile,
  customerEmail,
  officeEmail,
  openOrderLine,
} from "../messages/email-layout.server";
import type { OutgoingEmail } from "../messages/outbox.server";
import { businessProfile } from "~/models/shop/business-profile.server";

/**
 * The emails of a paid booking: the customer's confirmation and the office's note, the
 * reminder the evening before, the collection as a calendar event, and the payment staff must
 * check. Builders only: the models write them to the outbox in the same transaction as what
 * they report.
 */

/** A paid order, as the confirmation and the office's note describe it. */
export interface Receipt extends OrderContactDetails {
  id: number;
  collection_date: string;
  total_pence: number;
  items: {
    product_name: string;
    position: Position | null;
    unit_price_pence: number;
    quantity: number;
  }[];
  /** whether the total includes VAT, and at what rate */
  vat: VatStatus;
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
  /** the area's extra charge already in total_pence (orders.area_surcharge_pence) */
  area_surcharge_pence?: number;
}

/**
 * "  2 × Sofa (outside): £91.00", a line each, then the area's extra charge and the "any time"
 * discount when there are.
 */
export function itemLines(receipt: Receipt): string[] {
  const discount = receipt.window_discount_pence ?? 0;
  const surcharge = receipt.area_surcharge_pence ?? 0;
  return [
    ...receipt.items.map(
      (item) =>
        `  ${item.quantity} × ${lineName(item.product_name, item.position)}: ${formatPence(item.unit_price_pence * item.quantity)}`,
    ),
    ...(surcharge > 0
      ? [`  ${areaSurchargeName(receipt.postcode)}: ${formatPence(surcharge)}`]
      : []),
    ...(discount > 0 ? [`  ${ANY_TIME_DISCOUNT_LABEL}: −${formatPence(discount)}`] : []),
  ];
}

/** "Arrival: Morning, 7:00 to 12:00", under the collection date. */
export const arrivalLines = (receipt: Receipt) =>
  receipt.arrival ? [`Arrival: ${receipt.arrival}`] : [];

/** "1 High Street, Guildford, GU1 3AB": where we collect. */
export const collectionAddress = (receipt: Receipt) =>
  `${receipt.address_1}, ${receipt.town}, ${receipt.postcode}`;

/** What a customer's email lists under the booking: the items we take. */
export const whatWeCollect = (receipt: Receipt) => ["What we will collect:", ...itemLines(receipt)];

/**
 * The booking as a customer's confirmation sets it out: reference, day, arrival, address and what
 * we take. `dateLabel` names the day ("New collection date" after a change).
 */
export function bookingSummary(receipt: Receipt, dateLabel = "Collection date"): string[] {
  return [
    `Booking reference: HB${receipt.id}`,
    `${dateLabel}: ${formatLongDate(receipt.collection_date)}`,
    ...arrivalLines(receipt),
    `Collection address: ${collectionAddress(receipt)}`,
    "",
    ...whatWeCollect(receipt),
  ];
}

/** The cancellation terms, as a confirmation repeats them (naming VAT only when it is charged). */
export const cancellationTerms = (vat: VatStatus) => [
  "Cancellation and changes:",
  ...cancellationPolicy(vat.registered).map((line) => `  ${line}`),
];

/** An email to the booking's customer, with the collection attached as a calendar event. */
export function collectionEmail(
  receipt: Receipt,
  kind: string,
  subject: string,
  body: string[],
): OutgoingEmail {
  return customerEmail({
    kind,
    to: receipt.email,
    subject,
    name: receipt.full_name,
    body,
    attachments: [collectionCalendarFile(receipt)],
  });
}

/** The customer's confirmation of a paid booking: the durable record of what they bought. */
export function bookingConfirmationEmail(receipt: Receipt): OutgoingEmail {
  const business = businessProfile();
  const ref = `HB${receipt.id}`;
  return collectionEmail(
    receipt,
    "booking_confirmation",
    `Your collection is booked for ${formatLongDate(receipt.collection_date)} (ref ${ref})`,
    [
      `Thank you for booking with ${business.name}. Your payment has been received and your collection is booked.`,
      "",
      // Self-service first: the customer's own page, before anything asks them to call.
      ...(receipt.manageLink
        ? [
            "Manage your booking: change the date or cancel yourself, see what a change would cost today, and find your documents after the job:",
            receipt.manageLink,
            "",
          ]
        : []),
      ...bookingSummary(receipt),
      "",
      totalPaidLine(receipt),
      "",
      ...cancellationTerms(receipt.vat),
      receipt.manageLink
        ? `To rearrange or cancel, use the link above, or call us on ${business.phone} with your reference ${ref}.`
        : `To rearrange or cancel, call us on ${business.phone} or reply to this email (${business.email}) with your reference ${ref}.`,
      `A model cancellation form you may use (you do not have to): ${config().publicUrl}/cancellation-form`,
      "",
      "On the day: we call you about 30 minutes before we arrive. If you will not be in, leave the items outside",
      "as you described when booking.",
      "",
      "The collection is attached as a calendar event.",
    ],
  );
}

/**
 * The collection as a calendar event (.ics) the customer's phone can add: the confirmation's,
 * a rearrangement's (a higher SEQUENCE moves the event) and the reminder's.
 */
export function collectionCalendarFile(receipt: Receipt) {
  const business = businessProfile();
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
    location: collectionAddress(receipt),
    sequence: receipt.icsSequence ?? 0,
    status: "CONFIRMED",
    updatedAt: new Date(),
    ...(receipt.manageLink ? { url: receipt.manageLink } : {}),
  });
}

/** The office's note of a new paid booking. */
export function bookingNotificationEmail(receipt: Receipt): OutgoingEmail {
  return officeEmail(
    "booking_notification",
    `New paid booking HB${receipt.id}: ${formatLongDate(receipt.collection_date)}, ${receipt.postcode}`,
    [
      `A card payment has completed for order ${receipt.id}.`,
      "",
      `Booking reference: HB${receipt.id}`,
      `Collection date: ${formatLongDate(receipt.collection_date)}`,
      ...arrivalLines(receipt),
      `Customer: ${receipt.full_name}`,
      `Email: ${receipt.email}`,
      `Phone: ${receipt.phone_number}`,
      `Address: ${collectionAddress(receipt)}`,
      "",
      ...itemLines(receipt),
      `Total paid: ${formatPence(receipt.total_pence)}`,
      "",
      openOrderLine(receipt.id),
    ],
  );
}

/** Staff: a payment arrived that does not match its order. */
export function paymentReviewEmail(
  order: Pick<OrderContactDetails, "full_name" | "email" | "phone_number"> & {
    id: number;
    total_pence: number;
    collection_date: string;
  },
  payment: { sessionId: string; amountTotal: number | null; currency: string | null },
): OutgoingEmail {
  const paid =
    payment.amountTotal === null
      ? "an unknown amount"
      : payment.currency?.toLowerCase() === "gbp"
        ? formatPence(payment.amountTotal)
        : `${payment.amountTotal} (minor units) in ${String(payment.currency).toUpperCase()}`;
  return officeEmail(
    "payment_review",
    `Payment to check for order HB${order.id}: paid ${paid}, order total ${formatPence(order.total_pence)}`,
    [
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
      openOrderLine(order.id),
    ],
  );
}

/**
 * The reminder the evening before a collection (app/models/shop/schedule.server.ts,
 * docs/rules.md#reminders): when, where, what we take, what to prepare (items left outside,
 * access, parking), the manage link, and the collection as a calendar event again, at the
 * SEQUENCE the booking's event has now (a reminder changes nothing about the event).
 */
export function bookingReminderEmail(receipt: Receipt): OutgoingEmail {
  const business = businessProfile();
  const ref = `HB${receipt.id}`;
  const outside = receipt.items.filter((item) => item.position === "outside");
  return collectionEmail(
    receipt,
    "booking_reminder",
    `Reminder: your collection is tomorrow, ${formatLongDate(receipt.collection_date)} (ref ${ref})`,
    [
      `This is a reminder that ${business.name} is collecting from you tomorrow.`,
      "",
      `Booking reference: ${ref}`,
      ...(receipt.arrival
        ? [`Collection date: ${formatLongDate(receipt.collection_date)}`, ...arrivalLines(receipt)]
        : [`Collection date: ${formatLongDate(receipt.collection_date)}, between 07:00 and 22:00`]),
      `Collection address: ${collectionAddress(receipt)}`,
      "We call you about 30 minutes before we arrive.",
      "",
      ...whatWeCollect(receipt),
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
    ],
  );
}

/** "Total paid: £120.00" (or another label), with the VAT it includes when VAT is charged. */
export function totalPaidLine(receipt: Receipt, label = "Total paid"): string {
  const vat = vatWording(receipt.vat).totalLine(receipt.total_pence);
  return `${label}: ${formatPence(receipt.total_pence)}${vat ? ` (${vat.inText}: ${formatPence(vat.pence)})` : ""}`;
}
