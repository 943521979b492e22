/**
 * The "Complete job" form's shape, shared by the page and the model that
 * checks it (app/models/job-day/job-completion-check.server.ts#checkCompletion). The rows
 * for extra items are fixed, so the form works without JavaScript.
 */

/** How the waste was contained, as the waste transfer note prints it; the first is the default. */
export const CONTAINMENTS = [
  "Loose, loaded by hand into our vehicle",
  "Bagged, loaded by hand into our vehicle",
  "In the customer's own containers, emptied into our vehicle",
] as const;

/** Extra lines from the catalogue, and free-text lines, the form offers. */
export const EXTRA_CATALOGUE_ROWS = 3;
export const EXTRA_FREE_ROWS = 2;

/** A job's photos: at least one of each kind, at most this many of each. */
export const JOB_PHOTOS_PER_KIND = 8;

export const JOB_FIELDS = {
  bookedQuantity: (itemId: number) => `booked_${itemId}_quantity`,
  bookedCode: (itemId: number) => `booked_${itemId}_code`,
  bookedWeight: (itemId: number) => `booked_${itemId}_kg`,
  extraProduct: (row: number) => `extra_${row}_product`,
  extraQuantity: (row: number) => `extra_${row}_quantity`,
  extraPosition: (row: number) => `extra_${row}_position`,
  freeName: (row: number) => `free_${row}_name`,
  freeCode: (row: number) => `free_${row}_code`,
  freeQuantity: (row: number) => `free_${row}_quantity`,
  freePrice: (row: number) => `free_${row}_price`,
  freeWeight: (row: number) => `free_${row}_kg`,
  extrasPayment: "extras_taken",
  handedOverBy: "handed_over_by",
  vehicle: "vehicle_registration",
  transferredAt: "transferred_at",
  containment: "containment",
  paymentCollected: "payment_collected",
  beforePhotos: "before_photos",
  afterPhotos: "after_photos",
} as const;
