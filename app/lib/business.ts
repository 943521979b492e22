import { flagValue } from "./waste";

/**
 * A booking made for a business (docs/rules.md#business-customers) and the
 * customer's notes for the crew: their limits, messages and the flag, for the
 * pages and for the rules (app/models/checkout/business-details.server.ts).
 */

export type BusinessField = "business_name" | "sic_code";

/** The checkbox "This booking is for a business" (its name in every form). */
export const BUSINESS_FLAG = "business";

export const BUSINESS_NAME_MAX = 120;
export const NOTES_MAX = 1000;

/** Plain text beside the SIC code field. */
export const SIC_HINT = "Your SIC code is on your Companies House record.";
/** Without JavaScript the business fields are always shown, under the checkbox. */
export const BUSINESS_FIELDS_HINT = "Only if the box above is ticked.";

/** Who reads the messages: the customer ("your business's"), or staff typing a customer's details. */
export type BusinessVoice = "customer" | "staff";

const WHOSE: Record<BusinessVoice, string> = {
  customer: "your business's",
  staff: "the business's",
};

export function businessMessages(voice: BusinessVoice = "customer") {
  const whose = WHOSE[voice];
  return {
    nameRequired: `Please enter ${whose} name`,
    nameTooLong: `Please shorten ${whose} name to at most ${BUSINESS_NAME_MAX} characters`,
    nameControl: `Please retype ${whose} name: it contains a hidden control character or line break`,
    sic: `Please enter ${whose} five-digit SIC code (for example 81299)`,
  } as const;
}

export const NOTES_MESSAGES = {
  tooLong: `Please shorten your notes to at most ${NOTES_MAX.toLocaleString("en-GB")} characters`,
  control: "Please retype your notes: they contain a hidden control character",
  notText: "Notes must be text",
} as const;

/** "81299", "81 29 9", " 8129 9 " → "81299"; null when it is not five digits. */
export function normaliseSicCode(text: string): string | null {
  const compact = text.replace(/\s+/g, "");
  return /^\d{5}$/.test(compact) ? compact : null;
}

/** The box is ticked: a form's "on" (or "1", "true", "yes"), or an /api client's `true`. */
export function businessTicked(value: unknown): boolean {
  return value === true || flagValue(value);
}

/**
 * An /api body's values with the business flag an /api client does not send:
 * ticked when it sends a business name or a SIC code, so existing clients
 * (which send neither) book as households, exactly as before.
 */
export function withApiBusinessFlag<T extends Record<string, unknown>>(values: T): T {
  if (BUSINESS_FLAG in values) return values;
  const given = (value: unknown) =>
    value !== undefined && value !== null && !(typeof value === "string" && value.trim() === "");
  return given(values.business_name) || given(values.sic_code)
    ? { ...values, [BUSINESS_FLAG]: true }
    : values;
}
