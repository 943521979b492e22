import { z } from "zod";
import {
  BUSINESS_NAME_MAX,
  businessMessages,
  businessTicked,
  normaliseSicCode,
  NOTES_MAX,
  NOTES_MESSAGES,
  type BusinessField,
  type BusinessVoice,
} from "~/lib/business";
import { checkFields } from "~/lib/forms";

/**
 * THE rules for "This booking is for a business" and "Notes for our crew"
 * (docs/rules.md#business-customers) as zod schemas, shared by the checkout (and its /api), the
 * quote booking and the staff's manual booking. Their limits and messages are in app/lib/business.ts.
 */

/** Control characters (tabs and line breaks too), line and paragraph separators, direction marks. */
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** A business's name (trimmed, 1–120 characters, one line) and its five-digit SIC 2007 code. */
export function businessDetailsSchema(voice: BusinessVoice = "customer") {
  const messages = businessMessages(voice);
  return z.object({
    business_name: z
      .string()
      .trim()
      .min(1, messages.nameRequired)
      .max(BUSINESS_NAME_MAX, messages.nameTooLong)
      .refine((name) => !NOT_ONE_LINE.test(name), messages.nameControl),
    /** spaces are dropped, so "81 29 9" is 81299 */
    sic_code: z
      .string()
      .transform(normaliseSicCode)
      .refine((code) => code !== null, messages.sic)
      .transform((code) => code!),
  });
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
 * THE rule for "This booking is for a business": not ticked, a household (a name or code sent
 * anyway is ignored); ticked, the business's name and SIC code are both required.
 */
export function checkBusinessDetails(
  values: { business?: unknown; business_name?: unknown; sic_code?: unknown },
  voice: BusinessVoice = "customer",
): BusinessCheck {
  if (!businessTicked(values.business)) return { ok: true, business: null };
  const checked = checkFields(businessDetailsSchema(voice), values);
  const { business_name: name, sic_code: sicCode } = checked.values;
  if (name === undefined || sicCode === undefined) return { ok: false, errors: checked.errors };
  return { ok: true, business: { name, sicCode } };
}

/**
 * "Notes for our crew": trimmed, empty is null; at most 1,000 characters; line breaks allowed
 * (Windows' \r\n is kept as \n), no other control characters.
 */
export const crewNotesSchema = z
  .string({ error: NOTES_MESSAGES.notText })
  .transform((text) => text.replace(/\r\n?/g, "\n").trim())
  .pipe(
    z
      .string()
      .max(NOTES_MAX, NOTES_MESSAGES.tooLong)
      .refine((notes) => !NOT_ONE_LINE.test(notes.replaceAll("\n", "")), NOTES_MESSAGES.control),
  )
  .transform((notes) => notes || null);

export type NotesCheck = { ok: true; notes: string | null } | { ok: false; error: string };

/** THE rule for "Notes for our crew" (crewNotesSchema); notes not sent are none. */
export function checkCrewNotes(value: unknown): NotesCheck {
  if (value === undefined || value === null) return { ok: true, notes: null };
  const parsed = crewNotesSchema.safeParse(value);
  return parsed.success
    ? { ok: true, notes: parsed.data }
    : { ok: false, error: parsed.error.issues[0]?.message ?? NOTES_MESSAGES.notText };
}
