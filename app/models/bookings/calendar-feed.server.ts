import { paymentWayOf } from "~/lib/domain";
import crypto from "node:crypto";
import { addDaysIso } from "~/lib/calendar";
import { windowDescription, windowHours } from "~/lib/capacity";
import { clientNetwork } from "~/lib/client-network";
import { formatDateTime } from "~/lib/format";
import { todayInLondon } from "~/lib/london-clock.server";
import { jobPaymentLine } from "~/lib/run-sheet";
import { bookingEvent, calendar } from "~/services/ical.server";
import { wasBooked } from "./booking.server";
import { getFleetSettings } from "./fleet.server";
import { crewJobLines, crewJobsQuery } from "../job-day/crew-jobs.server";
import { countedMissResponse } from "../customer-links/customer-link.server";
import { retryAfterText, type RateLimit } from "../shop/rate-limit.server";
import { addSettingIfAbsent, getSetting, setSetting } from "../shop/settings.server";
import { businessProfile } from "~/models/shop/business-profile.server";
import { bookingReference } from "~/lib/references";

/**
 * The staff calendar feed (docs/rules.md#calendar-feed): every booking from a
 * week ago to 90 days ahead as an iCalendar file at a secret address, for the
 * crew's phones to subscribe to. The secret is the setting
 * `calendar_feed_secret`, made on first use; making a new one retires the old
 * address at once.
 */

export const CALENDAR_FEED_SECRET_KEY = "calendar_feed_secret";
/** Days before today the feed still lists (last week's jobs stay on the phones for a while). */
export const FEED_DAYS_BEFORE = 7;
/** Days after today the feed lists: as far ahead as customers can book. */
export const FEED_DAYS_AFTER = 90;

