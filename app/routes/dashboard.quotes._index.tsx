import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { FlashNotice } from "~/components/flash-notice";
import { PageSizeField, StaffPager } from "~/components/staff-paging";
import { listQuotes } from "~/models/quote.server";
import { requireStaff } from "~/services/auth.server";
import { readFlash } from "~/services/flash.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const q = new URL(request.url).searchParams;
  const search = {
    full_name: q.get("full_name") ?? "",
    email: q.get("email") ?? "",
    phone_number: q.get("phone_number") ?? "",
    responded: q.get("responded") ?? "",
    limit: q.get("limit") ?? "25",
  };
  const result = await listQuotes({
    fullName: search.full_name,
    email: search.email,
    phoneNumber: search.phone_number,
    responded: search.responded,
    limit: Number(search.limit),
    page: Number(q.get("page")),
  });
  const flash = await readFlash(request, "quotes");
  return data({ search, ...result, deleted: flash.flash }, { headers: flash.headers });
}

const dateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  dateStyle: "medium",
  timeStyle: "short",
});

export default function Quotes() {
  const { search, quotes, total, page, limit, deleted } = useLoaderData<typeof loader>();
  const pages = Math.max(1, Math.ceil(total / limit));
  const pageHref = (n: number) => `?${new URLSearchParams({ ...search, page: String(n) })}`;
  return (
    <section aria-labelledby="quotes-title">
      <h1 id="quotes-title">Quotes</h1>
      <FlashNotice flash={deleted} />
      <Form method="get" className="staff-search">
        <div className="field">
          <label htmlFor="q-name">Name</label>
          <input id="q-name" name="full_name" defaultValue={search.full_name} />
        </div>
        <div className="field">
          <label htmlFor="q-email">Email</label>
          <input id="q-email" name="email" defaultValue={search.email} />
        </div>
        <div className="field">
          <label htmlFor="q-phone">Phone</label>
          <input id="q-phone" name="phone_number" defaultValue={search.phone_number} />
        </div>
        <div className="field">
          <label htmlFor="q-responded">Responded</label>
          <select id="q-responded" name="responded" defaultValue={search.responded}>
            <option value="">Any</option>
            <option value="no">No</option>
            <option value="yes">Yes</option>
          </select>
        </div>
        <PageSizeField id="q-limit" defaultValue={search.limit} />
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      <p className="field-hint" aria-live="polite">
        {total} {total === 1 ? "quote" : "quotes"}
      </p>
      {quotes.length === 0 ? (
        <p className="empty-state">No quotes match this search.</p>
      ) : (
        <div className="table-scroll">
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">Ref</th>
                <th scope="col">Received</th>
                <th scope="col">Customer</th>
                <th scope="col">Contact</th>
                <th scope="col">Postcode</th>
                <th scope="col">Photos</th>
                <th scope="col">Responded</th>
              </tr>
            </thead>
            <tbody>
              {quotes.map((q) => (
                <tr key={q.id} data-testid="quote-row">
                  <td>
                    <Link to={`/dashboard/quotes/${q.id}`}>Q{q.id}</Link>
                  </td>
                  <td>{dateTime.format(new Date(q.created_at))}</td>
                  <td>{q.full_name}</td>
                  <td>
                    {q.email}
                    <br />
                    {q.phone_number}
                  </td>
                  <td>{q.postcode}</td>
                  <td>{q.photos}</td>
                  <td>{q.responded === "yes" ? "Yes" : "No"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <StaffPager page={page} pages={pages} hrefFor={pageHref} />
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Quotes — Haulbook dashboard" }];
