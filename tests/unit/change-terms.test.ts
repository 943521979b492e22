import { describe, expect, it } from "vitest";
import {
  cancellationPeriodEnds,
  cancellationSummary,
  changeTerms,
  checkEarlyStart,
  collectsWithinCancellationPeriod,
  EARLY_START_MESSAGE,
  staffCancelTerms,
} from "~/lib/cancellation";

/**
 * What a customer pays to rearrange or cancel their own booking: the CCR 2013 cancellation
 * period first, then the stated policy (docs/decisions/023-cancellation-and-the-ccr.md).
 */

const PAID = 8500; // £85.00 paid by card
const base = {
  kind: "cancel" as const,
  paidPence: PAID,
  jobDone: false,
  cancelled: false,
};

describe("changeTerms", () => {
  it.each([
    // [case, booked on, collection, today, kind, paid, basis, fee, refund, due]
    [
      "booked 20 days ahead, cancelled the next day",
      "2026-11-01",
      "2026-11-21",
      "2026-11-02",
      "cancel",
      PAID,
      "cancellation-period",
      0,
      PAID,
      0,
    ],
    [
      "booked 20 days ahead, cancelled on the last day of the period",
      "2026-11-01",
      "2026-11-21",
      "2026-11-15",
      "cancel",
      PAID,
      "cancellation-period",
      0,
      PAID,
      0,
    ],
    [
      "booked 20 days ahead, cancelled the day after the period (6 days before)",
      "2026-11-01",
      "2026-11-21",
      "2026-11-16",
      "cancel",
      PAID,
      "within-14-days",
      2400,
      6100,
      0,
    ],
    [
      "booked a week ahead, cancelled on the day: still in the period",
      "2026-11-01",
      "2026-11-08",
      "2026-11-08",
      "cancel",
      PAID,
      "cancellation-period",
      0,
      PAID,
      0,
    ],
    [
      "booked 40 days ahead, cancelled 20 days before",
      "2026-11-01",
      "2026-12-11",
      "2026-11-21",
      "cancel",
      PAID,
      "free",
      0,
      PAID,
      0,
    ],
    [
      "booked 40 days ahead, cancelled 14 days before",
      "2026-11-01",
      "2026-12-11",
      "2026-11-27",
      "cancel",
      PAID,
      "free",
      0,
      PAID,
      0,
    ],
    [
      "booked 40 days ahead, cancelled 10 days before",
      "2026-11-01",
      "2026-12-11",
      "2026-12-01",
      "cancel",
      PAID,
      "within-14-days",
      2400,
      6100,
      0,
    ],
    [
      "booked 40 days ahead, cancelled 1 day before",
      "2026-11-01",
      "2026-12-11",
      "2026-12-10",
      "cancel",
      PAID,
      "within-14-days",
      2400,
      6100,
      0,
    ],
    [
      "booked 40 days ahead, cancelled the same day",
      "2026-11-01",
      "2026-12-11",
      "2026-12-11",
      "cancel",
      PAID,
      "on-the-day",
      4800,
      3700,
      0,
    ],
    [
      "a £30 job cancelled on the day: the refund stops at 0",
      "2026-11-01",
      "2026-12-11",
      "2026-12-11",
      "cancel",
      3000,
      "on-the-day",
      4800,
      0,
      1800,
    ],
    [
      "an unpaid cash booking cancelled 10 days before owes the fee",
      "2026-11-01",
      "2026-12-11",
      "2026-12-01",
      "cancel",
      0,
      "within-14-days",
      2400,
      0,
      2400,
    ],
    [
      "an unpaid cash booking cancelled in the period owes nothing",
      "2026-11-01",
      "2026-11-21",
      "2026-11-03",
      "cancel",
      0,
      "cancellation-period",
      0,
      0,
      0,
    ],
    [
      "rearranged the next day, 19 days ahead: free (the period is for cancelling)",
      "2026-11-01",
      "2026-11-21",
      "2026-11-02",
      "rearrange",
      PAID,
      "free",
      0,
      0,
      0,
    ],
    [
      "rearranged 10 days before, in the period: the policy's £24",
      "2026-11-01",
      "2026-11-11",
      "2026-11-01",
      "rearrange",
      PAID,
      "within-14-days",
      2400,
      0,
      2400,
    ],
    [
      "rearranged on the day",
      "2026-11-01",
      "2026-12-11",
      "2026-12-11",
      "rearrange",
      PAID,
      "on-the-day",
      4800,
      0,
      4800,
    ],
  ] as const)(
    "%s",
    (_, bookedOn, collectionDate, today, kind, paidPence, basis, fee, refund, due) => {
      const terms = changeTerms({ ...base, kind, bookedOn, collectionDate, today, paidPence });
      expect(terms.allowed).toBe(true);
      expect([terms.basis, terms.feePence, terms.refundPence, terms.feeDuePence]).toEqual([
        basis,
        fee,
        refund,
        due,
      ]);
    },
  );

  it.each([
    ["after the job", { jobDone: true }, "This collection has been done."],
    ["once cancelled", { cancelled: true }, "This booking is cancelled."],
    [
      "after the collection day",
      { today: "2026-12-12" },
      "The collection date has passed. Please call us.",
    ],
  ] as const)("refuses any change %s", (_, changes, explanation) => {
    for (const kind of ["cancel", "rearrange"] as const) {
      const terms = changeTerms({
        ...base,
        kind,
        bookedOn: "2026-11-01",
        collectionDate: "2026-12-11",
        today: "2026-12-01",
        ...changes,
      });
      expect(terms).toMatchObject({ allowed: false, basis: "closed", feePence: 0, refundPence: 0 });
      expect(terms.explanation).toBe(explanation);
    }
  });

  it("says before the customer confirms what they pay and get back", () => {
    const within = changeTerms({
      ...base,
      bookedOn: "2026-11-01",
      collectionDate: "2026-12-11",
      today: "2026-12-01",
    });
    expect(within.explanation).toBe(
      "Cancelling within 14 days of the collection costs £24.00. You get £61.00 back.",
    );
    const period = changeTerms({
      ...base,
      bookedOn: "2026-11-01",
      collectionDate: "2026-11-21",
      today: "2026-11-02",
    });
    expect(period.explanation).toBe(
      "You are within your 14-day cancellation period (to Sunday 15 November 2026), so cancelling is free. You get £85.00 back.",
    );
  });
});

