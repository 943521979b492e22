import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
} from "@remix-run/react";
import { ManualBookingForm } from "~/components/manual-booking-form";
import { PhotoThumbnail } from "~/components/photo-thumbnail";
import { Overlay } from "~/components/overlay";
import { FlashNotice } from "~/components/flash-notice";
import { paymentMethodLabel, type QuoteShownState } from "~/lib/domain";
import { formatLongDate, formatLongDateTime, formatPence } from "~/lib/format";
import { lineName } from "~/lib/positions";
import { QUOTE_STATE_LABELS, shownQuoteState } from "~/lib/quote-state";
import { todayInLondon } from "~/lib/london-clock.server";
import { formValues } from "~/lib/forms";
import { overlayHref } from "~/lib/overlays";
import { createManualBooking } from "~/models/bookings/staff-booking.server";
import { priceFormValues, quoteCatalogue } from "~/models/quotes/quote-price.server";
import { vatWording } from "~/lib/vat";
import { withMoreRows } from "~/lib/quote-price-form";
import { deleteUnansweredQuote, requireQuote } from "~/models/quotes/quote.server";
import { quotePricing } from "~/models/quotes/quote-offer.server";
import { withdrawQuotePrice } from "~/models/quotes/quote-offer-changes.server";
import { config } from "~/services/config.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { readFlash, redirectToBookedDay, redirectWithFlash } from "~/services/flash.server";
import { AlertNotice } from "~/components/alert-notice";
import { vatStatus } from "~/models/shop/settings.server";
import { checkCollectionPostcode } from "~/models/shop/service-area.server";
import { titled } from "~/lib/page-title";
import { bookingReference } from "~/lib/references";

/** What staff read when the quote's address is outside the area served, or null. */
async function outsideAreaNotice(postcode: string): Promise<string | null> {
  const area = await checkCollectionPostcode(postcode, "staff");
  return area.ok
    ? null
    : `${area.message} Neither you nor the customer can book it until the area includes it.`;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const quote = await requireQuote(params.id);
  const flash = await readFlash(request, "quote-detail");
  const booking = new URL(request.url).searchParams.get("book") === "1";
  const vat = await vatStatus();
  return data(
    {
      quote,
      // Booking it: the form starts with the lines of its price, if it has one.
      booking: booking
        ? {
            lines: await priceFormValues(quote.id),
            catalogue: await quoteCatalogue(),
            pricesNote: vatWording(vat).pricesNote,
          }
        : null,
      pricing: await quotePricing(quote.id),
      today: todayInLondon(),
      siteUrl: config().publicUrl,
      vatRegistered: vat.registered,
      // A quote may come from anywhere; booking it needs the address inside the area served.
      outsideArea: await outsideAreaNotice(quote.postcode),
      flash: flash.flash,
    },
    { headers: flash.headers },
  );
}

interface BookFailure {
  message: string;
  errors: Partial<Record<string, string>>;
  values: Record<string, string>;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStaff(request);
  const quote = await requireQuote(params.id);
  const values = formValues(await request.formData());
  if (quote.state === "booked") {
    return Response.json(
      {
        message: "This quote is already booked.",
        errors: {},
        values,
      } satisfies BookFailure,
      { status: 409 },
    );
  }
  // "Add a catalogue line" without JavaScript: the booking form again, one row longer.
  const more = withMoreRows(values);
  if (more)
    return Response.json({
      message: "",
      errors: {},
      values: { ...more, intent: "book" },
    } satisfies BookFailure);
  switch (values.intent) {
    case "withdraw": {
      const withdrawn = await withdrawQuotePrice(quote.id, user.username);
      return redirectWithFlash(
        `/dashboard/quotes/${quote.id}`,
        "quote-detail",
        withdrawn
          ? "The price was withdrawn: the customer's link now says so."
          : "There was no open price to withdraw.",
      );
    }
    case "book": {
      const result = await createManualBooking(values, user.username, {
        pricing: "lines",
        quoteId: quote.id,
      });
      if (!result.ok)
        return Response.json(
          { message: result.message, errors: result.errors, values } satisfies BookFailure,
          { status: 400 },
        );
      return redirectToBookedDay(values.date || todayInLondon(), {
        orderId: result.orderId,
        done: "created",
        fullDay: result.fullDayWarning,
        emailedTo: values.email?.trim(),
      });
    }
    case "delete": {
      if (!(await deleteUnansweredQuote(quote.id)))
        return Response.json(
          {
            message: "This quote has been answered, so it is kept.",
            errors: {},
            values,
          } satisfies BookFailure,
          { status: 409 },
        );
      return redirectWithFlash(
        "/dashboard/quotes",
        "quotes",
        `Quote Q${quote.id} and its photos were deleted.`,
      );
    }
    default:
      return Response.json(
        { message: "Unknown action", errors: {}, values } satisfies BookFailure,
        { status: 400 },
      );
  }
}

