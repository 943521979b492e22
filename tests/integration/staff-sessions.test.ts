import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haulbookAsync } from "../support/cli";
import { rows } from "../support/database";
import {
  databaseOf,
  makeDataDir,
  STAFF,
  startServer,
  TEST_ENGINE,
  TEST_SESSION_SECRET,
  type RunningServer,
} from "../support/server";
import { cookiesOf, postSignIn } from "../support/staff";

/**
 * Staff sessions against the real built server: they live in the database,
 * end at sign-out, on a password change, on `sign-out-everywhere`, after 12
 * idle hours and 7 days after sign-in; the XSRF token belongs to one session.
 */

const MARIA = { username: "maria", password: "maria-long-password" };
const ONE_HOUR = 3600 * 1000;

/** The shop's database for the owner's commands: its file in the data folder, or DATABASE_URL. */
let databaseUrl: string | undefined;

// Without blocking this process: the test's own shop keeps its connections open meanwhile.
function admin(dataDir: string, args: string[], password?: string) {
  return haulbookAsync(["admin", ...args, ...(password ? ["--password-stdin"] : [])], {
    dataDir,
    env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
    input: password ? password + "\n" : "",
  });
}

let server: RunningServer;
beforeAll(async () => {
  const dataDir = makeDataDir(true);
  if (TEST_ENGINE === "postgres") databaseUrl = await databaseOf(dataDir);
  expect((await admin(dataDir, ["create", MARIA.username], MARIA.password)).status).toBe(0);
  server = await startServer({ dataDir });
});
afterAll(async () => {
  await server?.stop();
});

const sql = <T>(query: string, ...args: unknown[]) => rows<T>(server, query, ...args);

interface Signed {
  cookie: string;
  token: string;
  xsrf: string;
  setCookies: string[];
}

let addressCount = 0;
/** A different made-up address per sign-in, so the tests never share an address's limit. */
const nextAddress = () => `198.51.100.${++addressCount}`;

/** The session token inside a signed __session cookie value. */
function tokenIn(cookieValue: string): string {
  const signed = decodeURIComponent(cookieValue);
  const data = signed.slice(0, signed.lastIndexOf("."));
  return JSON.parse(Buffer.from(data, "base64").toString("utf8")) as string;
}

async function signIn(
  who: { username: string; password: string } = STAFF,
  via: "page" | "api" = "page",
): Promise<Signed> {
  const res = await postSignIn(server, { via, credentials: who, from: nextAddress() });
  expect(res.status).toBe(via === "page" ? 303 : 200);
  const { setCookies, pairs, value } = cookiesOf(res);
  return {
    cookie: pairs.join("; "),
    token: tokenIn(value("__session")),
    xsrf: value("XSRF-TOKEN"),
    setCookies,
  };
}

async function dashboard(cookie: string) {
  return fetch(`${server.url}/dashboard/home`, { headers: { cookie }, redirect: "manual" });
}
async function signedIn(cookie: string) {
  const res = await fetch(`${server.url}/api/login/validate-token`, { headers: { cookie } });
  return ((await res.json()) as { status: boolean }).status;
}
async function expectSignedOut(cookie: string) {
  const page = await dashboard(cookie);
  expect(page.status).toBe(302);
  expect(page.headers.get("location")).toBe("/login?redirectTo=%2Fdashboard%2Fhome");
  const api = await fetch(`${server.url}/api/general`, { headers: { cookie } });
  expect(api.status).toBe(401);
  expect(await api.json()).toEqual({ status: false, message: "Not signed in" });
  expect(await signedIn(cookie)).toBe(false);
}
const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");

