import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  DateRangeFields,
  SEARCH_BOX_HINT,
  StaffTable,
  type StaffListColumn,
} from "~/components/staff-list";
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

type Found = NonNullable<Awaited<ReturnType<typeof loader>>["found"]>;

/** A customer's name over their phone number. */
const Customer = ({ name, phone }: { name: string; phone: string }) => (
  <>
    {name}
    <br />
    <span className="field-hint">{phone}</span>
  </>
);

const BOOKING_COLUMNS: StaffListColumn<Found["orders"]["orders"][number]>[] = [
  {
    header: "Reference",
    cell: (o) => <Link to={`/dashboard/orders/${o.id}`}>{bookingReference(o.id)}</Link>,
  },
  {
    header: "Customer",
    cell: (o) => <Customer name={o.billing.full_name} phone={o.billing.phone_number} />,
  },
  { header: "Postcode", cell: (o) => o.billing.postcode },
  {
    header: "Collection",
    cell: (o) => `${formatShortDate(o.collectionDate)}${o.cancelledAt ? " (cancelled)" : ""}`,
  },
  { header: "Total", cell: (o) => formatPence(o.totalPence) },
  { header: "Payment", cell: (o) => paymentStateText(o.paymentMethod, o.status) },
];

const QUOTE_COLUMNS: StaffListColumn<Found["quotes"]["quotes"][number]>[] = [
  { header: "Reference", cell: (q) => <Link to={`/dashboard/quotes/${q.id}`}>Q{q.id}</Link> },
  { header: "Customer", cell: (q) => <Customer name={q.full_name} phone={q.phone_number} /> },
  { header: "Postcode", cell: (q) => q.postcode },
  { header: "Sent", cell: (q) => formatDay(q.created_at) },
  { header: "State", cell: (q) => QUOTE_STATE_LABELS[q.shownState] },
];

/** One kind of result: its count, its table, and the way to the rest in its own list. */
function Results({
  id,
  title,
  total,
  all,
  allText,
  children,
}: {
  id: string;
  title: string;
  total: number;
  all: string;
  allText: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>
        {title} <span className="count">({total})</span>
      </h2>
      {children}
      {total > SHOWN ? (
        <p>
          <Link to={all}>{allText}</Link>
        </p>
      ) : null}
    </section>
  );
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
        <DateRangeFields idPrefix="s" from={search.from} to={search.to} />
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
          <Results
            id="search-bookings"
            title="Bookings"
            total={found.orders.total}
            all={`/dashboard/orders?${found.query}`}
            allText={`All ${found.orders.total} bookings in Orders`}
          >
            <StaffTable
              columns={BOOKING_COLUMNS}
              rows={found.orders.orders}
              rowKey={(o) => o.id}
              rowTestId="search-booking"
              empty="No booking matches."
            />
          </Results>
          <Results
            id="search-quotes"
            title="Quotes"
            total={found.quotes.total}
            all={`/dashboard/quotes?${found.query}`}
            allText={`All ${found.quotes.total} quotes in Quotes`}
          >
            <StaffTable
              columns={QUOTE_COLUMNS}
              rows={found.quotes.quotes}
              rowKey={(q) => q.id}
              rowTestId="search-quote"
              empty="No quote matches."
            />
          </Results>
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
