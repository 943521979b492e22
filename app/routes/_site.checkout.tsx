import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrivalWindowPicker } from "~/components/arrival-window-picker";
import { BookAndPay, EarlyStartBesideDate } from "~/components/book-and-pay";
import { cancellationPeriodEnds } from "~/lib/cancellation";
import { todayInLondon } from "~/lib/london-clock.server";
import { BusinessFields, CrewNotesField } from "~/components/business-fields";
import { CollectionCalendar } from "~/components/collection-calendar";
import {
  DateChoiceForm,
  useChosenDayAndWindow,
  usePostingIntent,
} from "~/components/date-choice-form";
import { CheckoutEmptyBag, CheckoutSummary } from "~/components/checkout-summary";
import { checkoutStyledPage } from "~/components/checkout-styled-page";
import { ContactFields } from "~/components/contact-fields";
import { EmbeddedPayment } from "~/components/embedded-payment";
import { useHydrated } from "~/components/use-hydrated";
import { isIsoDay } from "~/lib/calendar";
import { ORDER_CONTACT_NAMES } from "~/lib/contact-details";
import { formValues, type FieldErrors } from "~/lib/forms";
import { passActionHeaders } from "~/lib/headers";
import { CHECKOUT_FAILED } from "~/lib/messages";
import {
  answerPaymentStart,
  redirectToPaymentPage,
  requestedUiMode,
  type EmbeddedPaymentAnswer,
} from "~/lib/payment-start";
import { bagNeed, checkoutBag } from "~/models/checkout/cart.server";
import { getFleetSettings } from "~/models/bookings/fleet.server";
import { collectionCalendar } from "~/models/checkout/availability.server";
import {
  cardPayment,
  newCheckoutToken,
  startCheckout,
  type CheckoutField,
} from "~/models/checkout/checkout.server";
import { abandonCheckout, retryDetails } from "~/models/payments/payment.server";
import { paymentStartAnswer } from "~/models/payments/payment-start.server";
import { readCart } from "~/services/cart-cookie.server";
import { siteUrl } from "~/services/config.server";
import { AlertNotice } from "~/components/alert-notice";
import { vatStatus } from "~/models/shop/settings.server";
import { businessProfile } from "~/models/shop/business-profile.server";

export const { links, handle, meta } = checkoutStyledPage(
  "Checkout | Book your collection",
  "Choose your collection date and pay by card to book your rubbish removal.",
);

export const headers = passActionHeaders;

/**
 * The collection calendar for the visitor's bag: a day its load no longer fits is full. A
 * checkout that read the catalogue already says what the bag takes (`need`).
 */
async function calendarFor(
  request: Request,
  month: string | null | undefined,
  need?: { loadHundredths: number; minutes: number },
) {
  return collectionCalendar(month, new Date(), need ?? (await bagNeed(await readCart(request))));
}

