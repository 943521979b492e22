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
            : "You pay securely by card on the next step. We hold your date while you pay."}
        </p>
      </div>
    </>
  );
}
