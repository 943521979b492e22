import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * The form where a customer picks a collection day and arrival window that may go on to a card
 * payment (the checkout, booking a quote, moving a booking), and the day and window it has chosen.
 */

/**
 * The day and window chosen so far (the picker shows that day's windows, the total its
 * discount): what the server last sent back, until the customer picks again.
 */
export function useChosenDayAndWindow(
  sentDate: string | undefined,
  sentWindow: string | undefined,
  windowBefore: string | null = null,
) {
  const [chosenDate, setChosenDate] = useState<string | null>(sentDate ?? null);
  const [chosenWindow, setChosenWindow] = useState<string | null>(sentWindow ?? windowBefore);
  useEffect(() => {
    setChosenDate(sentDate ?? null);
    setChosenWindow(sentWindow ?? windowBefore);
  }, [sentDate, sentWindow, windowBefore]);
  return { chosenDate, setChosenDate, chosenWindow, setChosenWindow };
}

/** Whether a POST with this intent is on its way: sent, or its answer loading. */
export function usePostingIntent(intent: string): boolean {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    navigation.formData?.get("intent") === intent
  );
}

/**
 * The form, with what each such form sends first: Enter in a text field presses the form's first
 * submit button, so a hidden one sends `submitIntent` (not a month button's); the card form's
 * kind (embedded once JavaScript runs and Stripe is in use); the calendar's month.
 */
export function DateChoiceForm({
  action,
  labelledBy,
  submitIntent,
  token,
  payment,
  month,
  onDateChange,
  children,
}: {
  action?: string;
  labelledBy?: string;
  submitIntent: string;
  /** the checkout's token, which makes a second press of Pay the same checkout */
  token?: string;
  payment: { gateway: string | null; publishableKey: string | null };
  month: string;
  onDateChange: (date: string) => void;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <Form
      method="post"
      action={action}
      className="checkout-form"
      aria-labelledby={labelledBy}
      preventScrollReset
      onChange={(event) => {
        const input = event.target as HTMLInputElement;
        if (input.name === "date") onDateChange(input.value);
      }}
    >
      <button
        type="submit"
        name="intent"
        value={submitIntent}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
      />
      {token === undefined ? null : <input type="hidden" name="token" value={token} />}
      <input
        type="hidden"
        name="ui"
        value={
          hydrated && payment.gateway === "stripe" && payment.publishableKey ? "embedded" : "hosted"
        }
      />
      <input type="hidden" name="month" value={month} />
      {children}
    </Form>
  );
}
