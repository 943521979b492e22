import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { IntentButton } from "~/components/intent-button";
import { useState } from "react";
import { FlashNotice } from "~/components/flash-notice";
import { useHydrated } from "~/components/use-hydrated";
import {
  calendarFeedPath,
  calendarFeedSecret,
  FEED_DAYS_AFTER,
  FEED_DAYS_BEFORE,
  rotateCalendarFeedSecret,
} from "~/models/bookings/calendar-feed.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { siteUrl } from "~/services/config.server";
import { readFlash, redirectWithFlash } from "~/services/flash.server";
import styles from "~/styles/calendar-feed.css";
import { titled } from "~/lib/page-title";

/**
 * The staff calendar feed's address (docs/rules.md#calendar-feed), how to
 * subscribe to it on a phone, and "Make a new address" for when it got out.
 */

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const [secret, flash] = await Promise.all([
    calendarFeedSecret(),
    readFlash(request, "calendar-feed"),
  ]);
  const url = `${siteUrl(request)}${calendarFeedPath(secret)}`;
  return data(
    {
      url,
      webcal: url.replace(/^https?:\/\//, "webcal://"),
      flash: flash.flash,
      daysBefore: FEED_DAYS_BEFORE,
      daysAfter: FEED_DAYS_AFTER,
    },
    { headers: flash.headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request);
  const form = await request.formData();
  switch (form.get("intent")) {
    case "rotate":
      await rotateCalendarFeedSecret();
      return redirectWithFlash(
        "/dashboard/calendar-feed",
        "calendar-feed",
        "New address made. The old address no longer works: subscribe again with the address below on every phone and calendar, and remove the old calendar there.",
      );
    default:
      throw new Response("Unknown action", { status: 400 });
  }
}

function CopyButton({ text }: { text: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<string | null>(null);
  // Without JavaScript the address is selected and copied from the box itself.
  if (!hydrated || typeof navigator === "undefined" || !navigator.clipboard) return null;
  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() => {
          navigator.clipboard.writeText(text).then(
            () => setCopied("Address copied."),
            () => setCopied("Could not copy: select the address and copy it."),
          );
        }}
      >
        Copy address
      </button>
      <p className="calendar-feed-copied" aria-live="polite">
        {copied ?? ""}
      </p>
    </>
  );
}

export default function CalendarFeed() {
  const { url, webcal, flash, daysBefore, daysAfter } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const rotating =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "rotate";
  return (
    <section aria-labelledby="calendar-feed-title" className="calendar-feed">
      <h1 id="calendar-feed-title">Calendar feed</h1>
      <FlashNotice flash={flash} testId="calendar-feed-notice" />
      <p>
        Every booking from {daysBefore} days ago to {daysAfter} days ahead, in the calendar app on
        your phone: one event per collection on its day (8:00 to 18:00), with the customer&rsquo;s
        phone number, the items and any notes. Subscribe once; the app fetches changes by itself.
      </p>
      <div className="field">
        <label htmlFor="calendar-feed-url">Calendar address</label>
        <p className="field-hint" id="calendar-feed-url-hint">
          Keep it private: anyone with this address can read customers&rsquo; names, phone numbers
          and addresses. If it gets out, make a new one below.
        </p>
        <div className="calendar-feed-address">
          <input
            id="calendar-feed-url"
            type="url"
            readOnly
            value={url}
            aria-describedby="calendar-feed-url-hint"
            data-testid="calendar-feed-url"
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton text={url} />
        </div>
      </div>
      <div className="calendar-feed-actions">
        <a href={webcal} className="button button-light">
          Subscribe on this iPhone
        </a>
      </div>
      <div className="calendar-feed-help">
        <section aria-labelledby="calendar-feed-iphone">
          <h2 id="calendar-feed-iphone">iPhone or iPad</h2>
          <ol>
            <li>
              On the iPhone, tap <strong>Subscribe on this iPhone</strong> above, then{" "}
              <strong>Subscribe</strong>.
            </li>
            <li>
              Or copy the address, then open Settings → Apps → Calendar → Calendar Accounts → Add
              Account → Other → <strong>Add Subscribed Calendar</strong> (on iOS 17 and earlier:
              Settings → Calendar → Accounts), paste it and tap Next, then Save.
            </li>
          </ol>
        </section>
        <section aria-labelledby="calendar-feed-android">
          <h2 id="calendar-feed-android">Android (Google Calendar)</h2>
          <ol>
            <li>
              The Google Calendar app cannot add an address itself: open{" "}
              <strong>calendar.google.com</strong> in a browser on a computer, signed in to the
              Google account the phone uses.
            </li>
            <li>
              Beside <strong>Other calendars</strong> choose + → <strong>From URL</strong>, paste
              the address and choose Add calendar.
            </li>
            <li>
              On the phone, in Google Calendar&rsquo;s settings, open the new calendar and turn on
              Sync. Google refreshes it a few times a day, so a new booking can take hours to show.
            </li>
          </ol>
        </section>
      </div>
      <section aria-labelledby="calendar-feed-rotate" className="calendar-feed-rotate">
        <h2 id="calendar-feed-rotate">Make a new address</h2>
        <p>
          For a lost phone or someone who has left: the current address stops working at once, and
          every phone must subscribe again with the new one.
        </p>
        <Form method="post">
          <IntentButton
            intent="rotate"
            className="button button-light"
            busy={rotating}
            busyLabel="Making a new address..."
          >
            Make a new address
          </IntentButton>
        </Form>
      </section>
    </section>
  );
}

export const meta = titled("Calendar feed", "dashboard");
