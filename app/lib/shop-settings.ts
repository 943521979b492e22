/** The bounds of the settings on /dashboard/settings (app/models/shop/shop-settings.server.ts holds the rule). */
export const EARLIEST_REMINDER = "06:00";
export const LATEST_REMINDER = "21:00";
export const MAX_QUOTE_VALID_DAYS = 90;
