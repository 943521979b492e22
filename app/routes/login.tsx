import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from "@remix-run/react";
import { useEffect, useRef, useState, type InputHTMLAttributes, type Ref } from "react";
import { CloseIcon } from "~/components/icons";
import { formValues, limitsOf } from "~/lib/forms";
import { passActionHeaders } from "~/lib/headers";
import { safeRedirectPath } from "~/lib/redirect";
import { loginSchema, MAX_USERNAME_INPUT } from "~/models/staff/user.server";
import { currentStaffSession, signInStaff, SignInRefused } from "~/models/staff/staff-auth.server";
import { readFlash } from "~/services/flash.server";
import staffStyles from "~/styles/staff.css";
import { titleFor } from "~/lib/page-title";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: staffStyles }];

interface LoginResult {
  status: boolean;
  message: string;
  username: string;
}

export const headers = passActionHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  if (await currentStaffSession(request)) {
    throw redirect(
      safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/dashboard"),
    );
  }
  const flash = await readFlash(request, "login");
  return data(
    {
      notice: flash.flash ? { status: true, message: flash.flash.message, username: "" } : null,
      limits: { username: limitsOf(loginSchema.shape.username) },
    },
    { headers: flash.headers },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => undefined);
  const values = form ? formValues(form) : {};
  // What was typed goes back into the field, minus anything that cannot be shown.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we drop
  const typed = (values.username ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  const refuse = (status: number, message: string, retryAfterSeconds?: number) =>
    Response.json(
      { status: false, message, username: typed.slice(0, MAX_USERNAME_INPUT) } as LoginResult,
      {
        status,
        headers: retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined,
      },
    );
  let headers: Headers;
  try {
    headers = await signInStaff(request, values, context.clientIp);
  } catch (error) {
    if (!(error instanceof SignInRefused)) throw error;
    return refuse(error.status, error.message, error.retryAfterSeconds);
  }
  return redirect(safeRedirectPath(values.redirectTo, "/dashboard"), { status: 303, headers });
}

/** A labelled input of the sign-in card (a refusal is the banner above, not a line under it). */
function SignInField({
  label,
  inputRef,
  ...input
}: {
  label: string;
  id: string;
  inputRef?: Ref<HTMLInputElement>;
} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label htmlFor={input.id}>{label}</label>
      <input {...input} ref={inputRef} />
    </div>
  );
}

export default function Login() {
  const failed = useActionData<LoginResult>();
  const { notice, limits } = useLoaderData<typeof loader>();
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
            // A notice (signed out) is a status; a refusal is an alert.
            role={banner.status ? "status" : "alert"}
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
          <SignInField
            label="Username"
            id="username"
            name="username"
            autoComplete="username"
            defaultValue={result?.username}
            autoCapitalize="none"
            required
            {...limits.username}
          />
          <SignInField
            label="Password"
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            inputRef={passwordRef}
            required
          />
          <button type="submit" className="button button-large" disabled={submitting}>
            {submitting ? "Signing in..." : "Sign in"}
          </button>
        </Form>
      </div>
    </main>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  { title: titleFor(matches, "Staff sign in") },
  { name: "robots", content: "noindex" },
];
