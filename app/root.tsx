import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { InlineStylesheets } from "~/components/inline-stylesheets";
import { useNonce } from "~/components/nonce";
import { routeStylesheets } from "~/lib/stylesheets";
import globalStyles from "~/styles/global.css";
import { businessProfile } from "~/models/shop/business-profile.server";

const styles = routeStylesheets(globalStyles);
export const handle = styles.handle;
export const links: LinksFunction = () => [
  ...styles.links(),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.brand ?? ""} — rubbish and junk removal, booked online` },
  {
    name: "description",
    content:
      "Book a licensed waste carrier to collect sofas, fridges, garden waste and more. Choose your items, pick a date and pay online.",
  },
];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#11734f" />
        <Meta />
        <InlineStylesheets />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Only set when the server refused a form post: the page is shown again with the reason. */
export function loader({ context }: LoaderFunctionArgs) {
  return {
    requestNotice: context.requestNotice?.message ?? null,
    // Every page's title names the business (app/lib/page-title.ts).
    brand: businessProfile().name,
  };
}

export default function App() {
  const { requestNotice } = useLoaderData<typeof loader>();
  return (
    <>
      {requestNotice ? (
        <p role="alert" className="request-notice">
          {requestNotice}
        </p>
      ) : null}
      <Outlet />
    </>
  );
}

/** Last resort: errors not caught inside a layout render a plain page of their own. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error)
    ? typeof error.data === "string"
      ? error.data
      : error.statusText
    : "Something went wrong on our side. Please try again in a moment.";
  return (
    <main className="container error-page">
      <h1>{status === 404 ? "Page not found" : "Sorry, something went wrong"}</h1>
      <p>{message}</p>
      <p>
        <a className="button" href="/">
          Back to the home page
        </a>
      </p>
    </main>
  );
}
