import { SEARCH_MAX } from "~/lib/staff-search";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { pageCount, searchQuery } from "~/lib/paging";
import { PageSizeField, StaffPager } from "./staff-paging";

export interface StaffListColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

/**
 * The dashboard's searchable lists (orders, quotes): a GET search form (its
 * own fields, then the page size and Search), the count, a table of rows and
 * Previous/Next. Plain forms and links, so it works without JavaScript.
 */
export function StaffList<Row>({
  fields,
  limitId,
  limit,
  total,
  noun,
  empty,
  columns,
  rows,
  rowKey,
  rowTestId,
  page,
  pages,
  hrefFor,
}: {
  /** the search form's own fields */
  fields: ReactNode;
  /** id of the page-size select */
  limitId: string;
  /** the page size as asked for */
  limit: string | number;
  total: number;
  /** what is counted, singular and plural ("order", "orders") */
  noun: readonly [string, string];
  /** said when nothing matches */
  empty: string;
  columns: readonly StaffListColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  rowTestId: string;
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
}) {
  return (
    <>
      <Form method="get" className="staff-search">
        {fields}
        <PageSizeField id={limitId} defaultValue={limit} />
        <button type="submit" className="button">
          Search
        </button>
      </Form>
      <p className="field-hint" aria-live="polite">
        {total} {total === 1 ? noun[0] : noun[1]}
      </p>
      <StaffTable
        columns={columns}
        rows={rows}
        rowKey={rowKey}
        rowTestId={rowTestId}
        empty={empty}
      />
      <StaffPager page={page} pages={pages} hrefFor={hrefFor} />
    </>
  );
}

/** A staff table: a header of the columns, a row each, or what to say when there are none. */
export function StaffTable<Row>({
  columns,
  rows,
  rowKey,
  rowTestId,
  empty,
}: {
  columns: readonly StaffListColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  rowTestId: string;
  empty: string;
}) {
  if (rows.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <div className="table-scroll">
      <table className="staff-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" key={c.header}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((c) => (
                <td key={c.header}>{c.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * StaffList's count and paging props for a list searched with staffSearch: the page size as
 * asked for, and links to the other pages that keep the search.
 */
export function searchPaging(
  search: Record<string, string> & { limit: string },
  result: { total: number; page: number; limit: number },
) {
  return {
    limit: search.limit,
    total: result.total,
    page: result.page,
    pages: pageCount(result.total, result.limit),
    hrefFor: (n: number) => searchQuery(search, { page: String(n) }),
  };
}

/** A select of a staff search form; its first choice, "Any", leaves the field out of the search. */
export function AnyOfField({
  id,
  name,
  label,
  defaultValue,
  choices,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  /** [value, label] of each choice after "Any" */
  choices: readonly (readonly [string, string])[];
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={defaultValue}>
        <option value="">Any</option>
        {choices.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The words under every staff search box: what it finds. */
export const SEARCH_BOX_HINT =
  "A reference (HB12, Q12), a name, an email, a phone number or a postcode.";

/**
 * The staff's one search box (app/lib/staff-search.ts) and its date range, first in a list's
 * search form. `days` names the range: "Collection" on orders, "Sent" on quotes.
 */
export function SearchBoxFields({
  idPrefix,
  search,
  days,
}: {
  idPrefix: string;
  search: { q: string; from: string; to: string };
  days: string;
}) {
  return (
    <>
      <div className="field staff-search-box">
        <label htmlFor={`${idPrefix}-q`}>Search</label>
        <input
          id={`${idPrefix}-q`}
          name="q"
          type="search"
          defaultValue={search.q}
          maxLength={SEARCH_MAX}
          aria-describedby={`${idPrefix}-q-hint`}
        />
        <p className="field-hint" id={`${idPrefix}-q-hint`}>
          {SEARCH_BOX_HINT}
        </p>
      </div>
      <DateRangeFields
        idPrefix={idPrefix}
        from={search.from}
        to={search.to}
        labels={[`${days} from`, `${days} to`]}
      />
    </>
  );
}

/** Two days, from and to, for a staff form that narrows by dates. */
export function DateRangeFields({
  idPrefix,
  from,
  to,
  labels = ["From", "To"],
}: {
  idPrefix: string;
  from: string;
  to: string;
  labels?: readonly [string, string];
}) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-from`}>{labels[0]}</label>
        <input id={`${idPrefix}-from`} name="from" type="date" defaultValue={from} />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-to`}>{labels[1]}</label>
        <input id={`${idPrefix}-to`} name="to" type="date" defaultValue={to} />
      </div>
    </>
  );
}
