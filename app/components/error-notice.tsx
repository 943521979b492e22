import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

/**
 * The shared body of every ErrorBoundary: thrown 404/403 Responses show their own message. On the
 * staff's pages (`staff`) the way on is the dashboard, not the shop.
 */
export function ErrorNotice({ staff = false }: { staff?: boolean }) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data.length > 0
      ? error.data
      : status === 404
        ? "We couldn't find that page."
        : "Something went wrong on our side. Please try again in a moment.";
  return (
    <section className="container error-page" aria-labelledby="error-title">
      <p className="eyebrow">Error {status}</p>
      <h1 id="error-title">{message}</h1>
      {staff ? (
        <p>
          <Link className="button" to="/dashboard">
            Back to the dashboard
          </Link>
        </p>
      ) : (
        <p>
          <Link className="button" to="/">
            Back to the home page
          </Link>{" "}
          <Link className="button button-light" to="/products">
            Browse removal items
          </Link>
        </p>
      )}
    </section>
  );
}
