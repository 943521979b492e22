import ICAL from "ical.js";
import { expect } from "vitest";
import { rows } from "./database";
import type { RunningServer } from "./server";

/**
 * Bookings made through the shop as a customer makes them (a bag, the checkout, the payment),
 * and what a test reads back: the manage link from the confirmation email, the emails about an
 * order, a day's state in the checkout calendar. For tests of what happens to a booking after.
 */

export const BOOKING_CUSTOMER = {
  full_name: "Nadia Okafor",
  email: "nadia@example.com",
  phone_number: "07700 900555",
  address_1: "9 Canal Walk",
  town: "Reading",
  postcode: "RG1 8AA",
};

let visitor = 0;
/** A different visitor address each time, so the checkout's per-address limits never bite. */
export const nextVisitor = () => `198.51.102.${(visitor = (visitor % 250) + 1)}`;

/** A page's HTML without React's text separators. */
export const html = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

/** A bag cookie holding one of product `id`, "outside". */
export async function bagWith(server: RunningServer, id: number): Promise<string> {
  const res = await fetch(`${server.url}/bag`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "add",
      id: String(id),
      position: "outside",
      quantity: "1",
      redirectTo: "/",
    }),
  });
  const cookie = /cart=[^;]*/.exec(res.headers.get("set-cookie") ?? "")?.[0];
  expect(cookie).toBeTruthy();
  return cookie!;
}

let checkouts = 0;
/** A card checkout for `date` (hosted payment): where it was sent, and its session id. */
export async function startCardCheckout(
  server: RunningServer,
  date: string,
  productId: number,
  customer: Record<string, string> = BOOKING_CUSTOMER,
) {
  const cookie = await bagWith(server, productId);
  const res = await fetch(`${server.url}/checkout`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: server.url,
      cookie,
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": nextVisitor(),
    },
    body: new URLSearchParams({
      intent: "pay",
      // the early-start request (CCR reg. 36), needed for a date inside the cancellation period
      early_start: "yes",
      ...customer,
      date,
      ui: "hosted",
      token: `tokenBooking${String(++checkouts).padStart(4, "0")}${Date.now().toString(36)}`,
    }),
  });
  expect(res.status).toBe(303);
  const location = res.headers.get("location")!;
  return { cookie, location, sessionId: decodeURIComponent(location.split(/[/=]/).pop()!) };
}

/** Pays a demo gateway session from its page, and comes back as the customer does. */
export async function payOnDemoPage(server: RunningServer, sessionId: string) {
  const paid = await fetch(`${server.url}/payment/demo`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ session_id: sessionId, intent: "pay" }),
  });
  expect(paid.status).toBe(303);
  const back = paid.headers.get("location")!;
  return { back, page: await fetch(`${server.url}${back}`, { redirect: "manual" }) };
}

export interface OutboxRow {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
}

/** Every email that names booking HB{id}, oldest first. */
export const emailsAbout = (server: RunningServer, id: number) =>
  rows<OutboxRow>(
    server,
    "SELECT id, kind, to_address, subject, text_body FROM outbox WHERE (subject LIKE ? OR text_body LIKE ?) ORDER BY id",
    `%HB${id}%`,
    `%HB${id}%`,
  );

/** The manage link from the customer's confirmation email. */
export async function manageLinkOf(server: RunningServer, id: number): Promise<string> {
  const confirmation = (await emailsAbout(server, id)).find(
    (e) => e.kind === "booking_confirmation",
  );
  const link = /\/booking\/[A-Za-z0-9_-]{20,64}/.exec(confirmation?.text_body ?? "")?.[0];
  expect(link, "the confirmation email carries the manage link").toBeTruthy();
  return link!;
}

/** The checkout calendar's state for a day ("available", "full", …), as a customer with a bag sees it. */
export async function dayState(server: RunningServer, day: string): Promise<string | undefined> {
  const cookie = await bagWith(server, 1);
  const page = await html(
    await fetch(`${server.url}/checkout?month=${day.slice(0, 7)}`, { headers: { cookie } }),
  );
  return new RegExp(
    `calendar-day-(\\w+)"><input type="radio" name="date"(?: disabled="")? value="${day}"`,
  ).exec(page)?.[1];
}

/** A form post from the shop's own pages (the Origin check passes). */
export function postForm(server: RunningServer, path: string, fields: Record<string, string>) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

/** The calendar event attached to an email (its one VEVENT), read by ical.js. */
export async function calendarEventOf(server: RunningServer, outboxId: number) {
  const [file] = await rows<{ bytes: Uint8Array }>(
    server,
    "SELECT bytes FROM outbox_attachments WHERE outbox_id = ? AND filename LIKE '%.ics'",
    outboxId,
  );
  expect(file, "the email carries a calendar file").toBeTruthy();
  const root = new ICAL.Component(ICAL.parse(Buffer.from(file!.bytes).toString("utf8")));
  for (const zone of root.getAllSubcomponents("vtimezone"))
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const events = root.getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  const event = new ICAL.Event(events[0]!);
  return {
    uid: event.uid,
    sequence: event.sequence,
    status: events[0]!.getFirstPropertyValue("status"),
    start: event.startDate.toString(),
    zone: event.startDate.zone?.tzid,
  };
}
