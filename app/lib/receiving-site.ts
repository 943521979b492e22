import { z } from "zod";
import { checkFields, formLimits } from "./forms";
import { postcodeParts } from "./service-area";
import { DEFRA_UK_POSTCODE, isSiteAuthorisation } from "./waste-tracking-codes";

/**
 * A receiving site: a tip, transfer station or recycling centre the vans take waste to
 * (docs/rules.md#tip-sites). Defra's record names it, its address and postcode, and its permit or
 * exemption number, which must be in one of the UK formats Defra checks (decision 046).
 * `checkReceivingSite` is the one rule, for the page and its test table.
 */

export interface ReceivingSite {
  name: string;
  address: string;
  /** written as Royal Mail writes it: "GU1 1RX" */
  postcode: string;
  /** its environmental permit or exemption number, in capitals: "EPR/AB1234CD" */
  authorisationNumber: string;
}

export const SITE_FIELDS = {
  name: "name",
  address: "address",
  postcode: "postcode",
  authorisationNumber: "authorisation_number",
} as const;

export const SITE_MESSAGES = {
  name: "Enter the site's name, up to 100 characters",
  address: "Enter the site's address, up to 200 characters",
  postcode: "Enter the site's full UK postcode, like GU1 1RX",
  authorisationNumber:
    "Enter its permit or exemption number as the regulator writes it, like EPR/AB1234CD or WML/L/1234567",
  failed: "The site was not saved: please correct what is marked.",
} as const;

const oneLine = (max: number, message: string) =>
  z
    .string()
    .transform((text) => text.trim().replace(/\s+/g, " "))
    .pipe(z.string().min(1, message).max(max, message));

const siteSchema = z.object({
  [SITE_FIELDS.name]: oneLine(100, SITE_MESSAGES.name),
  [SITE_FIELDS.address]: oneLine(200, SITE_MESSAGES.address),
  [SITE_FIELDS.postcode]: z
    .string()
    .max(10, SITE_MESSAGES.postcode)
    .transform((typed) => postcodeParts(typed)?.postcode ?? "")
    .refine((postcode) => DEFRA_UK_POSTCODE.test(postcode), SITE_MESSAGES.postcode),
  [SITE_FIELDS.authorisationNumber]: z
    .string()
    .max(40, SITE_MESSAGES.authorisationNumber)
    .transform((typed) => typed.trim().toUpperCase().replace(/\s+/g, " "))
    .refine(isSiteAuthorisation, SITE_MESSAGES.authorisationNumber),
});

/** The form's limits, for the page's maxlength attributes. */
export const SITE_LIMITS = formLimits(siteSchema);

export type SiteField = (typeof SITE_FIELDS)[keyof typeof SITE_FIELDS];

export type SiteCheck =
  { ok: true; site: ReceivingSite } | { ok: false; errors: Partial<Record<SiteField, string>> };

export function checkReceivingSite(values: Readonly<Record<string, unknown>>): SiteCheck {
  const { values: passed, errors } = checkFields(siteSchema, values);
  const name = passed[SITE_FIELDS.name];
  const address = passed[SITE_FIELDS.address];
  const postcode = passed[SITE_FIELDS.postcode];
  const authorisationNumber = passed[SITE_FIELDS.authorisationNumber];
  if (
    name === undefined ||
    address === undefined ||
    postcode === undefined ||
    authorisationNumber === undefined
  )
    return { ok: false, errors };
  return { ok: true, site: { name, address, postcode, authorisationNumber } };
}
