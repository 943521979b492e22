import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { customerLinkPage } from "~/components/customer-link-page";
import { ArrivalWindowPicker } from "~/components/arrival-window-picker";
import { CollectionCalendar } from "~/components/collection-calendar";
import {
  DateChoiceForm,
  useChosenDayAndWindow,
  usePostingIntent,
} from "~/components/date-choice-form";
import {
  BookingDetails,
  CancelBookingStep,
  cardDueOf,
  PayByCard,
} from "~/components/manage-booking";
import { EarlyStartField } from "~/components/book-and-pay";
import { EmbeddedPayment } from "~/components/embedded-payment";
import { useHydrated } from "~/components/use-hydrated";
import { isIsoDay } from "~/lib/calendar";
import { formatLongDate, formatPence } from "~/lib/format";
import { formValues } from "~/lib/forms";
import {
  answerPaymentStart,
  requestedUiMode,
  type EmbeddedPaymentAnswer,
} from "~/lib/payment-start";
import { collectionCalendar } from "~/models/checkout/availability.server";
import { linkMissResponse } from "~/models/customer-links/customer-link.server";
import { cardPayment } from "~/models/checkout/checkout.server";
import { getFleetSettings } from "~/models/bookings/fleet.server";
import type { ManagedBooking } from "~/lib/managed-booking";
import { bookingForCustomer, cancelBooking } from "~/models/bookings/manage-booking.server";
import { managePath } from "~/models/bookings/manage-link.server";
import { startRearrangement } from "~/models/bookings/rearrange-booking.server";
import { startLinkPayment } from "~/models/bookings/booking-payment-link.server";
import { settleExtrasPayment, startExtrasPayment } from "~/models/payments/extras-payment.server";
import { paymentStartAnswer } from "~/models/payments/payment-start.server";
import {
  abandonChange,
  movesAskEarlyStart,
  settleChangePayment,
  type ChangeNotice,
} from "~/models/bookings/rearrange-page.server";
import { siteUrl } from "~/services/config.server";
import { AlertNotice } from "~/components/alert-notice";
import { useVatWording } from "~/components/use-vat-wording";
import { businessProfile } from "~/models/shop/business-profile.server";

/**
 * /booking/{token}: the customer's own booking, from the link in their
 * confirmation email (or emailed again from /booking). It shows the
 * booking, its documents once the job is done, and what changing or
 * cancelling it would cost today. The customer cancels here: `?cancel=1`
 * asks "are you sure?" with the refund (a page step, so it works without
 * JavaScript), and the confirm button posts intent=cancel. `?rearrange=1`
 * shows the checkout's calendar to move the collection: a free move happens
 * at once; one with a fee goes through the payment (embedded card form with
 * JavaScript, the provider's page without, the demo page without keys) and
 * comes back here with `?session_id=`.
 */

export const { links, handle, meta, headers } = customerLinkPage("Your booking");

/**
 * The calendar of a move: days and windows where the booking's own load fits, the booking itself
 * not counted (on its own day it is the one moving).
 */
async function calendarFor(booking: ManagedBooking | undefined, month: string | null | undefined) {
  return booking
    ? collectionCalendar(month, new Date(), booking.need, { excludeOrderId: booking.orderId })
    : collectionCalendar(month);
}

const NOT_FOUND =
  "We could not find that booking. Please use the link in your email exactly as it is, or ask for it to be emailed to you again at /booking.";

