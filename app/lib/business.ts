import { flagValue } from "./waste";

/**
 * A booking made for a business (docs/rules.md#business-customers) and the
 * customer's notes for the crew: the one rule for each, shared by the
 * checkout (and its /api), the quote booking and the staff's manual booking.
 * Pure, so the unit tests and the browser can share them.
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

/** Control characters (tabs and line breaks too), line and paragraph separators, direction marks. */
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
/** The same, but line breaks are allowed (notes run over several lines). */
const NOT_TEXT = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

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

export interface BusinessDetails {
  name: string;
  /** the SIC 2007 code, five digits */
  sicCode: string;
}

export type BusinessCheck =
  | { ok: true; business: BusinessDetails | null }
  | { ok: false; errors: Partial<Record<BusinessField, string>> };

/**
 * THE rule for "This booking is for a business":
 *
 * - Not ticked: a household; a name or code sent anyway is ignored (both stored as null).
 * - Ticked: the business's name (trimmed, 1–120 characters, one line, no
 *   control characters) and its SIC 2007 code (five digits; spaces are
 *   dropped, so "81 29 9" is 81299) are both required.
 */
export function checkBusinessDetails(
  values: { business?: unknown; business_name?: unknown; sic_code?: unknown },
  voice: BusinessVoice = "customer",
): BusinessCheck {
  if (!businessTicked(values.business)) return { ok: true, business: null };
  const messages = businessMessages(voice);
  const errors: Partial<Record<BusinessField, string>> = {};
  const name = typeof values.business_name === "string" ? values.business_name.trim() : "";
  if (!name) errors.business_name = messages.nameRequired;
  else if (name.length > BUSINESS_NAME_MAX) errors.business_name = messages.nameTooLong;
  else if (NOT_ONE_LINE.test(name)) errors.business_name = messages.nameControl;
  const sicCode = typeof values.sic_code === "string" ? normaliseSicCode(values.sic_code) : null;
  if (!sicCode) errors.sic_code = messages.sic;
  if (errors.business_name || !sicCode) return { ok: false, errors };
  return { ok: true, business: { name, sicCode } };
}

export type NotesCheck = { ok: true; notes: string | null } | { ok: false; error: string };

/**
 * THE rule for "Notes for our crew": optional; trimmed, empty is null; at most
 * 1,000 characters; line breaks allowed (Windows' \r\n is kept as \n), no
 * other control characters.
 */
export function checkCrewNotes(value: unknown): NotesCheck {
  if (value === undefined || value === null) return { ok: true, notes: null };
  if (typeof value !== "string") return { ok: false, error: NOTES_MESSAGES.notText };
  const notes = value.replace(/\r\n?/g, "\n").trim();
  if (!notes) return { ok: true, notes: null };
  if (notes.length > NOTES_MAX) return { ok: false, error: NOTES_MESSAGES.tooLong };
  if (NOT_TEXT.test(notes.replaceAll("\n", "")))
    return { ok: false, error: NOTES_MESSAGES.control };
  return { ok: true, notes };
}
