import { Link } from "@remix-run/react";

/**
 * Previous / "Page n of m" / Next under the shop's product list: plain links, so they work
 * without JavaScript; at either end the button stays in place, disabled.
 */
export function ShopPager({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1 && page <= 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      <PageLink to={page > 1 ? hrefFor(page - 1) : null} rel="prev">
        Previous
      </PageLink>
      <span className="pager-status">
        Page {page}
        {pageCount > 0 ? ` of ${pageCount}` : ""}
      </span>
      <PageLink to={page < pageCount ? hrefFor(page + 1) : null} rel="next">
        Next
      </PageLink>
    </nav>
  );
}

function PageLink({
  to,
  rel,
  children,
}: {
  to: string | null;
  rel: "prev" | "next";
  children: string;
}) {
  return to === null ? (
    <span className="button button-light" aria-disabled="true">
      {children}
    </span>
  ) : (
    <Link to={to} className="button button-light" rel={rel}>
      {children}
    </Link>
  );
}
