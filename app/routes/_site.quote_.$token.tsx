import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { customerLinkPage } from "~/components/customer-link-page";
import { ArrivalWindowPicker } from "~/components/arrival-window-picker";
import { BookAndPay, EarlyStartBesideDate } from "~/components/book-and-pay";
import { BusinessFields } from "~/components/business-fields";
import { CollectionCalendar } from "~/components/collection-calendar";
import {
  DateChoiceForm,
  useChosenDayAndWindow,
  usePostingIntent,
} from "~/components/date-choice-form";
import { EmbeddedPayment } from "~/components/embedded-payment";
import {
  ClosedOffer,
  ClosedQuote,
  QuoteDecline,
  QuoteOfferSummary,
} from "~/components/quote-offer-page";
import { useHydrated } from "~/components/use-hydrated";
import { todayInLondon } from "~/lib/london-clock.server";
import { cancellationPeriodEnds } from "~/lib/cancellation";
import { isIsoDay } from "~/lib/calendar";
import { formatLongDate } from "~/lib/format";
import { formValues } from "~/lib/forms";
import {
  answerPaymentStart,
  redirectToPaymentPage,
  requestedUiMode,
  type EmbeddedPaymentAnswer,
} from "~/lib/payment-start";
import { anyTimeDiscountPence, anyTimeOffered, type WindowChoice } from "~/lib/capacity";
import { collectionCalendar } from "~/models/checkout/availability.server";
import { cardPayment } from "~/models/checkout/checkout.server";
import { startQuoteCheckout } from "~/models/quotes/quote-checkout.server";
import { getFleetSettings } from "~/models/bookings/fleet.server";
import { abandonCheckout } from "~/models/payments/payment.server";
import { paymentStartAnswer } from "~/models/payments/payment-start.server";
import { declineOffer } from "~/models/quotes/quote-offer-changes.server";
import {
  closedOfferMessage,
  offerNeed,
  quoteForCustomer,
  type CustomerQuote,
} from "~/models/quotes/quote-offer.server";
import { linkMissResponse } from "~/models/customer-links/customer-link.server";
import { siteUrl } from "~/services/config.server";
import { AlertNotice } from "~/components/alert-notice";
import { vatStatus } from "~/models/shop/settings.server";
import { businessProfile } from "~/models/shop/business-profile.server";

/**
 * /quote/{token}: the customer's priced quote, from the link in its email.
 * The holder of the link sees the price, their photos, and books it: a
 * collection date from the same calendar as the checkout, then "Book and pay"
 * through the same payment path (embedded card form with JavaScript, the
 * provider's page without, the demo gateway without keys). Or they decline it.
 */

export const { links, handle, meta, headers } = customerLinkPage(
  "Your quote | Book your collection",
);

const CANCELLED_NOTICE =
  "Your payment was cancelled and no money was taken. Your date is free again: choose a date and book again.";
const STILL_HELD_NOTICE =
  "We could not reach the card payment service to cancel your payment. No money is taken unless you finish paying, and the date is released within 30 minutes.";

/** The collection calendar for the offer's own need: a day its load no longer fits is full. */
async function calendarFor(shown: CustomerQuote, month: string | null | undefined) {
  return collectionCalendar(
    month,
    new Date(),
    shown.kind === "open" ? await offerNeed(shown.offer.lines) : undefined,
  );
}

/** The offer's any-time discount when every line is left outside; null when not offered. */
const anyTimeDiscountOf = (shown: CustomerQuote) =>
  shown.kind === "open" && anyTimeOffered(shown.offer.lines)
    ? anyTimeDiscountPence("any", shown.offer.lines)
    : null;

