import type { ReactNode } from "react";

/**
 * A group of radio choices with its heading, a hint and a live error line (the collection
 * calendar, the arrival time picker): the hint and the error describe the group.
 */
export function ChoiceFieldset({
  id,
  className,
  title,
  hintId,
  hint,
  errorId,
  error,
  children,
}: {
  /** the fieldset's id: a form without JavaScript comes back to `#id` */
  id: string;
  className: string;
  title: string;
  hintId: string;
  hint: ReactNode;
  errorId: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      id={id}
      className={`${className}${error ? " field-invalid" : ""}`}
      aria-describedby={`${hintId} ${errorId}`}
    >
      <legend>
        <h2>{title}</h2>
      </legend>
      <p className="field-hint" id={hintId}>
        {hint}
      </p>
      {children}
      <p className="field-error" id={errorId} aria-live="polite">
        {error ?? ""}
      </p>
    </fieldset>
  );
}
