/**
 * The cancellation terms (the spec's "£20 plus VAT" / "£40 plus VAT"), shown
 * including VAT as UK consumer rules ask. The one place they are written:
 * the checkout page and the confirmation email both say them from here.
 */
export const CANCELLATION_TERMS = {
  /** free to rearrange or cancel up to this many days before the collection */
  freeUntilDays: 14,
  /** the charge within those days, in pounds */
  withinPounds: { includingVat: 24, plusVat: 20 },
  /** the charge on the day of the collection, in pounds */
  onTheDayPounds: { includingVat: 48, plusVat: 40 },
} as const;

const { freeUntilDays: days, withinPounds: within, onTheDayPounds: onTheDay } = CANCELLATION_TERMS;

/** The terms in one sentence, beside the checkout's total. */
export const CANCELLATION_SUMMARY = `Free to rearrange up to ${days} days before. Within ${days} days £${within.includingVat}, on the day £${onTheDay.includingVat} (including VAT).`;

/** The terms in full, as the confirmation email states them. */
export const CANCELLATION_POLICY = [
  `You can rearrange or cancel free of charge up to ${days} days before your collection date.`,
  `Within ${days} days of the collection the charge is £${within.includingVat} including VAT (£${within.plusVat} plus VAT),`,
  `and on the day of the collection it is £${onTheDay.includingVat} including VAT (£${onTheDay.plusVat} plus VAT).`,
];

/**
 * The terms in full for a document that names the business's VAT status (the PDF quote): a
 * business that is not VAT registered charges no VAT, so the same amounts carry no mention of it.
 */
export function cancellationPolicy(vatRegistered: boolean): string[] {
  if (vatRegistered) return CANCELLATION_POLICY;
  return [
    `You can rearrange or cancel free of charge up to ${days} days before your collection date.`,
    `Within ${days} days of the collection the charge is £${within.includingVat},`,
    `and on the day of the collection it is £${onTheDay.includingVat}.`,
  ];
}
