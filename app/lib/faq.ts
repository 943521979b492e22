import { CANCELLATION_TERMS } from "./cancellation";
import { vatWording, type VatStatus } from "./vat";

/** A question of the FAQ and its answer. */
export interface FaqEntry {
  question: string;
  answer: string;
}

/**
 * The FAQ's answer about cancelling and changing a booking: the shop's own terms (lib/cancellation),
 * its prices said as the VAT status says them (lib/vat), so it is never typed by hand and never
 * out of date. Shown after the questions staff keep (docs/rules.md#content).
 */
export function cancellationQuestion(vat: VatStatus): FaqEntry {
  const { freeUntilDays, withinPounds, onTheDayPounds } = CANCELLATION_TERMS;
  const { afterPrice } = vatWording(vat);
  return {
    question: "Can I cancel or change my booking?",
    answer: `You can rearrange free of charge up to ${freeUntilDays} days before your collection. Changes or cancellations within ${freeUntilDays} days cost £${withinPounds.includingVat}${afterPrice}, and on the day of collection the charge is £${onTheDayPounds.includingVat}${afterPrice}.`,
  };
}
