import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { checkRateLimit, recordAttempt, retryAfterText } from "~/models/rate-limit.server";
import { getStaffUser, verifyStaffLogin, type StaffUser } from "~/models/user.server";
import { config } from "./config.server";
import { sessionUserId, SESSION_HOURS } from "./session.server";

/**
 * Staff authentication. Every staff loader and action calls requireStaff
 * itself: Remix runs nested loaders in parallel, so a check in the layout
 * alone would protect nothing below it.
 */

export const LOGIN_FAILED_MESSAGE = "Invalid username or password";
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES = 5;

export class LoginRefused extends Error {
  constructor(
    message: string,
    readonly status: 401 | 429,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const authenticator = new Authenticator<StaffUser>();
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const user = await verifyStaffLogin(
      String(form.get("username") ?? ""),
      String(form.get("password") ?? ""),
    );
    if (!user) throw new LoginRefused(LOGIN_FAILED_MESSAGE, 401);
    return user;
  }),
  "staff-form",
);

const buckets = (username: string, clientIp: string) => [
  `login:user:${username.trim().toLowerCase()}`,
  `login:ip:${clientIp}`,
];

/** Refuses a sign-in while the username or the address has had 5 failures in 15 minutes. */
export async function assertLoginAllowed(username: string, clientIp: string): Promise<void> {
  for (const bucket of buckets(username, clientIp)) {
    const limit = await checkRateLimit({ bucket, max: MAX_FAILURES, windowMs: FAILURE_WINDOW_MS });
    if (!limit.allowed) {
      throw new LoginRefused(
        `Too many failed sign-in attempts. Please try again ${retryAfterText(limit.retryAfterSeconds)}.`,
        429,
        limit.retryAfterSeconds,
      );
    }
  }
}

export async function recordLoginFailure(username: string, clientIp: string): Promise<void> {
  for (const bucket of buckets(username, clientIp)) await recordAttempt(bucket);
}

/**
 * The XSRF-TOKEN cookie the spec's client copies into an X-XSRF-TOKEN header
 * (double submit). Readable by scripts on purpose; it is not a secret from
 * this site, only from other sites.
 */
export function xsrfCookie(): string {
  const token = crypto.randomBytes(24).toString("base64url");
  const secure = config().isProduction ? "; Secure" : "";
  return `XSRF-TOKEN=${token}; Path=/; SameSite=Lax; Max-Age=${SESSION_HOURS * 3600}${secure}`;
}

function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

function xsrfMatches(request: Request): boolean {
  const cookie = cookieValue(request, "XSRF-TOKEN");
  const header = request.headers.get("X-XSRF-TOKEN");
  if (!cookie || !header || cookie.length !== header.length) return false;
  return crypto.timingSafeEqual(Buffer.from(cookie), Buffer.from(header));
}

/**
 * The signed-in staff member, or: a redirect to /login (pages) / a 401 JSON
 * (the /api). Staff /api calls that change data must also carry the XSRF
 * header (403 otherwise).
 */
export async function requireStaff(
  request: Request,
  kind: "page" | "api" = "page",
): Promise<StaffUser> {
  const id = await sessionUserId(request);
  const user = id ? await getStaffUser(id) : undefined;
  if (
    user &&
    kind === "api" &&
    !["GET", "HEAD"].includes(request.method) &&
    !xsrfMatches(request)
  ) {
    throw Response.json(
      { status: false, message: "Missing or wrong X-XSRF-TOKEN header" },
      { status: 403 },
    );
  }
  if (user) return user;
  if (kind === "api")
    throw Response.json({ status: false, message: "Not signed in" }, { status: 401 });
  const url = new URL(request.url);
  throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}
