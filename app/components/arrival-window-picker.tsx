import { useHydrated } from "~/components/use-hydrated";
import { formatLongDate, formatPence } from "~/lib/format";
import {
  ANY_TIME_DISCOUNT_PERCENT,
  formatMinute,
  WINDOW_LABELS,
  type ArrivalWindow,
  type WindowChoice,
} from "~/lib/capacity";
import { ChoiceFieldset } from "./choice-fieldset";

/** Which windows fit the booking on a day (availability.server's WindowSlots). */
type Slots = Record<WindowChoice, boolean>;

const hours = (minute: number) => formatMinute(minute).replace(/^0/, "");

/**
 * The arrival window, after the date: Morning, Afternoon, Evening (the fleet's hours), and Any time
 * when every item is left outside, with its 10% off. Once a day is chosen, windows that cannot
 * take this booking that day are disabled and say so; with JavaScript that follows each click on
 * the calendar, without it the page shows them for the day sent (and the server checks again).
 */
export function ArrivalWindowPicker({
  windows,
  slots,
  date,
  selected,
  anyTimeDiscountPence,
  error,
  onChoose,
}: {
  windows: readonly ArrivalWindow[];
  /** the windows that fit, by day (bookable days only) */
  slots: Record<string, Slots>;
  /** the day chosen so far, if any */
  date: string | null;
  selected: string | null;
  /** the discount any time would give this booking; null when any time is not offered */
  anyTimeDiscountPence: number | null;
  error?: string;
  onChoose?: (choice: WindowChoice) => void;
}) {
  const daySlots = date ? slots[date] : undefined;
  // Without JavaScript the total on the button cannot follow the choice: say where it is taken off.
  const hydrated = useHydrated();
  const first = windows[0];
  const last = windows.at(-1);
  const options: { choice: WindowChoice; name: string; when: string; extra?: string }[] = [
    ...windows.map((w) => ({
      choice: w.key,
      name: WINDOW_LABELS[w.key],
      when: `${hours(w.startMinute)} to ${hours(w.endMinute)}`,
    })),
    ...(anyTimeDiscountPence !== null && first && last
      ? [
          {
            choice: "any" as const,
            name: "Any time",
            when: `${hours(first.startMinute)} to ${hours(last.endMinute)}`,
            extra: `${ANY_TIME_DISCOUNT_PERCENT}% off: you save ${formatPence(anyTimeDiscountPence)}${hydrated ? "" : ", taken off when you pay"}`,
          },
        ]
      : []),
  ];
  return (
    <ChoiceFieldset
      id="arrival-window"
      className="arrival-windows"
      title="Arrival time"
      hintId="arrival-hint"
      hint={
        <>
          {daySlots && date
            ? `For ${formatLongDate(date)}. We call you about 30 minutes before we arrive.`
            : "We arrive within the window you choose, and call you about 30 minutes before."}
          {anyTimeDiscountPence !== null
            ? " Everything in your bag is left outside, so we can come at any time of the day for less."
            : ""}
        </>
      }
      errorId="window-error"
      error={error}
    >
      <div className="arrival-options">
        {options.map(({ choice, name, when, extra }) => {
          const full = daySlots ? !daySlots[choice] : false;
          return (
            <label
              key={choice}
              className={`arrival-option${full ? " arrival-option-full" : ""}${choice === "any" ? " arrival-option-any" : ""}`}
            >
              <input
                type="radio"
                name="window"
                value={choice}
                required
                disabled={full}
                defaultChecked={selected === choice && !full}
                onChange={() => onChoose?.(choice)}
              />
              <span className="arrival-name">{name}</span>
              <span className="arrival-when">{when}</span>
              {full ? <span className="arrival-state">Full on this day</span> : null}
              {extra && !full ? <span className="arrival-extra">{extra}</span> : null}
            </label>
          );
        })}
      </div>
    </ChoiceFieldset>
  );
}
