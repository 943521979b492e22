import { describe, expect, it } from "vitest";
import { jobPaymentLine, mapsHref, telHref } from "~/lib/run-sheet";

describe("a job's payment line on the run sheet (docs/rules.md#the-run-sheet)", () => {
  it.each([
    ["card", "complete", 12_000, "Paid by card", false],
    ["card", "pending", 12_000, "Card payment not received: check the order", false],
    ["cash_payment", "pending", 12_000, "Collect £120.00 (cash)", true],
    ["cash_payment", "complete", 12_000, "Paid in cash", false],
    ["bank_transfer", "pending", 4_550, "Collect £45.50 (bank transfer)", true],
    ["bank_transfer", "complete", 4_550, "Paid by bank transfer", false],
    [
      "card_link",
      "pending",
      16_900,
      "Card payment link sent, not paid yet: check with the office",
      false,
    ],
    ["card_link", "complete", 16_900, "Paid by card", false],
  ] as const)("%s, payment %s, £%i pence → %s", (method, status, total, text, collect) => {
    expect(jobPaymentLine(method, status, total)).toEqual({ text, collect });
  });
});

describe("links a phone opens", () => {
  it("opens the address in the maps app through Google Maps' search URL", () => {
    expect(mapsHref("14 Orchard Lane, Reading, RG1 4QX")).toBe(
      "https://www.google.com/maps/search/?api=1&query=14%20Orchard%20Lane%2C%20Reading%2C%20RG1%204QX",
    );
    expect(mapsHref("Flat 2 & 3, Hill's Rd")).toContain(
      "query=Flat%202%20%26%203%2C%20Hill's%20Rd",
    );
  });

  it("dials the number as typed, without spaces or brackets", () => {
    expect(telHref("07700 900111")).toBe("tel:07700900111");
    expect(telHref("+44 (0)7700-900111")).toBe("tel:+4407700900111");
  });
});
