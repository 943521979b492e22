/**
 * The journeys that `npm test` runs again against the single executable (HAULBOOK_BINARY), with
 * JavaScript, as `playwright test --grep @smoke --project js`: home, the catalogue and the bag, a
 * quote with photos, checkout through the demo gateway, staff sign-in and a product with an image.
 */
export const SMOKE = { tag: "@smoke" } as const;
