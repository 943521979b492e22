import { redirect } from "@remix-run/node";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { formValues } from "~/lib/forms";
import { canReach, NOT_YOURS_MESSAGE, reachOf } from "~/lib/staff-roles";
import { attemptLogin } from "~/models/staff/login-throttle.server";
import {
  createStaffSession,
  endStaffSession,
  findStaffSession,
  pruneStaffSessions,
  type StaffSession,
} from "~/models/staff/staff-session.server";
import { loginSchema, type StaffUser } from "~/models/staff/user.server";
import {
  clearedSessionCookies,
  readSessionToken,
  sessionCookies,
  xsrfHeaderMatches,
} from "~/services/session.server";

/**
 * Staff authentication. Every staff loader and action calls requireStaff
 * itself: Remix runs nested loaders in parallel, so a check in the layout
 * alone would protect nothing below it. The sign-in rules themselves
 * (throttling, the password check) live in models/login-throttle; signing in
 * goes through remix-auth's FormStrategy (signInStaff below).
 */

export interface CurrentSession {
  token: string;
  session: StaffSession;
}

// Nested loaders of one request share one lookup.
const lookups = new WeakMap<Request, Promise<CurrentSession | undefined>>();

/** The request's live staff session, or undefined (none, ended, or an old-style cookie). */
export function currentStaffSession(request: Request): Promise<CurrentSession | undefined> {
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = (async () => {
      const token = await readSessionToken(request);
      const session = token ? await findStaffSession(token) : undefined;
      return token && session ? { token, session } : undefined;
    })();
    lookups.set(request, lookup);
  }
  return lookup;
}

/**
 * The signed-in staff member's session, or: a redirect to /login (pages) /
 * a 401 JSON (the /api). Staff /api calls that change data must also carry
 * this session's XSRF token in the X-XSRF-TOKEN header (403 otherwise). The
 * member's role must reach the request's path (app/lib/staff-roles.ts): 403
 * otherwise, a page saying so or the /api's JSON. The dashboard's layout
 * asks `anyReach`: its leaf route checks the page.
 */
export async function requireStaffSession(
  request: Request,
  kind: "page" | "api" = "page",
  { anyReach = false }: { anyReach?: boolean } = {},
): Promise<CurrentSession> {
  const current = await currentStaffSession(request);
  if (current) {
    const reach = reachOf(new URL(request.url).pathname, request.method);
    if (!anyReach && !canReach(current.session.user.role, reach))
      throw kind === "api"
        ? Response.json({ status: false, message: NOT_YOURS_MESSAGE }, { status: 403 })
        : new Response(NOT_YOURS_MESSAGE, { status: 403 });
    if (
      kind === "api" &&
      !["GET", "HEAD"].includes(request.method) &&
      !xsrfHeaderMatches(request, current.token)
    ) {
      throw Response.json(
        { status: false, message: "Missing or wrong X-XSRF-TOKEN header" },
        { status: 403 },
      );
    }
    return current;
  }
  if (kind === "api")
    throw Response.json({ status: false, message: "Not signed in" }, { status: 401 });
  const url = new URL(request.url);
  throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** The signed-in staff member (see requireStaffSession). */
export async function requireStaff(
  request: Request,
  kind: "page" | "api" = "page",
): Promise<StaffUser> {
  return (await requireStaffSession(request, kind)).session.user;
}

/** A sign-in that was refused: the status and message to answer with (and when to retry). */
export class SignInRefused extends Error {
  constructor(
    readonly status: 400 | 401 | 429 | 503,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const STRATEGY = "staff-form";

/**
 * The staff sign-in, as remix-auth sees it: a FormStrategy that reads the
 * username and password from a form, checks their shape, then hands them to
 * the throttled password check. The strategy only ever sees the form and a
 * request, so the client's address (from the server, not from the request's
 * headers) is given to it here, one authenticator per attempt.
 */
function staffAuthenticator(clientAddress: string): Authenticator<StaffUser> {
  return new Authenticator<StaffUser>().use(
    new FormStrategy(async ({ form }) => {
      const parsed = loginSchema.safeParse(formValues(form));
      if (!parsed.success) throw new SignInRefused(400, parsed.error.issues[0]!.message);
      const outcome = await attemptLogin(parsed.data, clientAddress);
      if (outcome.ok) return outcome.user;
      throw new SignInRefused(
        outcome.status,
        outcome.message,
        outcome.status === 401 ? undefined : outcome.retryAfterSeconds,
      );
    }),
    STRATEGY,
  );
}

/**
 * Signs a staff member in from what they posted (the login page's form
 * fields, or the validated JSON of POST /api/login/): authenticates through
 * the FormStrategy and starts their session. Returns the Set-Cookie headers;
 * throws SignInRefused when the sign-in is refused.
 */
export async function signInStaff(
  request: Request,
  fields: Record<string, string>,
  clientAddress: string,
): Promise<Headers> {
  // The strategy reads a form: hand it one, URL-encoded so every character arrives as sent.
  const form = new Request(request.url, { method: "POST", body: new URLSearchParams(fields) });
  const user = await staffAuthenticator(clientAddress).authenticate(STRATEGY, form);
  return startStaffSession(request, user);
}

/**
 * Starts a session for a staff member who has just signed in; returns the
 * Set-Cookie headers (the session cookie and its XSRF-TOKEN cookie). A
 * session the browser still held is ended first. The one place a staff
 * session is created.
 */
async function startStaffSession(request: Request, user: StaffUser): Promise<Headers> {
  const previous = await readSessionToken(request);
  if (previous) await endStaffSession(previous);
  await pruneStaffSessions();
  const { token, session } = await createStaffSession(user.id);
  const headers = new Headers();
  for (const value of await sessionCookies(token, session)) headers.append("Set-Cookie", value);
  return headers;
}

/** The Set-Cookie headers that keep a live session's cookies for another 12 hours (within its lifetime). */
export async function renewedSessionHeaders(current: CurrentSession): Promise<Headers> {
  const headers = new Headers();
  for (const value of await sessionCookies(current.token, current.session))
    headers.append("Set-Cookie", value);
  return headers;
}

/** Ends the request's session (sign-out); returns the Set-Cookie headers that clear both cookies. */
export async function endCurrentSession(request: Request): Promise<Headers> {
  const token = await readSessionToken(request);
  if (token) await endStaffSession(token);
  const headers = new Headers();
  for (const value of await clearedSessionCookies()) headers.append("Set-Cookie", value);
  return headers;
}
