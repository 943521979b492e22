import { UK_TIME_ZONE } from "~/lib/format";
import { config } from "./config.server";

/**
 * iCalendar (RFC 5545) text: the one writer for every calendar the shop
 * hands out (the staff feed now, customers' emails later). Small enough to
 * write by hand, so no library: content lines end in CRLF and are folded at
 * 75 octets without splitting a character, TEXT values are escaped, times
 * are UK wall-clock times with the Europe/London VTIMEZONE beside them.
 */

export const PRODID = "-//Haulbook//Bookings//EN";

/**
 * A collection's window in UK time, until bookings carry arrival windows of
 * their own: the crew may come at any time of the collection day.
 */
export const COLLECTION_WINDOW = { start: "07:00", end: "22:00" } as const;

const CRLF = "\r\n";
/** Longest content line in octets, not counting its CRLF (RFC 5545 §3.1). */
const MAX_LINE_OCTETS = 75;

/**
 * Europe/London's rules since 1996: BST from 01:00 UTC on the last Sunday of
 * March (01:00 GMT on the wall clock) to 01:00 UTC on the last Sunday of
 * October (02:00 BST on the wall clock). Each DTSTART is the local time in
 * the offset being left.
 */
const LONDON_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${UK_TIME_ZONE}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0000",
  "TZOFFSETTO:+0100",
  "TZNAME:BST",
  "DTSTART:19700329T010000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0000",
  "TZNAME:GMT",
  "DTSTART:19701025T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** A TEXT value escaped (§3.3.11): backslash, semicolon, comma and line breaks; other controls dropped. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, "\n")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
      .replace(/[\\;,]/g, (c) => `\\${c}`)
      .replace(/\n/g, "\\n")
  );
}

/**
 * One content line folded (§3.1): no physical line longer than 75 octets of
 * UTF-8; each continuation starts with a space, which counts. Splits only
 * between characters (code points), never inside one.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    if (octets + size > MAX_LINE_OCTETS) {
      parts.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}

/** Content lines as iCalendar text: each folded, each ended by CRLF. */
function render(lines: string[]): string {
  return lines.map((line) => foldLine(line) + CRLF).join("");
}

/**
 * The host booking UIDs are made under: PUBLIC_URL's, else the starting business email's domain
 * (not the one staff may change in Settings: a UID must stay the same for every version of an event).
 */
export function uidHost(): string {
  const cfg = config();
  if (cfg.publicUrlSet) return new URL(cfg.publicUrl).hostname;
  return cfg.startingBusiness.email.split("@").pop()!.toLowerCase();
}

/** A booking's UID: the same for every version of its event, in the feed and in emails. */
export function bookingUid(orderId: number): string {
  return `booking-${orderId}@${uidHost()}`;
}

/** A UTC timestamp as a DATE-TIME in UTC: "2026-11-23T14:05:09.123Z" → "20261123T140509Z". */
export function utcDateTime(when: Date | string): string {
  const date = typeof when === "string" ? new Date(when) : when;
  if (Number.isNaN(date.getTime())) throw new Error(`Not a timestamp: ${String(when)}`);
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** A UK day and wall-clock time as a local DATE-TIME: ("2026-07-15", "08:00") → "20260715T080000". */
function localDateTime(day: string, time: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d{2}:\d{2}$/.test(time))
    throw new Error(`Not a day and time: ${day} ${time}`);
  return `${day.replace(/-/g, "")}T${time.replace(":", "")}00`;
}

export interface BookingEventInput {
  orderId: number;
  /** YYYY-MM-DD, a day in the UK */
  collectionDate: string;
  /** the arrival window's hours, "HH:MM" in UK time (the whole collection day when left out) */
  hours?: { start: string; end: string };
  summary: string;
  description: string;
  location: string;
  /** bumped each time the booking changes in a way a calendar should show (RFC 5546) */
  sequence: number;
  status: "CONFIRMED" | "CANCELLED";
  /** when the booking last changed: DTSTAMP and LAST-MODIFIED */
  updatedAt: Date | string;
  /** a page about the booking, if there is one to link */
  url?: string;
}

/** One booking as a VEVENT: folded iCalendar text, CRLF-ended, for `calendar`. */
export function bookingEvent(event: BookingEventInput): string {
  const stamp = utcDateTime(event.updatedAt);
  const tz = `TZID=${UK_TIME_ZONE}`;
  return render([
    "BEGIN:VEVENT",
    `UID:${bookingUid(event.orderId)}`,
    `DTSTAMP:${stamp}`,
    `LAST-MODIFIED:${stamp}`,
    `DTSTART;${tz}:${localDateTime(event.collectionDate, (event.hours ?? COLLECTION_WINDOW).start)}`,
    `DTEND;${tz}:${localDateTime(event.collectionDate, (event.hours ?? COLLECTION_WINDOW).end)}`,
    `SEQUENCE:${Math.max(0, Math.trunc(event.sequence))}`,
    `STATUS:${event.status}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    "TRANSP:OPAQUE",
    "END:VEVENT",
  ]);
}

export interface CalendarInput {
  /** shown by calendar apps as the calendar's name */
  name: string;
  /** PUBLISH for a feed, REQUEST or CANCEL for an invitation by email; none for a plain file */
  method?: "PUBLISH" | "REQUEST" | "CANCEL";
  /** VEVENTs from bookingEvent */
  events: string[];
}

/** A whole VCALENDAR: the Europe/London VTIMEZONE and the events given. */
export function calendar({ name, method, events }: CalendarInput): string {
  const head = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODID}`,
    "CALSCALE:GREGORIAN",
    ...(method ? [`METHOD:${method}`] : []),
    `NAME:${escapeText(name)}`,
    `X-WR-CALNAME:${escapeText(name)}`,
    `X-WR-TIMEZONE:${UK_TIME_ZONE}`,
    ...LONDON_VTIMEZONE,
  ];
  return render(head) + events.join("") + render(["END:VCALENDAR"]);
}
