import { Link } from "@remix-run/react";
import { STAFF_PAGE_SIZES } from "~/lib/paging";

/** Previous / "Page n of m" / Next for the dashboard's lists: plain links, so they work without JavaScript. */
export function StaffPager({
  page,
  pages,
  hrefFor,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className="button button-light">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="pager-status">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className="button button-light">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The "Show 25 / 50 / 100" field of the dashboard's search forms. */
export function PageSizeField({ id, defaultValue }: { id: string; defaultValue: string | number }) {
  return (
    <div className="field">
      <label htmlFor={id}>Show</label>
      <select id={id} name="limit" defaultValue={defaultValue}>
        {STAFF_PAGE_SIZES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}
