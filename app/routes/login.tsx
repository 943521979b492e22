import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { redirect } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { CloseIcon } from "~/components/icons";
import { passActionHeaders } from "~/lib/headers";
import { safeRedirectPath } from "~/lib/redirect";
import {
  assertLoginAllowed,
  authenticator,
  LoginRefused,
  recordLoginFailure,
  xsrfCookie,
} from "~/services/auth.server";
import { commitSession, getSession, sessionUserId } from "~/services/session.server";
import staffStyles from "~/styles/staff.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: staffStyles }];

interface LoginResult {
  status: boolean;
  message: string;
  username: string;
}

export const headers = passActionHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  if (await sessionUserId(request)) {
    throw redirect(
      safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/dashboard"),
    );
  }
  const signedOut = new URL(request.url).searchParams.get("signedOut") === "1";
  return {
    notice: signedOut ? { status: true, message: "You have signed out.", username: "" } : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  const username = String(form.get("username") ?? "").trim();
  const returnTo = safeRedirectPath(form.get("redirectTo"), "/dashboard");
  try {
    await assertLoginAllowed(username, context.clientIp);
    const user = await authenticator.authenticate("staff-form", request);
    const session = await getSession(request);
    session.set("userId", user.id);
    const headers = new Headers({ "Set-Cookie": await commitSession(session) });
    headers.append("Set-Cookie", xsrfCookie());
    return redirect(returnTo, { status: 303, headers });
  } catch (error) {
    if (!(error instanceof LoginRefused)) throw error;
    if (error.status === 401) await recordLoginFailure(username, context.clientIp);
    const body: LoginResult = { status: false, message: error.message, username };
    return Response.json(body, {
      status: error.status,
      headers: error.retryAfterSeconds
        ? { "Retry-After": String(error.retryAfterSeconds) }
        : undefined,
    });
  }
}

export default function Login() {
  const failed = useActionData<LoginResult>();
  const { notice } = useLoaderData<typeof loader>();
  const result: LoginResult | undefined = failed ?? notice ?? undefined;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const [dismissed, setDismissed] = useState<LoginResult | undefined>();
  const submitting = navigation.state !== "idle";
  const banner = result && result !== dismissed ? result : undefined;
  const passwordRef = useRef<HTMLInputElement>(null);
  // After a refused attempt the password is cleared (the server never sends it back).
  useEffect(() => {
    if (failed && passwordRef.current) passwordRef.current.value = "";
  }, [failed]);
  return (
    <main className="login-page">
      <div className="login-card">
        <Link to="/" className="brand login-brand">
          <img src="/favicon.svg" width="40" height="40" alt="" />
          <span>Haulbook staff</span>
        </Link>
        <h1>Sign in</h1>
        {banner ? (
          <div
            role="alert"
            className={`banner ${banner.status ? "banner-success" : "banner-error"}`}
            data-testid="login-banner"
          >
            <p>{banner.message}</p>
            {/* Without JavaScript the × is a link back to a clean form. */}
            <a
              href="/login"
              className="banner-close"
              aria-label="Dismiss"
              onClick={(e) => {
                e.preventDefault();
                setDismissed(banner);
              }}
            >
              <CloseIcon />
            </a>
          </div>
        ) : null}
        <Form method="post" className="stack">
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? "/dashboard"} />
          <div className="field">
            <label htmlFor="username">Username</label>
            <input
              id="username"
              name="username"
              autoComplete="username"
              defaultValue={result?.username}
              autoCapitalize="none"
            />
          </div>
          <div className="field">
            <label htmlFor="password">Password</label>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              ref={passwordRef}
            />
          </div>
          <button type="submit" className="button button-large" disabled={submitting}>
            {submitting ? "Signing in..." : "Sign in"}
          </button>
        </Form>
      </div>
    </main>
  );
}

export const meta: MetaFunction = () => [
  { title: "Staff sign in — Haulbook" },
  { name: "robots", content: "noindex" },
];
