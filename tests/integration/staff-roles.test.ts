import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { rows, run } from "../support/database";
import { createBooking } from "../support/make";
import { startServer, type RunningServer } from "../support/server";
import { testStaffHash } from "../support/staff-hash.mjs";
import { postAsStaff, signInStaff, type SignedIn } from "../support/staff";

/**
 * Staff roles on a running shop (issue 34; docs/rules.md#staff-roles): the owner adds an office
 * member and a crew member on Dashboard → Staff; each signs in and reaches what their role may —
 * pages answer 403 with words, the /api its JSON — and sees only that in the menu; the owner
 * disables an account (its sessions end, it cannot sign in) and gives a new password; there is
 * always an owner, even when two owners demote each other at once. On both engines.
 */

let server: RunningServer;
let owner: SignedIn;

beforeAll(async () => {
  server = await startServer({ env: { NODE_ENV: "test" } });
  owner = await signInStaff(server);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const PASSWORD = "a long enough password";

/** An account made as the owner's form makes it, at the cost a test can afford (staff-hash.mjs). */
async function account(username: string, role: "owner" | "office" | "crew"): Promise<SignedIn> {
  await run(
    server,
    "INSERT INTO users (username, password_hash, role) VALUES (?, ?, ?)",
    username,
    testStaffHash(PASSWORD),
    role,
  );
  return signInStaff(server, { credentials: { username, password: PASSWORD } });
}

const get = (who: SignedIn, path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    headers: { cookie: who.cookie, ...headers },
    redirect: "manual",
  });

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

describe("staff roles", () => {
  it("the owner adds a member with a role; the form refuses what it cannot keep", async () => {
    const refused = await postAsStaff(server, owner, "/dashboard/staff", {
      intent: "add",
      username: "a",
      role: "boss",
      password: "short",
    });
    expect(refused.status).toBe(400);
    const page = await text(refused);
    expect(page).toContain("Use 3 to 40 letters, digits, dots, dashes or underscores, like sam.b");
    expect(page).toContain("Choose a role");
    expect(page).toContain("Passwords must be at least 12 characters.");

    const added = await postAsStaff(server, owner, "/dashboard/staff", {
      intent: "add",
      username: "sam.office",
      role: "office",
      password: PASSWORD,
    });
    expect(added.status).toBe(303);
    expect(
      await rows(server, "SELECT role, disabled_at FROM users WHERE username = 'sam.office'"),
    ).toEqual([{ role: "office", disabled_at: null }]);
    const again = await postAsStaff(server, owner, "/dashboard/staff", {
      intent: "add",
      username: "SAM.OFFICE",
      role: "crew",
      password: PASSWORD,
    });
    expect(await text(again)).toContain("There is already an account with that username");
    // The office member signs in with what the owner gave them.
    await signInStaff(server, { credentials: { username: "sam.office", password: PASSWORD } });
  });

  it("a member's name is what the documents they sign print; the username until one is given", async () => {
    const crew = await account("kit.crew", "crew");
    const [{ id }] = (await rows<{ id: number }>(
      server,
      "SELECT id FROM users WHERE username = 'kit.crew'",
    )) as [{ id: number }];
    const api = await signInStaff(server, { via: "api" });
    const booked = await createBooking(server, api, { date: todayInLondon() });
    const completion = `/dashboard/orders/${booked.orderId}/complete`;
    expect(await text(await get(crew, completion))).toContain(
      "Collected by <strong>kit.crew</strong>",
    );

    const long = await postAsStaff(server, owner, "/dashboard/staff", {
      intent: "details",
      account: String(id),
      role: "crew",
      fullName: "x".repeat(81),
    });
    expect(await text(long)).toContain("Keep the name to 80 characters");
    const named = await postAsStaff(server, owner, "/dashboard/staff", {
      intent: "details",
      account: String(id),
      role: "crew",
      fullName: "  Kit   Marlowe ",
    });
    expect(named.status).toBe(303);
    expect(
      await rows(server, "SELECT full_name, role FROM users WHERE username = 'kit.crew'"),
    ).toEqual([{ full_name: "Kit Marlowe", role: "crew" }]);
    // From their next page, without signing in again.
    expect(await text(await get(crew, completion))).toContain(
      "Collected by <strong>Kit Marlowe</strong>",
    );
  });

  it("a crew member reaches the day's run and tip runs, and nothing of the office's", async () => {
    const crew = await account("cal.crew", "crew");
    const start = await get(crew, "/dashboard");
    expect(start.headers.get("location")).toBe("/dashboard/today");
    const run = await get(crew, "/dashboard/today");
    expect(run.status).toBe(200);
    const menu = await text(await get(crew, "/dashboard/today?menu=open"));
    for (const item of ["Today", "Tip runs"]) expect(menu).toContain(`<span>${item}</span>`);
    for (const item of ["Orders", "Takings", "Settings", "Staff", "Inbox", "Products"])
      expect(menu).not.toContain(`<span>${item}</span>`);
    expect(menu).not.toContain('action="/dashboard/search"');
    expect((await get(crew, "/dashboard/tip-runs")).status).toBe(200);

    // Today's run and tomorrow's; another day's, and its jobs, are the office's.
    const today = todayInLondon();
    expect((await get(crew, `/dashboard/today?day=${addDaysIso(today, 1)}`)).status).toBe(200);
    const yesterday = await get(crew, `/dashboard/today?day=${addDaysIso(today, -1)}`);
    expect(yesterday.status).toBe(403);
    expect(await text(yesterday)).toContain(
      "A crew account opens today&#x27;s and tomorrow&#x27;s jobs. Ask the office for this one.",
    );
    const api = await signInStaff(server, { via: "api" });
    const later = await createBooking(server, api, { date: addDaysIso(today, 3) });
    const soon = await createBooking(server, api, { date: today });
    for (const path of [
      `/dashboard/orders/${later.orderId}`,
      `/dashboard/orders/${later.orderId}/complete`,
      `/dashboard/orders/${later.orderId}/documents/receipt.pdf`,
    ])
      expect((await get(crew, path)).status, path).toBe(403);
    expect((await get(crew, `/dashboard/orders/${soon.orderId}`)).status).toBe(200);
    expect((await get(crew, `/dashboard/orders/${soon.orderId}/complete`)).status).toBe(200);
    // The office opens every day's.
    expect((await get(owner, `/dashboard/orders/${later.orderId}`)).status).toBe(200);

    for (const path of ["/dashboard/takings", "/dashboard/orders", "/dashboard/settings"]) {
      const refused = await get(crew, path);
      expect(refused.status, path).toBe(403);
      expect(await text(refused)).toContain(
        "Your account cannot open this page. Ask the owner if you need it.",
      );
    }
    const apiRow = await get(crew, "/api/orders");
    expect(apiRow.status).toBe(403);
    expect(await apiRow.json()).toEqual({
      status: false,
      message: "Your account cannot open this page. Ask the owner if you need it.",
    });
    // Changing a booking is the office's, even from the order page the crew may open.
    const post = await postAsStaff(server, crew, "/dashboard/orders/1", { intent: "resend" });
    expect(post.status).toBe(403);
  });

  it("the office reaches everything but staff accounts and settings", async () => {
    const office = await account("olu.office", "office");
    expect((await get(office, "/dashboard")).headers.get("location")).toBe("/dashboard/home");
    for (const path of [
      "/dashboard/takings",
      "/dashboard/orders",
      "/dashboard/today",
      "/api/orders",
    ])
      expect((await get(office, path)).status, path).toBe(200);
    for (const path of ["/dashboard/staff", "/dashboard/settings"])
      expect((await get(office, path)).status, path).toBe(403);
    const menu = await text(await get(office, "/dashboard/home?menu=open"));
    expect(menu).toContain("<span>Takings</span>");
    expect(menu).not.toContain("<span>Staff</span>");
    expect(menu).not.toContain("<span>Settings</span>");
  });

  it("a disabled account is signed out at once and cannot sign in; a new password ends its sessions", async () => {
    const crew = await account("dee.crew", "crew");
    const [{ id }] = (await rows<{ id: number }>(
      server,
      "SELECT id FROM users WHERE username = 'dee.crew'",
    )) as [{ id: number }];
    const disabled = await postAsStaff(server, owner, "/dashboard/staff", {
      intent: "disable",
      account: String(id),
    });
    expect(disabled.status).toBe(303);
    expect((await get(crew, "/dashboard/today")).headers.get("location")).toMatch(/^\/login/);
    await expect(
      signInStaff(server, { credentials: { username: "dee.crew", password: PASSWORD } }),
    ).rejects.toThrow("Sign-in answered 401");

    await postAsStaff(server, owner, "/dashboard/staff", { intent: "enable", account: String(id) });
    const back = await signInStaff(server, {
      credentials: { username: "dee.crew", password: PASSWORD },
    });
    const reset = await postAsStaff(server, owner, "/dashboard/staff", {
      intent: "password",
      account: String(id),
      password: "another long password",
    });
    expect(reset.status).toBe(303);
    expect((await get(back, "/dashboard/today")).headers.get("location")).toMatch(/^\/login/);
    await signInStaff(server, {
      credentials: { username: "dee.crew", password: "another long password" },
    });
  });

  it("always keeps an owner who can sign in, even when two owners demote each other at once", async () => {
    const [{ id: me }] = (await rows<{ id: number }>(
      server,
      "SELECT id FROM users WHERE username = 'admin'",
    )) as [{ id: number }];
    const self = await postAsStaff(server, owner, "/dashboard/staff", {
      intent: "disable",
      account: String(me),
    });
    expect(await text(self)).toContain("You cannot disable your own account.");

    const second = await account("pat.owner", "owner");
    const [{ id: pat }] = (await rows<{ id: number }>(
      server,
      "SELECT id FROM users WHERE username = 'pat.owner'",
    )) as [{ id: number }];
    const both = await Promise.all([
      postAsStaff(server, owner, "/dashboard/staff", {
        intent: "details",
        account: String(pat),
        role: "office",
        fullName: "",
      }),
      postAsStaff(server, second, "/dashboard/staff", {
        intent: "details",
        account: String(me),
        role: "office",
        fullName: "",
      }),
    ]);
    const statuses = both.map((r) => r.status);
    const owners = await rows<{ n: number }>(
      server,
      "SELECT COUNT(*) AS n FROM users WHERE role = 'owner' AND disabled_at IS NULL",
    );
    expect(Number(owners[0]!.n)).toBeGreaterThanOrEqual(1);
    // Each demotes the other: one may pass, but never both.
    expect(statuses.filter((s) => s === 303).length).toBeLessThanOrEqual(1);
    const refused = both.find((r) => r.status === 400) ?? both.find((r) => r.status === 403);
    expect(refused).toBeDefined();
  });
});