async function checkoutPage(request: Request, month: string | null) {
  const business = businessProfile();
  const bag = await checkoutBag(await readCart(request));
  return {
    bag,
    calendar: await collectionCalendar(month, new Date(), bag.need),
    windows: (await getFleetSettings()).windows,
    ...cardPayment(),
    licence: business.wasteCarrierLicence,
    vat: await vatStatus(),
    phone: business.phone,
    // The last collection day that needs the early-start request (CCR reg. 36).
    earlyStartUntil: cancellationPeriodEnds(todayInLondon()),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // Back from Stripe's page ("cancelled"): close that payment and free its date at once.
  const abandoned = url.searchParams.has("order")
    ? await abandonCheckout(url.searchParams.get("order"), url.searchParams.get("key"))
    : null;
  if (abandoned?.state === "paid") throw redirectToPaymentPage(abandoned.sessionId);
  // "Try again" after a declined or cancelled payment brings the details typed before.
  const retry =
    abandoned && "details" in abandoned
      ? abandoned.details
      : await retryDetails(url.searchParams.get("retry"));
  const month = url.searchParams.get("month") ?? retry?.date?.slice(0, 7) ?? null;
  return {
    ...(await checkoutPage(request, month)),
    token: newCheckoutToken(),
    cancelled: url.searchParams.get("cancelled") === "1",
    abandoned: abandoned?.state ?? null,
    retry,
  };
}

type ActionResult =
  | {
      kind: "form";
      message: string | null;
      /** good news to show above the form (role=status) */
      notice?: string;
      /** the postcode is outside the area served: offer the quote form */
      outsideArea?: boolean;
      /** the postcode's extra charge, in the total shown (Settings → Where you collect) */
      areaSurcharge?: { name: string; pence: number } | null;
      errors: FieldErrors<CheckoutField>;
      values: Record<string, string>;
      calendar: Awaited<ReturnType<typeof collectionCalendar>>;
    }
  | EmbeddedPaymentAnswer;

const CANCELLED_NOTICE =
  "Your payment was cancelled and no money was taken. Your date is free again: change anything below and book again.";
const GENERIC_CANCELLED_NOTICE =
  "Your payment was cancelled and no money was taken. You can try again below.";
const NOT_FOUND_NOTICE =
  "We could not find that payment, so nothing was changed. You can book again below.";
const STILL_HELD_NOTICE =
  "We could not reach the card payment service to cancel your payment. No money is taken unless you finish paying, and the date is released within 30 minutes.";

export async function action({ request, context }: ActionFunctionArgs) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<ActionResult>(
      {
        kind: "form",
        message: "Sorry, we could not read that form. Please fill it in and send it again.",
        errors: {},
        values: {},
        calendar: await calendarFor(request, null),
      },
      { status: 415 },
    );
  }
  const values = formValues(form);
  const intent = values.intent ?? "pay";

  // Month buttons (no JavaScript needed): show another month, keeping everything typed.
  if (intent.startsWith("month:")) {
    return data<ActionResult>({
      kind: "form",
      message: null,
      errors: {},
      values,
      calendar: await calendarFor(request, intent.slice("month:".length)),
    });
  }

  // Cancel by the embedded card form: close that payment and free the date, keeping the details.
  if (intent === "abandon") {
    const abandoned = await abandonCheckout(values.order, values.key);
    if (abandoned.state === "paid") return redirectToPaymentPage(abandoned.sessionId);
    const kept = "details" in abandoned ? abandoned.details : values;
    return data<ActionResult>({
      kind: "form",
      message: null,
      notice:
        abandoned.state === "unavailable"
          ? STILL_HELD_NOTICE
          : abandoned.state === "released"
            ? CANCELLED_NOTICE
            : NOT_FOUND_NOTICE,
      errors: {},
      values: kept,
      calendar: await calendarFor(request, isIsoDay(kept.date) ? kept.date.slice(0, 7) : null),
    });
  }

  const uiMode = requestedUiMode(values.ui);
  const result = await startCheckout({
    values,
    lines: await readCart(request),
    uiMode,
    token: values.token,
    siteUrl: siteUrl(request),
    clientIp: context.clientIp,
    askEarlyStart: true,
    askAreaSurcharge: true,
  });
  if (!result.ok) {
    const chosenMonth = isIsoDay(values.date) ? values.date.slice(0, 7) : values.month;
    return data<ActionResult>(
      {
        kind: "form",
        // The layout's loader takes vanished products out of the bag cookie: say so.
        message: result.dropped
          ? `${result.message} We have taken it out of your bag: please check the new total and book again.`
          : result.message,
        errors: result.errors,
        outsideArea: result.outsideArea,
        areaSurcharge: result.areaSurcharge ?? null,
        values,
        calendar: await calendarFor(request, chosenMonth ?? null, result.need),
      },
      // The layout's loader writes the bag back without vanished products.
      {
        status: result.status,
        headers: result.retryAfterSeconds
          ? { "Retry-After": String(result.retryAfterSeconds) }
          : undefined,
      },
    );
  }
  return answerPaymentStart(paymentStartAnswer(result, uiMode, CHECKOUT_FAILED), async (message) =>
    data<ActionResult>(
      {
        kind: "form",
        message,
        errors: {},
        values,
        calendar: await calendarFor(request, values.date?.slice(0, 7) ?? null),
      },
      { status: 502 },
    ),
  );
}

