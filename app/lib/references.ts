/**
 * The references customers are given and quote back: a booking is "HB" and its order's number
 * (every email, page and document says it), a quote "Q" and its number ("Q12-2" names its second
 * price). Staff screens say them too, and the staff searches read them back as typed.
 */

/** A booking's reference: order 123 → "HB123". */
export const bookingReference = (orderId: number) => `HB${orderId}`;

const idOf = (digits: string | undefined): number | null => {
  const id = Number(digits);
  return digits !== undefined && id >= 1 && Number.isSafeInteger(id) ? id : null;
};

/** "HB123", "hb 123", "#123", "123" → 123; null when it is no booking reference. */
export function parseBookingReference(text: string): number | null {
  return idOf(/^\s*(?:HB)?\s*#?\s*(\d{1,9})\s*$/i.exec(text)?.[1]);
}

/** "Q12", "q 12", "Q12-2" (its second price), "12" → 12; null when it is no quote reference. */
export function parseQuoteReference(text: string): number | null {
  return idOf(/^\s*(?:Q)?\s*#?\s*(\d{1,9})(?:\s*-\s*\d{1,4})?\s*$/i.exec(text)?.[1]);
}
