import { STAFF, type RunningServer } from "./server";

/**
 * Staff sign-in and cookie handling for integration tests: one way to sign
 * in (through the page's form or the spec's /api/login/), and one way to
 * follow a redirect the way a browser would, cookies included (flash notices
 * travel in a cookie across the redirect).
 */

export interface Credentials {
  username: string;
  password: string;
}

export interface SignedIn {
  /** the answer to the sign-in post */
  response: Response;
  /** a Cookie header with every cookie the sign-in set */
  cookie: string;
  /** the XSRF-TOKEN cookie's value, for the X-XSRF-TOKEN header of staff /api posts */
  xsrf: string;
}

/** The name=value pairs of a response's Set-Cookie headers, and a lookup by name. */
export function cookiesOf(res: Response) {
  const setCookies = res.headers.getSetCookie();
  const pairs = setCookies.map((c) => c.split(";")[0]!);
  const value = (name: string) =>
    pairs.find((p) => p.startsWith(`${name}=`))?.slice(name.length + 1) ?? "";
  return { setCookies, pairs, value };
}

/**
 * A Cookie header after a response: the cookies it sets replace those of the
 * same name, and those it expires (Max-Age=0) are dropped, as a browser does.
 */
export function updateCookies(cookie: string, res: Response): string {
  const jar = new Map(
    cookie
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const setCookie of res.headers.getSetCookie()) {
    const pair = setCookie.split(";")[0]!;
    const name = pair.slice(0, pair.indexOf("="));
    const expired =
      /;\s*Max-Age=0(;|$)/i.test(setCookie) || /;\s*Expires=Thu, 01 Jan 1970/i.test(setCookie);
    if (expired || pair.slice(name.length + 1) === "") jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/** Posts a sign-in, through the page (a form, answered by a redirect) or the /api (JSON). */
export async function postSignIn(
  server: Pick<RunningServer, "url">,
  {
    via = "page",
    credentials = STAFF,
    from,
    extra = {},
    headers = {},
  }: {
    via?: "page" | "api";
    credentials?: Credentials;
    /** the client address (X-Forwarded-For), so tests need not share an address's limit */
    from?: string;
    /** more form fields (the page's redirectTo) */
    extra?: Record<string, string>;
    headers?: Record<string, string>;
  } = {},
): Promise<Response> {
  const common: Record<string, string> = {
    origin: server.url,
    ...(from ? { "x-forwarded-for": from } : {}),
    ...headers,
  };
  return via === "page"
    ? fetch(`${server.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", ...common },
        body: new URLSearchParams({ ...credentials, ...extra }),
      })
    : fetch(`${server.url}/api/login/`, {
        method: "POST",
        headers: { "content-type": "application/json", ...common },
        body: JSON.stringify({ ...credentials, ...extra }),
      });
}

/** Signs a staff member in (by default the test server's admin, through the page); fails if refused. */
export async function signInStaff(
  server: Pick<RunningServer, "url">,
  options: Parameters<typeof postSignIn>[1] = {},
): Promise<SignedIn> {
  const response = await postSignIn(server, options);
  const expected = (options.via ?? "page") === "page" ? 303 : 200;
  if (response.status !== expected)
    throw new Error(`Sign-in answered ${response.status}: ${await response.text()}`);
  const { pairs, value } = cookiesOf(response);
  return { response, cookie: pairs.join("; "), xsrf: value("XSRF-TOKEN") };
}

/**
 * Follows a redirect as a browser would: the cookies it set go along to the
 * page it points to. Returns that page, its HTML and the cookies after it.
 */
export async function followRedirect(
  server: Pick<RunningServer, "url">,
  redirect: Response,
  cookie = "",
): Promise<{ response: Response; html: string; cookie: string }> {
  const location = redirect.headers.get("location");
  if (!location) throw new Error(`Not a redirect: ${redirect.status}`);
  const sent = updateCookies(cookie, redirect);
  const response = await fetch(new URL(location, server.url), {
    headers: { cookie: sent },
    redirect: "manual",
  });
  const html = (await response.text()).replaceAll("<!-- -->", "");
  return { response, html, cookie: updateCookies(sent, response) };
}

/** A form a signed-in member of staff posts from a dashboard page (its Origin, no redirect followed). */
export function postAsStaff(
  server: Pick<RunningServer, "url">,
  staff: Pick<SignedIn, "cookie">,
  path: string,
  fields: Record<string, string>,
): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie: staff.cookie,
      origin: server.url,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields),
  });
}