/** The booking behind the link; a link that finds nothing is a miss (404, or 429 once too many). */
async function requireBooking(token: string, clientIp: string): Promise<ManagedBooking> {
  const booking = await bookingForCustomer(token);
  if (!booking) throw await linkMissResponse(clientIp, NOT_FOUND);
  return booking;
}

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const booking = await requireBooking(params.token ?? "", context.clientIp);
  const url = new URL(request.url);
  const token = params.token ?? "";
  const confirming = url.searchParams.get("cancel") === "1" && booking.cancel.allowed;
  // Back from the fee's payment, or from giving it up: what happened to the change.
  const sessionId = url.searchParams.get("session_id");
  const cancelledChange = url.searchParams.get("change_cancelled");
  const change: ChangeNotice | null = sessionId
    ? await settleChangePayment(token, sessionId)
    : cancelledChange
      ? await abandonChange(token, cancelledChange)
      : url.searchParams.get("moved") === "1"
        ? { kind: "moved", toDate: booking.collectionDate, feePence: 0 }
        : null;
  // Back from paying what was added on the day.
  const extrasPaid = sessionId && !change ? await settleExtrasPayment(token, sessionId) : null;
  // The page after a change or a payment shows the booking as it now is.
  const shown = change || extrasPaid ? ((await bookingForCustomer(token)) ?? booking) : booking;
  const rearranging = url.searchParams.get("rearrange") === "1" && shown.rearrange.allowed;
  return {
    booking: shown,
    confirming,
    change,
    extrasPaid,
    rearranging,
    // The calendar opens on the month of the collection as it stands.
    calendar: rearranging
      ? await calendarFor(shown, url.searchParams.get("month") ?? shown.collectionDate.slice(0, 7))
      : null,
    windows: (await getFleetSettings()).windows,
    asksEarlyStart: await movesAskEarlyStart(token),
    ...cardPayment(),
    phone: businessProfile().phone,
  };
}

type ActionResult =
  | { kind: "failed"; message: string }
  | {
      kind: "rearrange";
      message: string | null;
      field?: "date" | "window" | "early_start";
      values: Record<string, string>;
      calendar: Awaited<ReturnType<typeof collectionCalendar>>;
    }
  | EmbeddedPaymentAnswer
  | (EmbeddedPaymentAnswer & { purpose: "booking" | "extras" });

export async function action({ params, request, context }: ActionFunctionArgs) {
  const token = params.token ?? "";
  // The link first: its holder is served whatever strangers have tried; only a miss counts.
  const booking = await requireBooking(token, context.clientIp);
  const values = formValues(await request.formData());
  const intent = values.intent ?? "";
  if (intent.startsWith("month:"))
    return data<ActionResult>({
      kind: "rearrange",
      message: null,
      values,
      calendar: await calendarFor(booking, intent.slice("month:".length)),
    });
  if (intent === "rearrange") return rearrange(token, values, request);
  if (intent === "pay" || intent === "pay_extras")
    return payByLink(token, intent === "pay" ? "booking" : "extras", values, request);
  if (intent !== "cancel") throw new Response("Unknown action", { status: 400 });
  const started = performance.now();
  const result = await cancelBooking(token);
  const ms = (performance.now() - started).toFixed(0);
  if (result.ok) {
    console.log(`[booking] cancelled by the customer in ${ms} ms`);
    return redirect(managePath(token), 303);
  }
  if (result.status === 404) throw new Response(result.message, { status: 404 });
  return data<ActionResult>({ kind: "failed", message: result.message }, { status: result.status });
}

/** "Pay by card" on a booking staff made to be paid from its link, or for its extras. */
async function payByLink(
  token: string,
  purpose: "booking" | "extras",
  values: Record<string, string>,
  request: Request,
) {
  const uiMode = requestedUiMode(values.ui);
  const start = purpose === "booking" ? startLinkPayment : startExtrasPayment;
  const result = await start(token, {
    uiMode,
    siteUrl: siteUrl(request),
    phone: businessProfile().phone,
  });
  if (!result.ok)
    return data<ActionResult>({ kind: "failed", message: result.message }, { status: 409 });
  const answer = paymentStartAnswer(result.started, uiMode);
  // The card form says what it pays for: the booking or its extras, not a date change's fee.
  if (answer.kind === "embedded") return data<ActionResult>({ ...answer, purpose });
  return answerPaymentStart(answer, (message) =>
    data<ActionResult>({ kind: "failed", message }, { status: 502 }),
  );
}

