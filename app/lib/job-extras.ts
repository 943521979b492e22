import { formatPence } from "./format";
import { lineName, type Position } from "./positions";

/** "2 × Armchair (Outside — left out for collection)", as the order's history says it. */
export const extraText = (extra: ExtraCharge) =>
  `${extra.quantity} × ${lineName(extra.name, extra.position)}`;

/**
 * What the crew added on the day is charged (docs/rules.md#job-completion): more of a booked
 * item than was booked at its booked price, an extra catalogue item at the shop's price for
 * where it was, and an item of the crew's own at the price they agreed (none: no charge). The
 * receipt prints each as "Added on the day"; the one rule for the form, the receipt and takings.
 */

export interface ExtraCharge {
  /** what it was: "Armchair" */
  name: string;
  /** where it was, for a catalogue item (its price depends on it) */
  position: Position | null;
  quantity: number;
  unitPricePence: number;
}

export interface ExtrasInput {
  /** the booked lines: what was booked, and what the crew say they took */
  booked: readonly {
    name: string;
    position: Position | null;
    bookedQuantity: number;
    takenQuantity: number;
    unitPricePence: number;
  }[];
  /** extra catalogue items, priced for where they were */
  catalogue: readonly {
    name: string;
    position: Position;
    quantity: number;
    unitPricePence: number;
  }[];
  /** the crew's own items, with the price agreed each (0: not charged) */
  free: readonly { name: string; quantity: number; unitPricePence: number }[];
}

export function extraCharges(input: ExtrasInput): ExtraCharge[] {
  return [
    ...input.booked
      .filter((line) => line.takenQuantity > line.bookedQuantity && line.unitPricePence > 0)
      .map((line) => ({
        name: line.name,
        position: line.position,
        quantity: line.takenQuantity - line.bookedQuantity,
        unitPricePence: line.unitPricePence,
      })),
    ...input.catalogue.map((line) => ({
      name: line.name,
      position: line.position,
      quantity: line.quantity,
      unitPricePence: line.unitPricePence,
    })),
    ...input.free
      .filter((line) => line.unitPricePence > 0)
      .map((line) => ({
        name: line.name,
        position: null,
        quantity: line.quantity,
        unitPricePence: line.unitPricePence,
      })),
  ];
}

export const extrasTotal = (charges: readonly ExtraCharge[]) =>
  charges.reduce((sum, c) => sum + c.quantity * c.unitPricePence, 0);

/**
 * How what was added on the day is paid: in cash to the crew, by card from the booking's own page
 * (the completion email links it), or later through the office.
 */
export type ExtrasPayment = "cash_payment" | "card_link" | "office";

export const EXTRAS_PAYMENT_CHOICES: readonly { value: ExtrasPayment; label: string }[] = [
  { value: "cash_payment", label: "Paid in cash on the spot" },
  { value: "card_link", label: "Email the customer a link to pay by card" },
  { value: "office", label: "Nothing was added, or the customer will pay the office" },
];

/** The form's choice; anything else is the office's to arrange. */
export const extrasPaymentOf = (value: string | undefined): ExtrasPayment =>
  value === "cash_payment" || value === "card_link" ? value : "office";

/** Where the extras' payment stands, for the receipt's payment line. */
export type ExtrasPaymentState =
  | { kind: "cash"; day: string }
  | { kind: "link" }
  | { kind: "card"; day: string }
  | { kind: "due" };

/**
 * The receipt's words for the extras ("Added on the day: £35.00, paid in cash on collection,
 * 4 December 2026"); `day` is already written out. One rule for the receipt, the history and
 * the change a card payment makes to the receipt.
 */
export function extrasPaymentText(pence: number, state: ExtrasPaymentState): string {
  const added = `Added on the day: ${formatPence(pence)}`;
  switch (state.kind) {
    case "cash":
      return `${added}, paid in cash on collection, ${state.day}`;
    case "link":
      return `${added}, to pay by card from the link we emailed`;
    case "card":
      return `${added}, paid by card on ${state.day}`;
    case "due":
      return `${added}, still to pay`;
  }
}
