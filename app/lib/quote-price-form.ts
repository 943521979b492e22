/**
 * The staff price form's rows (app/routes/dashboard.quotes.$id_.price.tsx):
 * shared by the page, which adds rows without JavaScript, and the model
 * (models/quote-offer.server.ts), which reads them.
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
