import { useRouteLoaderData } from "@remix-run/react";
import type { loader as siteLoader } from "./_site";
import { sharedPageHeaders } from "~/lib/headers";
import { titled } from "~/lib/page-title";

/** The same page for every visitor without a bag or a session: kept and shared by the server. */
export const headers = sharedPageHeaders;

export default function Privacy() {
  const site = useRouteLoaderData<typeof siteLoader>("routes/_site");
  const business = site?.business;
  return (
    <article className="container prose">
      <h1>Privacy and cookies</h1>
      <p>
        We keep this short because we keep very little. This site sets only the cookies it needs to
        work, so there is no cookie banner: no analytics, no advertising and no third-party
        trackers.
      </p>
      <h2>Cookies we set</h2>
      <ul>
        <li>
          <strong>cart</strong>: the items in your bag (product, position and quantity), kept for 30
          days.
        </li>
        <li>
          <strong>session</strong>: used only when our staff sign in to the dashboard, and for
          one-off messages such as “Product added”.
        </li>
      </ul>
      <h2>What we keep about you</h2>
      <p>
        When you book or ask for a quote we keep your name, contact details, address, what we
        collected and any photos you sent. The law requires waste carriers to keep waste transfer
        records, so we keep them for two years after the job, then delete them. Card payments are
        handled by Stripe; we never see or store your card number.
      </p>
      <h2>Your rights</h2>
      <p>
        You can ask for a copy of your data or ask us to correct it
        {business ? (
          <>
            {" "}
            by emailing <a href={`mailto:${business.email}`}>{business.email}</a> or calling{" "}
            {business.phone}
          </>
        ) : null}
        .
      </p>
    </article>
  );
}

export const meta = titled("Privacy and cookies");
