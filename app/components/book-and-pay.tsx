import { Link } from "@remix-run/react";
import { FieldError } from "~/components/field-error";
import { EARLY_START_HINT, EARLY_START_LABEL } from "~/lib/cancellation";
import { isIsoDay } from "~/lib/calendar";
import { formatLongDate, formatPence } from "~/lib/format";

/**
 * The end of a form that books a collection and pays for it (the checkout, a priced quote): the
 * chosen day when the calendar shows another month, and "Book and pay £X" with what happens next.
 */
export function BookAndPay({
  date,
  month,
  totalPence,
  submitting,
  unavailable,
  demo,
}: {
  /** the day chosen so far, if any */
  date: string | undefined;
  /** the month the calendar shows */
  month: string;
  totalPence: number;
  submitting: boolean;
  /** card payment is off: the button is disabled (the page says why) */
  unavailable: boolean;
  /** the demo gateway is in use */
  demo: boolean;
}) {
  return (
    <>
      {date && isIsoDay(date) && date.slice(0, 7) !== month ? (
        <>
          <input type="hidden" name="date" value={date} />
          <p className="checkout-chosen">
            Your date: {formatLongDate(date)}. Pick a day above to change it.
          </p>
        </>
      ) : null}
      <div className="checkout-submit">
        {submitting ? (
          <p className="checkout-submitting" role="status">
            Submitting...
          </p>
        ) : (
          <button
            type="submit"
            name="intent"
            value="pay"
            className="button button-large"
            disabled={unavailable}
          >
            Book and pay {formatPence(totalPence)}
          </button>
        )}
        <p className="checkout-note">
          {demo
            ? "This site is in demo mode: the next page is a demo payment and no card is charged."
            : "You pay securely by card on the next step. We hold your date while you pay."}{" "}
          By booking you agree to our <Link to="/terms">terms</Link>, including your right to
          cancel.
        </p>
      </div>
    </>
  );
}

/**
 * The early-start request (CCR reg. 36) beside the date, on a form that books a collection (the
 * checkout, a priced quote): with JavaScript it shows once the chosen day falls on or before
 * `until`, the cancellation period's last day (or when it was refused); without, it is always
 * there and says which dates need it. So a first "Book and pay" does not come back on it.
 */
export function EarlyStartBesideDate({
  date,
  until,
  hydrated,
  checked,
  error,
}: {
  /** the day chosen so far, if any */
  date: string | null | undefined;
  /** the last day a collection needs the request (cancellationPeriodEnds of today) */
  until: string;
  hydrated: boolean;
  checked: boolean;
  error?: string;
}) {
  const needed = typeof date === "string" && isIsoDay(date) && date <= until;
  if (hydrated && !needed && !error) return null;
  return (
    <EarlyStartField
      checked={checked}
      invalid={Boolean(error)}
      error={error ?? ""}
      hint={
        hydrated
          ? `Your date is within 14 days of today: we need your request to collect then.`
          : `Only needed for a collection on or before ${formatLongDate(until)}, within 14 days of today.`
      }
    />
  );
}

/**
 * The early-start request (CCR reg. 36): asked when the collection falls inside the 14-day
 * cancellation period. With `error` its message sits beside it; without, the page says what is
 * wrong elsewhere (a date change names the field in its alert).
 */
export function EarlyStartField({
  checked,
  invalid,
  error,
  hint = EARLY_START_HINT,
}: {
  checked: boolean;
  invalid: boolean;
  error?: string;
  hint?: string;
}) {
  const errorBeside = error !== undefined;
  return (
    <div className={`field checkout-early-start${invalid ? " field-invalid" : ""}`}>
      <label className="check-line early-start-line">
        <input
          type="checkbox"
          name="early_start"
          value="yes"
          defaultChecked={checked}
          aria-invalid={errorBeside && invalid ? true : undefined}
          aria-describedby={
            errorBeside
              ? "field-early_start-hint field-early_start-error"
              : "field-early_start-hint"
          }
        />
        <span>{EARLY_START_LABEL}</span>
      </label>
      <p className="field-hint" id="field-early_start-hint">
        {hint}
      </p>
      {errorBeside ? <FieldError id="field-early_start-error" error={error} /> : null}
    </div>
  );
}
