import { formatLongDate } from "./format";

/**
 * The cancellation terms (the spec's "£20 plus VAT" / "£40 plus VAT"), shown
 * including VAT as UK consumer rules ask. The one place they are written:
 * the checkout page and the confirmation email both say them from here.
 */
export const CANCELLATION_TERMS = {
  /** free to rearrange or cancel up to this many days before the collection */
  freeUntilDays: 14,
  /** the charge within those days, in pounds */
  withinPounds: { includingVat: 24, plusVat: 20 },
  /** the charge on the day of the collection, in pounds */
  onTheDayPounds: { includingVat: 48, plusVat: 40 },
} as const;

const { freeUntilDays: days, withinPounds: within, onTheDayPounds: onTheDay } = CANCELLATION_TERMS;

/** The terms in one sentence, beside the checkout's total. */
export const CANCELLATION_SUMMARY = `Free to rearrange up to ${days} days before. Within ${days} days £${within.includingVat}, on the day £${onTheDay.includingVat} (including VAT).`;

/** The one-sentence terms for a business that may not be VAT registered (then no VAT is mentioned). */
export function cancellationSummary(vatRegistered: boolean): string {
  return vatRegistered
    ? CANCELLATION_SUMMARY
    : `Free to rearrange up to ${days} days before. Within ${days} days £${within.includingVat}, on the day £${onTheDay.includingVat}.`;
}

/** The terms in full, as the confirmation email states them. */
export const CANCELLATION_POLICY = [
  `You can rearrange or cancel free of charge up to ${days} days before your collection date.`,
  `Within ${days} days of the collection the charge is £${within.includingVat} including VAT (£${within.plusVat} plus VAT),`,
  `and on the day of the collection it is £${onTheDay.includingVat} including VAT (£${onTheDay.plusVat} plus VAT).`,
];

/**
 * The terms in full for a document that names the business's VAT status (the PDF quote): a
 * business that is not VAT registered charges no VAT, so the same amounts carry no mention of it.
 */
export function cancellationPolicy(vatRegistered: boolean): string[] {
  if (vatRegistered) return CANCELLATION_POLICY;
  return [
    `You can rearrange or cancel free of charge up to ${days} days before your collection date.`,
    `Within ${days} days of the collection the charge is £${within.includingVat},`,
    `and on the day of the collection it is £${onTheDay.includingVat}.`,
  ];
}

/** Days from `from` to `to` (ISO days; negative when `to` is earlier). */
function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The last day of the cancellation period of the Consumer Contracts
 * Regulations 2013 (reg. 30): 14 days beginning with the day after the
 * contract was made (`bookedOn`, the UK day the booking was paid or made).
 */
export function cancellationPeriodEnds(bookedOn: string): string {
  const [y, m, d] = bookedOn.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 14)).toISOString().slice(0, 10);
}

/**
 * Whether checkout must ask the customer to request the collection within
 * their cancellation period (CCR reg. 36): the collection falls on or before
 * its last day.
 */
export function collectsWithinCancellationPeriod(
  bookedOn: string,
  collectionDate: string,
): boolean {
  return collectionDate <= cancellationPeriodEnds(bookedOn);
}

export type ChangeBasis =
  | "cancellation-period"
  | "free"
  | "within-14-days"
  | "on-the-day"
  | "closed"
  /** staff cancel in full (our side cancels): no fee (staffCancelTerms only) */
  | "waived";

/** A change's basis in words, for staff screens and the order's history. */
export function changeBasisLabel(basis: ChangeBasis): string {
  return {
    "cancellation-period": "within the 14-day cancellation period",
    free: `${CANCELLATION_TERMS.freeUntilDays} or more days before the collection`,
    "within-14-days": `within ${CANCELLATION_TERMS.freeUntilDays} days of the collection`,
    "on-the-day": "on the day of the collection",
    closed: "no longer possible",
    waived: "in full, no fee",
  }[basis];
}

