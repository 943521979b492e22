import { Link, useRouteLoaderData } from "@remix-run/react";
import { CANCELLATION_TERMS, cancellationPolicy } from "~/lib/cancellation";
import { useVatWording } from "~/components/use-vat-wording";
import type { loader as siteLoader } from "./_site";
import { sharedPageHeaders } from "~/lib/headers";
import { titled } from "~/lib/page-title";

/** The same page for every visitor without a bag or a session: kept and shared by the server. */
export const headers = sharedPageHeaders;

/**
 * The terms a customer agrees to when they book (linked beside "Book and pay"), with their
 * right to cancel under the Consumer Contracts Regulations 2013 stated before the contract.
 */
export default function Terms() {
  const site = useRouteLoaderData<typeof siteLoader>("routes/_site");
  const business = site?.business;
  const days = CANCELLATION_TERMS.freeUntilDays;
  const { vat } = useVatWording();
  return (
    <article className="container prose" aria-labelledby="terms-title">
      <h1 id="terms-title">Booking terms</h1>
      <p>
        These terms apply when you book a collection with {business?.name ?? "us"}
        {business ? `, ${business.address}` : ""}. We are a registered waste carrier
        {business ? ` (${business.wasteCarrierLicence})` : ""}.
      </p>
      <h2>Your booking</h2>
      <p>
        A booking is made when your card payment is accepted (or, for a booking made by phone, when
        we confirm it by email). We collect on the date you chose, between 7am and 10pm (our
        collection hours), and call you about 30 minutes before we arrive. The price is for the
        items and positions you booked; if there is much more to take on the day we tell you the
        price for it before we take it.
      </p>
      <h2>Changing or cancelling</h2>
      <p>{cancellationPolicy(vat.registered).join(" ")}</p>
      <p>
        You can see what a change would cost today on your booking&rsquo;s own page:{" "}
        <Link to="/booking">manage your booking</Link>.
      </p>
      <h2 id="right-to-cancel">Your right to cancel</h2>
      <p>
        If you book as a consumer, you have the right to cancel within 14 days of the day after you
        booked, without giving a reason, under the Consumer Contracts Regulations 2013. If you
        cancel within that period before we have collected, we refund everything you paid, whatever
        the {days}-day terms above say, within 14 days, to the card you paid with.
      </p>
      <p>
        If your collection date falls inside those 14 days, we ask you to tick a box to request that
        we collect then. Once the collection is done, the right to cancel ends.
      </p>
      <p>
        To cancel, use <Link to="/booking">manage your booking</Link>, call or email us
        {business ? (
          <>
            {" "}
            (<a href={`tel:${business.phone.replace(/\s+/g, "")}`}>{business.phone}</a>,{" "}
            <a href={`mailto:${business.email}`}>{business.email}</a>)
          </>
        ) : null}
        , or send us the <Link to="/cancellation-form">model cancellation form</Link> (you do not
        have to use it).
      </p>
      <h2>Your waste</h2>
      <p>
        We give you a waste transfer note for what we take, by email, and keep a copy for two years
        as the law requires. Please tell us about anything hazardous (paint, chemicals, asbestos,
        gas bottles) before the day: we may not be able to take it.
      </p>
    </article>
  );
}

export const meta = titled("Booking terms");
