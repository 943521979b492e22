/**
 * User-facing messages the older client fixes (docs/rules.md#fixed-wording), shared by models on
 * the server and components in the browser.
 */
export const QUOTE_ERROR_MESSAGE =
  "There was an error submitting your quotation request. Please try again or contact us directly.";

/** The older client's wording for a failed manual booking, typo included: clients match on it. */
export const MANUAL_BOOKING_FAILED = "Failed to preform that action";

/** Checkout's general failure notice (docs/rules.md#fixed-wording). */
export const CHECKOUT_FAILED = "Something went wrong";
export const CHECKOUT_CHECK_DETAILS = "Please check the details marked below.";
export const EMPTY_BAG_MESSAGE =
  "Your bag is empty. Add the items you would like collected, then check out.";

/**
 * Product admin (docs/rules.md#fixed-wording), word for word: the older client shows them as they
 * are.
 */
export const PRODUCT_MESSAGES = {
  imageRequired: "You need to upload an product Image",
  imageType: "Only JPEG and PNG and SVG files are allowed",
  imageTooLarge: "File size exceeds 5MB limit.",
  added: "Product added successfully",
  failed: "Something went wrong try again later",
  deleted: "deleted",
  deleteFailed: "Failed to delete product.",
} as const;

/**
 * The product image limit (docs/rules.md#request-limits: 5MB each), in bytes, for the server and
 * the browser's early check.
 */
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