describe("a staff session", () => {
  it("is a random token in the cookie, stored only as its hash, with an XSRF token of its own", async () => {
    const one = await signIn();
    const two = await signIn();
    expect(one.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(one.token).not.toBe(two.token);
    expect(one.xsrf).not.toBe(two.xsrf);
    expect(one.xsrf).not.toBe(one.token);
    const rows = await sql<{ token_hash: string; username: string }>(
      `SELECT token_hash, username FROM staff_sessions JOIN users ON users.id = user_id
       WHERE token_hash IN (?, ?)`,
      sha256(one.token),
      sha256(two.token),
    );
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.username === STAFF.username)).toBe(true);
    expect(await sql("SELECT id FROM staff_sessions WHERE token_hash = ?", one.token)).toEqual([]);
    const xsrfCookie = one.setCookies.find((c) => c.startsWith("XSRF-TOKEN="))!;
    expect(xsrfCookie).not.toMatch(/HttpOnly/i);
    expect(xsrfCookie).toMatch(/Max-Age=43200/);
  });

  it("ends at sign-out: the old cookie is sent to /login and refused by the /api", async () => {
    const session = await signIn();
    const other = await signIn();
    expect((await dashboard(session.cookie)).status).toBe(200);
    const out = await fetch(`${server.url}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: session.cookie, origin: server.url },
    });
    expect(out.headers.get("location")).toBe("/login");
    const cleared = out.headers.getSetCookie();
    expect(cleared.find((c) => c.startsWith("__session="))).toMatch(/Max-Age=0/);
    expect(cleared.find((c) => c.startsWith("XSRF-TOKEN="))).toMatch(/Max-Age=0/);
    // The browser would drop the cookie; someone who copied it gets nothing either.
    await expectSignedOut(session.cookie);
    expect(
      await sql("SELECT id FROM staff_sessions WHERE token_hash = ?", sha256(session.token)),
    ).toEqual([]);
    // Only that session ended.
    expect((await dashboard(other.cookie)).status).toBe(200);
  });

  it("ends, with every other session of that user, when the password is reset", async () => {
    const phone = await signIn(MARIA);
    const tablet = await signIn(MARIA, "api");
    const staff = await signIn();
    expect(await signedIn(phone.cookie)).toBe(true);
    expect(await signedIn(tablet.cookie)).toBe(true);

    const reset = await admin(
      server.dataDir,
      ["reset-password", MARIA.username],
      "maria-newer-password",
    );
    expect(reset.stdout).toContain("Password changed for maria.");
    await expectSignedOut(phone.cookie);
    await expectSignedOut(tablet.cookie);
    expect(await signedIn(staff.cookie)).toBe(true);
    MARIA.password = "maria-newer-password";
    expect(await signedIn((await signIn(MARIA)).cookie)).toBe(true);
  });

  it("ends everywhere with `npm run admin -- sign-out-everywhere`", async () => {
    const a = await signIn(MARIA);
    const b = await signIn(MARIA);
    const staff = await signIn();
    const before = (
      await sql<{ n: number }>(
        "SELECT count(*) AS n FROM staff_sessions JOIN users ON users.id = user_id WHERE username = ?",
        MARIA.username,
      )
    )[0]!.n;
    expect(before).toBeGreaterThanOrEqual(2);

    const run = await admin(server.dataDir, ["sign-out-everywhere", MARIA.username]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`Signed maria out everywhere (${before} open sessions ended).`);
    await expectSignedOut(a.cookie);
    await expectSignedOut(b.cookie);
    expect(await signedIn(staff.cookie)).toBe(true);
    // Signing in again works.
    expect(await signedIn((await signIn(MARIA)).cookie)).toBe(true);

    const missing = await admin(server.dataDir, ["sign-out-everywhere", "nobody"]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("No staff user called nobody.");
  }, 60_000);

  it("ends 12 hours after the last visit", async () => {
    const session = await signIn();
    await sql(
      "UPDATE staff_sessions SET seen_at = ? WHERE token_hash = ?",
      new Date(Date.now() - 12 * ONE_HOUR - 60_000).toISOString(),
      sha256(session.token),
    );
    await expectSignedOut(session.cookie);
    expect(
      await sql("SELECT id FROM staff_sessions WHERE token_hash = ?", sha256(session.token)),
    ).toEqual([]);
  });

  it("is renewed by visits, but never beyond 7 days after sign-in", async () => {
    const session = await signIn();
    const hash = sha256(session.token);
    // Signed in 6 days and 23 hours ago, busy ever since: an hour left.
    await sql(
      "UPDATE staff_sessions SET created_at = ?, seen_at = ? WHERE token_hash = ?",
      new Date(Date.now() - 7 * 24 * ONE_HOUR + ONE_HOUR).toISOString(),
      new Date(Date.now() - 5 * 60_000).toISOString(),
      hash,
    );
    const visit = await dashboard(session.cookie);
    expect(visit.status).toBe(200);
    const renewed = visit.headers.getSetCookie();
    const maxAge = (name: string) =>
      Number(/Max-Age=(\d+)/.exec(renewed.find((c) => c.startsWith(`${name}=`)) ?? "")?.[1]);
    expect(maxAge("__session")).toBeGreaterThan(3500);
    expect(maxAge("__session")).toBeLessThanOrEqual(3600);
    expect(maxAge("XSRF-TOKEN")).toBe(maxAge("__session"));
    // The visit moved seen_at on.
    const seen = (
      await sql<{ seen_at: string }>(
        "SELECT seen_at FROM staff_sessions WHERE token_hash = ?",
        hash,
      )
    )[0]!.seen_at;
    expect(Date.now() - new Date(seen).getTime()).toBeLessThan(60_000);

    // Seven days and a minute after sign-in it is over, however recent the last visit.
    await sql(
      "UPDATE staff_sessions SET created_at = ? WHERE token_hash = ?",
      new Date(Date.now() - 7 * 24 * ONE_HOUR - 60_000).toISOString(),
      hash,
    );
    await expectSignedOut(session.cookie);
  });

  it("signs out a cookie from before server-side sessions (no record)", async () => {
    // The secret the shop signs with: its data folder's on SQLite, the environment's on PostgreSQL.
    const secret = server.databaseUrl
      ? TEST_SESSION_SECRET
      : fs.readFileSync(path.join(server.dataDir, "session-secret"), "utf8").trim();
    const signed = createCookie("__session", { secrets: [secret] });
    const old = (await signed.serialize({ userId: 1, seenAt: Date.now() })).split(";")[0]!;
    await expectSignedOut(old);
    // A well-formed token that was never issued is refused the same way.
    const made = (await signed.serialize(crypto.randomBytes(32).toString("base64url"))).split(
      ";",
    )[0]!;
    await expectSignedOut(made);
  });
});

describe("the XSRF token", () => {
  const booking = {
    full_name: "Xsrf Case",
    email: "xsrf@example.com",
    phone_number: "07700 900555",
    address_1: "4 Mill Lane",
    town: "Derby",
    postcode: "DA1 1AA",
    order_price: 70,
    payment_method: "cash_payment",
  };
  const createBooking = (cookie: string, xsrf: string) =>
    fetch(`${server.url}/api/orders/custom-order`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", "x-xsrf-token": xsrf },
      body: JSON.stringify(booking),
    });

  it("belongs to one session: another session's token is refused with 403", async () => {
    const mine = await signIn(STAFF, "api");
    const theirs = await signIn(STAFF, "api");
    const refused = await createBooking(mine.cookie, theirs.xsrf);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      status: false,
      message: "Missing or wrong X-XSRF-TOKEN header",
    });
    // Even with the other token in the XSRF cookie too: the cookie is not the proof, the session is.
    const swapped = mine.cookie.replace(`XSRF-TOKEN=${mine.xsrf}`, `XSRF-TOKEN=${theirs.xsrf}`);
    expect((await createBooking(swapped, theirs.xsrf)).status).toBe(403);
    expect((await createBooking(mine.cookie, "é".repeat(mine.xsrf.length))).status).toBe(403);
    const ok = await createBooking(mine.cookie, mine.xsrf);
    expect(ok.status).toBe(201);
  });

  it("from before a sign-out is refused after signing in again", async () => {
    const before = await signIn(STAFF, "api");
    await fetch(`${server.url}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: before.cookie, origin: server.url },
    });
    const after = await signIn(STAFF, "api");
    expect(after.xsrf).not.toBe(before.xsrf);
    expect((await createBooking(after.cookie, before.xsrf)).status).toBe(403);
  });
});

