/**
 * Every public price includes VAT (docs/rules.md#money-and-vat). The rate is a
 * setting (`vat_rate_percent`), read by vatRatePercent() in
 * models/settings.server.ts; this is the one split of a total into the VAT it
 * contains, for the checkout page and the confirmation email alike.
 */

/** The VAT rate when the setting is missing: the UK standard rate. */
export const DEFAULT_VAT_RATE_PERCENT = 20;

/** The VAT a VAT-inclusive total contains, in pence. */
export function vatIncluded(totalPence: number, ratePercent: number): number {
  return totalPence - Math.round((totalPence * 100) / (100 + ratePercent));
}
