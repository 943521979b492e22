/**
 * The journeys that `npm test` runs a second time against the single executable
 * (`playwright test --grep @smoke` with HAULBOOK_BINARY set): home, the catalogue and the bag,
 * a quote with photos, checkout through the demo gateway, staff sign-in and a product with an image.
 */
export const SMOKE = { tag: "@smoke" } as const;
