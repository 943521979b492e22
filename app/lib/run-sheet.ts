import type { WindowChoice } from "~/lib/capacity";
import { formatPence } from "~/lib/format";

/**
 * What a job's payment line on the crew's run sheet says
 * (docs/rules.md#the-run-sheet): paid jobs say how they were paid; a cash or
 * bank-transfer job still unpaid says how much to collect, shown prominently.
 */
export interface PaymentLine {
  text: string;
  /** the crew must take money at the door */
  collect: boolean;
}

export function jobPaymentLine(method: string, status: string, totalPence: number): PaymentLine {
  const paid = status === "complete";
  switch (method) {
    case "card":
      // A card order appears only once paid (isBooking); say so plainly if one ever is not.
      return paid
        ? { text: "Paid by card", collect: false }
        : { text: "Card payment not received: check the order", collect: false };
    case "card_link":
      return paid
        ? { text: "Paid by card", collect: false }
        : {
            text: "Card payment link sent, not paid yet: check with the office",
            collect: false,
          };
    case "cash_payment":
      return paid
        ? { text: "Paid in cash", collect: false }
        : { text: `Collect ${formatPence(totalPence)} (cash)`, collect: true };
    case "bank_transfer":
      return paid
        ? { text: "Paid by bank transfer", collect: false }
        : { text: `Collect ${formatPence(totalPence)} (bank transfer)`, collect: true };
    default:
      return paid
        ? { text: `Paid (${method})`, collect: false }
        : { text: `Collect ${formatPence(totalPence)} (${method})`, collect: true };
  }
}

/**
 * A link that opens the phone's maps app at the address. Google Maps' universal
 * search URL rather than `geo:`: Android opens it in the Maps app, iPhones and
 * iPads open Google Maps if installed (else the browser), and the office
 * computer opens it in a tab; `geo:` does nothing on iOS Safari or a desktop.
 */
export function mapsHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** A `tel:` link for a number as typed ("07700 900111" → "tel:07700900111"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** One job on the crew's run sheet (docs/rules.md#the-run-sheet). */
export interface RunSheetJob {
  orderId: number;
  fullName: string;
  address: string;
  mapsHref: string;
  phoneNumber: string;
  telHref: string;
  /** a booking for a business: its name and SIC 2007 code (null for a household) */
  business: { name: string; sicCode: string | null } | null;
  /** "2 × Sofa (Outside — left out for collection)" */
  items: string[];
  /** the customer's own words: the order's notes for the crew, else its quote request's comments */
  notes: string | null;
  /** hazardous waste from a business: the crew need a consignment note before the job */
  consignmentNote: boolean;
  payment: PaymentLine;
  done: boolean;
  window: WindowChoice;
  /** "Morning, 7:00 to 12:00" (that day's windows) */
  windowText: string;
  /** straight-line km from the stop before (the yard for the first); null when not placed or done */
  legKm: number | null;
  /** when the crew told the customer they were on their way (docs/rules.md#on-my-way) */
  onMyWayAt: string | null;
  /** the van it is on (null: none yet, or a van not out that day) */
  vanId: number | null;
}
