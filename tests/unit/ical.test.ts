import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import {
  bookingEvent,
  calendar,
  COLLECTION_WINDOW,
  escapeText,
  foldLine,
  PRODID,
  type BookingEventInput,
} from "~/services/ical.server";

/** iCalendar files (app/services/ical.server.ts), read back by ical.js, an independent parser. */

beforeAll(() => {
  // The UID's host comes from the configuration: PUBLIC_URL here (its data folder a throwaway one).
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "haulbook-ical-"));
  process.env.PUBLIC_URL = "https://bookings.haulbook.example/";
});

const BASE: BookingEventInput = {
  orderId: 42,
  collectionDate: "2026-07-15",
  summary: "Collection: Priya Raman (3 items)",
  description: "Phone: 07700 900123",
  location: "22 Elm Grove, Guildford, GU1 3AB",
  sequence: 0,
  status: "CONFIRMED",
  updatedAt: "2026-06-01T09:30:15.250Z",
};

const octets = (line: string) => Buffer.byteLength(line, "utf8");
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, "");

/** The whole file parsed, with its VTIMEZONE registered so that TZID times are read by our rules. */
function parse(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  for (const zone of root.getAllSubcomponents("vtimezone"))
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  return root;
}

function onlyEvent(input: Partial<BookingEventInput> = {}) {
  const root = parse(calendar({ name: "Bookings", events: [bookingEvent({ ...BASE, ...input })] }));
  const events = root.getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  return events[0]!;
}

const utcOf = (time: ICAL.Time) => time.toJSDate().toISOString();

describe("folding", () => {
  const description =
    "Sofa – “three-seater” 🛋️, fridge ❄️ and a piano 🎹; café crème stains; naïve façade. ".repeat(
      3,
    ) + "Ends here: ÆØÅ ✓";

  it("keeps every physical line to 75 octets without splitting a character, and unfolds to the text", () => {
    expect(description.length).toBeGreaterThanOrEqual(200);
    const text = bookingEvent({ ...BASE, description });
    expect(text.endsWith("\r\n")).toBe(true);
    const physical = text.slice(0, -2).split("\r\n");
    for (const line of physical) {
      expect(octets(line)).toBeLessThanOrEqual(75);
      // A split inside a character would leave a replacement character once decoded.
      expect(Buffer.from(line, "utf8").toString("utf8")).not.toContain("\uFFFD");
      expect(line).not.toMatch(/[\uD800-\uDBFF]$|^[ ]?[\uDC00-\uDFFF]/);
    }
    const folded = physical.filter((line) => line.startsWith(" "));
    expect(folded.length).toBeGreaterThan(2);
    const logical = unfold(text).split("\r\n");
    expect(logical).toContain(`DESCRIPTION:${escapeText(description)}`);
    expect(onlyEvent({ description }).getFirstPropertyValue("description")).toBe(description);
  });

  it("folds a line of exactly 75 octets not at all, and one of 76 once", () => {
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
    expect(foldLine("x".repeat(76))).toBe(`${"x".repeat(75)}\r\n x`);
    // A 4-octet character that would cross the limit moves whole to the next line.
    const folded = foldLine(`${"x".repeat(73)}🎹y`);
    expect(folded).toBe(`${"x".repeat(73)}\r\n 🎹y`);
  });

  it("ends every line of a calendar with CRLF and never a bare LF", () => {
    const text = calendar({ name: "Bookings", events: [bookingEvent(BASE)] });
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });
});

describe("escaping", () => {
  it("escapes backslashes, semicolons, commas and line breaks in TEXT values", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf\rg")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
    expect(escapeText("tab\tstays, bell\u0007 goes")).toBe("tab\tstays\\, bell goes");
  });

  it("reads back exactly what was written", () => {
    const summary = "Collection: O'Brien; Smith, Jones \\ Co (2 items)";
    const description =
      "Phone: 07700 900123\n\nItems:\n- 1 × Sofa (Outside — left out)\nGate code: 1;2,3";
    const location = "Flat 2, 10 High St; Leeds, LS1 1AA";
    const event = onlyEvent({ summary, description, location });
    expect(event.getFirstPropertyValue("summary")).toBe(summary);
    expect(event.getFirstPropertyValue("description")).toBe(description);
    expect(event.getFirstPropertyValue("location")).toBe(location);
  });
});

