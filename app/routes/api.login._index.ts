import type { ActionFunctionArgs } from "@remix-run/node";
import { verifyStaffLogin } from "~/models/user.server";
import {
  assertLoginAllowed,
  LOGIN_FAILED_MESSAGE,
  LoginRefused,
  recordLoginFailure,
  xsrfCookie,
} from "~/services/auth.server";
import { commitSession, getSession } from "~/services/session.server";

/** POST /api/login/ {username, password} → {status, message} and the session cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = (await request.json().catch(() => ({}))) as {
    username?: unknown;
    password?: unknown;
  };
  const username = typeof body.username === "string" ? body.username.trim() : "";
  const password = typeof body.password === "string" ? body.password : "";
  try {
    await assertLoginAllowed(username, context.clientIp);
    const user = await verifyStaffLogin(username, password);
    if (!user) {
      await recordLoginFailure(username, context.clientIp);
      return Response.json({ status: false, message: LOGIN_FAILED_MESSAGE }, { status: 401 });
    }
    const session = await getSession(request);
    session.set("userId", user.id);
    const headers = new Headers({ "Set-Cookie": await commitSession(session) });
    headers.append("Set-Cookie", xsrfCookie());
    return Response.json({ status: true, message: "Signed in" }, { headers });
  } catch (error) {
    if (!(error instanceof LoginRefused)) throw error;
    return Response.json(
      { status: false, message: error.message },
      { status: error.status, headers: { "Retry-After": String(error.retryAfterSeconds ?? 60) } },
    );
  }
}
