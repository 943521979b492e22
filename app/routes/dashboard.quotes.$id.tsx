import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
} from "@remix-run/react";
import { ManualBookingForm } from "~/components/manual-booking-form";
import { Overlay } from "~/components/overlay";
import { formatLongDateTime } from "~/lib/format";
import { todayInLondon } from "~/lib/london-clock.server";
import { formValues } from "~/lib/forms";
import { requireId } from "~/lib/ids";
import { overlayHref } from "~/lib/overlays";
import { createManualBooking } from "~/models/staff-booking.server";
import { deleteUnansweredQuote, getQuote } from "~/models/quote.server";
import { requireStaff } from "~/models/staff-auth.server";
import { redirectToBookedDay, redirectWithFlash } from "~/services/flash.server";

async function loadQuote(param: string | undefined) {
  const quote = await getQuote(requireId(param, "Quote not found"));
  if (!quote) throw new Response("Quote not found", { status: 404 });
  return quote;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  return { quote: await loadQuote(params.id), today: todayInLondon() };
}

interface BookFailure {
  message: string;
  errors: Partial<Record<string, string>>;
  values: Record<string, string>;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStaff(request);
  const quote = await loadQuote(params.id);
  const values = formValues(await request.formData());
  if (quote.responded === "yes") {
    return Response.json(
      {
        message: "This quote has already been answered.",
        errors: {},
        values,
      } satisfies BookFailure,
      { status: 409 },
    );
  }
  switch (values.intent) {
    case "book": {
      const result = await createManualBooking(values, user.username, quote.id);
      if (!result.ok)
        return Response.json(
          { message: result.message, errors: result.errors, values } satisfies BookFailure,
          { status: 400 },
        );
      return redirectToBookedDay(values.date || todayInLondon(), {
        orderId: result.orderId,
        done: "created",
        fullDay: result.fullDayWarning,
      });
    }
    case "delete": {
      await deleteUnansweredQuote(quote.id);
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
  const { quote, today } = useLoaderData<typeof loader>();
  const failed = useActionData<BookFailure>();
  const location = useLocation();
  const navigation = useNavigation();
  const params = new URLSearchParams(location.search);
  const self = `/dashboard/quotes/${quote.id}`;
  const open = quote.responded === "no";
  return (
    <article aria-labelledby="quote-title" className="quote-detail">
      <p>
        <Link to="/dashboard/quotes">← All quotes</Link>
      </p>
      <h1 id="quote-title">
        Quote Q{quote.id}: {quote.full_name}
      </h1>
      <p className="field-hint">
        Received {formatLongDateTime(quote.created_at)} · responded: {quote.responded}
      </p>
      {failed && !params.get("book") ? (
        <p role="alert" className="notice notice-error">
          {failed.message}
        </p>
      ) : null}
      {open ? (
        <p className="quote-actions">
          <Link to={overlayHref(location, "book", "1")} className="button" preventScrollReset>
            Create Booking
          </Link>
          <Link
            to={overlayHref(location, "delete", "confirm")}
            className="button button-light"
            preventScrollReset
          >
            Delete Booking
          </Link>
        </p>
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
                  <img
                    src={`${url}?w=320`}
                    alt={label}
                    width={320}
                    height={
                      photo.width && photo.height
                        ? Math.round((320 * photo.height) / photo.width)
                        : 240
                    }
                    loading="lazy"
                  />
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

      {open && (params.get("book") === "1" || failed?.values.intent === "book") ? (
        <Overlay title={`Create Booking from Q${quote.id}`} closeTo={self}>
          {failed ? (
            <div role="alert" className="notice notice-error">
              <p>{failed.message}</p>
            </div>
          ) : null}
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
              }
            }
            errors={failed?.errors ?? {}}
            submitting={navigation.state === "submitting"}
            hidden={<input type="hidden" name="intent" value="book" />}
          />
        </Overlay>
      ) : null}

      {open && params.get("delete") === "confirm" ? (
        <Overlay title={`Delete quote Q${quote.id}?`} closeTo={self}>
          <p>
            This deletes the request from {quote.full_name} and its {quote.photos.length}{" "}
            {quote.photos.length === 1 ? "photo" : "photos"}. It cannot be undone.
          </p>
          <Form method="post" action={self} className="quote-actions">
            <button type="submit" name="intent" value="delete" className="button button-danger">
              Delete quote and photos
            </button>
            <Link to={self} className="button button-light">
              Keep it
            </Link>
          </Form>
        </Overlay>
      ) : null}
    </article>
  );
}

export const meta: MetaFunction = () => [{ title: "Quote — Haulbook dashboard" }];

export { ErrorBoundary } from "~/components/error-boundary";
