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
export type FlashKey = "login" | "products" | "quotes" | "quote";

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
 * The notice waiting for the page at `key`, if any, and the headers to send
 * with the page: a Set-Cookie that clears the notice once read (empty when
 * there was none, so ordinary visits set no cookie).
 */
export async function readFlash(
  request: Request,
  key: FlashKey,
): Promise<{ flash: { message: string } | null; headers: Headers }> {
  const headers = new Headers();
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("__flash=")) return { flash: null, headers };
  const flash = flashStorage();
  const session = await flash.getSession(cookie);
  const value: unknown = session.get(key);
  if (value === undefined) return { flash: null, headers };
  // Reading a flash value removes it; other pages' notices stay in the cookie.
  headers.append(
    "Set-Cookie",
    Object.keys(session.data).length
      ? await flash.commitSession(session)
      : await flash.destroySession(session),
  );
  return { flash: typeof value === "string" ? { message: value } : null, headers };
}