async function quotePage(token: string, month: string | null) {
  const shown = await quoteForCustomer(token);
  const business = businessProfile();
  return {
    shown,
    closedMessage: shown.kind === "open" ? null : closedOfferMessage(shown),
    calendar: shown.kind === "open" ? await calendarFor(shown, month) : null,
    windows: (await getFleetSettings()).windows,
    anyTimeDiscountPence: anyTimeDiscountOf(shown),
    ...cardPayment(),
    licence: business.wasteCarrierLicence,
    vat: await vatStatus(),
    phone: business.phone,
    // The last collection day that needs the early-start request (CCR reg. 36).
    earlyStartUntil: cancellationPeriodEnds(todayInLondon()),
  };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // Back from the provider's page ("cancelled"): close that payment and free its date at once.
  const abandoned = url.searchParams.has("order")
    ? await abandonCheckout(url.searchParams.get("order"), url.searchParams.get("key"))
    : null;
  if (abandoned?.state === "paid") throw redirectToPaymentPage(abandoned.sessionId);
  const page = await quotePage(params.token ?? "", url.searchParams.get("month"));
  if (page.shown.kind === "unknown")
    throw await linkMissResponse(context.clientIp, page.closedMessage ?? "Quote not found");
  return {
    ...page,
    decline: url.searchParams.get("decline") === "1",
    notice: url.searchParams.get("cancelled")
      ? abandoned?.state === "unavailable"
        ? STILL_HELD_NOTICE
        : CANCELLED_NOTICE
      : null,
  };
}

type ActionResult =
  | {
      kind: "form";
      message: string | null;
      notice?: string;
      values: Record<string, string>;
      dateError?: string;
      /** the business name's and SIC code's messages */
      errors?: Partial<Record<string, string>>;
      calendar: Awaited<ReturnType<typeof collectionCalendar>>;
    }
  | { kind: "declined" }
  | { kind: "decline-failed"; message: string; reason: string }
  | EmbeddedPaymentAnswer;

export async function action({ request, params, context }: ActionFunctionArgs) {
  const token = params.token ?? "";
  const shown = await quoteForCustomer(token);
  if (shown.kind === "unknown") throw await linkMissResponse(context.clientIp, "Quote not found");
  const values = formValues(await request.formData());
  const intent = values.intent ?? "pay";
  const monthOf = (day: string | undefined) => (isIsoDay(day) ? day.slice(0, 7) : null);

  if (intent.startsWith("month:"))
    return data<ActionResult>({
      kind: "form",
      message: null,
      values,
      calendar: await calendarFor(shown, intent.slice("month:".length)),
    });

  if (intent === "decline") {
    const declined = await declineOffer(token, values.reason ?? "");
    if (declined.ok) return data<ActionResult>({ kind: "declined" });
    return data<ActionResult>(
      { kind: "decline-failed", message: declined.message, reason: values.reason ?? "" },
      { status: 400 },
    );
  }

  // Cancel by the embedded card form: close that payment and free the date.
  if (intent === "abandon") {
    const abandoned = await abandonCheckout(values.order, values.key);
    if (abandoned.state === "paid") return redirectToPaymentPage(abandoned.sessionId);
    return data<ActionResult>({
      kind: "form",
      message: null,
      notice: abandoned.state === "unavailable" ? STILL_HELD_NOTICE : CANCELLED_NOTICE,
      values: {},
      calendar: await calendarFor(shown, null),
    });
  }

  const uiMode = requestedUiMode(values.ui);
  const result = await startQuoteCheckout({
    token,
    date: values.date,
    business: values,
    earlyStart: values.early_start,
    window: values.window,
    uiMode,
    siteUrl: siteUrl(request),
    clientIp: context.clientIp,
  });
  if (!result.ok)
    return data<ActionResult>(
      {
        kind: "form",
        message: result.message,
        dateError: result.errors.date,
        errors: {
          business_name: result.errors.business_name,
          sic_code: result.errors.sic_code,
          early_start: result.errors.early_start,
          window: result.errors.window,
        },
        values,
        calendar: await calendarFor(shown, monthOf(values.date) ?? values.month ?? null),
      },
      { status: result.status },
    );
  return answerPaymentStart(paymentStartAnswer(result, uiMode), async (message) =>
    data<ActionResult>(
      { kind: "form", message, values, calendar: await calendarFor(shown, monthOf(values.date)) },
      { status: 502 },
    ),
  );
}

