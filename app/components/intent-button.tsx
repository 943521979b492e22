import type { ReactNode } from "react";

/**
 * A form's submit button that names its intent (`name="intent"`), disabled and relabelled
 * ("Cancelling...") while that submission is in flight.
 */
export function IntentButton({
  intent,
  className,
  busy,
  busyLabel,
  children,
}: {
  intent: string;
  className: string;
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" name="intent" value={intent} className={className} disabled={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}
