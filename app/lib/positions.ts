import { POSITIONS, type Position } from "~/lib/domain";

export { POSITIONS, type Position };

/** The three position options (docs/rules.md#position-options), with the words customers see. */
export const POSITION_LABELS: Record<Position, string> = {
  inside_dismantle: "Inside — needs dismantling",
  inside_no_dismantle: "Inside — no dismantling",
  outside: "Outside — left out for collection",
};

export interface PricedOptions {
  pricePence: number;
  insideDismantlePence: number;
  insideNoDismantlePence: number;
  outsidePence: number;
}

export function surchargePence(product: PricedOptions, position: Position): number {
  switch (position) {
    case "inside_dismantle":
      return product.insideDismantlePence;
    case "inside_no_dismantle":
      return product.insideNoDismantlePence;
    case "outside":
      return product.outsidePence;
  }
}

/** Unit price of an option = base price + the option's surcharge. */
export function unitPricePence(product: PricedOptions, position: Position): number {
  return product.pricePence + surchargePence(product, position);
}

/** An order or quote line as customers read it: "Sofa (Outside — left out for collection)", or a free line's words alone. */
export function lineName(name: string, position: Position | null): string {
  return position ? `${name} (${POSITION_LABELS[position]})` : name;
}

export function isPosition(value: unknown): value is Position {
  return typeof value === "string" && (POSITIONS as readonly string[]).includes(value);
}
