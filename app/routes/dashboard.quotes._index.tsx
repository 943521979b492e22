import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FlashNotice } from "~/components/flash-notice";
import {
  AnyOfField,
  SearchBoxFields,
  searchPaging,
  StaffList,
  type StaffListColumn,
} from "~/components/staff-list";
import { formatDateTime, formatPence, formatShortDate } from "~/lib/format";
import { QUOTE_STATE_LABELS } from "~/lib/quote-state";
import { staffSearch } from "~/lib/paging";
import { listQuotes } from "~/models/quotes/quote.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { readFlash } from "~/services/flash.server";
import { titled } from "~/lib/page-title";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const q = new URL(request.url).searchParams;
  const search = staffSearch(q, [
    "q",
    "from",
    "to",
    "reference",
    "full_name",
    "email",
    "phone_number",
    "responded",
    "state",
  ]);
  const result = await listQuotes({
    q: search.q,
    from: search.from,
    to: search.to,
    reference: search.reference,
    fullName: search.full_name,
    email: search.email,
    phoneNumber: search.phone_number,
    responded: search.responded,
    state: search.state,
    limit: Number(search.limit),
    page: Number(q.get("page")),
  });
  const flash = await readFlash(request, "quotes");
  return data({ search, ...result, deleted: flash.flash }, { headers: flash.headers });
}

type QuoteRow = Awaited<ReturnType<typeof listQuotes>>["quotes"][number];

const COLUMNS: StaffListColumn<QuoteRow>[] = [
  { header: "Ref", cell: (q) => <Link to={`/dashboard/quotes/${q.id}`}>Q{q.id}</Link> },
  { header: "Received", cell: (q) => formatDateTime(q.created_at) },
  { header: "Customer", cell: (q) => q.full_name },
  {
    header: "Contact",
    cell: (q) => (
      <>
        {q.email}
        <br />
        {q.phone_number}
      </>
    ),
  },
  { header: "Postcode", cell: (q) => q.postcode },
  { header: "Photos", cell: (q) => q.photos },
  {
    header: "State",
    cell: (q) => (
      <span className={`state-badge state-${q.shownState}`}>
        {QUOTE_STATE_LABELS[q.shownState]}
      </span>
    ),
  },
  { header: "Price", cell: (q) => (q.price_pence === null ? "—" : formatPence(q.price_pence)) },
  {
    header: "Valid until",
    cell: (q) =>
      q.valid_until && q.shownState !== "booked" ? formatShortDate(q.valid_until) : "—",
  },
];

/** One of the list's text filters. */
function TextFilter({
  id,
  name,
  label,
  value,
}: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} defaultValue={value} />
    </div>
  );
}

export default function Quotes() {
  const { search, quotes, total, page, limit, deleted } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="quotes-title">
      <h1 id="quotes-title">Quotes</h1>
      <FlashNotice flash={deleted} />
      <StaffList
        fields={
          <>
            <SearchBoxFields idPrefix="qs" search={search} days="Sent" />
            <TextFilter
              id="q-reference"
              name="reference"
              label="Reference"
              value={search.reference}
            />
            <TextFilter id="q-name" name="full_name" label="Name" value={search.full_name} />
            <TextFilter id="q-email" name="email" label="Email" value={search.email} />
            <TextFilter
              id="q-phone"
              name="phone_number"
              label="Phone"
              value={search.phone_number}
            />
            <AnyOfField
              id="q-state"
              name="state"
              label="State"
              defaultValue={search.state}
              choices={Object.entries(QUOTE_STATE_LABELS)}
            />
            <AnyOfField
              id="q-responded"
              name="responded"
              label="Responded"
              defaultValue={search.responded}
              choices={RESPONDED}
            />
          </>
        }
        limitId="q-limit"
        {...searchPaging(search, { total, page, limit })}
        noun={["quote", "quotes"]}
        empty="No quotes match this search."
        columns={COLUMNS}
        rows={quotes}
        rowKey={(q) => q.id}
        rowTestId="quote-row"
      />
    </section>
  );
}

const RESPONDED = [
  ["no", "No"],
  ["yes", "Yes"],
] as const;

export const meta = titled("Quotes", "dashboard");
