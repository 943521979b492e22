import type { ActionFunctionArgs } from "@remix-run/node";
import { loginSchema } from "~/models/staff/user.server";
import { signInStaff, SignInRefused } from "~/models/staff/staff-auth.server";

const MAX_BODY_BYTES = 16 * 1024;
const SEND_JSON = "Please send a JSON object with a username and a password.";

/** POST /api/login/ {username, password} → {status, message} and the session cookies. */
export async function action({ request, context }: ActionFunctionArgs) {
  const refuse = (status: number, message: string, retryAfterSeconds?: number) =>
    Response.json(
      { status: false, message },
      {
        status,
        headers: retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined,
      },
    );
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES)
    return refuse(413, "The sign-in request is too large.");
  const text = await request.text().catch(() => "");
  if (text.length > MAX_BODY_BYTES) return refuse(413, "The sign-in request is too large.");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refuse(400, SEND_JSON);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return refuse(400, SEND_JSON);
  // JSON may hold anything: only a username and a password that are strings become the form.
  const parsed = loginSchema.safeParse(body);
  if (!parsed.success) return refuse(400, parsed.error.issues[0]!.message);

  let headers: Headers;
  try {
    headers = await signInStaff(request, parsed.data, context.clientIp);
  } catch (error) {
    if (!(error instanceof SignInRefused)) throw error;
    return refuse(error.status, error.message, error.retryAfterSeconds);
  }
  return Response.json({ status: true, message: "Signed in" }, { headers });
}
