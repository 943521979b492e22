import { createCookie } from "@remix-run/node";

/** Remembers for this browser session that the splash was shown (at most once per visit). */
export const splashCookie = createCookie("splash_seen", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
});

export async function splashAlreadySeen(request: Request): Promise<boolean> {
  return (await splashCookie.parse(request.headers.get("Cookie"))) === true;
}
