import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reminderRunAt } from "~/models/shop/schedule.server";
import { SETTINGS_MESSAGES } from "~/models/shop/shop-settings.server";
import { rows, run } from "../support/database";
import { startServer, type RunningServer } from "../support/server";
import { followRedirect, signInStaff, type SignedIn } from "../support/staff";

/**
 * /dashboard/settings: staff set when the reminder emails go and how long a price holds; a bad
 * value is refused with the values typed kept; a new reminder time moves the reminders still
 * due; nobody signed out sees or changes anything.
 */

let server: RunningServer;
let staff: SignedIn;

beforeAll(async () => {
  server = await startServer();
  staff = await signInStaff(server);
});
afterAll(async () => {
  await server?.stop();
});

const html = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

function save(fields: Record<string, string>, cookie = staff.cookie) {
  return fetch(`${server.url}/dashboard/settings`, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie,
      origin: server.url,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields),
  });
}

const settings = async () =>
  Object.fromEntries(
    (
      await rows<{ key: string; value: string }>(
        server,
        "SELECT key, value FROM settings WHERE key IN ('reminder_time', 'quote_valid_days')",
      )
    ).map((r) => [r.key, r.value]),
  );

describe("the settings page", () => {
  it("shows the defaults, saves new values with a notice, and moves the reminders still due", async () => {
    const page = await html(
      await fetch(`${server.url}/dashboard/settings`, { headers: { cookie: staff.cookie } }),
    );
    expect(page).toContain("Reminder emails are sent the day before at");
    expect(page).toMatch(/name="reminder_time"[^>]*value="18:00"/);
    expect(page).toMatch(/name="quote_valid_days"[^>]*value="14"/);

    const menu = await html(
      await fetch(`${server.url}/dashboard/home?menu=open`, { headers: { cookie: staff.cookie } }),
    );
    expect(menu).toMatch(/href="\/dashboard\/settings"[^>]*>.*?<span>Settings<\/span>/);

    // A due reminders job and a done one: only the due one moves.
    await run(
      server,
      `INSERT INTO scheduled_jobs (kind, job_key, run_at, state) VALUES
         ('reminders', '2031-07-02', ?, 'due'), ('reminders', '2031-07-01', ?, 'done')`,
      reminderRunAt("2031-07-02", "18:00").toISOString(),
      reminderRunAt("2031-07-01", "18:00").toISOString(),
    );

    const posted = await save({ reminder_time: "19:30", quote_valid_days: "21" });
    expect(posted.status).toBe(303);
    const landed = await followRedirect(server, posted, staff.cookie);
    expect(landed.html).toContain(
      "Settings saved. Reminder emails go the day before at 19:30; new prices hold for 21 days, and the inbox lists a quote with no answer after 3 days.",
    );
    expect(landed.html).toMatch(/name="reminder_time"[^>]*value="19:30"/);
    expect(await settings()).toEqual({ reminder_time: "19:30", quote_valid_days: "21" });

    const jobs = await rows<{ job_key: string; run_at: string }>(
      server,
      "SELECT job_key, run_at FROM scheduled_jobs WHERE job_key IN ('2031-07-01', '2031-07-02') ORDER BY job_key",
    );
    expect(jobs).toEqual([
      { job_key: "2031-07-01", run_at: "2031-06-30T17:00:00.000Z" },
      // 19:30 BST on 1 July 2031
      { job_key: "2031-07-02", run_at: "2031-07-01T18:30:00.000Z" },
    ]);
  });

  it("refuses a bad time or validity with a clear message, keeping what was typed", async () => {
    const before = await settings();
    const refused = await save({ reminder_time: "23:15", quote_valid_days: "120" });
    expect(refused.status).toBe(400);
    const page = await html(refused);
    expect(page).toContain(SETTINGS_MESSAGES.reminderTime);
    expect(page).toContain(SETTINGS_MESSAGES.quoteValidDays);
    expect(page).toMatch(/name="reminder_time"[^>]*value="23:15"/);
    expect(page.match(/aria-invalid="true"/g)).toHaveLength(2);
    expect(await settings()).toEqual(before);

    const one = await save({ reminder_time: "05:00", quote_valid_days: "30" });
    expect(one.status).toBe(400);
    const text = await html(one);
    expect(text).toContain(SETTINGS_MESSAGES.reminderTime);
    expect(text).not.toContain(SETTINGS_MESSAGES.quoteValidDays);
    expect(text.match(/aria-invalid="true"/g)).toHaveLength(1);
    expect(await settings()).toEqual(before);
  });

  it("needs a staff sign-in to see or change anything", async () => {
    const before = await settings();
    const page = await fetch(`${server.url}/dashboard/settings`, { redirect: "manual" });
    expect([302, 303]).toContain(page.status);
    expect(page.headers.get("location")).toMatch(/^\/login\?redirectTo=%2Fdashboard%2Fsettings/);
    const posted = await save({ reminder_time: "07:00", quote_valid_days: "2" }, "");
    expect([302, 303]).toContain(posted.status);
    expect(posted.headers.get("location")).toMatch(/^\/login/);
    expect(await settings()).toEqual(before);
  });
});
