import { useEffect, useRef, type ReactNode } from "react";

/**
 * The one way a page shows what it refused: a red notice, read out at once (role="alert"), or
 * nothing when there is no message. With `focusOn` (the answer to a form post), it takes the focus
 * each time that answer changes, so a keyboard or screen-reader user lands on it.
 */
export function AlertNotice({
  message,
  focusOn,
  testId,
}: {
  message: ReactNode;
  focusOn?: unknown;
  testId?: string;
}) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focusOn) ref.current?.focus();
  }, [focusOn]);
  if (!message) return null;
  return (
    <p
      role="alert"
      className="notice notice-error"
      tabIndex={focusOn === undefined ? undefined : -1}
      ref={ref}
      data-testid={testId}
    >
      {message}
    </p>
  );
}