async function rearrange(token: string, values: Record<string, string>, request: Request) {
  const uiMode = requestedUiMode(values.ui);
  const result = await startRearrangement(token, {
    toDate: values.date,
    window: values.window,
    earlyStart: values.early_start === "yes",
    uiMode,
    siteUrl: siteUrl(request),
  });
  if (result.ok && result.kind === "moved") return redirect(`${managePath(token)}?moved=1`, 303);
  if (result.ok)
    return answerPaymentStart(paymentStartAnswer(result, uiMode), (message) =>
      data<ActionResult>({ kind: "failed", message }, { status: 502 }),
    );
  if (result.status === 404) throw new Response(result.message, { status: 404 });
  return data<ActionResult>(
    {
      kind: "rearrange",
      message: result.message,
      field: result.field,
      values,
      calendar: await calendarFor(
        await bookingForCustomer(token),
        isIsoDay(values.date) ? values.date.slice(0, 7) : values.month,
      ),
    },
    { status: result.status },
  );
}

const CHANGE_NOTICES: Record<ChangeNotice["kind"], (c: ChangeNotice) => string> = {
  moved: (c) =>
    `Your collection has moved to ${formatLongDate(c.toDate)}. We have emailed you a new confirmation${c.feePence ? ` and your ${formatPence(c.feePence)} fee is paid` : ""}.`,
  refunded: (c) =>
    `${formatLongDate(c.toDate)} filled up while you paid, so your date has not changed. Your ${formatPence(c.feePence)} fee is going back to your card. Please choose another day.`,
  "not-paid": () => "The fee was not paid, so your date has not changed.",
  closed: () => "The fee was not paid, so your date has not changed.",
  pending: () =>
    "Your payment has not reached us yet. Your date changes as soon as it does: reload this page in a minute.",
};

