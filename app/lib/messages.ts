/** User-facing messages the spec fixes (§8), shared by models on the server and components in the browser. */
export const QUOTE_ERROR_MESSAGE =
  "There was an error submitting your quotation request. Please try again or contact us directly.";

/** The spec's wording for a failed manual booking, typo included: existing clients match on it. */
export const MANUAL_BOOKING_FAILED = "Failed to preform that action";
