import { describe, expect, it } from "vitest";
import { historyText } from "~/lib/order-history";

/** An order's history in words: no column names, status keys or ISO dates on the order page. */
describe("historyText", () => {
  it.each([
    ["a staff edit of the job", ["booking_status", "pending", "complete"], "job booked → done"],
    ["a payment marked paid", ["status", "pending", "complete"], "payment not paid → paid"],
    [
      "a moved collection",
      ["collection_date", "2026-12-03", "2026-12-10"],
      "collection date 03-Dec-2026 → 10-Dec-2026",
    ],
    [
      "a new window",
      ["arrival_window", "afternoon", "morning"],
      "arrival window Afternoon → Morning",
    ],
    [
      "a payment method",
      ["payment_method", "cash_payment", "bank_transfer"],
      "payment method Cash → Bank transfer",
    ],
    ["a total", ["total_pence", "12000", "9950"], "total £120.00 → £99.50"],
    [
      "a staff edit of the date",
      ["date", "2026-12-03", "2026-12-04"],
      "collection date 03-Dec-2026 → 04-Dec-2026",
    ],
    ["a field it has no words for", ["early_start", "no", "yes"], "early start no → yes"],
    [
      "a sentence as written",
      ["cancelled", null, "cancelled by the customer"],
      "cancelled by the customer",
    ],
    [
      "booked over capacity",
      ["capacity_override", "5.0 of 4.0 yd³", "a regular customer"],
      "booked over capacity (5.0 of 4.0 yd³): a regular customer",
    ],
  ] as const)("%s", (_, [field, old_value, new_value], text) => {
    expect(historyText({ field, old_value, new_value })).toBe(text);
  });
});
