import { isIsoDay } from "./calendar";
import { ukPostcode } from "./contact-details";
import { postcodeParts } from "./service-area";

/**
 * The staff's one search box (docs/rules.md#staff-search): what the office types is read as what
 * it looks like, the way a customer on the phone says it. The orders list, the quotes list, the
 * header's search and the /api read it here; the queries are in the models.
 */
export type SearchTerm =
  /** "HB12", "#12": a booking */
  | { kind: "booking"; id: number }
  /** "Q12", "Q12-2": a quote */
  | { kind: "quote"; id: number }
  /** "12" (up to six digits, no leading 0): a booking or a quote, whichever has the number */
  | { kind: "number"; id: number }
  /** anything with an @: part of an email address */
  | { kind: "email"; text: string }
  /** digits starting 0 or +44, or seven or more: part of a phone number, without its 0 or +44 */
  | { kind: "phone"; digits: string }
  /** "GU1 3AB" (or "gu13ab"): that postcode */
  | { kind: "postcode"; postcode: string }
  /** "GU1", "SW1A": a postcode district, all of its postcodes */
  | { kind: "district"; outcode: string }
  /** the rest: part of a name */
  | { kind: "name"; text: string }
  | { kind: "none" };

/** The longest text a search reads (longer is cut: no name or address is longer). */
export const SEARCH_MAX = 100;

const BOOKING = /^(?:HB\s*#?|#)\s*(\d{1,9})$/i;
const QUOTE = /^Q\s*#?\s*(\d{1,9})(?:\s*-\s*\d{1,4})?$/i;
/** A bare number: a reference; one starting with 0 is the start of a phone number. */
const NUMBER = /^[1-9]\d{0,5}$/;
const PHONE = /^[\d\s()+.-]+$/;
const DISTRICT = /^[A-Z]{1,2}\d[A-Z\d]?$/i;

const idOf = (digits: string) => {
  const id = Number(digits);
  return id >= 1 && Number.isSafeInteger(id) ? id : null;
};

/** What the text typed into a staff search box is. */
export function readSearchText(input: string | null | undefined): SearchTerm {
  const text = (input ?? "").trim().replace(/\s+/g, " ").slice(0, SEARCH_MAX);
  if (text === "") return { kind: "none" };
  const booking = BOOKING.exec(text);
  if (booking) {
    const id = idOf(booking[1]!);
    return id === null ? { kind: "none" } : { kind: "booking", id };
  }
  const quote = QUOTE.exec(text);
  if (quote) {
    const id = idOf(quote[1]!);
    return id === null ? { kind: "none" } : { kind: "quote", id };
  }
  if (NUMBER.test(text)) {
    const id = idOf(text);
    return id === null ? { kind: "none" } : { kind: "number", id };
  }
  if (text.includes("@")) return { kind: "email", text: text.toLowerCase() };
  if (PHONE.test(text)) {
    const digits = text.replace(/\D/g, "").replace(/^(?:44|0)/, "");
    return digits.length >= 3 ? { kind: "phone", digits } : { kind: "none" };
  }
  const postcode = ukPostcode(text);
  if (postcode) return { kind: "postcode", postcode };
  if (DISTRICT.test(text.replace(/\s/g, ""))) {
    const outcode = text.replace(/\s/g, "").toUpperCase();
    // A district is the first half of a postcode: "GU1" from "GU1 1AA".
    if (postcodeParts(`${outcode} 1AA`)?.outcode === outcode) return { kind: "district", outcode };
  }
  return { kind: "name", text };
}

/** What the search found by, in the office's words ("phone number containing 7700 900123"). */
export function searchTermText(term: SearchTerm): string {
  switch (term.kind) {
    case "booking":
      return `booking HB${term.id}`;
    case "quote":
      return `quote Q${term.id}`;
    case "number":
      return `booking HB${term.id} or quote Q${term.id}`;
    case "email":
      return `email containing “${term.text}”`;
    case "phone":
      return `phone number containing ${term.digits}`;
    case "postcode":
      return `postcode ${term.postcode}`;
    case "district":
      return `postcodes in ${term.outcode}`;
    case "name":
      return `name containing “${term.text}”`;
    case "none":
      return "everything";
  }
}

/** A date range typed as two days ("" or a bad day: open at that end; reversed: swapped). */
export function searchDays(
  from: string | null | undefined,
  to: string | null | undefined,
): { from: string | null; to: string | null } {
  const first = isIsoDay(from) ? from : null;
  const last = isIsoDay(to) ? to : null;
  return first && last && first > last ? { from: last, to: first } : { from: first, to: last };
}
