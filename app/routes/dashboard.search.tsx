import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { SEARCH_BOX_HINT } from "~/components/staff-list";
import { paymentStateText } from "~/lib/domain";
import { formatDay, formatPence, formatShortDate } from "~/lib/format";
import { titled } from "~/lib/page-title";
import { QUOTE_STATE_LABELS } from "~/lib/quote-state";
import { bookingReference } from "~/lib/references";
import { readSearchText, SEARCH_MAX, searchDays, searchTermText } from "~/lib/staff-search";
import { searchOrders } from "~/models/checkout/order.server";
import { listQuotes } from "~/models/quotes/quote.server";
import { requireStaff } from "~/models/staff/staff-auth.server";

/**
 * The header's search (issue 32): one box for what a customer on the phone says (a reference, a
 * name, an email, a phone number, a postcode) and a date range, answered with the bookings and the
 * quotes that match. A reference that finds one thing opens it.
 */

/** How many of each are shown here; the lists show the rest. */
const SHOWN = 25;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const search = {
    q: params.get("q") ?? "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
  };
  const term = readSearchText(search.q);
  const days = searchDays(search.from, search.to);
  if (term.kind === "none" && !days.from && !days.to)
    return { search, asked: false as const, found: null };
  const [orders, quotes] = await Promise.all([
    searchOrders({ q: search.q, from: search.from, to: search.to, limit: SHOWN }),
    listQuotes({ q: search.q, from: search.from, to: search.to, limit: SHOWN }),
  ]);
  // "HB12" or "Q12" that finds it: straight to it.
  if (term.kind === "booking" && orders.total === 1)
    throw redirect(`/dashboard/orders/${orders.orders[0]!.id}`);
  if (term.kind === "quote" && quotes.total === 1)
    throw redirect(`/dashboard/quotes/${quotes.quotes[0]!.id}`);
  const query = new URLSearchParams(
    Object.entries(search).filter(([, value]) => value !== ""),
  ).toString();
  return {
    search,
    asked: true as const,
    found: {
      by: searchTermText(term),
      days,
      orders,
      quotes,
      query,
    },
  };
}

export default function Search() {
  const { search, found } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="search-title" className="staff-search-page">
      <h1 id="search-title">Search</h1>
      <Form method="get" className="staff-search" role="search">
        <div className="field staff-search-box">
          <label htmlFor="s-q">Search bookings and quotes</label>
          <input
            id="s-q"
            name="q"
            type="search"
            defaultValue={search.q}
            maxLength={SEARCH_MAX}
            aria-describedby="s-q-hint"
          />
          <p className="field-hint" id="s-q-hint">
            {SEARCH_BOX_HINT}
          </p>
        </div>
        <div className="field">
          <label htmlFor="s-from">From</label>
          <input id="s-from" name="from" type="date" defaultValue={search.from} />
        </div>
        <div className="field">
          <label htmlFor="s-to">To</label>
          <input id="s-to" name="to" type="date" defaultValue={search.to} />
        </div>
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      {found ? (
        <>
          <p className="field-hint" data-testid="search-by">
            Found by {found.by}
            {found.days.from || found.days.to
              ? `, ${found.days.from ? `from ${formatShortDate(found.days.from)}` : ""}${found.days.from && found.days.to ? " " : ""}${found.days.to ? `to ${formatShortDate(found.days.to)}` : ""} (collection day of a booking, the day a quote was sent)`
              : ""}
            .
          </p>
          <section aria-labelledby="search-bookings">
            <h2 id="search-bookings">
              Bookings <span className="count">({found.orders.total})</span>
            </h2>
            {found.orders.orders.length === 0 ? (
              <p className="empty-state">No booking matches.</p>
            ) : (
              <div className="table-scroll">
                <table className="staff-table">
                  <thead>
                    <tr>
                      <th scope="col">Reference</th>
                      <th scope="col">Customer</th>
                      <th scope="col">Postcode</th>
                      <th scope="col">Collection</th>
                      <th scope="col">Total</th>
                      <th scope="col">Payment</th>
                    </tr>
                  </thead>
                  <tbody>
                    {found.orders.orders.map((o) => (
                      <tr key={o.id} data-testid="search-booking">
                        <td>
                          <Link to={`/dashboard/orders/${o.id}`}>{bookingReference(o.id)}</Link>
                        </td>
                        <td>
                          {o.billing.full_name}
                          <br />
                          <span className="field-hint">{o.billing.phone_number}</span>
                        </td>
                        <td>{o.billing.postcode}</td>
                        <td>
                          {formatShortDate(o.collectionDate)}
                          {o.cancelledAt ? " (cancelled)" : ""}
                        </td>
                        <td>{formatPence(o.totalPence)}</td>
                        <td>{paymentStateText(o.paymentMethod, o.status)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {found.orders.total > found.orders.orders.length ? (
              <p>
                <Link to={`/dashboard/orders?${found.query}`}>
                  All {found.orders.total} bookings in Orders
                </Link>
              </p>
            ) : null}
          </section>
          <section aria-labelledby="search-quotes">
            <h2 id="search-quotes">
              Quotes <span className="count">({found.quotes.total})</span>
            </h2>
            {found.quotes.quotes.length === 0 ? (
              <p className="empty-state">No quote matches.</p>
            ) : (
              <div className="table-scroll">
                <table className="staff-table">
                  <thead>
                    <tr>
                      <th scope="col">Reference</th>
                      <th scope="col">Customer</th>
                      <th scope="col">Postcode</th>
                      <th scope="col">Sent</th>
                      <th scope="col">State</th>
                    </tr>
                  </thead>
                  <tbody>
                    {found.quotes.quotes.map((q) => (
                      <tr key={q.id} data-testid="search-quote">
                        <td>
                          <Link to={`/dashboard/quotes/${q.id}`}>Q{q.id}</Link>
                        </td>
                        <td>
                          {q.full_name}
                          <br />
                          <span className="field-hint">{q.phone_number}</span>
                        </td>
                        <td>{q.postcode}</td>
                        <td>{formatDay(q.created_at)}</td>
                        <td>{QUOTE_STATE_LABELS[q.shownState]}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {found.quotes.total > found.quotes.quotes.length ? (
              <p>
                <Link to={`/dashboard/quotes?${found.query}`}>
                  All {found.quotes.total} quotes in Quotes
                </Link>
              </p>
            ) : null}
          </section>
        </>
      ) : (
        <p className="empty-state">
          Type what the customer tells you: their booking or quote reference, name, email, phone
          number or postcode. Add dates to see a week or a month.
        </p>
      )}
    </section>
  );
}

export const meta = titled("Search", "dashboard");
