import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getQuote } from "~/models/quote.server";
import { requireStaff } from "~/services/auth.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const quote = /^\d{1,12}$/.test(params.id ?? "") ? await getQuote(Number(params.id)) : undefined;
  if (!quote) throw new Response("Quote not found", { status: 404 });
  return { quote };
}

const dateTime = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", dateStyle: "full", timeStyle: "short" });

export default function QuoteDetail() {
  const { quote } = useLoaderData<typeof loader>();
  return (
    <article aria-labelledby="quote-title" className="quote-detail">
      <p>
        <Link to="/dashboard/quotes">← All quotes</Link>
      </p>
      <h1 id="quote-title">
        Quote Q{quote.id}: {quote.full_name}
      </h1>
      <p className="field-hint">Received {dateTime.format(new Date(quote.created_at))} · responded: {quote.responded}</p>
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
                  <img src={`${url}?w=320`} alt={label} width={320} height={photo.width && photo.height ? Math.round((320 * photo.height) / photo.width) : 240} loading="lazy" />
                </a>
              ) : (
                <a href={url} className="button button-light" download>
                  Download {label} (HEIC)
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </article>
  );
}

export const meta: MetaFunction = () => [{ title: "Quote — Haulbook dashboard" }];

export { ErrorBoundary } from "~/components/error-boundary";