describe("the CCR cancellation period", () => {
  it.each([
    ["2026-11-01", "2026-11-15"],
    ["2026-12-25", "2027-01-08"],
    ["2028-02-20", "2028-03-05"], // a leap year
    ["2026-03-20", "2026-04-03"], // across the clocks going forward
  ])("made on %s, ends on %s", (bookedOn, ends) => {
    expect(cancellationPeriodEnds(bookedOn)).toBe(ends);
  });

  it.each([
    ["2026-11-01", "2026-11-10", true],
    ["2026-11-01", "2026-11-15", true],
    ["2026-11-01", "2026-11-16", false],
  ])("booked %s for %s: ask to start in the period: %s", (bookedOn, collectionDate, ask) => {
    expect(collectsWithinCancellationPeriod(bookedOn, collectionDate)).toBe(ask);
  });
});

describe("checkEarlyStart", () => {
  it.each([
    ["inside the period, ticked", true, "2026-11-10", { ok: true, requested: true }],
    [
      "inside the period, on its last day, ticked",
      true,
      "2026-11-15",
      { ok: true, requested: true },
    ],
    [
      "inside the period, not ticked",
      false,
      "2026-11-10",
      { ok: false, message: EARLY_START_MESSAGE },
    ],
    ["after the period, not ticked", false, "2026-11-16", { ok: true, requested: false }],
    ["after the period, ticked: not recorded", true, "2026-11-16", { ok: true, requested: false }],
  ])("%s", (_, ticked, collectionDate, outcome) => {
    expect(checkEarlyStart(ticked, "2026-11-01", collectionDate)).toEqual(outcome);
  });
});

