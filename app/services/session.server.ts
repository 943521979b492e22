import { createCookieSessionStorage, redirect, type Session } from "@remix-run/node";
import { config } from "./config.server";

/**
 * The staff session: a signed, HttpOnly, SameSite=Lax cookie. It lasts 12
 * hours from the last dashboard visit (the layout re-issues it).
 */
export const SESSION_HOURS = 12;

interface SessionData {
  userId: number;
  seenAt: number;
}

let storage: ReturnType<typeof create> | undefined;
function create() {
  const cfg = config();
  return createCookieSessionStorage<SessionData>({
    cookie: {
      name: "__session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: cfg.isProduction,
      secrets: [cfg.sessionSecret],
      maxAge: SESSION_HOURS * 3600,
    },
  });
}
/** Created on first use, so a configuration error is reported by the server's start-up, once. */
function sessions() {
  storage ??= create();
  return storage;
}

export async function getSession(request: Request): Promise<Session<SessionData>> {
  return sessions().getSession(request.headers.get("Cookie"));
}

export async function commitSession(session: Session<SessionData>): Promise<string> {
  session.set("seenAt", Date.now());
  return sessions().commitSession(session);
}

export async function destroySession(session: Session<SessionData>): Promise<string> {
  return sessions().destroySession(session);
}

/** The signed-in staff member's id, or undefined (also when the session has been idle too long). */
export async function sessionUserId(request: Request): Promise<number | undefined> {
  const session = await getSession(request);
  const userId = session.get("userId");
  const seenAt = session.get("seenAt") ?? 0;
  if (!userId || Date.now() - seenAt > SESSION_HOURS * 3600 * 1000) return undefined;
  return userId;
}

export { redirect };
