import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  calendarFeed,
  feedLookupAllowed,
  feedSecretFrom,
  isCalendarFeedSecret,
  recordFeedMiss,
} from "~/models/calendar-feed.server";
import { siteUrl } from "~/services/config.server";

/**
 * GET /calendar/{secret}.ics — the staff calendar feed (docs/rules.md#calendar-feed), for
 * calendar apps that subscribe to it. A wrong secret answers 404 and counts as a miss.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lookup = await feedLookupAllowed(context.clientIp);
  if (!lookup.allowed)
    return new Response(lookup.message, {
      status: 429,
      headers: { "Retry-After": String(lookup.retryAfterSeconds) },
    });
  const secret = feedSecretFrom(params.feed);
  if (secret === null || !(await isCalendarFeedSecret(secret))) {
    await recordFeedMiss(context.clientIp);
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(await calendarFeed(siteUrl(request)), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, max-age=300",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex",
    },
  });
}
