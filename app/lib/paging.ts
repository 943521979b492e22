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

/** A page size from a query string: one of STAFF_PAGE_SIZES, else 25. */
export function staffPageSize(value: unknown): number {
  const n = Number(value);
  return (STAFF_PAGE_SIZES as readonly number[]).includes(n) ? n : STAFF_PAGE_SIZES[0];
}

/** How many pages `total` rows fill, `perPage` a page: at least 1 (an empty list is one page). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * A staff list's search as typed: each field's text from the query string
 * ("" when absent) and the page size asked for (25 when absent), ready to
 * fill the search form and to build the pager's links.
 */
export function staffSearch<K extends string>(
  params: URLSearchParams,
  fields: readonly K[],
): Record<K | "limit", string> {
  const search = Object.fromEntries(fields.map((f) => [f, params.get(f) ?? ""])) as Record<
    K | "limit",
    string
  >;
  search.limit = params.get("limit") ?? String(STAFF_PAGE_SIZES[0]);
  return search;
}

/** The query string of a staff list with this search, plus `extra` (the page). */
export function searchQuery(search: Record<string, string>, extra: Record<string, string> = {}) {
  return `?${new URLSearchParams({ ...search, ...extra })}`;
}
