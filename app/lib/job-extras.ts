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
