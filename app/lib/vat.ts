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

/** The most a VAT-registered business may put on a simplified VAT receipt: £250, VAT included. */
export const SIMPLIFIED_RECEIPT_LIMIT_PENCE = 25_000;

/**
 * Which receipt a completed job gets (HMRC VAT Notice 700/21):
 *
 * - "not-registered": the business has no VAT number; a plain receipt, no VAT on it.
 * - "simplified": VAT registered, the total at most £250 including VAT, and the customer a
 *   household: a simplified VAT receipt (supplier, VAT number, tax point, the VAT rate of each
 *   line, the total and the VAT it contains).
 * - "full": VAT registered and either over £250 or a business customer (who may reclaim the VAT):
 *   a full VAT invoice, every amount also shown excluding VAT.
 */
export type ReceiptKind = "simplified" | "full" | "not-registered";

export function receiptKind({
  totalPence,
  business,
  vatRegistered,
}: {
  totalPence: number;
  /** the customer is a business (the booking carries a business name) */
  business: boolean;
  vatRegistered: boolean;
}): ReceiptKind {
  if (!vatRegistered) return "not-registered";
  if (business || totalPence > SIMPLIFIED_RECEIPT_LIMIT_PENCE) return "full";
  return "simplified";
}

/** A VAT-inclusive total split for a full VAT invoice. */
export interface VatBreakdown {
  /** each line's amount excluding VAT, in the lines' order; they add up to `netPence` */
  lineNetPence: number[];
  /** the total excluding VAT */
  netPence: number;
  /** the VAT: always vatIncluded(total, rate), so every document shows the same VAT for a total */
  vatPence: number;
}

/**
 * Splits VAT-inclusive line amounts (integer pence, negative for an adjustment) into amounts
 * excluding VAT that add up exactly: the VAT is `vatIncluded` of the total (the rounding penny
 * on the VAT, as everywhere else), the total excluding VAT is what is left, and the lines share
 * it by largest remainder: each line gets its exact share rounded down, and the pennies still
 * missing go to the lines with the largest fractions (the first of equal ones). Integer maths
 * only.
 */
export function vatBreakdown(lineAmountsPence: number[], ratePercent: number): VatBreakdown {
  const total = lineAmountsPence.reduce((sum, amount) => sum + amount, 0);
  const vatPence = vatIncluded(total, ratePercent);
  const netPence = total - vatPence;
  const divisor = 100 + ratePercent;
  const floors = lineAmountsPence.map((amount) => Math.floor((amount * 100) / divisor));
  const remainders = lineAmountsPence.map((amount, i) => amount * 100 - floors[i]! * divisor);
  let missing = netPence - floors.reduce((sum, amount) => sum + amount, 0);
  const order = remainders
    .map((remainder, i) => ({ remainder, i }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  const lineNetPence = [...floors];
  for (const { i } of order) {
    if (missing <= 0) break;
    lineNetPence[i]! += 1;
    missing -= 1;
  }
  return { lineNetPence, netPence, vatPence };
}
