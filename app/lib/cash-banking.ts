import { isIsoDay } from "./calendar";
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
  note: "Keep the reference to 200 characters",
} as const;

export type BankingInput = { amountPence: number; day: string; note: string };

export type BankingCheck =
  | { ok: true; banking: BankingInput }
  | { ok: false; errors: Partial<Record<"amount" | "day" | "note", string>> };

export function checkBanking(
  fields: { amount?: string; day?: string; note?: string },
  awaitingPence: number,
  today: string,
): BankingCheck {
  const errors: Partial<Record<"amount" | "day" | "note", string>> = {};
  const amountPence = parsePounds((fields.amount ?? "").trim().replace(/^£/, ""));
  if (amountPence === null) errors.amount = BANKING_MESSAGES.amount;
  else if (amountPence === 0) errors.amount = BANKING_MESSAGES.zero;
  else if (awaitingPence <= 0) errors.amount = BANKING_MESSAGES.nothing;
  else if (amountPence > awaitingPence) errors.amount = BANKING_MESSAGES.tooMuch(awaitingPence);
  const day = (fields.day ?? "").trim();
  if (!isIsoDay(day)) errors.day = BANKING_MESSAGES.day;
  else if (day > today) errors.day = BANKING_MESSAGES.future;
  const note = (fields.note ?? "").trim();
  if (note.length > 200) errors.note = BANKING_MESSAGES.note;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, banking: { amountPence: amountPence!, day, note } };
}
