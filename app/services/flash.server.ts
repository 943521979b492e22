import { bookingReference } from "~/lib/references";
import { createCookieSessionStorage, redirect, type SessionStorage } from "@remix-run/node";
import { config } from "./config.server";

/**
 * One-time notices ("Product added successfully") carried across a redirect
 * in a small signed cookie of their own, `__flash`: anonymous visitors have no
 * staff session to hold them. The page the redirect lands on reads the notice
 * in its loader, which also clears the cookie, so a reload does not show it
 * again. Works without JavaScript: the notice is rendered on the server.
 *
 * Each notice is addressed to one page (`key`), so a notice never shows up on
 * a page it was not meant for.
 */
export type FlashKey =
  | "login"
  | "products"
  | "quotes"
  | "quote"
  /** a staff quote's page: a price sent or withdrawn */
  | "quote-detail"
  /** the dashboard home, above the calendar */
  | "home"
  /** the day overlay on the dashboard home: a booking made or saved */
  | "day"
  /** the same, when the day was already full */
  | "day-full"
  /** a staff order's page: a job completed, its documents sent again */
  | "order"
  /** the calendar feed page: a new address made */
  | "calendar-feed"
  /** the inbox: a message answered or marked, a quote reminded */
  | "inbox"
  /** the settings page: settings saved */
  | "settings"
  /** the takings page: cash recorded as paid in to the bank */
  | "takings"
  /** the tip sites page: a site added, changed or no longer used */
  | "tip-sites"
  /** a tip run's page: the load just recorded, its ticket's photo kept */
  | "tip-run"
  /** the staff accounts page: an account added or changed */
  | "staff"
  /** the run sheet: a customer told the crew are on their way */
  | "run-sheet"
  | "content"
  /** the fleet page: the fleet saved, a day blocked or opened, an override added or removed */
  | "fleet";

let storage: SessionStorage | undefined;
/** Created on first use, so a configuration error is reported by the server's start-up, once. */
function flashStorage(): SessionStorage {
  const cfg = config();
  storage ??= createCookieSessionStorage({
    cookie: {
      name: "__flash",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: cfg.isProduction,
      secrets: [cfg.sessionSecret],
      // Only long enough to survive the redirect, even if the page is never reached.
      maxAge: 10 * 60,
    },
  });
  return storage;
}

/**
 * A 303 redirect to `url` that carries `message` for the page at `key`.
 * `headers` are added to the answer (for example the cookies of a sign-out).
 */
export async function redirectWithFlash(
  url: string,
  key: FlashKey,
  message: string,
  headers?: HeadersInit,
): Promise<Response> {
  const flash = flashStorage();
  const session = await flash.getSession();
  session.flash(key, message);
  const merged = new Headers(headers);
  merged.append("Set-Cookie", await flash.commitSession(session));
  return redirect(url, { status: 303, headers: merged });
}

/**
 * After staff make or change a booking: the dashboard's day view of its
 * date, saying what was done, or warning when the day was already full.
 */
export function redirectToBookedDay(
  date: string,
  booking: {
    orderId: number;
    done: "created" | "saved";
    fullDay: boolean;
    /** a new booking's confirmation went to this address */
    emailedTo?: string;
  },
): Promise<Response> {
  const url = `/dashboard/home?month=${date.slice(0, 7)}&day=${date}`;
  const done = `Booking ${bookingReference(booking.orderId)} ${booking.done}.${booking.emailedTo ? ` Its confirmation is emailed to ${booking.emailedTo}.` : ""}`;
  return booking.fullDay
    ? redirectWithFlash(
        url,
        "day-full",
        `${done} This day was already full: check the crews can take it.`,
      )
    : redirectWithFlash(url, "day", done);
}

/**
 * The notice waiting for the page at `key`, if any, and the headers to send
 * with the page: a Set-Cookie that clears the notice once read (empty when
 * there was none, so ordinary visits set no cookie).
 */
export async function readFlash(
  request: Request,
  key: FlashKey,
): Promise<{ flash: { message: string } | null; headers: Headers }> {
  const { flashes, headers } = await readFlashes(request, [key]);
  return { flash: flashes[key] ?? null, headers };
}

/** Like readFlash, for a page that shows notices in more than one place. */
export async function readFlashes<K extends FlashKey>(
  request: Request,
  keys: readonly K[],
): Promise<{ flashes: Partial<Record<K, { message: string }>>; headers: Headers }> {
  const headers = new Headers();
  const flashes: Partial<Record<K, { message: string }>> = {};
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("__flash=")) return { flashes, headers };
  const flash = flashStorage();
  const session = await flash.getSession(cookie);
  for (const key of keys) {
    const value: unknown = session.get(key);
    if (typeof value === "string") flashes[key] = { message: value };
  }
  if (Object.keys(flashes).length === 0) return { flashes, headers };
  // Reading a flash value removes it; other pages' notices stay in the cookie.
  headers.append(
    "Set-Cookie",
    Object.keys(session.data).length
      ? await flash.commitSession(session)
      : await flash.destroySession(session),
  );
  return { flashes, headers };
}
