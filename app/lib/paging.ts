/**
 * Page sizes staff can choose for order and quote searches (docs/rules.md#lists-and-paging): 25 by
 * default, 50 or 100.
 */
export const STAFF_PAGE_SIZES = [25, 50, 100] as const;

/** A page number from a query string: a whole number from 1 to 100,000, else 1 (never NaN, Infinity or 1e308). */
export function clampPage(value: unknown): number {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 100_000) : 1;
}
