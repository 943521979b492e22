/**
 * A product's waste class: the facts the waste transfer note prints for it
 * (docs/rules.md#waste-classes). `checkWasteClass` is the one rule for what
 * staff may give (the product form and the /api); pure, so the form's tests
 * and the browser can share it.
 */

export interface WasteClass {
  /** what the waste is, one line, at most 200 characters; '' until staff give one */
  wasteDescription: string;
  /** List of Wastes code "20 03 07" or "20 01 23*"; '' until staff give one */
  lowCode: string;
  /** contains persistent organic pollutants (upholstered seating): kept apart for incineration */
  pops: boolean;
  /** hazardous waste: always so for a code ending in * */
  hazardous: boolean;
}

/** A line of waste handed over: the item, its class and how many (the note, the export, the completion). */
export interface WasteLine extends WasteClass {
  /** the item, as booked or as the crew named it */
  name: string;
  quantity: number;
}

/** A waste class from the columns it is stored in (products, order_items: flags as 0 / 1). */
export function storedWasteClass(row: {
  waste_description: string;
  low_code: string;
  pops: number | null;
  hazardous: number | null;
}): WasteClass {
  return {
    wasteDescription: row.waste_description,
    lowCode: row.low_code,
    pops: row.pops === 1,
    hazardous: row.hazardous === 1,
  };
}

export type WasteField = "waste_description" | "low_code";

export const WASTE_DESCRIPTION_MAX = 200;

export const NO_WASTE_CLASS: WasteClass = {
  wasteDescription: "",
  lowCode: "",
  pops: false,
  hazardous: false,
};

export const WASTE_MESSAGES = {
  code: "Please enter a List of Wastes code of six digits, such as 20 03 07 (a * marks hazardous waste)",
  codeRequired: "Please enter the List of Wastes code",
  descriptionRequired: "Please describe the waste for the waste transfer note",
  descriptionTooLong: `Please keep the waste description under ${WASTE_DESCRIPTION_MAX} characters`,
  descriptionControl:
    "Please retype the waste description: it contains a hidden control character or line break",
  hazardousNeedsStar:
    "Hazardous waste needs its hazardous List of Wastes entry, the code ending in * (such as 20 01 35*)",
} as const;

/** "200307", "20 03 07", " 20  01 23 * " → "20 03 07" / "20 01 23*"; null when it is no code. */
export function normaliseLowCode(text: string): string | null {
  const compact = text.replace(/\s+/g, "");
  const match = /^(\d{2})(\d{2})(\d{2})(\*?)$/.exec(compact);
  return match ? `${match[1]} ${match[2]} ${match[3]}${match[4]}` : null;
}

/** True for a code of a hazardous entry (it ends in *). */
export function isHazardousCode(code: string): boolean {
  return code.endsWith("*");
}

/** A form checkbox or /api flag: "on", "1", "true", "yes" are set; anything else is not. */
export function flagValue(value: unknown): boolean {
  return typeof value === "string" && /^(on|1|true|yes)$/i.test(value.trim());
}

export type WasteCheck =
  { ok: true; wasteClass: WasteClass } | { ok: false; errors: Partial<Record<WasteField, string>> };

/**
 * THE rule for a product's waste class as staff give it:
 *
 * - The code is six digits in pairs, with a * for a hazardous entry; spaces are
 *   normalised ("200307" → "20 03 07").
 * - A code ending in * is hazardous: the Hazardous flag is set whatever was
 *   ticked. Ticking Hazardous with a code without * is refused (that entry is
 *   the non-hazardous one).
 * - A description (one line, at most 200 characters) is required whenever a
 *   code is given, and a code whenever a description or a flag is given.
 * - Both may be left empty only while the product has never had a code
 *   (`hadCode` false): shops from before waste classes, until staff fill them in.
 */
export function checkWasteClass(
  values: { waste_description?: unknown; low_code?: unknown; pops?: unknown; hazardous?: unknown },
  hadCode: boolean,
): WasteCheck {
  const description =
    typeof values.waste_description === "string" ? values.waste_description.trim() : "";
  const codeText = typeof values.low_code === "string" ? values.low_code.trim() : "";
  const pops = flagValue(values.pops);
  const hazardousTicked = flagValue(values.hazardous);
  const errors: Partial<Record<WasteField, string>> = {};

  if (description.length > WASTE_DESCRIPTION_MAX)
    errors.waste_description = WASTE_MESSAGES.descriptionTooLong;
  else if (/\p{Cc}/u.test(description))
    errors.waste_description = WASTE_MESSAGES.descriptionControl;

  if (!codeText) {
    if (description || pops || hazardousTicked || hadCode)
      errors.low_code = WASTE_MESSAGES.codeRequired;
    if (Object.keys(errors).length > 0) return { ok: false, errors };
    return { ok: true, wasteClass: { ...NO_WASTE_CLASS } };
  }
  const code = normaliseLowCode(codeText);
  if (!code) errors.low_code = WASTE_MESSAGES.code;
  else if (hazardousTicked && !isHazardousCode(code))
    errors.low_code = WASTE_MESSAGES.hazardousNeedsStar;
  if (!description && !errors.waste_description)
    errors.waste_description = WASTE_MESSAGES.descriptionRequired;
  if (!code || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    wasteClass: {
      wasteDescription: description,
      lowCode: code,
      pops,
      hazardous: isHazardousCode(code),
    },
  };
}

/**
 * Hazardous waste from a business needs a hazardous waste consignment note
 * (docs/rules.md#business-customers), not just a waste transfer note: true for a
 * business's booking with a hazardous line. A household's hazardous waste is
 * exempt.
 */
export function needsConsignmentNote({
  business,
  hazardous,
}: {
  /** the booking is for a business */
  business: boolean;
  /** the line (or any line of the booking) is hazardous waste */
  hazardous: boolean;
}): boolean {
  return business && hazardous;
}
