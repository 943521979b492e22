import { formatLongDate } from "~/lib/format";
import { monthLabel, WEEKDAYS, type CalendarMonth, type DayState } from "~/lib/calendar";
import { ChoiceFieldset } from "./choice-fieldset";

const REASON: Record<Exclude<DayState, "available" | "outside">, string> = {
  past: "not available, too soon to book",
  beyond: "not available yet, too far ahead",
  full: "fully booked",
  closed: "closed, no collections that day",
};

/**
 * The collection date picker: a month of radio inputs (weeks start on
 * Sunday). Days that cannot be booked are disabled, with the reason in the
 * label for screen readers. The month buttons submit the form, so they work
 * without JavaScript and keep everything typed.
 */
export function CollectionCalendar({
  calendar,
  selected,
  error,
  monthAction,
}: {
  calendar: CalendarMonth;
  selected: string | null;
  error?: string;
  /** where the month buttons post: without JavaScript, an address ending in #collection-date brings the page back to the calendar */
  monthAction?: string;
}) {
  return (
    <ChoiceFieldset
      id="collection-date"
      className="collection-calendar"
      title="Collection date"
      hintId="calendar-hint"
      hint="Pick the day we collect. Same-day collections can be booked until 12:00."
      errorId="date-error"
      error={error}
    >
      <div className="calendar-nav">
        <MonthButton calendar={calendar} direction="previous" formAction={monthAction} />
        <h3 className="calendar-month" aria-live="polite">
          {monthLabel(calendar.month)}
        </h3>
        <MonthButton calendar={calendar} direction="next" formAction={monthAction} />
      </div>
      <div className="calendar-days">
        {WEEKDAYS.map((name) => (
          <span key={name} className="calendar-weekday" aria-hidden="true">
            {name}
          </span>
        ))}
        {calendar.weeks.flat().map(({ day, state }) =>
          state === "outside" ? (
            <span key={day} className="calendar-blank" aria-hidden="true" />
          ) : (
            <label key={day} className={`calendar-day calendar-day-${state}`}>
              <input
                type="radio"
                name="date"
                value={day}
                disabled={state !== "available"}
                defaultChecked={selected === day}
              />
              <span aria-hidden="true">{Number(day.slice(8))}</span>
              <span className="visually-hidden">
                {formatLongDate(day)}
                {state === "available" ? "" : `, ${REASON[state]}`}
              </span>
            </label>
          ),
        )}
      </div>
      <ul className="calendar-legend" aria-hidden="true">
        <li>
          <span className="calendar-key calendar-key-available" /> Available
        </li>
        <li>
          <span className="calendar-key calendar-key-selected" /> Your date
        </li>
        <li>
          <span className="calendar-key calendar-key-full" /> Fully booked
        </li>
        <li>
          <span className="calendar-key calendar-key-unavailable" /> Not available
        </li>
      </ul>
    </ChoiceFieldset>
  );
}

/** A month button: submits the form with intent `month:<month>` (disabled when there is none). */
function MonthButton({
  calendar,
  direction,
  formAction,
}: {
  calendar: CalendarMonth;
  direction: "previous" | "next";
  formAction: string | undefined;
}) {
  const to = calendar[direction];
  return (
    <button
      type="submit"
      name="intent"
      value={`month:${to ?? calendar.month}`}
      className="calendar-month-button"
      formAction={formAction}
      formNoValidate
      disabled={!to}
    >
      <span aria-hidden="true">{direction === "previous" ? "‹" : "›"}</span>
      <span className="visually-hidden">
        {direction === "previous" ? "Previous month" : "Next month"}
      </span>
    </button>
  );
}
