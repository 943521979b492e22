/**
 * The line tables' rows of the staff's price form (app/routes/dashboard.quotes.$id_.price.tsx)
 * and of a booking made by hand: shared by the pages, which add rows without JavaScript, and the
 * model (models/quotes/quote-price.server.ts), which reads them.
 */

/** Lines one quote may have. */
export const MAX_QUOTE_LINES = 40;
/** Blank rows of each kind the form starts with. */
export const START_ROWS = { catalogue: 2, free: 2 } as const;

/** How many rows of each kind the form shows: what was sent, else the start. */
export function priceFormRows(values: Record<string, string>): { catalogue: number; free: number } {
  const count = (text: string | undefined, fallback: number) => {
    const n = Number(text);
    return Number.isSafeInteger(n) && n >= 1 && n <= MAX_QUOTE_LINES ? n : fallback;
  };
  return {
    catalogue: count(values.catalogue_rows, START_ROWS.catalogue),
    free: count(values.free_rows, START_ROWS.free),
  };
}

/** "Add a catalogue line" / "Add a line of your own" (no JavaScript): the values with one more row, else null. */
export function withMoreRows(values: Record<string, string>): Record<string, string> | null {
  const kind =
    values.intent === "more-catalogue"
      ? "catalogue"
      : values.intent === "more-free"
        ? "free"
        : null;
  if (!kind) return null;
  const rows = priceFormRows(values);
  return { ...values, [`${kind}_rows`]: String(Math.min(MAX_QUOTE_LINES, rows[kind] + 1)) };
}
