import { isCarrierRegistration } from "./waste-tracking-codes";

/**
 * The business behind the shop (docs/rules.md#the-business): its names, legal details, how to
 * reach it, its waste carrier registration and its VAT registration. Staff keep it in Settings;
 * the environment (BUSINESS_*, WASTE_CARRIER_LICENCE, VAT_NUMBER) gives the values until then.
 * Every page, email, document and calendar file reads it from one place
 * (app/models/shop/business-profile.server.ts).
 */
export interface BusinessProfile {
  /** the name customers know: the header, titles, emails, documents */
  name: string;
  /** the registered name of a company ("" for a sole trader or partnership) */
  legalName: string;
  /** the Companies House number ("" when not a company) */
  companyNumber: string;
  /** the registered office of a company ("" when not a company) */
  registeredOffice: string;
  phone: string;
  email: string;
  /** the yard: where the business works from (the footer, the documents' letterhead) */
  address: string;
  /** in words, as customers read it ("Monday to Saturday, 7am to 6pm"); "" to say nothing */
  openingHours: string;
  /** the Environment Agency waste carrier registration, such as CBDU123456 */
  wasteCarrierLicence: string;
  /** the UK VAT registration number without spaces, "" when not VAT registered */
  vatNumber: string;
  /** the area served in words ("London and the South East"); "" to say nothing */
  areaInWords: string;
  /** the logo's image id (uploaded in Settings), "" for none: the header and documents show it */
  logoImageId: string;
  /**
   * where customers may review the business (its Google or Trustpilot page), "" for none: every
   * completion email invites a review there, to every customer alike (no review gating)
   */
  reviewUrl: string;
}

/** The setting that holds the business's details as JSON (its logo's image id among them). */
export const BUSINESS_PROFILE_SETTING = "business_profile";

/** What the Business form saves: everything but the logo, which has a form of its own. */
export type BusinessDetails = Omit<BusinessProfile, "logoImageId">;

export const BUSINESS_PROFILE_MESSAGES = {
  name: "Enter the name customers know you by, up to 80 characters.",
  legalName: "Enter the company's registered name, up to 120 characters.",
  companyNumber:
    "Enter the Companies House number: 8 characters, such as 01234567 or SC123456 (leave it empty if you are not a company).",
  companyDetails:
    "A company's registered name and registered office are printed on its documents: enter both.",
  registeredOffice: "Enter the registered office address, up to 200 characters.",
  phone: "Enter a UK phone number customers can call, such as 020 7946 0321.",
  email: "Enter an email address customers can write to, such as bookings@example.co.uk.",
  address: "Enter the yard's address, up to 200 characters.",
  openingHours: "Shorten the opening hours to 120 characters.",
  wasteCarrierLicence:
    "Enter the waste carrier registration as it is on the public register, such as CBDU123456 (SEPA: WCR/R/1234567; Northern Ireland: ROC UT 123).",
  vatNumber: "Enter the VAT registration number, such as GB123456789.",
  vatChoice: "Choose whether the business is registered for VAT.",
  areaInWords: "Shorten the area to 80 characters.",
  reviewUrl:
    "Enter the full address of your review page, starting https://, such as https://g.page/r/yourbusiness/review (leave it empty for none).",
  logoMissing: "Choose a picture file for your logo: JPEG, PNG, WebP or SVG.",
  logoType:
    "Your logo must be a JPEG, PNG, WebP or SVG picture that opens: please choose another file.",
  logoTooLarge: "Your logo must be at most 2 MB: please choose a smaller file.",
} as const;

/** "1234567" → "01234567", "sc 123456" → "SC123456"; "" stays "" (not a company). */
export function normaliseCompanyNumber(text: string): string | null {
  const compact = text.replace(/\s+/g, "").toUpperCase();
  if (compact === "") return "";
  if (/^\d{1,8}$/.test(compact)) return compact.padStart(8, "0");
  return /^[A-Z]{2}\d{6}$/.test(compact) ? compact : null;
}

/** "gb 123 4567 89" → "GB123456789"; nine or twelve digits alone gain "GB"; null when not a UK VAT number. */
export function normaliseVatNumber(text: string): string | null {
  const compact = text.replace(/\s+/g, "").toUpperCase();
  const withPrefix = /^(\d{9}|\d{12})$/.test(compact) ? `GB${compact}` : compact;
  return /^(GB\d{9}|GB\d{12}|GBGD\d{3}|GBHA\d{3})$/.test(withPrefix) ? withPrefix : null;
}

/**
 * "cbdu 123456" → "CBDU123456"; a Scottish or Northern Irish registration as typed, in capitals;
 * null when it is none Defra's waste tracking accepts (isCarrierRegistration, decision 046).
 */
export function normaliseCarrierRegistration(text: string): string | null {
  const upper = text.trim().toUpperCase().replace(/\s+/g, " ");
  const written = upper.replace(/\s+/g, "").startsWith("CBD") ? upper.replace(/\s+/g, "") : upper;
  return written.length <= 20 && isCarrierRegistration(written) ? written : null;
}

/** Where a company is registered, read from its number's prefix (Companies House's own rule). */
export function registeredIn(companyNumber: string): string {
  const prefix = companyNumber.slice(0, 2);
  if (["SC", "SO", "SL", "SE", "SA", "SF", "SG", "SI", "SP", "SR", "SZ"].includes(prefix))
    return "Scotland";
  if (["NI", "NC", "NL", "NO", "NP", "NR", "NF", "R0"].includes(prefix)) return "Northern Ireland";
  return "England and Wales";
}

/**
 * The legal line a company's documents and emails carry (the Companies Act's disclosure):
 * "Haulbook Ltd, registered in England and Wales, company number 01234567. Registered office:
 * …". Empty when the business is not a company.
 */
export function legalLine(
  profile: Pick<BusinessProfile, "name" | "legalName" | "companyNumber" | "registeredOffice">,
): string {
  if (profile.companyNumber === "") return "";
  return `${profile.legalName || profile.name}, registered in ${registeredIn(profile.companyNumber)}, company number ${profile.companyNumber}. Registered office: ${profile.registeredOffice}.`;
}

/** The Business form's fields (the form's names). */
export type BusinessProfileField =
  | "name"
  | "legalName"
  | "companyNumber"
  | "registeredOffice"
  | "phone"
  | "email"
  | "address"
  | "openingHours"
  | "wasteCarrierLicence"
  | "vatRegistered"
  | "vatNumber"
  | "areaInWords"
  | "reviewUrl";
export type BusinessProfileForm = Record<BusinessProfileField, string>;

/** The form's values for a profile (what the page shows before anything is typed). */
export function businessProfileForm(profile: BusinessProfile): BusinessProfileForm {
  return {
    name: profile.name,
    legalName: profile.legalName,
    companyNumber: profile.companyNumber,
    registeredOffice: profile.registeredOffice,
    phone: profile.phone,
    email: profile.email,
    address: profile.address,
    openingHours: profile.openingHours,
    wasteCarrierLicence: profile.wasteCarrierLicence,
    vatRegistered: profile.vatNumber === "" ? "no" : "yes",
    vatNumber: profile.vatNumber,
    areaInWords: profile.areaInWords,
    reviewUrl: profile.reviewUrl,
  };
}
