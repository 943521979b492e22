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
  moveFeesPaidPence: 0,
  jobDone: false,
  cancelled: false,
};

describe("changeTerms", () => {
  it.each([
    // [case, booked on, collection, today, kind, paid, move fees paid, basis, fee, refund, of it move fees]
    [
      "booked 20 days ahead, cancelled the next day",
      "2026-11-01",
      "2026-11-21",
      "2026-11-02",
      "cancel",
      PAID,
      0,
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
      0,
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
      0,
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
      0,
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
      0,
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
      0,
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
      0,
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
      0,
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
      0,
      "on-the-day",
      4800,
      3700,
      0,
    ],
    [
      "a £30 job cancelled on the day: the fee is the £30 paid, never more",
      "2026-11-01",
      "2026-12-11",
      "2026-12-11",
      "cancel",
      3000,
      0,
      "on-the-day",
      3000,
      0,
      0,
    ],
    [
      "a £15 card order cancelled on the day: £15 kept, nothing asked",
      "2026-11-01",
      "2026-12-11",
      "2026-12-11",
      "cancel",
      1500,
      0,
      "on-the-day",
      1500,
      0,
      0,
    ],
    [
      "an unpaid cash booking cancelled 10 days before: nothing paid, so no fee",
      "2026-11-01",
      "2026-12-11",
      "2026-12-01",
      "cancel",
      0,
      0,
      "within-14-days",
      0,
      0,
      0,
    ],
    [
      "an unpaid cash booking cancelled in the period",
      "2026-11-01",
      "2026-11-21",
      "2026-11-03",
      "cancel",
      0,
      0,
      "cancellation-period",
      0,
      0,
      0,
    ],
    [
      "paid £85 and £24 to move it, cancelled in the period: every payment back",
      "2026-11-01",
      "2026-11-21",
      "2026-11-05",
      "cancel",
      PAID,
      2400,
      "cancellation-period",
      0,
      PAID + 2400,
      2400,
    ],
    [
      "an unpaid cash booking moved for £24, cancelled in the period: the £24 back",
      "2026-11-01",
      "2026-11-21",
      "2026-11-05",
      "cancel",
      0,
      2400,
      "cancellation-period",
      0,
      2400,
      2400,
    ],
    [
      "paid £85 and £24 to move it, cancelled 10 days before, after the period: the move stood",
      "2026-11-01",
      "2026-12-11",
      "2026-12-01",
      "cancel",
      PAID,
      2400,
      "within-14-days",
      2400,
      6100,
      0,
    ],
    [
      "rearranged the next day, 19 days ahead: free (the period is for cancelling)",
      "2026-11-01",
      "2026-11-21",
      "2026-11-02",
      "rearrange",
      PAID,
      0,
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
      0,
      "within-14-days",
      2400,
      0,
      0,
    ],
    [
      "rearranged 20 days before, after the period: free",
      "2026-11-01",
      "2026-12-11",
      "2026-11-21",
      "rearrange",
      PAID,
      0,
      "free",
      0,
      0,
      0,
    ],
    [
      "rearranged 10 days before, after the period: the policy's £24",
      "2026-11-01",
      "2026-12-11",
      "2026-12-01",
      "rearrange",
      PAID,
      0,
      "within-14-days",
      2400,
      0,
      0,
    ],
    [
      "rearranged on the day",
      "2026-11-01",
      "2026-12-11",
      "2026-12-11",
      "rearrange",
      PAID,
      0,
      "on-the-day",
      4800,
      0,
      0,
    ],
  ] as const)(
    "%s",
    (
      _,
      bookedOn,
      collectionDate,
      today,
      kind,
      paidPence,
      moveFeesPaidPence,
      basis,
      fee,
      refund,
      moveFees,
    ) => {
      const terms = changeTerms({
        ...base,
        kind,
        bookedOn,
        collectionDate,
        today,
        paidPence,
        moveFeesPaidPence,
      });
      expect(terms.allowed).toBe(true);
      expect([terms.basis, terms.feePence, terms.refundPence, terms.moveFeesRefundPence]).toEqual([
        basis,
        fee,
        refund,
        moveFees,
      ]);
      // Nobody pays more than they paid, and nothing is told as owed.
      if (kind === "cancel") expect(terms.feePence).toBeLessThanOrEqual(paidPence);
      expect(terms.explanation).not.toMatch(/owe/i);
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
    const moved = changeTerms({
      ...base,
      moveFeesPaidPence: 2400,
      bookedOn: "2026-11-01",
      collectionDate: "2026-11-21",
      today: "2026-11-02",
    });
    expect(moved.explanation).toBe(
      "You are within your 14-day cancellation period (to Sunday 15 November 2026), so cancelling is free. You get £109.00 back, the £24.00 you paid to move it included.",
    );
    const small = changeTerms({
      ...base,
      paidPence: 1500,
      bookedOn: "2026-11-01",
      collectionDate: "2026-12-11",
      today: "2026-12-11",
    });
    expect(small.explanation).toBe(
      "Cancelling on the day of the collection costs £48.00. A fee is never more than was paid: the £15.00 you paid is kept, and nothing more is asked.",
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
    moveFeesPaidPence: 0,
    jobDone: false,
    cancelled: false,
  };
  it.each([
    // [case, today, waive, done, cancelled, allowed, basis, fee, refund, of it move fees]
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
      terms.moveFeesRefundPence,
    ]).toEqual([allowed, basis, fee, refund, due]);
  });

  it("waives the fee of an unpaid cash booking; on the customer's terms nothing paid means no fee", () => {
    const terms = staffCancelTerms({ ...staff, paidPence: 0, today: "2026-11-20", waiveFee: true });
    expect(terms).toMatchObject({ allowed: true, feePence: 0, refundPence: 0 });
    const customers = staffCancelTerms({
      ...staff,
      paidPence: 0,
      today: "2026-11-20",
      waiveFee: false,
    });
    expect(customers).toMatchObject({ allowed: true, feePence: 0, refundPence: 0 });
    expect(customers.explanation).toBe(
      "Cancelling on the day of the collection costs £48.00. A fee is never more than was paid: nothing was paid, so it costs you nothing.",
    );
  });

  it("in full, sends back the fees paid to move the booking too", () => {
    const terms = staffCancelTerms({
      ...staff,
      moveFeesPaidPence: 2400,
      today: "2026-11-10",
      waiveFee: true,
    });
    expect(terms).toMatchObject({
      feePence: 0,
      refundPence: PAID + 2400,
      moveFeesRefundPence: 2400,
    });
    expect(terms.explanation).toBe(
      "No fee: everything paid (£109.00, the £24.00 paid to move it included) goes back.",
    );
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
