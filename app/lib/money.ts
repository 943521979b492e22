/**
 * The one reading of a sum of money that staff type or an /api client sends
 * (docs/decisions/033): plain decimal pounds, "12", "12.5" or "12.50", at
 * most 7 digits of pounds and 2 of pence. Nothing else: no sign, no spaces, no
 * "£" or thousands commas, no exponent ("1e3"), no hex ("0x10"), no "12." or
 * ".5", no Infinity or NaN, so a price is stored exactly as it was meant or
 * not at all. A JSON number (the spec's /api sends 45.5) is read the same way,
 * from its shortest decimal form. Shared by the server and the browser (the
 * quote form's live total).
 */

const PLAIN_POUNDS = /^(\d{1,7})(?:\.(\d{1,2}))?$/;

/** Plain decimal pounds → pence, or null when the value is not one (empty included). */
export function parsePounds(value: unknown): number | null {
  let text: string;
  if (typeof value === "number") {
    // String(1e21) is "1e+21" and String(NaN) "NaN": both refused below.
    if (!Number.isFinite(value) || value < 0) return null;
    text = String(value);
  } else if (typeof value === "string") {
    text = value;
  } else {
    return null;
  }
  const match = PLAIN_POUNDS.exec(text);
  if (!match) return null;
  // Whole pence from the digits themselves: no floating point on the way.
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
