/**
 * VAT, one truth for every surface (docs/rules.md#money-and-vat). A VAT-registered business's
 * prices include VAT, and each total shows the VAT it contains; a business that is not registered
 * charges none, and then no page, email or document mentions VAT at all. Whether it is registered
 * and at what rate is `vatStatus()` (models/shop/settings.server.ts); what each surface then says
 * is `vatWording()`. `vatIncluded` is the one split of a total into the VAT it contains.
 */

/** Whether the business charges VAT, and the rate its prices then include. */
export interface VatStatus {
  registered: boolean;
  ratePercent: number;
}

/** The VAT a total contains: "Includes VAT at 20%" as a row's label, "includes VAT at 20%" in a sentence. */
export interface VatLine {
  label: string;
  inText: string;
  pence: number;
}

/** What a surface says about VAT, for a business that is or is not VAT registered. */
export function vatWording({ registered, ratePercent }: VatStatus) {
  return {
    /** after a price: "From £24 including VAT" */
    afterPrice: registered ? " including VAT" : "",
    /** after a fee, in brackets: "£24 (including VAT)" */
    afterFee: registered ? " (including VAT)" : "",
    /** a sentence beside a list of prices, or "" */
    pricesNote: registered ? "Prices include VAT." : "",
    /** the line above a price list */
    fixedPrices: registered ? "Fixed prices, VAT included" : "Fixed prices",
    /** what the customer is given for a payment */
    receipt: registered ? "VAT receipt" : "receipt",
    /** the VAT a total contains, or null when none is charged */
    totalLine(totalPence: number): VatLine | null {
      return registered
        ? {
            label: `Includes VAT at ${ratePercent}%`,
            inText: `includes VAT at ${ratePercent}%`,
            pence: vatIncluded(totalPence, ratePercent),
          }
        : null;
    },
  };
}

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