export default function CustomerQuote() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const hydrated = useHydrated();
  const formResult = result?.kind === "form" ? result : null;
  // A submission that answers without a redirect keeps the scroll position: after declining from
  // the foot of the page, show the answer from the top, and move focus to it.
  const declined = result?.kind === "declined";
  const sentValues = formResult?.values ?? {};
  const { chosenDate, setChosenDate, chosenWindow, setChosenWindow } = useChosenDayAndWindow(
    sentValues.date,
    sentValues.window,
  );
  const submitting = usePostingIntent("pay");
  useEffect(() => {
    if (!declined) return;
    window.scrollTo(0, 0);
    document.getElementById("closed-quote-title")?.focus({ preventScroll: true });
  }, [declined]);

  if (result?.kind === "embedded") return <EmbeddedPayment payment={result} />;

  const { shown } = page;
  if (result?.kind === "declined")
    return (
      <ClosedQuote title="Quote declined">
        <p>Thank you for letting us know. We will not contact you about this quote again.</p>
        <p>
          If you change your mind, call us on <a href={`tel:${page.phone}`}>{page.phone}</a>.
        </p>
      </ClosedQuote>
    );
  if (shown.kind !== "open") return <ClosedOffer shown={shown} message={page.closedMessage} />;

  const { offer } = shown;
  const values = sentValues;
  const calendar = formResult?.calendar ?? page.calendar!;
  const discountPence =
    chosenWindow === "any" && page.anyTimeDiscountPence !== null ? page.anyTimeDiscountPence : 0;
  const notice = formResult?.notice ?? page.notice;
  const self = `/quote/${offer.token}`;

  return (
    <div className="container checkout-page quote-offer-page">
      <p className="eyebrow">Your quote</p>
      <h1>Quote {offer.reference}</h1>
      <p className="section-lead">
        For {offer.customer.fullName}, {offer.customer.address1}, {offer.customer.town},{" "}
        {offer.customer.postcode}. This price holds until{" "}
        <strong>{formatLongDate(offer.validUntil)}</strong>.
      </p>
      {notice ? (
        <div role="status" className="notice">
          <p>{notice}</p>
        </div>
      ) : null}
      <AlertNotice message={page.unavailable} />
      <AlertNotice
        message={formResult?.message}
        focusOn={formResult?.message ? formResult : null}
      />

      <div className="checkout-layout">
        <QuoteOfferSummary
          offer={offer}
          discountPence={discountPence}
          vat={page.vat}
          licence={page.licence}
        />

        <DateChoiceForm
          action={self}
          submitIntent="pay"
          payment={page}
          month={calendar.month}
          onDateChange={setChosenDate}
        >
          <CollectionCalendar
            calendar={calendar}
            selected={values.date ?? null}
            error={formResult?.dateError}
            monthAction={hydrated ? undefined : `${self}#collection-date`}
          />
          <EarlyStartBesideDate
            date={chosenDate}
            until={page.earlyStartUntil}
            hydrated={hydrated}
            checked={values.early_start === "yes"}
            error={formResult?.errors?.early_start}
          />
          <ArrivalWindowPicker
            windows={page.windows}
            slots={calendar.slots}
            date={chosenDate}
            selected={chosenWindow}
            anyTimeDiscountPence={page.anyTimeDiscountPence}
            error={formResult?.errors?.window}
            onChoose={(choice: WindowChoice) => setChosenWindow(choice)}
          />
          <BusinessFields values={values} errors={formResult?.errors ?? {}} />
          <BookAndPay
            date={values.date}
            month={calendar.month}
            totalPence={offer.totalPence - discountPence}
            submitting={submitting}
            unavailable={Boolean(page.unavailable)}
            demo={page.gateway === "demo"}
          />
        </DateChoiceForm>
      </div>

      <QuoteDecline
        self={self}
        open={page.decline || result?.kind === "decline-failed"}
        failed={result?.kind === "decline-failed" ? result : null}
      />
    </div>
  );
}

export { ErrorBoundary } from "~/components/error-boundary";