describe("the terms beside the pay button", () => {
  it.each([
    [
      true,
      "Free to rearrange up to 14 days before. Within 14 days £24, on the day £48 (including VAT).",
    ],
    [false, "Free to rearrange up to 14 days before. Within 14 days £24, on the day £48."],
  ])("VAT registered %s: %s", (vatRegistered, sentence) => {
    expect(cancellationSummary(vatRegistered)).toBe(sentence);
  });
});

describe("staffCancelTerms", () => {
  // Booked 2026-10-01 (the CCR period ended 2026-10-15), collection 2026-11-20, £85 paid.
  const staff = {
    bookedOn: "2026-10-01",
    collectionDate: "2026-11-20",
    paidPence: PAID,
    jobDone: false,
    cancelled: false,
  };
  it.each([
    // [case, today, waive, done, cancelled, allowed, basis, fee, refund, due]
    [
      "customer's terms, 10 days before",
      "2026-11-10",
      false,
      false,
      false,
      true,
      "within-14-days",
      2400,
      PAID - 2400,
      0,
    ],
    ["in full, 10 days before", "2026-11-10", true, false, false, true, "waived", 0, PAID, 0],
    [
      "customer's terms, on the day",
      "2026-11-20",
      false,
      false,
      false,
      true,
      "on-the-day",
      4800,
      PAID - 4800,
      0,
    ],
    ["in full, on the day", "2026-11-20", true, false, false, true, "waived", 0, PAID, 0],
    [
      "customer's terms, 20 days before",
      "2026-10-31",
      false,
      false,
      false,
      true,
      "free",
      0,
      PAID,
      0,
    ],
    [
      "customer's terms, the day after the date",
      "2026-11-21",
      false,
      false,
      false,
      false,
      "closed",
      0,
      0,
      0,
    ],
    [
      "in full, the day after the date (a job that never happened)",
      "2026-11-21",
      true,
      false,
      false,
      true,
      "waived",
      0,
      PAID,
      0,
    ],
    ["in full, after the job", "2026-11-20", true, true, false, false, "closed", 0, 0, 0],
    ["customer's terms, after the job", "2026-11-20", false, true, false, false, "closed", 0, 0, 0],
    ["in full, once cancelled", "2026-11-10", true, false, true, false, "closed", 0, 0, 0],
  ] as const)("%s", (_, today, waiveFee, jobDone, cancelled, allowed, basis, fee, refund, due) => {
    const terms = staffCancelTerms({ ...staff, today, waiveFee, jobDone, cancelled });
    expect([
      terms.allowed,
      terms.basis,
      terms.feePence,
      terms.refundPence,
      terms.feeDuePence,
    ]).toEqual([allowed, basis, fee, refund, due]);
  });

  it("waives the fee of an unpaid cash booking, and owes nothing", () => {
    const terms = staffCancelTerms({ ...staff, paidPence: 0, today: "2026-11-20", waiveFee: true });
    expect(terms).toMatchObject({ allowed: true, feePence: 0, refundPence: 0, feeDuePence: 0 });
    const customers = staffCancelTerms({
      ...staff,
      paidPence: 0,
      today: "2026-11-20",
      waiveFee: false,
    });
    expect(customers).toMatchObject({
      allowed: true,
      feePence: 4800,
      refundPence: 0,
      feeDuePence: 4800,
    });
  });

  it("says why the customer's terms are not offered after the date", () => {
    expect(
      staffCancelTerms({ ...staff, today: "2026-11-21", waiveFee: false }).explanation,
    ).toContain("cancel with a full refund instead");
    expect(
      staffCancelTerms({ ...staff, today: "2026-11-21", waiveFee: false, jobDone: true })
        .explanation,
    ).toBe("This collection has been done.");
  });
});
