import type { Kysely, Transaction } from "kysely";
import { checkBanking, type BankingCheck } from "~/lib/cash-banking";
import { todayInLondon } from "~/lib/london-clock.server";
import { db, type DB } from "~/services/db.server";
import { lockKeys } from "~/services/dialect.server";

/**
 * Cash awaiting banking (docs/rules.md#takings): every pound of cash the crews took (a cash
 * booking paid, less what a cancellation gave back, and what was added on the day paid in cash),
 * less what the office recorded paying in. A running balance, not a period's: the takings page
 * shows it as it stands today. Recording a paying-in checks it against the balance under a lock,
 * so two offices recording the same cash at once cannot bank it twice.
 */

type Executor = Kysely<DB> | Transaction<DB>;

const sum = <T>(rows: { pence: T }[]) => Number(rows[0]?.pence ?? 0);

export async function cashAwaitingBanking(executor: Executor = db()): Promise<{
  takenPence: number;
  bankedPence: number;
  awaitingPence: number;
}> {
  const [orders, refunds, extras, banked] = await Promise.all([
    executor
      .selectFrom("orders")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("total_pence"), eb.lit(0)).as("pence"))
      .where("payment_method", "=", "cash_payment")
      .where("status", "=", "complete")
      .execute(),
    executor
      .selectFrom("orders")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("refund_pence"), eb.lit(0)).as("pence"))
      .where("payment_method", "=", "cash_payment")
      .where("status", "=", "complete")
      .where("cancelled_at", "is not", null)
      .execute(),
    executor
      .selectFrom("job_completions")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("extras_pence"), eb.lit(0)).as("pence"))
      .where("extras_taken", "=", "cash_payment")
      .execute(),
    executor
      .selectFrom("cash_bankings")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_pence"), eb.lit(0)).as("pence"))
      .execute(),
  ]);
  const takenPence = sum(orders) - sum(refunds) + sum(extras);
  const bankedPence = sum(banked);
  return { takenPence, bankedPence, awaitingPence: Math.max(0, takenPence - bankedPence) };
}

/** The last few times cash was paid in, newest first, for the takings page. */
export async function recentBankings(limit = 5) {
  return db()
    .selectFrom("cash_bankings")
    .select(["id", "banked_on", "amount_pence", "note", "created_by"])
    .orderBy("banked_on", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** The office records cash paid in to the bank: checked against the cash awaiting, then kept. */
export async function recordBanking(
  fields: { amount?: string; day?: string; note?: string },
  actor: string,
  now = new Date(),
): Promise<BankingCheck> {
  return db()
    .transaction()
    .execute(async (trx) => {
      await lockKeys(trx, ["cash-banking"]);
      const { awaitingPence } = await cashAwaitingBanking(trx);
      const check = checkBanking(fields, awaitingPence, todayInLondon(now));
      if (!check.ok) return check;
      await trx
        .insertInto("cash_bankings")
        .values({
          banked_on: check.banking.day,
          amount_pence: check.banking.amountPence,
          note: check.banking.note,
          created_by: actor,
          created_at: now.toISOString(),
        })
        .execute();
      return check;
    });
}
