import type { QuoteShownState, QuoteState } from "~/lib/domain";

/** A quote's state as people see it: a priced quote past its offer's last day has expired. */
export function shownQuoteState(
  state: QuoteState,
  validUntil: string | null,
  today: string,
): QuoteShownState {
  if (state === "priced" && validUntil && validUntil < today) return "expired";
  return state;
}

export const QUOTE_STATE_LABELS: Record<QuoteShownState, string> = {
  new: "New",
  priced: "Priced",
  booked: "Booked",
  declined: "Declined",
  expired: "Expired",
  withdrawn: "Withdrawn",
};

/** The longest reason a customer may give for declining a quote. */
export const DECLINE_REASON_MAX = 1000;
