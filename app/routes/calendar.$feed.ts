import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  calendarFeed,
  feedMiss,
  feedSecretFrom,
  isCalendarFeedSecret,
} from "~/models/bookings/calendar-feed.server";
import { siteUrl } from "~/services/config.server";

/**
 * GET /calendar/{secret}.ics — the staff calendar feed (docs/rules.md#calendar-feed), for
 * calendar apps that subscribe to it. The secret is looked up first, so the feed is served
 * whatever others have tried; a wrong secret answers 404 and counts as a miss (429 once its
 * network has had too many).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const secret = feedSecretFrom(params.feed);
  if (secret === null || !(await isCalendarFeedSecret(secret))) return feedMiss(context.clientIp);
  return new Response(await calendarFeed(siteUrl(request)), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, max-age=300",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex",
    },
  });
}