export default function Checkout() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const hydrated = useHydrated();
  const failed = result?.kind === "form" && result.message ? result : null;

  const formResult = result?.kind === "form" ? result : null;
  const values = formResult?.values ?? page.retry ?? {};
  const errors = formResult?.errors ?? {};
  const calendar = formResult?.calendar ?? page.calendar;
  const { chosenDate, setChosenDate, chosenWindow, setChosenWindow } = useChosenDayAndWindow(
    values.date,
    values.window,
  );
  const discountPence =
    chosenWindow === "any" && page.bag.anyTimeDiscountPence !== null
      ? page.bag.anyTimeDiscountPence
      : 0;
  const submitting = usePostingIntent("pay");
  const { bag } = page;
  const areaSurcharge = formResult?.areaSurcharge ?? null;

  if (result?.kind === "embedded") {
    return <EmbeddedPayment payment={result} />;
  }

  if (bag.lines.length === 0) return <CheckoutEmptyBag dropped={bag.dropped} />;

  return (
    <div className="container checkout-page">
      <p className="eyebrow">Almost done</p>
      <h1>Checkout</h1>
      <p className="checkout-coverage">
        <Link to="/coverage?from=checkout">Do we cover your postcode?</Link>
      </p>
      {formResult?.notice ? (
        <div role="status" className="notice">
          <p>{formResult.notice}</p>
        </div>
      ) : page.cancelled && !failed ? (
        <div role="status" className="notice">
          <p>
            {page.abandoned === "released"
              ? CANCELLED_NOTICE
              : page.abandoned === "unavailable"
                ? STILL_HELD_NOTICE
                : GENERIC_CANCELLED_NOTICE}
          </p>
        </div>
      ) : null}
      {bag.dropped > 0 ? (
        <div role="status" className="notice">
          <p>
            {bag.dropped === 1
              ? "One item in your bag is no longer available, so we removed it."
              : `${bag.dropped} items in your bag are no longer available, so we removed them.`}
          </p>
        </div>
      ) : null}
      <AlertNotice message={failed?.message} focusOn={failed} />
      {failed?.outsideArea ? (
        <p className="checkout-outside-area" data-testid="outside-area">
          <Link to="/quote">Tell us what you need</Link> and we will see what we can do.
        </p>
      ) : null}
      <AlertNotice message={failed ? null : bag.tooBig} />
      <AlertNotice message={page.unavailable} />

      <div className="checkout-layout">
        <CheckoutSummary
          bag={bag}
          discountPence={discountPence}
          areaSurcharge={areaSurcharge}
          licence={page.licence}
          vat={page.vat}
        />

        <DateChoiceForm
          labelledBy="contact-details"
          submitIntent="pay"
          token={values.token ?? page.token}
          payment={page}
          month={calendar.month}
          onDateChange={setChosenDate}
        >
          {/* The area's extra charge this page shows in its total, so booking charges no other. */}
          <input
            type="hidden"
            name="area_surcharge_seen"
            value={areaSurcharge ? String(areaSurcharge.pence) : ""}
          />
          <fieldset className="checkout-fieldset">
            <legend id="contact-details">
              <h2>Your details</h2>
            </legend>
            <div className="checkout-grid">
              <ContactFields
                names={ORDER_CONTACT_NAMES}
                values={values}
                errors={errors}
                autoComplete
              />
            </div>
            <BusinessFields values={values} errors={errors} />
          </fieldset>

          <CollectionCalendar
            calendar={calendar}
            selected={values.date ?? null}
            error={errors.date}
            monthAction={hydrated ? undefined : "/checkout#collection-date"}
          />
          <EarlyStartBesideDate
            date={chosenDate}
            until={page.earlyStartUntil}
            hydrated={hydrated}
            checked={values.early_start === "yes"}
            error={errors.early_start}
          />
          <ArrivalWindowPicker
            windows={page.windows}
            slots={calendar.slots}
            date={chosenDate}
            selected={chosenWindow}
            anyTimeDiscountPence={page.bag.anyTimeDiscountPence}
            error={errors.window}
            onChoose={setChosenWindow}
          />
          <CrewNotesField values={values} errors={errors} />
          <BookAndPay
            date={values.date}
            month={calendar.month}
            totalPence={bag.subtotalPence - discountPence + (areaSurcharge?.pence ?? 0)}
            submitting={submitting}
            unavailable={Boolean(page.unavailable)}
            demo={page.gateway === "demo"}
          />
        </DateChoiceForm>
      </div>
    </div>
  );
}