function newSecret(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** The feed's secret, made and stored on first use (two processes asking at once agree on one). */
export async function calendarFeedSecret(): Promise<string> {
  const stored = await getSetting(CALENDAR_FEED_SECRET_KEY);
  return stored ?? addSettingIfAbsent(CALENDAR_FEED_SECRET_KEY, newSecret());
}

/** A new secret in place of the old one: the old address answers 404 from now on. */
export async function rotateCalendarFeedSecret(): Promise<string> {
  const secret = newSecret();
  await setSetting(CALENDAR_FEED_SECRET_KEY, secret);
  return secret;
}

/** The feed's path for a secret: /calendar/<secret>.ics */
export function calendarFeedPath(secret: string): string {
  return `/calendar/${secret}.ics`;
}

/** The secret in a feed path's last segment ("<secret>.ics"), or null when it is not shaped like one. */
export function feedSecretFrom(segment: string | undefined): string | null {
  const match = /^([A-Za-z0-9_-]{1,100})\.ics$/.exec(segment ?? "");
  return match ? match[1]! : null;
}

/** Whether a secret is the feed's, compared in constant time (as digests, so lengths never show). */
export async function isCalendarFeedSecret(candidate: string): Promise<boolean> {
  const stored = await getSetting(CALENDAR_FEED_SECRET_KEY);
  if (!stored) return false;
  const digest = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest();
  return crypto.timingSafeEqual(digest(candidate), digest(stored));
}

/**
 * Feed addresses from one network that found nothing: a phone with an old
 * address asks a few times an hour, a guesser thousands. Only misses count:
 * the feed's own address is served whatever others have tried.
 */
export function feedMissLimit(clientIp: string): RateLimit {
  return { bucket: `calendar-feed-miss:${clientNetwork(clientIp)}`, max: 30, windowMs: 3_600_000 };
}

/**
 * A feed address that was not the feed: counted (reserved under the
 * network's lock, so a parallel burst counts every miss) and answered 404,
 * or 429 with Retry-After once the network has had its 30 misses in the hour.
 */
export async function feedMiss(clientIp: string, now = new Date()): Promise<Response> {
  return countedMissResponse(
    feedMissLimit(clientIp),
    "Not found",
    (retryAfterSeconds) =>
      `Too many calendar addresses that do not exist were asked for from your connection. Please try again ${retryAfterText(retryAfterSeconds)}.`,
    now,
  );
}

/** One booking as the feed shows it. */
export interface FeedBooking {
  orderId: number;
  collectionDate: string;
  fullName: string;
  phoneNumber: string;
  address: string;
  /** "2 × Sofa (Outside — left out for collection)" */
  items: string[];
  /** the number of things to collect (quantities added up) */
  itemCount: number;
  notes: string[];
  payment: string;
  updatedAt: string;
  /** when it was cancelled; null while it stands */
  cancelledAt: string | null;
  /** the calendar event's SEQUENCE (orders.ics_sequence) */
  sequence: number;
  /** "Afternoon, 12:00 to 17:00" */
  arrival: string;
  /** the window's hours, for the event's start and end */
  hours: { start: string; end: string };
}

/**
 * The bookings the feed lists, a week back to 90 days ahead: what the calendar
 * counts (isBooking), and those cancelled since (wasBooked), so a phone that
 * holds one replaces it with the cancelled event.
 */
export async function feedBookings(now = new Date()): Promise<FeedBooking[]> {
  const today = todayInLondon(now);
  const orders = await crewJobsQuery()
    .select([
      "orders.collection_date",
      "orders.updated_at",
      "orders.cancelled_at",
      "orders.ics_sequence",
    ])
    .where("orders.collection_date", ">=", addDaysIso(today, -FEED_DAYS_BEFORE))
    .where("orders.collection_date", "<=", addDaysIso(today, FEED_DAYS_AFTER))
    .where(wasBooked)
    .orderBy("orders.collection_date")
    .orderBy("orders.id")
    .execute();
  if (orders.length === 0) return [];
  const { windows } = await getFleetSettings();
  const itemsOf = await crewJobLines(orders.map((o) => o.id));
  return orders.map((o) => ({
    orderId: o.id,
    collectionDate: o.collection_date,
    fullName: o.full_name,
    phoneNumber: o.phone_number,
    address: `${o.address_1}, ${o.town}, ${o.postcode}`,
    items: itemsOf.get(o.id)?.items ?? [],
    itemCount: itemsOf.get(o.id)?.count ?? 0,
    notes: [o.notes, o.comments].map((n) => n?.trim() ?? "").filter((n) => n !== ""),
    payment: jobPaymentLine(paymentWayOf(o), o.status, o.total_pence).text,
    updatedAt: o.updated_at,
    cancelledAt: o.cancelled_at,
    sequence: o.ics_sequence,
    arrival: windowDescription(o.arrival_window, windows),
    hours: windowHours(o.arrival_window, windows),
  }));
}

/** "Collection: Priya Raman (3 items)"; "Cancelled: Collection: …" once cancelled. */
export function feedSummary(
  booking: Pick<FeedBooking, "fullName" | "itemCount" | "cancelledAt">,
): string {
  const n = booking.itemCount;
  const summary = `Collection: ${booking.fullName} (${n} ${n === 1 ? "item" : "items"})`;
  return booking.cancelledAt ? `Cancelled: ${summary}` : summary;
}

/** What the crew read in the event: phone, items with their positions, notes, payment, the order's page. */
export function feedDescription(booking: FeedBooking, orderUrl: string): string {
  return [
    ...(booking.cancelledAt
      ? [`Cancelled ${formatDateTime(booking.cancelledAt)}: no collection.`, ""]
      : []),
    `Arrival: ${booking.arrival}`,
    `Phone: ${booking.phoneNumber}`,
    "",
    "Items:",
    ...(booking.items.length
      ? booking.items.map((item) => `- ${item}`)
      : ["- none listed: a booking made by hand"]),
    ...(booking.notes.length ? ["", "Notes:", ...booking.notes] : []),
    "",
    booking.payment,
    `Order ${bookingReference(booking.orderId)}: ${orderUrl}`,
  ].join("\n");
}

/** The feed as iCalendar text; `siteUrl` is the site's address for links to the orders. */
export async function calendarFeed(siteUrl: string, now = new Date()): Promise<string> {
  const bookings = await feedBookings(now);
  return calendar({
    name: `${businessProfile().name} bookings`,
    method: "PUBLISH",
    events: bookings.map((booking) => {
      const url = `${siteUrl}/dashboard/orders/${booking.orderId}`;
      return bookingEvent({
        orderId: booking.orderId,
        collectionDate: booking.collectionDate,
        hours: booking.hours,
        summary: feedSummary(booking),
        description: feedDescription(booking, url),
        location: booking.address,
        // The same SEQUENCE as the customer's calendar files: moved on by each change.
        sequence: booking.sequence,
        status: booking.cancelledAt ? "CANCELLED" : "CONFIRMED",
        updatedAt: booking.updatedAt,
        url,
      });
    }),
  });
}
