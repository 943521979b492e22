import { z } from "zod";

/**
 * zod rules for numbers typed into a form (text in, a checked number out), each with the
 * messages its form shows. Their limits are zod checks, so limitsOf (app/lib/forms.ts) can
 * put them on the page.
 */

/** A whole number typed as at most `digits` digits, from `min` to `max`. */
export function wholeNumber(
  { min, max, digits }: { min: number; max: number; digits: number },
  messages: { missing: string; notWhole: string; outOfRange: string },
) {
  return z
    .string()
    .trim()
    .min(1, messages.missing)
    .regex(new RegExp(`^\\d{1,${digits}}$`), messages.notWhole)
    .transform(Number)
    .pipe(z.number().int().min(min, messages.outOfRange).max(max, messages.outOfRange));
}

/** Digits with at most two decimal places ("2", "2.5", ".5", "5."), at most three before the point. */
const TWO_DECIMALS = /^(?=\.?\d)(\d{0,3})(?:\.(\d{0,2}))?$/;

/**
 * A quantity typed with at most two decimals ("0.1", "2.5", ".5") → hundredths of it, from `min`
 * to `max` hundredths (a load in cubic yards).
 */
export function hundredths(
  { min, max }: { min: number; max: number },
  messages: { missing: string; format: string; tooLow: string; tooHigh: string },
) {
  return z
    .string()
    .trim()
    .min(1, messages.missing)
    .regex(TWO_DECIMALS, messages.format)
    .transform((text) => {
      const [whole = "", decimals = ""] = text.split(".");
      return Number(whole || "0") * 100 + Number(decimals.padEnd(2, "0"));
    })
    .refine((n) => n >= min, messages.tooLow)
    .refine((n) => n <= max, messages.tooHigh);
}
