/**
 * The journeys that `npm test` runs again with the shop on PostgreSQL (TEST_ENGINE=postgres) and
 * against the single executable (HAULBOOK_BINARY), as `playwright test --grep @smoke`: home, the catalogue and the bag,
 * a quote with photos, checkout through the demo gateway, staff sign-in and a product with an image.
 */
export const SMOKE = { tag: "@smoke" } as const;
