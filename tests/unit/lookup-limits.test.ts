import { describe, expect, it } from "vitest";
import { parseBookingReference, parseQuoteReference } from "~/lib/references";
import { lookupMatches, type LookedUpOrder } from "~/models/customer-links/booking-lookup.server";
import { limitDecision } from "~/models/shop/rate-limit.server";

/** The pure rules of the booking lookup and of every rate limit. */

const NOW = new Date("2026-11-26T12:00:00.000Z");
const HOUR = 3_600_000;
/** `n` attempts, the oldest `ageMs` before NOW, then one a second apart. */
const attempts = (n: number, ageMs: number) =>
  Array.from({ length: n }, (_, i) => new Date(NOW.getTime() - ageMs + i * 1000).toISOString());

describe("limitDecision", () => {
  it.each([
    ["no attempts yet", 0, 60_000, 10, { allowed: true }],
    ["one short of the limit", 9, 60_000, 10, { allowed: true }],
    [
      "at the limit: wait until the oldest leaves the hour",
      10,
      60_000,
      10,
      { allowed: false, retryAfterSeconds: 3540 },
    ],
    [
      "over the limit (attempts from before a change)",
      12,
      60_000,
      10,
      { allowed: false, retryAfterSeconds: 3540 },
    ],
    [
      "the oldest about to leave: at least a second",
      30,
      HOUR - 200,
      30,
      { allowed: false, retryAfterSeconds: 1 },
    ],
    ["a limit of one", 1, 30 * 60_000, 1, { allowed: false, retryAfterSeconds: 1800 }],
  ])("%s", (_, n, ageMs, max, expected) => {
    expect(limitDecision(attempts(n, ageMs), { max, windowMs: HOUR }, NOW)).toEqual(expected);
  });
});

describe("parseBookingReference", () => {
  it.each([
    ["HB123", 123],
    ["hb 123", 123],
    [" 123 ", 123],
    ["HB#7", 7],
    ["HB", null],
    ["HB12a", null],
    ["0", null],
    ["-5", null],
  ])("%s → %s", (input, id) => expect(parseBookingReference(input)).toBe(id));
});

describe("parseQuoteReference", () => {
  it.each([
    ["Q12", 12],
    ["q 12", 12],
    ["Q12-2", 12],
    ["12", 12],
    ["Q", null],
    ["HB12", null],
    ["Q12-", null],
    ["0", null],
  ])("%s → %s", (input, id) => expect(parseQuoteReference(input)).toBe(id));
});

describe("lookupMatches", () => {
  const paidCard: LookedUpOrder = {
    postcode: "LS1 4AP",
    status: "complete",
    payment_method: "card",
    payment_link_at: null,
  };
  const unpaidCard: LookedUpOrder = { ...paidCard, status: "pending" };
  const unpaidLink: LookedUpOrder = { ...unpaidCard, payment_link_at: "2026-11-27T09:00:00.000Z" };
  const cash: LookedUpOrder = {
    postcode: "M1 1AE",
    status: "pending",
    payment_method: "cash_payment",
    payment_link_at: null,
  };
  const transfer: LookedUpOrder = { ...cash, payment_method: "bank_transfer" };
  it.each([
    ["a paid card booking, as written", paidCard, "LS1 4AP", true],
    ["spaces and case ignored", paidCard, " ls14ap ", true],
    ["another postcode", paidCard, "LS1 4AQ", false],
    ["half a postcode", paidCard, "LS1", false],
    ["an empty postcode", paidCard, "  ", false],
    ["an unpaid card checkout is no booking", unpaidCard, "LS1 4AP", false],
    ["a phone booking whose card payment link is not paid yet", unpaidLink, "LS1 4AP", true],
    ["a cash booking made by phone, not yet paid", cash, "m1 1ae", true],
    ["a bank-transfer booking", transfer, "M1 1AE", true],
    ["no order with that reference", undefined, "LS1 4AP", false],
  ])("%s", (_, order, postcode, expected) => {
    expect(lookupMatches(order, postcode)).toBe(expected);
  });
});
