import type { Position } from "~/services/schema";

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

/** Quantities typed by people (or scripts) are brought into 1–99. */
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

export function addLine(lines: readonly CartLine[], added: CartLine): CartLine[] {
  const existing = lines.find((l) => sameLine(l, added));
  if (existing) {
    return lines.map((l) =>
      l === existing ? { ...l, quantity: clampQuantity(l.quantity + added.quantity) } : l,
    );
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
  product: "Sorry, this item is no longer available.",
  bag: `Your bag can hold ${MAX_LINES} different items. Please check out or remove something first.`,
} as const;
export type BagErrorCode = keyof typeof BAG_ERRORS;

export function bagErrorMessage(code: string | null): string | undefined {
  return code && code in BAG_ERRORS ? BAG_ERRORS[code as BagErrorCode] : undefined;
}