export interface ChangeTerms {
  /** false: the customer cannot make this change themselves (why is in `explanation`) */
  allowed: boolean;
  basis: ChangeBasis;
  /**
   * what the change costs, pence including VAT: for a rearrangement the fee to pay first; for a
   * cancellation what is kept of what was paid, never more than that
   */
  feePence: number;
  /** for a cancellation: all that goes back to the customer, the move fees of `moveFeesRefundPence` included */
  refundPence: number;
  /** of `refundPence`: fees paid to move the booking earlier, each sent back to its own payment */
  moveFeesRefundPence: number;
  /** one sentence for the page, before the customer confirms */
  explanation: string;
}

/** What the terms of a change are decided from: the booking as it stands, and today. */
export interface ChangeFacts {
  /** the UK day the booking was made (paid, for a card checkout) */
  bookedOn: string;
  collectionDate: string;
  /** the UK day today */
  today: string;
  /** what the customer has paid for the booking itself so far, pence */
  paidPence: number;
  /** fees the customer paid to move the booking before, not yet sent back, pence */
  moveFeesPaidPence: number;
  jobDone: boolean;
  cancelled: boolean;
}

const pence = (pounds: number) => pounds * 100;
const shown = (p: number) => `£${(p / 100).toFixed(2)}`;

/**
 * THE rule for what a customer pays to rearrange or cancel a booking
 * themselves (docs/rules.md#cancellation; docs/decisions/023-cancellation-and-the-ccr.md):
 *
 * - Nothing can be changed once the job is done, the booking is cancelled,
 *   or the collection day has passed.
 * - Cancelling within the CCR cancellation period (to 14 days after the day
 *   the booking was made), before the job is done: every payment back, the
 *   fees paid to move the booking included (CCR reg. 34). Nothing has been
 *   supplied until the crew collect.
 * - Otherwise the stated policy: free 14 or more days before the collection
 *   day; £24 (including VAT) within 14 days; £48 on the day. Rearranging
 *   always follows the policy (it is a change, not a cancellation).
 * - A cancellation keeps the fee from what was paid for the booking and sends
 *   the rest back; the fee is never more than was paid, so nobody owes anything.
 */
export function changeTerms(input: ChangeFacts & { kind: "rearrange" | "cancel" }): ChangeTerms {
  const { kind, bookedOn, collectionDate, today, paidPence, moveFeesPaidPence } = input;
  const closed = (explanation: string): ChangeTerms => ({
    allowed: false,
    basis: "closed",
    feePence: 0,
    refundPence: 0,
    moveFeesRefundPence: 0,
    explanation,
  });
  if (input.cancelled) return closed("This booking is cancelled.");
  if (input.jobDone) return closed("This collection has been done.");
  const daysBefore = daysFrom(today, collectionDate);
  if (daysBefore < 0) return closed("The collection date has passed. Please call us.");

  const periodEnds = cancellationPeriodEnds(bookedOn);
  if (kind === "cancel" && today <= periodEnds) {
    const why = `You are within your 14-day cancellation period (to ${formatLongDate(periodEnds)}), so cancelling is free.`;
    const refundPence = paidPence + moveFeesPaidPence;
    return {
      allowed: true,
      basis: "cancellation-period",
      feePence: 0,
      refundPence,
      moveFeesRefundPence: moveFeesPaidPence,
      explanation: `${why}${refundBack(refundPence, moveFeesPaidPence)}`,
    };
  }

  const action = kind === "cancel" ? "Cancelling" : "Rearranging";
  const [basis, policyFee, when]: [ChangeBasis, number, string] =
    daysBefore >= CANCELLATION_TERMS.freeUntilDays
      ? ["free", 0, `up to ${CANCELLATION_TERMS.freeUntilDays} days before the collection`]
      : daysBefore > 0
        ? [
            "within-14-days",
            pence(CANCELLATION_TERMS.withinPounds.includingVat),
            `within ${CANCELLATION_TERMS.freeUntilDays} days of the collection`,
          ]
        : [
            "on-the-day",
            pence(CANCELLATION_TERMS.onTheDayPounds.includingVat),
            "on the day of the collection",
          ];
  const costs =
    policyFee === 0 ? `${action} is free ${when}.` : `${action} ${when} costs ${shown(policyFee)}.`;
  if (kind === "rearrange") return { ...closed(costs), allowed: true, basis, feePence: policyFee };
  const feePence = Math.min(policyFee, paidPence);
  const refundPence = paidPence - feePence;
  const kept =
    feePence === policyFee
      ? refundBack(refundPence, 0)
      : paidPence === 0
        ? " A fee is never more than was paid: nothing was paid, so it costs you nothing."
        : ` A fee is never more than was paid: the ${shown(paidPence)} you paid is kept, and nothing more is asked.`;
  return {
    allowed: true,
    basis,
    feePence,
    refundPence,
    moveFeesRefundPence: 0,
    explanation: `${costs}${kept}`,
  };
}