describe("sign-in input", () => {
  const page = (body: string, contentType = "application/x-www-form-urlencoded") =>
    fetch(`${server.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": contentType,
        accept: "text/html",
        origin: server.url,
        "x-forwarded-for": nextAddress(),
      },
      body,
    });
  const api = (body: string, contentType = "application/json") =>
    fetch(`${server.url}/api/login/`, {
      method: "POST",
      headers: { "content-type": contentType, "x-forwarded-for": nextAddress() },
      body,
    });

  it.each([
    [
      "a 190-character username",
      { username: "a".repeat(190), password: "whatever-password" },
      "Usernames are at most 100 characters.",
    ],
    [
      "a 5,000-character username",
      { username: "a".repeat(5000), password: "whatever-password" },
      "Usernames are at most 100 characters.",
    ],
    [
      "an empty username",
      { username: "", password: "whatever-password" },
      "Please enter your username.",
    ],
    ["no password", { username: "admin" }, "Please enter your password."],
    [
      "a 2,000-character password",
      { username: "admin", password: "p".repeat(2000) },
      "Passwords are at most 1024 characters.",
    ],
  ])("the page answers %s with 400 and says why", async (_name, fields, message) => {
    const res = await page(new URLSearchParams(fields as Record<string, string>).toString());
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(message);
    expect(html).toContain('data-testid="login-banner"');
  });

  // Control characters and bodies that are not forms are refused by the server before any route
  // reads them (server/request-guard.ts); the sign-in page is shown again with the reason.
  it.each([
    ["the username", { username: "adm\u0000in", password: "whatever-password" }],
    ["the password", { username: "admin", password: "pass\u0000word-long" }],
  ])("the page answers a NUL in %s with 400 and says why", async (_name, fields) => {
    const res = await page(new URLSearchParams(fields).toString());
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("characters we cannot accept");
    expect(html).toContain('name="username"');
  });

  it("the page answers a body that is not a form with 415 and shows the form again", async () => {
    const res = await page(JSON.stringify({ username: "admin" }), "application/json");
    expect(res.status).toBe(415);
    const html = await res.text();
    expect(html).toContain("it arrived in a format we do not accept");
    expect(html).toContain('name="username"');
  });

  it.each([
    ["null", "null", "Please send a JSON object with a username and a password."],
    [
      "an array",
      JSON.stringify(["admin", "pw"]),
      "Please send a JSON object with a username and a password.",
    ],
    ["a number", "42", "Please send a JSON object with a username and a password."],
    [
      "a string",
      JSON.stringify("admin"),
      "Please send a JSON object with a username and a password.",
    ],
    ["broken JSON", "{username:", "Please send a JSON object with a username and a password."],
    [
      "a form body",
      "username=admin&password=x",
      "Please send a JSON object with a username and a password.",
    ],
    [
      "a number as the username",
      JSON.stringify({ username: 7, password: "x" }),
      "Please enter your username.",
    ],
    [
      "a 190-character username",
      JSON.stringify({ username: "b".repeat(190), password: "x" }),
      "Usernames are at most 100 characters.",
    ],
    [
      "a NUL in the username",
      JSON.stringify({ username: "ad\u0000min", password: "x" }),
      "That contained characters we cannot accept (such as control characters). Please remove them and try again.",
    ],
  ])("POST /api/login/ answers %s with 400 and says why", async (_name, body, message) => {
    const res = await api(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ status: false, message });
  });

  it("POST /api/login/ with the wrong content type or a huge body still answers 4xx", async () => {
    // Not an admin failure: other tests here sign in as admin from new addresses.
    const plain = await api(
      JSON.stringify({ username: "nobody-here", password: "x" }),
      "text/plain",
    );
    expect(plain.status).toBe(401);
    expect(await plain.json()).toEqual({ status: false, message: "Invalid username or password" });
    const huge = await api(JSON.stringify({ username: "admin", password: "x".repeat(40_000) }));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({
      status: false,
      message: "The sign-in request is too large.",
    });
  });
});
