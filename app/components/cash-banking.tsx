import { Form, useNavigation } from "@remix-run/react";
import { Field, filled } from "~/components/field";
import { FlashNotice, type Flash } from "~/components/flash-notice";
import { BANKING_FIELDS, BANKING_LIMITS } from "~/lib/cash-banking";
import { formatLongDate, formatPence } from "~/lib/format";

/**
 * The takings page's cash to bank (docs/rules.md#takings): the cash the crews took that is not
 * paid in yet, as it stands today, the form that records paying it in, and the last times it
 * was.
 */
export function CashBanking({
  cash,
  failed,
}: {
  cash: {
    awaitingPence: number;
    today: string;
    flash: Flash | null;
    recent: {
      id: number;
      banked_on: string;
      amount_pence: number;
      note: string;
      created_by: string;
    }[];
  };
  failed: { errors: Partial<Record<string, string>>; values: Record<string, string> } | null;
}) {
  const saving = useNavigation().formMethod === "POST";
  const values = failed?.values ?? {
    [BANKING_FIELDS.amount]: cash.awaitingPence > 0 ? (cash.awaitingPence / 100).toFixed(2) : "",
    [BANKING_FIELDS.day]: cash.today,
  };
  const errors = failed
    ? {
        [BANKING_FIELDS.amount]: failed.errors.amount,
        [BANKING_FIELDS.day]: failed.errors.day,
        [BANKING_FIELDS.note]: failed.errors.note,
      }
    : {};
  return (
    <section aria-labelledby="bank-title" className="takings-panel cash-banking">
      <h2 id="bank-title">Cash to pay in</h2>
      <FlashNotice flash={cash.flash} testId="takings-flash" />
      <p className="cash-banking-figure">
        <strong data-testid="cash-awaiting">{formatPence(cash.awaitingPence)}</strong> in cash taken
        by the crews is not yet paid in to the bank.
      </p>
      {cash.awaitingPence > 0 || failed ? (
        <Form method="post" className="cash-banking-form" noValidate>
          <Field
            label="Amount paid in (£)"
            inputMode="decimal"
            autoComplete="off"
            {...filled(BANKING_FIELDS.amount, values, errors)}
          />
          <Field
            label="Paid in on"
            type="date"
            max={cash.today}
            {...filled(BANKING_FIELDS.day, values, errors)}
          />
          <Field
            label="Paying-in slip or reference (optional)"
            autoComplete="off"
            maxLength={BANKING_LIMITS.note.maxLength}
            {...filled(BANKING_FIELDS.note, values, errors)}
          />
          <button type="submit" className="button" disabled={saving}>
            {saving ? "Saving..." : "Record paying in"}
          </button>
        </Form>
      ) : null}
      {cash.recent.length > 0 ? (
        <>
          <h3>Paid in lately</h3>
          <ul className="cash-banking-recent" data-testid="cash-bankings">
            {cash.recent.map((b) => (
              <li key={b.id}>
                {formatLongDate(b.banked_on)}: {formatPence(b.amount_pence)}, recorded by{" "}
                {b.created_by}
                {b.note ? ` (${b.note})` : ""}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
