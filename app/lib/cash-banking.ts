import { z } from "zod";
import { isIsoDay } from "./calendar";
import { checkFields, formLimits } from "./forms";
import { formatPence } from "./format";
import { parsePounds } from "./money";

/**
 * Cash paid in to the bank (docs/rules.md#takings): the crews' cash is "awaiting banking" from
 * the day it is taken until the office records paying it in. The one check of what the office
 * types, for the takings page; the model applies it under a lock, against the cash awaiting then.
 */

export const BANKING_FIELDS = { amount: "amount", day: "banked_on", note: "note" } as const;

export const BANKING_MESSAGES = {
  amount: "Enter the amount paid in, in pounds, like 120 or 120.50",
  zero: "Enter an amount above £0.00",
  nothing: "There is no cash waiting to be paid in",
  tooMuch: (awaitingPence: number) =>
    `That is more than the cash waiting to be paid in (${formatPence(awaitingPence)})`,
  day: "Enter the day it was paid in",
  future: "The day it was paid in cannot be in the future",
  note: "Keep the reference to 200 characters or fewer",
} as const;

export type BankingInput = { amountPence: number; day: string; note: string };

export type BankingCheck =
  | { ok: true; banking: BankingInput }
  | { ok: false; errors: Partial<Record<"amount" | "day" | "note", string>> };

/** The paying-in form's rules, against the cash awaiting and today (a London day). */
export function bankingSchema(awaitingPence: number, today: string) {
  return z.object({
    amount: z.string().transform((typed, ctx) => {
      const pence = parsePounds(typed.trim().replace(/^£/, ""));
      const refusal =
        pence === null
          ? BANKING_MESSAGES.amount
          : pence === 0
            ? BANKING_MESSAGES.zero
            : awaitingPence <= 0
              ? BANKING_MESSAGES.nothing
              : pence > awaitingPence
                ? BANKING_MESSAGES.tooMuch(awaitingPence)
                : null;
      if (refusal === null) return pence!;
      ctx.addIssue({ code: "custom", message: refusal });
      return z.NEVER;
    }),
    day: z
      .string()
      .trim()
      .refine((day) => isIsoDay(day), BANKING_MESSAGES.day)
      .refine((day) => day <= today, BANKING_MESSAGES.future),
    note: z.string().trim().max(NOTE_MAX, BANKING_MESSAGES.note),
  });
}

const NOTE_MAX = 200;

/** The form's limits for the page (the reference's length). */
export const BANKING_LIMITS = formLimits(bankingSchema(0, ""));

export function checkBanking(
  fields: { amount?: string; day?: string; note?: string },
  awaitingPence: number,
  today: string,
): BankingCheck {
  const { values, errors } = checkFields(bankingSchema(awaitingPence, today), fields);
  if (values.amount === undefined || values.day === undefined || values.note === undefined)
    return { ok: false, errors };
  return { ok: true, banking: { amountPence: values.amount, day: values.day, note: values.note } };
}
