import { z } from "zod";
import {
  BUSINESS_PROFILE_MESSAGES,
  normaliseCarrierRegistration,
  normaliseCompanyNumber,
  normaliseVatNumber,
  type BusinessDetails,
  type BusinessProfileField,
} from "./business-profile";
import { ukPhoneDigits } from "./contact-details";
import { checkFields, formLimits } from "./forms";

/**
 * What staff may save as the business's details (docs/rules.md#the-business), by zod; server
 * only, so the pages carry no zod (app/lib/business-profile.ts has what they need).
 */

/** A line of text: trimmed, inner runs of white space made one space, no control characters. */
const line = (max: number, message: string) =>
  z
    .string()
    .transform((text) => text.trim().replace(/\s+/g, " "))
    .pipe(z.string().max(max, message));

const M = BUSINESS_PROFILE_MESSAGES;

/** The Business form's fields, each checked on its own (the rules across fields are checkBusinessProfile's). */
export const businessProfileSchema = z.object({
  name: line(80, M.name).pipe(z.string().min(1, M.name)),
  legalName: line(120, M.legalName),
  companyNumber: z
    .string()
    .max(12, M.companyNumber)
    .transform((text, ctx) => {
      const number = normaliseCompanyNumber(text);
      if (number === null) ctx.addIssue({ code: "custom", message: M.companyNumber });
      return number ?? "";
    }),
  registeredOffice: line(200, M.registeredOffice),
  phone: z
    .string()
    .max(20, M.phone)
    .transform((text) => text.trim())
    .refine((text) => ukPhoneDigits(text) !== null, M.phone),
  email: z
    .string()
    .max(120, M.email)
    .transform((text) => text.trim())
    .pipe(z.email(M.email)),
  address: line(200, M.address).pipe(z.string().min(1, M.address)),
  openingHours: line(120, M.openingHours),
  wasteCarrierLicence: z
    .string()
    .max(20, M.wasteCarrierLicence)
    .transform((text, ctx) => {
      const registration = normaliseCarrierRegistration(text);
      if (registration === null) ctx.addIssue({ code: "custom", message: M.wasteCarrierLicence });
      return registration ?? "";
    }),
  vatRegistered: z.enum(["yes", "no"], M.vatChoice),
  vatNumber: z.string().max(20, M.vatNumber),
  areaInWords: line(80, M.areaInWords),
  reviewUrl: z
    .string()
    .max(300, M.reviewUrl)
    .transform((text) => text.trim())
    .refine((text) => text === "" || isReviewUrl(text), M.reviewUrl),
});

/** A review page customers can open: an https address with a host that has a dot. */
function isReviewUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "https:" && url.hostname.includes(".") && !/\s/.test(text);
  } catch {
    return false;
  }
}

/** The form's limits, for the page's maxlength attributes. */
export const BUSINESS_PROFILE_LIMITS = formLimits(businessProfileSchema);

export type BusinessProfileCheck =
  | { ok: true; profile: BusinessDetails }
  | { ok: false; errors: Partial<Record<BusinessProfileField, string>> };

/**
 * What staff may save as the business: each field by businessProfileSchema, then the rules
 * across fields: a company (a number given) names its registered name and office; a business
 * registered for VAT gives its number, and one that is not has none.
 */
export function checkBusinessProfile(
  values: Readonly<Record<string, unknown>>,
): BusinessProfileCheck {
  const checked = checkFields(businessProfileSchema, values);
  const errors: Partial<Record<BusinessProfileField, string>> = checked.errors;
  const passed = checked.values;
  if (passed.companyNumber) {
    if (!passed.legalName) errors.legalName ??= M.companyDetails;
    if (!passed.registeredOffice) errors.registeredOffice ??= M.companyDetails;
  }
  let vatNumber = "";
  if (passed.vatRegistered === "yes") {
    const number = normaliseVatNumber(passed.vatNumber ?? "");
    if (number === null) errors.vatNumber ??= M.vatNumber;
    else vatNumber = number;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const p = passed as z.output<typeof businessProfileSchema>;
  return {
    ok: true,
    profile: {
      name: p.name,
      // A company's details go together: without a number, no registered name or office is kept.
      legalName: p.companyNumber ? p.legalName : "",
      companyNumber: p.companyNumber,
      registeredOffice: p.companyNumber ? p.registeredOffice : "",
      phone: p.phone,
      email: p.email,
      address: p.address,
      openingHours: p.openingHours,
      wasteCarrierLicence: p.wasteCarrierLicence,
      vatNumber,
      areaInWords: p.areaInWords,
      reviewUrl: p.reviewUrl,
    },
  };
}
