/** Page sizes staff can choose for order and quote searches (spec §9): 25 by default, 50 or 100. */
export const STAFF_PAGE_SIZES = [25, 50, 100] as const;
