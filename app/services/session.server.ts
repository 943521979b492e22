import crypto from "node:crypto";
import { createCookie, type Cookie } from "@remix-run/node";
import { config } from "./config.server";

/**
 * The staff session cookie: signed, HttpOnly, SameSite=Lax, holding only the
 * session's random token (the session itself lives in the database, see
 * models/staff-session). It lasts 12 hours from the last dashboard visit and
 * never beyond the session's 7-day lifetime.
 *
 * Beside it, the XSRF-TOKEN cookie the spec's client copies into an
 * X-XSRF-TOKEN header. Its value is derived from the session token, so a
 * token from another session (or from before a sign-out) is refused. It is
 * readable by scripts on purpose: it is a secret from other sites, not from
 * this one.
 */
export const SESSION_HOURS = 12;
const XSRF_COOKIE = "XSRF-TOKEN";

let cookie: Cookie | undefined;
/** Created on first use, so a configuration error is reported by the server's start-up, once. */
function sessionCookie(): Cookie {
  const cfg = config();
  cookie ??= createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: cfg.isProduction,
    secrets: [cfg.sessionSecret],
    maxAge: SESSION_HOURS * 3600,
  });
  return cookie;
}

/** A session token: 32 random bytes, base64url (the database keeps only its sha256). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function isSessionToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN_PATTERN.test(value);
}

/** The session token in the request's cookie, or undefined (none, forged, or an old-style cookie). */
export async function readSessionToken(request: Request): Promise<string | undefined> {
  const value: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return isSessionToken(value) ? value : undefined;
}

/** The XSRF token belonging to a session token. */
export function xsrfTokenFor(sessionToken: string): string {
  return crypto.createHmac("sha256", sessionToken).update("XSRF-TOKEN").digest("base64url");
}

function xsrfCookie(value: string, maxAgeSeconds: number): string {
  const secure = config().isProduction ? "; Secure" : "";
  return `${XSRF_COOKIE}=${value}; Path=/; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

/** Set-Cookie values for a live session: both cookies last until the session would end. */
export async function sessionCookies(
  token: string,
  session: { expiresAt: Date },
  now = new Date(),
): Promise<string[]> {
  const maxAge = Math.max(
    0,
    Math.min(SESSION_HOURS * 3600, Math.ceil((session.expiresAt.getTime() - now.getTime()) / 1000)),
  );
  return [
    await sessionCookie().serialize(token, { maxAge }),
    xsrfCookie(xsrfTokenFor(token), maxAge),
  ];
}

/** Set-Cookie values that remove both cookies. */
export async function clearedSessionCookies(): Promise<string[]> {
  return [await sessionCookie().serialize("", { maxAge: 0 }), xsrfCookie("", 0)];
}

/** The X-XSRF-TOKEN header matches the session's own token. */
export function xsrfHeaderMatches(request: Request, sessionToken: string): boolean {
  const header = Buffer.from(request.headers.get("X-XSRF-TOKEN") ?? "");
  const expected = Buffer.from(xsrfTokenFor(sessionToken));
  return header.length === expected.length && crypto.timingSafeEqual(header, expected);
}
