import { parse } from "postcode";

/**
 * The customer's contact details: the six things every form that books or
 * asks for a quote takes (docs/rules.md#contact-details), the names each form
 * gives them, and the UK phone and postcode rules. The zod schema built from
 * these lives in app/models/messages/contact-details.server.ts; the fields on the page
 * in app/components/contact-fields.tsx.
 */

export const CONTACT_DETAILS = ["name", "email", "phone", "address", "town", "postcode"] as const;
export type ContactDetail = (typeof CONTACT_DETAILS)[number];

/** What a form calls each detail (its inputs' names, and the keys of its errors). */
export type ContactFieldNames = Readonly<Record<ContactDetail, string>>;

/** The names of the checkout, the staff booking forms and the orders table (docs/api.md#rows). */
export const ORDER_CONTACT_NAMES = {
  name: "full_name",
  email: "email",
  phone: "phone_number",
  address: "address_1",
  town: "town",
  postcode: "postcode",
} as const satisfies ContactFieldNames;

/** The quote request's names, as the spec's /api sends them. */
export const QUOTE_CONTACT_NAMES = {
  name: "fullName",
  email: "email",
  phone: "phoneNumber",
  address: "address1",
  town: "town",
  postcode: "postcode",
} as const satisfies ContactFieldNames;

/**
 * The six details as text under a form's names, e.g. `ContactDetails<typeof ORDER_CONTACT_NAMES>`
 * is { full_name, email, phone_number, address_1, town, postcode }.
 */
export type ContactDetails<N extends ContactFieldNames> = { [D in ContactDetail as N[D]]: string };
/** A customer's details as orders and quotes keep them (their columns, and the views of them). */
export type OrderContactDetails = ContactDetails<typeof ORDER_CONTACT_NAMES>;
/** A customer's details under the quote request's names. */
export type QuoteContactDetails = ContactDetails<typeof QUOTE_CONTACT_NAMES>;

/** An order's or a quote's columns as the pages read them: { fullName, email, phoneNumber, … }. */
export function quoteContactDetails(row: OrderContactDetails): QuoteContactDetails {
  return {
    fullName: row.full_name,
    email: row.email,
    phoneNumber: row.phone_number,
    address1: row.address_1,
    town: row.town,
    postcode: row.postcode,
  };
}

/** Characters a phone number may be typed with: digits, spaces, brackets, hyphens and a leading +. */
const PHONE_CHARACTERS = /^[0-9 ()+-]+$/;

/**
 * A UK phone number as its national digits ("07700900123"), or null. Spaces,
 * brackets and hyphens are allowed, and +44 or 0044 (with or without "(0)")
 * stands for the leading 0: 10 or 11 digits in all.
 */
export function ukPhoneDigits(text: string): string | null {
  if (!PHONE_CHARACTERS.test(text)) return null;
  const compact = text.replace(/[ ()-]/g, "").replace(/^(?:\+44|0044)0?/, "0");
  return /^0[1-9]\d{8,9}$/.test(compact) ? compact : null;
}

/**
 * A UK postcode as Royal Mail writes it ("GU1 3AB": upper case, one space
 * before the last three characters), or null. Case and spacing as typed do
 * not matter. Read by the `postcode` library (app/lib/service-area.ts reads its
 * parts the same way).
 */
export function ukPostcode(text: string): string | null {
  const compact = text.replace(/\s+/g, "").toUpperCase();
  if (compact === "GIR0AA") return "GIR 0AA";
  const parsed = parse(compact);
  return parsed.valid ? parsed.postcode : null;
}
