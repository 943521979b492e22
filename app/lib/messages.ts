/** User-facing messages the spec fixes (§8), shared by models on the server and components in the browser. */
export const QUOTE_ERROR_MESSAGE =
  "There was an error submitting your quotation request. Please try again or contact us directly.";

/** The spec's wording for a failed manual booking, typo included: existing clients match on it. */
export const MANUAL_BOOKING_FAILED = "Failed to preform that action";

/** Checkout's general failure notice (spec §6). */
export const CHECKOUT_FAILED = "Something went wrong";
export const EMPTY_BAG_MESSAGE =
  "Your bag is empty. Add the items you would like collected, then check out.";