export default function QuoteDetail() {
  const page = useLoaderData<typeof loader>();
  const { quote, pricing, today, siteUrl, vatRegistered, outsideArea, flash } = page;
  const failed = useActionData<BookFailure>();
  const location = useLocation();
  const navigation = useNavigation();
  const params = new URLSearchParams(location.search);
  const self = `/dashboard/quotes/${quote.id}`;
  const bookable = quote.state !== "booked";
  const unanswered = quote.responded === "no";
  const latest = pricing.offers[0];
  const shown = shownQuoteState(quote.state, latest?.valid_until ?? null, today);
  return (
    <article aria-labelledby="quote-title" className="quote-detail">
      <p>
        <Link to="/dashboard/quotes">← All quotes</Link>
      </p>
      <h1 id="quote-title">
        Quote Q{quote.id}: {quote.full_name}
      </h1>
      <p className="field-hint">
        Received {formatLongDateTime(quote.created_at)} · responded: {quote.responded} ·{" "}
        <span className={`state-badge state-${shown}`} data-testid="quote-state">
          {QUOTE_STATE_LABELS[shown]}
        </span>
      </p>
      <FlashNotice flash={flash} />
      {outsideArea ? (
        <p className="notice notice-error" data-testid="quote-outside-area">
          {outsideArea}
        </p>
      ) : null}
      <AlertNotice message={failed && !params.get("book") ? failed.message : null} />
      {bookable ? (
        <p className="quote-actions">
          <Link to={`${self}/price`} className="button">
            {latest ? "Revise price" : "Price this quote"}
          </Link>
          {quote.state === "priced" ? (
            <OverlayButton overlay="withdraw" value="confirm">
              Withdraw price
            </OverlayButton>
          ) : null}
          <OverlayButton overlay="book" value="1">
            Create Booking
          </OverlayButton>
          {unanswered ? (
            <OverlayButton overlay="delete" value="confirm">
              Delete Booking
            </OverlayButton>
          ) : null}
        </p>
      ) : null}
      {pricing.order ? (
        <p className="notice" data-testid="quote-order">
          Booked as{" "}
          <Link to={`/dashboard/orders/${pricing.order.id}`}>
            order {bookingReference(pricing.order.id)}
          </Link>{" "}
          for {formatLongDate(pricing.order.collection_date)} (
          {formatPence(pricing.order.total_pence)},{" "}
          {paymentMethodLabel(pricing.order.payment_method).toLowerCase()}
          {pricing.order.status === "complete" ? ", paid" : ""}).
        </p>
      ) : null}
      {latest ? (
        <QuotePriceSummary
          offer={latest}
          lines={pricing.lines}
          shown={shown}
          link={`${siteUrl}${latest.path}`}
          vatRegistered={vatRegistered}
          earlier={pricing.offers.slice(1)}
        />
      ) : null}
      <dl className="detail-list">
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${quote.email}`}>{quote.email}</a>
        </dd>
        <dt>Phone</dt>
        <dd>
          <a href={`tel:${quote.phone_number.replace(/[^0-9+]/g, "")}`}>{quote.phone_number}</a>
        </dd>
        <dt>Address</dt>
        <dd>
          {quote.address_1}, {quote.town}, {quote.postcode}
        </dd>
        <dt>What needs removing</dt>
        <dd className="quote-comments">{quote.comments}</dd>
      </dl>
      <h2>Photos ({quote.photos.length})</h2>
      <ul className="quote-photos">
        {quote.photos.map((photo, i) => {
          const url = `/api/products/quotes-img/${photo.id}`;
          const label = photo.original_filename ?? `Photo ${i + 1}`;
          return (
            <li key={photo.id}>
              {photo.content_type === "image/jpeg" ? (
                <a href={url} aria-label={`Open ${label} full size`}>
                  <PhotoThumbnail src={`${url}?w=320`} alt={label} width={320} photo={photo} />
                </a>
              ) : (
                // Kept as sent by an older version of the site (HEIC): never served.
                <p className="quote-photo-missing" data-testid="photo-not-shown">
                  Photo {i + 1} could not be shown: it was sent in a format we cannot open. Ask the
                  customer for a JPEG copy.
                </p>
              )}
            </li>
          );
        })}
      </ul>

      {bookable &&
      page.booking &&
      (params.get("book") === "1" || failed?.values.intent === "book") ? (
        <Overlay title={`Create Booking from Q${quote.id}`} closeTo={self} wide>
          <AlertNotice message={failed?.message || null} />
          <ManualBookingForm
            action={`${self}?book=1`}
            values={
              failed?.values ?? {
                full_name: quote.full_name,
                email: quote.email,
                phone_number: quote.phone_number,
                address_1: quote.address_1,
                town: quote.town,
                postcode: quote.postcode,
                date: today,
                ...page.booking.lines,
              }
            }
            catalogue={page.booking.catalogue}
            pricesNote={page.booking.pricesNote}
            errors={failed?.errors ?? {}}
            submitting={navigation.state === "submitting"}
            hidden={<input type="hidden" name="intent" value="book" />}
          />
        </Overlay>
      ) : null}

      {bookable && quote.state === "priced" && params.get("withdraw") === "confirm" ? (
        <Overlay title={`Withdraw the price of Q${quote.id}?`} closeTo={self}>
          <p>
            The customer&apos;s link will say the quote was withdrawn, and it can no longer be paid.
            You can price the quote again later.
          </p>
          <ConfirmOrKeep self={self} intent="withdraw" label="Withdraw price" />
        </Overlay>
      ) : null}

      {unanswered && params.get("delete") === "confirm" ? (
        <Overlay title={`Delete quote Q${quote.id}?`} closeTo={self}>
          <p>
            This deletes the request from {quote.full_name} and its {quote.photos.length}{" "}
            {quote.photos.length === 1 ? "photo" : "photos"}. It cannot be undone.
          </p>
          <ConfirmOrKeep self={self} intent="delete" label="Delete quote and photos" />
        </Overlay>
      ) : null}
    </article>
  );
}

const OFFER_STATUS_LABELS: Record<string, string> = {
  sent: "Sent",
  replaced: "Replaced",
  withdrawn: "Withdrawn",
  declined: "Declined",
  booked: "Booked",
};

type Pricing = ReturnType<typeof useLoaderData<typeof loader>>["pricing"];

/** The latest price: its lines, totals, validity, the customer's link, and the prices before it. */
function QuotePriceSummary({
  offer,
  lines,
  shown,
  link,
  vatRegistered,
  earlier,
}: {
  offer: Pricing["offers"][number];
  lines: Pricing["lines"];
  shown: QuoteShownState;
  link: string;
  vatRegistered: boolean;
  earlier: Pricing["offers"];
}) {
  return (
    <section className="quote-price-summary" aria-labelledby="quote-price-title">
      <h2 id="quote-price-title">
        Price {offer.reference}: {formatPence(offer.total_pence)}
      </h2>
      <p className="field-hint">
        Sent {formatLongDateTime(offer.created_at)} by {offer.created_by} ·{" "}
        {shown === "expired" ? "expired" : "valid until"} {formatLongDate(offer.valid_until)}
        {vatRegistered ? " · prices include VAT" : ""}
      </p>
      <table className="price-table">
        <tbody>
          {lines.map((line, i) => (
            <tr key={i}>
              <td>
                {line.quantity} × {lineName(line.description, line.position)}
              </td>
              <td className="price-amount">{formatPence(line.unit_price_pence * line.quantity)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {offer.note ? <p className="quote-comments">Note: {offer.note}</p> : null}
      {offer.status === "declined" ? (
        <p className="notice" data-testid="decline-reason">
          Declined {offer.decided_at ? formatLongDateTime(offer.decided_at) : ""}
          {offer.decline_reason ? `: “${offer.decline_reason}”` : " (no reason given)."}
        </p>
      ) : null}
      {offer.status === "sent" ? (
        <p className="field-hint">
          The customer&apos;s link: <a href={link}>{link}</a>
        </p>
      ) : null}
      {earlier.length > 0 ? (
        <details>
          <summary>Earlier prices ({earlier.length})</summary>
          <ul>
            {earlier.map((o) => (
              <li key={o.id}>
                {o.reference}: {formatPence(o.total_pence)}, sent {formatLongDateTime(o.created_at)}{" "}
                — {OFFER_STATUS_LABELS[o.status] ?? o.status}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

/** An overlay's answer: do it (the dangerous button), or keep things as they are. */
function ConfirmOrKeep({ self, intent, label }: { self: string; intent: string; label: string }) {
  return (
    <Form method="post" action={self} className="quote-actions">
      <button type="submit" name="intent" value={intent} className="button button-danger">
        {label}
      </button>
      <Link to={self} className="button button-light">
        Keep it
      </Link>
    </Form>
  );
}

/** A button that opens one of the page's overlays (a page step, so it works without JavaScript). */
function OverlayButton({
  overlay,
  value,
  children,
}: {
  overlay: string;
  value: string;
  children: React.ReactNode;
}) {
  const location = useLocation();
  return (
    <Link
      to={overlayHref(location, overlay, value)}
      className="button button-light"
      preventScrollReset
    >
      {children}
    </Link>
  );
}

export const meta = titled("Quote", "dashboard");

export { ErrorBoundary } from "~/components/error-boundary";