export default function ManageBooking() {
  const page = useLoaderData<typeof loader>();
  const { afterFee } = useVatWording();
  const { booking, confirming, phone, change } = page;
  const result = useActionData<typeof action>();
  const failed = result?.kind === "failed" ? result : null;
  const moving = result?.kind === "rearrange" ? result : null;
  const hydrated = useHydrated();
  const self = `/booking/${booking.token}`;
  const cancelling = usePostingIntent("cancel");
  const submittingMove = usePostingIntent("rearrange");
  // The new day and window chosen so far: the window starts as the booking's own.
  const sent = moving?.values ?? {};
  const { chosenDate, setChosenDate, chosenWindow, setChosenWindow } = useChosenDayAndWindow(
    sent.date,
    sent.window,
    booking.arrivalWindow,
  );

  if (result?.kind === "embedded")
    return "purpose" in result ? (
      <EmbeddedPayment
        payment={result}
        heading={
          result.purpose === "booking"
            ? `Pay for booking ${booking.reference}`
            : "Pay for what was added on the day"
        }
        lead={`${result.purpose === "booking" ? "Your collection is booked; this pays for it." : "This pays for what the crew added to your collection."} Card details go straight to Stripe; we never see them.`}
        keepPath={self}
      />
    ) : (
      <EmbeddedPayment
        payment={result}
        heading="Pay the date change fee"
        lead="Your collection moves as soon as the payment is made. Card details go straight to Stripe; we never see them."
        keepPath={self}
      />
    );

  const cardDue = cardDueOf(booking);
  const calendar = moving?.calendar ?? page.calendar;
  const values = moving?.values ?? {};
  const fee = booking.rearrange.feePence;
  const title = booking.cancelledAt
    ? "Cancelled:"
    : booking.done
      ? "Collected on"
      : "Collection on";
  return (
    <section className="container prose manage-booking" aria-labelledby="booking-title">
      <p className="eyebrow">Your booking {booking.reference}</p>
      <h1 id="booking-title">
        {title} {formatLongDate(booking.collectionDate)}
      </h1>
      <AlertNotice message={failed?.message} focusOn={failed} />
      {change ? (
        <p
          role="status"
          className={`notice ${change.kind === "moved" ? "notice-success" : ""}`}
          data-testid="change-notice"
        >
          {CHANGE_NOTICES[change.kind](change)}
        </p>
      ) : null}
      {page.extrasPaid ? (
        <p
          role="status"
          className={`notice ${page.extrasPaid.kind === "extras-paid" ? "notice-success" : ""}`}
          data-testid="change-notice"
        >
          {page.extrasPaid.kind === "extras-paid"
            ? `Thank you: your payment of ${formatPence(page.extrasPaid.pence)} is received. We have emailed you to confirm it.`
            : "Your payment has not reached us yet: reload this page in a minute."}
        </p>
      ) : null}
      {cardDue ? (
        <PayByCard due={cardDue.due} pence={cardDue.pence} payment={page} action={self} />
      ) : null}
      <BookingDetails booking={booking} phone={phone} />
      {booking.rearrange.allowed ? (
        <section id="rearrange" className="manage-rearrange" aria-labelledby="rearrange-title">
          <h2 id="rearrange-title">Change the date</h2>
          <p data-testid="rearrange-fee">
            {fee > 0
              ? `Moving your collection costs ${formatPence(fee)}${afterFee}, paid by card before the change is made.`
              : "Moving your collection is free."}
          </p>
          {calendar ? (
            <DateChoiceForm
              action={self}
              submitIntent="rearrange"
              payment={page}
              month={calendar.month}
              onDateChange={setChosenDate}
            >
              <AlertNotice message={moving?.message} focusOn={moving?.message ? moving : null} />
              <CollectionCalendar
                calendar={calendar}
                selected={values.date ?? null}
                error={moving?.field === "date" ? (moving.message ?? undefined) : undefined}
                monthAction={hydrated ? undefined : `${self}?rearrange=1#collection-date`}
              />
              {values.date &&
              isIsoDay(values.date) &&
              values.date.slice(0, 7) !== calendar.month ? (
                <>
                  <input type="hidden" name="date" value={values.date} />
                  <p className="checkout-chosen">
                    Your new date: {formatLongDate(values.date)}. Pick a day above to change it.
                  </p>
                </>
              ) : null}
              {booking.arrivalWindow === "any" ? (
                <p className="checkout-chosen" data-testid="rearrange-any-time">
                  Any time (your booking has the any-time discount)
                </p>
              ) : (
                <ArrivalWindowPicker
                  windows={page.windows}
                  slots={calendar.slots}
                  date={chosenDate}
                  selected={chosenWindow}
                  anyTimeDiscountPence={null}
                  error={moving?.field === "window" ? (moving.message ?? undefined) : undefined}
                  onChoose={setChosenWindow}
                />
              )}
              {page.asksEarlyStart ? (
                <EarlyStartField
                  checked={values.early_start === "yes"}
                  invalid={moving?.field === "early_start"}
                />
              ) : null}
              <div className="checkout-submit">
                <button
                  type="submit"
                  name="intent"
                  value="rearrange"
                  className="button button-large"
                  disabled={submittingMove || (fee > 0 && Boolean(page.unavailable))}
                  data-testid="rearrange-submit"
                >
                  {submittingMove
                    ? "Submitting..."
                    : fee > 0
                      ? `Pay ${formatPence(fee)} and move my collection`
                      : "Move my collection"}
                </button>
                <p className="checkout-note">
                  {fee > 0
                    ? page.gateway === "demo"
                      ? "This site is in demo mode: the next page is a demo payment and no card is charged."
                      : "You pay securely by card on the next step. Your date changes once the fee is paid."
                    : "Your date changes straight away and we email you a new confirmation."}{" "}
                  <Link to={self}>Keep my date</Link>
                </p>
              </div>
            </DateChoiceForm>
          ) : (
            <p>
              <Link
                to={`${self}?rearrange=1#rearrange`}
                className="button button-light"
                data-testid="rearrange-start"
              >
                Choose a new date
              </Link>
            </p>
          )}
        </section>
      ) : null}
      {booking.cancel.allowed ? (
        <CancelBookingStep booking={booking} confirming={confirming} cancelling={cancelling} />
      ) : null}
    </section>
  );
}

export { ErrorBoundary } from "~/components/error-boundary";
