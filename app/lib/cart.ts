import type { Position } from "~/lib/domain";

/**
 * The bag as the browser holds it: only ids, positions and quantities.
 * Names and prices are always read from the database.
 */
export const MAX_QUANTITY = 99;
export const MAX_LINES = 50;

export interface CartLine {
  id: number;
  position: Position;
  /** 1–99 */
  quantity: number;
}

export function totalQuantity(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * A quantity as sent by a form or a client: a whole number 1–99 (a number,
 * or digits in a string). Anything else is null, to be refused, never
 * silently changed.
 */
export function parseQuantity(value: unknown): number | null {
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^\s*\d{1,3}\s*$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isInteger(n) && n >= 1 && n <= MAX_QUANTITY ? n : null;
}

export const QUANTITY_MESSAGE = `Please choose a quantity from 1 to ${MAX_QUANTITY} (whole numbers).`;

/** Quantities for display (a link's ?qty=) are brought into 1–99. */
export function clampQuantity(value: unknown): number {
  const n = Math.trunc(Number(value));
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, MAX_QUANTITY);
}

const sameLine = (a: { id: number; position: Position }, b: { id: number; position: Position }) =>
  a.id === b.id && a.position === b.position;

/** Same product and position are one line. */
export function mergeLines(lines: readonly CartLine[]): CartLine[] {
  const merged: CartLine[] = [];
  for (const line of lines) {
    const existing = merged.find((m) => sameLine(m, line));
    if (existing) existing.quantity = clampQuantity(existing.quantity + line.quantity);
    else merged.push({ ...line });
  }
  return merged;
}

export class BagFullError extends Error {
  constructor() {
    super(BAG_ERRORS.bag);
  }
}

/** A line would hold more than 99. */
export class QuantityError extends Error {
  constructor() {
    super(QUANTITY_MESSAGE);
  }
}

export function addLine(lines: readonly CartLine[], added: CartLine): CartLine[] {
  const existing = lines.find((l) => sameLine(l, added));
  if (existing) {
    const quantity = existing.quantity + added.quantity;
    if (quantity > MAX_QUANTITY) throw new QuantityError();
    return lines.map((l) => (l === existing ? { ...l, quantity } : l));
  }
  if (lines.length >= MAX_LINES) throw new BagFullError();
  return [...lines, { ...added, quantity: clampQuantity(added.quantity) }];
}

export function setLineQuantity(
  lines: readonly CartLine[],
  target: { id: number; position: Position },
  quantity: number,
): CartLine[] {
  return lines.map((l) => (sameLine(l, target) ? { ...l, quantity: clampQuantity(quantity) } : l));
}

export function removeLine(
  lines: readonly CartLine[],
  target: { id: number; position: Position },
): CartLine[] {
  return lines.filter((l) => !sameLine(l, target));
}

/** What the bag can refuse, by the short code that travels in a redirect (never free text in a URL). */
export const BAG_ERRORS = {
  position: "Please select an option before adding to cart.",
  quantity: `${QUANTITY_MESSAGE} To take an item out of your bag, choose Remove.`,
  line: "That item is not in your bag any more.",
  product: "Sorry, this item is no longer available.",
  bag: `Your bag can hold ${MAX_LINES} different items. Please check out or remove something first.`,
} as const;
export type BagErrorCode = keyof typeof BAG_ERRORS;

export function bagErrorMessage(code: string | null): string | undefined {
  return code && code in BAG_ERRORS ? BAG_ERRORS[code as BagErrorCode] : undefined;
}