describe("times", () => {
  it("puts a summer collection at 07:00–22:00 BST: 06:00Z to 21:00Z", () => {
    const event = onlyEvent({ collectionDate: "2026-07-15" });
    const start = event.getFirstPropertyValue("dtstart") as ICAL.Time;
    const end = event.getFirstPropertyValue("dtend") as ICAL.Time;
    expect(event.getFirstProperty("dtstart")!.getParameter("tzid")).toBe("Europe/London");
    expect(start.toString()).toBe("2026-07-15T07:00:00");
    expect(utcOf(start)).toBe("2026-07-15T06:00:00.000Z");
    expect(utcOf(end)).toBe("2026-07-15T21:00:00.000Z");
  });

  it("puts a winter collection at 07:00–22:00 GMT: 07:00Z to 22:00Z", () => {
    const event = onlyEvent({ collectionDate: "2026-12-02" });
    expect(utcOf(event.getFirstPropertyValue("dtstart") as ICAL.Time)).toBe(
      "2026-12-02T07:00:00.000Z",
    );
    expect(utcOf(event.getFirstPropertyValue("dtend") as ICAL.Time)).toBe(
      "2026-12-02T22:00:00.000Z",
    );
  });

  it("puts a collection with an arrival window at that window's hours", () => {
    const event = onlyEvent({
      collectionDate: "2026-07-15",
      hours: { start: "12:00", end: "17:00" },
    });
    expect((event.getFirstPropertyValue("dtstart") as ICAL.Time).toString()).toBe(
      "2026-07-15T12:00:00",
    );
    expect(utcOf(event.getFirstPropertyValue("dtstart") as ICAL.Time)).toBe(
      "2026-07-15T11:00:00.000Z",
    );
    expect(utcOf(event.getFirstPropertyValue("dtend") as ICAL.Time)).toBe(
      "2026-07-15T16:00:00.000Z",
    );
  });

  it("changes offset on the last Sundays of March and October, not the days before", () => {
    const startOn = (day: string) =>
      utcOf(onlyEvent({ collectionDate: day }).getFirstPropertyValue("dtstart") as ICAL.Time);
    expect(startOn("2027-03-27")).toBe("2027-03-27T07:00:00.000Z");
    expect(startOn("2027-03-28")).toBe("2027-03-28T06:00:00.000Z");
    expect(startOn("2027-10-30")).toBe("2027-10-30T06:00:00.000Z");
    expect(startOn("2027-10-31")).toBe("2027-10-31T07:00:00.000Z");
  });

  it("keeps the window in one constant, and DTSTAMP in UTC", () => {
    expect(COLLECTION_WINDOW).toEqual({ start: "07:00", end: "22:00" });
    const text = unfold(bookingEvent(BASE));
    expect(text).toContain("DTSTAMP:20260601T093015Z\r\n");
    expect(text).toContain("DTSTART;TZID=Europe/London:20260715T070000\r\n");
    expect(text).toContain("DTEND;TZID=Europe/London:20260715T220000\r\n");
    const stamp = onlyEvent().getFirstPropertyValue("dtstamp") as ICAL.Time;
    expect(stamp.zone).toBe(ICAL.Timezone.utcTimezone);
  });
});

describe("identity and state", () => {
  it("gives a booking the same UID every time, under PUBLIC_URL's host", () => {
    const uid = onlyEvent().getFirstPropertyValue("uid");
    expect(uid).toBe("booking-42@bookings.haulbook.example");
    expect(
      onlyEvent({
        sequence: 3,
        summary: "changed",
        collectionDate: "2026-08-01",
      }).getFirstPropertyValue("uid"),
    ).toBe(uid);
    expect(onlyEvent({ orderId: 43 }).getFirstPropertyValue("uid")).toBe(
      "booking-43@bookings.haulbook.example",
    );
  });

  it("writes SEQUENCE and STATUS as given", () => {
    const confirmed = onlyEvent({ sequence: 0, status: "CONFIRMED" });
    expect(confirmed.getFirstPropertyValue("sequence")).toBe(0);
    expect(confirmed.getFirstPropertyValue("status")).toBe("CONFIRMED");
    const cancelled = onlyEvent({ sequence: 2, status: "CANCELLED" });
    expect(cancelled.getFirstPropertyValue("sequence")).toBe(2);
    expect(cancelled.getFirstPropertyValue("status")).toBe("CANCELLED");
  });

  it("wraps events in a VCALENDAR with PRODID, VERSION, METHOD and the London VTIMEZONE", () => {
    const root = parse(
      calendar({
        name: "Haulbook, bookings",
        method: "REQUEST",
        events: [bookingEvent(BASE), bookingEvent({ ...BASE, orderId: 7 })],
      }),
    );
    expect(root.name).toBe("vcalendar");
    expect(root.getFirstPropertyValue("prodid")).toBe(PRODID);
    expect(PRODID).toBe("-//Haulbook//Bookings//EN");
    expect(root.getFirstPropertyValue("version")).toBe("2.0");
    expect(root.getFirstPropertyValue("method")).toBe("REQUEST");
    // An X- property is left as written (escaped TEXT, as calendar apps read it).
    expect(root.getFirstPropertyValue("x-wr-calname")).toBe("Haulbook\\, bookings");
    const zone = root.getFirstSubcomponent("vtimezone")!;
    expect(zone.getFirstPropertyValue("tzid")).toBe("Europe/London");
    expect(root.getAllSubcomponents("vevent").map((e) => e.getFirstPropertyValue("uid"))).toEqual([
      "booking-42@bookings.haulbook.example",
      "booking-7@bookings.haulbook.example",
    ]);
    expect(parse(calendar({ name: "x", events: [] })).getFirstPropertyValue("method")).toBeNull();
  });
});
