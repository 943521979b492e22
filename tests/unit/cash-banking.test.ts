import { describe, expect, it } from "vitest";
import { BANKING_MESSAGES, checkBanking } from "~/lib/cash-banking";

/** Recording cash paid in to the bank (docs/rules.md#takings): what the office types, checked. */

const TODAY = "2026-11-27";
const AWAITING = 13_500;

describe("checkBanking", () => {
  it.each([
    ["the whole of it, today", { amount: "135.00", day: TODAY }, { amountPence: 13_500 }],
    ["part of it, yesterday", { amount: "100", day: "2026-11-26" }, { amountPence: 10_000 }],
    [
      "typed with a pound sign and spaces",
      { amount: " £120.5 ", day: TODAY },
      { amountPence: 12_050 },
    ],
  ])("takes %s", (_, fields, expected) => {
    const check = checkBanking(fields, AWAITING, TODAY);
    expect(check).toMatchObject({ ok: true, banking: expected });
  });

  it.each([
    ["no amount", { amount: "", day: TODAY }, "amount", BANKING_MESSAGES.amount],
    ["words", { amount: "lots", day: TODAY }, "amount", BANKING_MESSAGES.amount],
    ["a negative amount", { amount: "-5", day: TODAY }, "amount", BANKING_MESSAGES.amount],
    ["thousands commas", { amount: "1,000", day: TODAY }, "amount", BANKING_MESSAGES.amount],
    ["nothing", { amount: "0.00", day: TODAY }, "amount", BANKING_MESSAGES.zero],
    [
      "more than awaits",
      { amount: "135.01", day: TODAY },
      "amount",
      BANKING_MESSAGES.tooMuch(AWAITING),
    ],
    ["no day", { amount: "10", day: "" }, "day", BANKING_MESSAGES.day],
    ["a day that is not one", { amount: "10", day: "2026-02-30" }, "day", BANKING_MESSAGES.day],
    ["tomorrow", { amount: "10", day: "2026-11-28" }, "day", BANKING_MESSAGES.future],
    [
      "a long reference",
      { amount: "10", day: TODAY, note: "x".repeat(201) },
      "note",
      BANKING_MESSAGES.note,
    ],
  ])("refuses %s", (_, fields, field, message) => {
    const check = checkBanking(fields, AWAITING, TODAY);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.errors[field as "amount" | "day" | "note"]).toBe(message);
  });

  it("refuses any amount when no cash awaits", () => {
    expect(checkBanking({ amount: "10", day: TODAY }, 0, TODAY)).toEqual({
      ok: false,
      errors: { amount: BANKING_MESSAGES.nothing },
    });
  });
});