/**
 * Where a cancellation's refund goes: the booking's part back to its card, or by hand when it was
 * paid in cash or by bank transfer; the move fees each to the card it was paid with.
 */
export function refundShares(terms: ChangeTerms, paidByCard: boolean) {
  const bookingPence = terms.refundPence - terms.moveFeesRefundPence;
  return {
    toCardPence: paidByCard ? bookingPence : 0,
    byHandPence: paidByCard ? 0 : bookingPence,
    moveFeesPence: terms.moveFeesRefundPence,
  };
}

/** " You get £X back." (naming the move fees it includes), or nothing when nothing goes back. */
function refundBack(refundPence: number, moveFeesPence: number): string {
  if (refundPence === 0) return "";
  const fees =
    moveFeesPence > 0 ? `, the ${shown(moveFeesPence)} you paid to move it included` : "";
  return ` You get ${shown(refundPence)} back${fees}.`;
}

/** The longest reason staff may give for cancelling a booking (the form's maxlength and the model's check). */
export const CANCEL_REASON_MAX = 500;

/**
 * THE rule for what a staff cancellation gives back (docs/rules.md#staff-cancel):
 *
 * - Nothing can be cancelled once the job is done or the booking is cancelled.
 * - "Cancel and refund in full" (`waiveFee`: our side cancels): no fee, everything
 *   paid goes back, whatever the day, even after the collection date has passed
 *   (a job that never happened).
 * - "Cancel with the customer's terms": exactly what `changeTerms` would give the
 *   customer today; once the collection date has passed those terms no longer
 *   apply, so only the full refund is offered.
 */
export function staffCancelTerms(input: ChangeFacts & { waiveFee: boolean }): ChangeTerms {
  const { waiveFee, ...rest } = input;
  const customers = changeTerms({ kind: "cancel", ...rest });
  if (input.cancelled || input.jobDone) return customers;
  if (waiveFee) {
    const everything = input.paidPence + input.moveFeesPaidPence;
    return {
      allowed: true,
      basis: "waived",
      feePence: 0,
      refundPence: everything,
      moveFeesRefundPence: input.moveFeesPaidPence,
      explanation:
        everything > 0
          ? `No fee: everything paid (${shown(everything)}${input.moveFeesPaidPence > 0 ? `, the ${shown(input.moveFeesPaidPence)} paid to move it included` : ""}) goes back.`
          : "No fee, and nothing was paid.",
    };
  }
  if (!customers.allowed)
    return {
      ...customers,
      explanation:
        "The collection date has passed, so the customer's terms no longer apply: cancel with a full refund instead.",
    };
  return customers;
}

/** The tick at checkout for a collection inside the cancellation period (CCR reg. 36). */
export const EARLY_START_LABEL =
  "I ask you to collect within my 14-day cancellation period. I understand I cannot cancel under the Consumer Contracts Regulations once the collection is done.";
export const EARLY_START_HINT = "Only needed when the collection date is within 14 days of today.";
export const EARLY_START_MESSAGE =
  "Your collection is within your 14-day cancellation period: please tick the box to ask us to collect then, or choose a later date.";

/**
 * THE rule for the early-start request: needed (and then required) only
 * when the collection falls within the cancellation period of a booking
 * made today; a tick for a later date is simply not recorded.
 */
export function checkEarlyStart(
  ticked: boolean,
  bookedOn: string,
  collectionDate: string,
): { ok: true; requested: boolean } | { ok: false; message: string } {
  if (!collectsWithinCancellationPeriod(bookedOn, collectionDate))
    return { ok: true, requested: false };
  return ticked ? { ok: true, requested: true } : { ok: false, message: EARLY_START_MESSAGE };
}
