import { z } from "zod";
import {
  CONTACT_DETAILS,
  ukPhoneDigits,
  ukPostcode,
  type ContactDetail,
  type ContactFieldNames,
} from "~/lib/contact-details";

/**
 * The one set of rules for a customer's contact details
 * (docs/rules.md#contact-details), shared by the checkout (and its /api), the
 * quote request, and the staff's manual booking and booking edit forms. Each
 * form takes them with its own field names (contactDetailsSchema).
 *
 * Every detail is a string, trimmed, required, bounded and on one line: no
 * control characters, line breaks or marks that reverse the text's direction
 * (they would end up in emails and on the dashboard).
 */

/** Control characters (tabs and line breaks too), line and paragraph separators, direction marks. */
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

export const EMAIL_MESSAGE = "Please enter a valid email address";
export const PHONE_MESSAGE = "Please enter a UK phone number we can call, such as 07700 900123";
export const POSTCODE_MESSAGE = "Please enter a UK postcode";

/** Who reads the messages: the customer ("your postcode"), or staff typing a customer's details. */
export type ContactVoice = "customer" | "staff";

interface Wording {
  /** when it is left empty (or is not text at all) */
  missing: string;
  /** when it is longer than the limit */
  tooLong: string;
  /** what it is, in "Please retype …" */
  what: string;
}

const WORDING: Record<ContactVoice, Record<Exclude<ContactDetail, "email">, Wording>> = {
  customer: {
    name: {
      missing: "Please enter your full name",
      tooLong: "Please shorten your name",
      what: "your name",
    },
    phone: {
      missing: "Please enter your phone number",
      tooLong: PHONE_MESSAGE,
      what: "your phone number",
    },
    address: {
      missing: "Please enter the first line of your address",
      tooLong: "Please shorten the first line of your address",
      what: "your address",
    },
    town: {
      missing: "Please enter your town or city",
      tooLong: "Please shorten your town or city",
      what: "your town",
    },
    postcode: {
      missing: "Please enter your postcode",
      tooLong: POSTCODE_MESSAGE,
      what: "your postcode",
    },
  },
  staff: {
    name: {
      missing: "Please enter the customer's name",
      tooLong: "Please shorten the name",
      what: "the name",
    },
    phone: {
      missing: "Please enter a phone number",
      tooLong: PHONE_MESSAGE,
      what: "the phone number",
    },
    address: {
      missing: "Please enter the first line of the address",
      tooLong: "Please shorten the first line of the address",
      what: "the address",
    },
    town: {
      missing: "Please enter the town or city",
      tooLong: "Please shorten the town or city",
      what: "the town",
    },
    postcode: {
      missing: "Please enter the postcode",
      tooLong: POSTCODE_MESSAGE,
      what: "the postcode",
    },
  },
};

/** One line of text: a string (nothing else), trimmed, required, at most `max` characters. */
function oneLine(wording: Wording, max: number) {
  return z
    .string({ error: wording.missing })
    .trim()
    .min(1, wording.missing)
    .max(max, wording.tooLong)
    .refine(
      (text) => !NOT_ONE_LINE.test(text),
      `Please retype ${wording.what}: it contains a hidden control character or line break.`,
    );
}

/** The rule for each detail, with messages for `voice`. */
function contactRules(voice: ContactVoice) {
  const wording = WORDING[voice];
  return {
    name: oneLine(wording.name, 120),
    email: z
      .string({ error: EMAIL_MESSAGE })
      .trim()
      .max(200, EMAIL_MESSAGE)
      .pipe(z.email(EMAIL_MESSAGE)),
    /** kept as typed (trimmed): customers read their number back as they wrote it */
    phone: oneLine(wording.phone, 40).refine((text) => ukPhoneDigits(text) !== null, PHONE_MESSAGE),
    address: oneLine(wording.address, 200),
    town: oneLine(wording.town, 100),
    /** stored as Royal Mail writes it: "gu13ab" becomes "GU1 3AB" */
    postcode: oneLine(wording.postcode, 16)
      .refine((text) => ukPostcode(text) !== null, POSTCODE_MESSAGE)
      .transform((text) => ukPostcode(text) ?? text),
  };
}

type ContactRules = ReturnType<typeof contactRules>;

/** The contact details as a form names them: a zod object to parse that form's values with (or extend). */
export type ContactDetailsShape<N extends ContactFieldNames> = {
  [D in ContactDetail as N[D]]: ContactRules[D];
};

/**
 * The contact details' schema with a form's field names, e.g.
 * `contactDetailsSchema(QUOTE_CONTACT_NAMES)` takes fullName, email,
 * phoneNumber, address1, town and postcode. Extend it with the form's other
 * fields.
 */
export function contactDetailsSchema<const N extends ContactFieldNames>(
  names: N,
  voice: ContactVoice = "customer",
) {
  const rules = contactRules(voice);
  const shape = Object.fromEntries(CONTACT_DETAILS.map((detail) => [names[detail], rules[detail]]));
  return z.object(shape as ContactDetailsShape<N>);
}
