import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { rows, run } from "../support/database";
import { startServer, type RunningServer } from "../support/server";
import { testStaffHash } from "../support/staff-hash.mjs";
import { postAsStaff, signInStaff, type SignedIn } from "../support/staff";

/**
 * Vans and crews (issue 34; docs/rules.md#vans-and-crews), on both engines: two vans of 4 yd³ a
 * day; bookings go on the first van with room, then the second; the office puts a job on
 * another van (a reason needed past its room) and names each van's crew for the day; a crew
 * member on a van sees that van's run and opens its jobs alone.
 */

let server: RunningServer;
let owner: SignedIn;
const DAY = addDaysIso(todayInLondon(), 4);
const PASSWORD = "a long enough password";

beforeAll(async () => {
  server = await startServer({ env: { NODE_ENV: "test" } });
  owner = await signInStaff(server);
  // A van carries 4 yd³ a day: one trip. The day sends two vans, whatever its weekday.
  await run(server, "UPDATE settings SET value = '400' WHERE key = 'van_load_hundredths'");
  await run(server, "UPDATE settings SET value = '1' WHERE key = 'van_trips_per_day'");
  await run(
    server,
    "INSERT INTO day_overrides (day, vans, reason, created_by) VALUES (?, 2, '', 'test')",
    DAY,
  );
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const sheet = async (who: SignedIn, day = DAY) =>
  text(
    await fetch(`${server.url}/dashboard/today?day=${day}`, {
      headers: { cookie: who.cookie },
      redirect: "manual",
    }),
  );

/** A phone booking of one line of our own with its load, as the office types it. */
async function book(name: string, yards: number, date = DAY): Promise<number> {
  const res = await postAsStaff(server, owner, "/dashboard/home?new=booking", {
    intent: "create-booking",
    catalogue_rows: "0",
    free_rows: "1",
    full_name: name,
    email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
    phone_number: "07700 900123",
    address_1: "1 High Street",
    town: "Guildford",
    postcode: "GU1 3AA",
    date,
    arrival_window: "any",
    f0_description: "Garden waste",
    f0_price: "80",
    f0_quantity: "1",
    f0_load: String(yards),
    f0_minutes: "20",
    payment_method: "cash_payment",
  });
  expect(res.status, name).toBe(303);
  const [order] = await rows<{ id: number }>(
    server,
    "SELECT id FROM orders WHERE full_name = ? ORDER BY id DESC",
    name,
  );
  return Number(order!.id);
}

const vans = () =>
  rows<{ id: number; name: string }>(server, "SELECT id, name FROM vans ORDER BY out_order");
const vanOf = async (orderId: number) =>
  (
    await rows<{ name: string | null }>(
      server,
      "SELECT vans.name FROM orders LEFT JOIN vans ON vans.id = orders.van_id WHERE orders.id = ?",
      orderId,
    )
  )[0]!.name;

/** The run sheet's vans, each with the names of its jobs, in the order shown. */
const runsOf = (html: string) =>
  html
    .split('data-testid="van-run"')
    .slice(1)
    .map((section) => ({
      van: /<h2[^>]*>([^<]+)<\/h2>/.exec(section)?.[1],
      jobs: [...section.matchAll(/<span class="run-job-number">\d+\.<\/span> ([^<]+)</g)].map(
        (m) => m[1],
      ),
    }));

async function crewAccount(username: string, fullName: string): Promise<SignedIn> {
  await run(
    server,
    "INSERT INTO users (username, password_hash, role, full_name) VALUES (?, ?, 'crew', ?)",
    username,
    testStaffHash(PASSWORD),
    fullName,
  );
  return signInStaff(server, { credentials: { username, password: PASSWORD } });
}

describe("vans and crews", () => {
  it("two bookings at the same moment for one van's last room: one on each van", async () => {
    const day = addDaysIso(todayInLondon(), 6);
    await run(
      server,
      "INSERT INTO day_overrides (day, vans, reason, created_by) VALUES (?, 2, '', 'test')",
      day,
    );
    const [first, second] = await Promise.all([book("Race One", 3, day), book("Race Two", 3, day)]);
    expect([await vanOf(first), await vanOf(second)].sort()).toEqual(["Van 1", "Van 2"]);
  });

  const ids = {} as Record<"alder" | "birch" | "cedar", number>;

  it("a shop has its vans by name; bookings fill the first van, then the second", async () => {
    expect((await vans()).map((v) => v.name)).toEqual(["Van 1", "Van 2"]);
    ids.alder = await book("Ann Alder", 3);
    ids.birch = await book("Ben Birch", 2);
    ids.cedar = await book("Cat Cedar", 1);
    expect(await vanOf(ids.alder)).toBe("Van 1");
    expect(await vanOf(ids.birch)).toBe("Van 2"); // 3 + 2 is past Van 1's 4 yd³
    expect(await vanOf(ids.cedar)).toBe("Van 1"); // 3 + 1 fits
    expect(runsOf(await sheet(owner))).toEqual([
      { van: "Van 1", jobs: ["Ann Alder", "Cat Cedar"] },
      { van: "Van 2", jobs: ["Ben Birch"] },
    ]);
  });

  it("the office names a van and its registration on Fleet; the run sheet shows them", async () => {
    const [van1] = await vans();
    const refused = await postAsStaff(server, owner, "/dashboard/fleet", {
      intent: "van",
      van: String(van1!.id),
      name: "Big Blue",
      registration: "not a plate!",
    });
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain("Enter the van&#x27;s registration, like AB12 CDE");
    const gone = await postAsStaff(server, owner, "/dashboard/fleet", {
      intent: "van",
      van: "99999",
      name: "Ghost",
      registration: "",
    });
    expect(gone.status).toBe(400);
    expect(await text(gone)).toContain("That van is no longer in the fleet: reload the page.");
    const saved = await postAsStaff(server, owner, "/dashboard/fleet", {
      intent: "van",
      van: String(van1!.id),
      name: "Big Blue",
      registration: "ab12cde",
    });
    expect(saved.status).toBe(303);
    expect(await sheet(owner)).toContain("Big Blue · AB12 CDE");
  });

  it("the office moves a job to another van: past its room only with a reason, kept in the history", async () => {
    const [, van2] = await vans();
    const refused = await postAsStaff(server, owner, "/dashboard/today?day=" + DAY, {
      intent: "van",
      order: String(ids.alder),
      van: String(van2!.id),
    });
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain(
      "Van 2 has no room for this job: it would be over its load by 1 yd³. Give a reason to put it there anyway.",
    );
    expect(await vanOf(ids.alder)).toBe("Big Blue");
    const moved = await postAsStaff(server, owner, "/dashboard/today?day=" + DAY, {
      intent: "van",
      order: String(ids.cedar),
      van: String(van2!.id),
    });
    expect(moved.status).toBe(303);
    expect(await vanOf(ids.cedar)).toBe("Van 2");
    const forced = await postAsStaff(server, owner, "/dashboard/today?day=" + DAY, {
      intent: "van",
      order: String(ids.alder),
      van: String(van2!.id),
      van_reason: "Big Blue is in for its MOT",
    });
    expect(forced.status).toBe(303);
    expect(await vanOf(ids.alder)).toBe("Van 2");
    const history = await rows<{ new_value: string }>(
      server,
      "SELECT new_value FROM order_events WHERE order_id = ? AND field = 'van'",
      ids.alder,
    );
    expect(history.map((h) => h.new_value)).toEqual([
      "Moved from Big Blue to Van 2, over its load by 2 yd³: Big Blue is in for its MOT",
    ]);
  });

  it("a crew member on a van sees its run and opens its jobs alone; one on no van sees the day's", async () => {
    // A crew account reaches today and tomorrow: the day's bookings move to tomorrow.
    const day = addDaysIso(todayInLondon(), 1);
    await run(
      server,
      "INSERT INTO day_overrides (day, vans, reason, created_by) VALUES (?, 2, '', 'test')",
      day,
    );
    await run(server, "UPDATE orders SET collection_date = ? WHERE collection_date = ?", day, DAY);
    const [van1, van2] = await vans();
    const kit = await crewAccount("kit.crew", "Kit Marlowe");
    const sam = await crewAccount("sam.crew", "Sam Okafor");
    const [kitId, samId] = (
      await rows<{ id: number }>(
        server,
        "SELECT id FROM users WHERE username IN ('kit.crew', 'sam.crew') ORDER BY username",
      )
    ).map((r) => String(r.id));
    // Before any crew is named, a crew member sees every van's run.
    expect(runsOf(await sheet(kit, day)).map((r) => r.van)).toEqual([
      "Big Blue · AB12 CDE",
      "Van 2",
    ]);

    const crew = (vanId: number, ...userIds: string[]) => {
      const form = new URLSearchParams({ intent: "crew", van: String(vanId) });
      for (const id of userIds) form.append("crew", id);
      return fetch(`${server.url}/dashboard/today?day=${day}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          cookie: owner.cookie,
          origin: server.url,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: form,
      });
    };
    // Two offices tick Sam for both vans at the same moment: Sam ends on one of them.
    const raced = await Promise.all([crew(van1!.id, samId!), crew(van2!.id, samId!)]);
    expect(raced.map((r) => r.status)).toEqual([303, 303]);
    const onVans = await rows<{ n: number | string }>(
      server,
      "SELECT COUNT(*) AS n FROM van_crews WHERE day = ? AND user_id = ?",
      day,
      Number(samId),
    );
    expect(Number(onVans[0]!.n)).toBe(1);
    expect((await crew(van2!.id, kitId!, samId!)).status).toBe(303);
    expect(await sheet(owner, day)).toContain("Crew: Kit Marlowe, Sam Okafor");
    // Sam moves to Big Blue: one van a person a day.
    expect((await crew(van1!.id, samId!)).status).toBe(303);
    const office = await sheet(owner, day);
    expect(office).toContain("Crew: Sam Okafor");
    expect(office).toContain("Crew: Kit Marlowe<");
    expect(
      await rows(
        server,
        "SELECT user_id, van_id FROM van_crews WHERE day = ? ORDER BY user_id",
        day,
      ),
    ).toEqual([
      { user_id: Number(kitId), van_id: van2!.id },
      { user_id: Number(samId), van_id: van1!.id },
    ]);

    // Kit, on Van 2, sees Van 2's run alone, and opens its jobs, not Big Blue's.
    const kits = runsOf(await sheet(kit, day));
    expect(kits.map((r) => r.van)).toEqual(["Van 2"]);
    expect(kits[0]!.jobs.sort()).toEqual(["Ann Alder", "Ben Birch", "Cat Cedar"]);
    const own = await fetch(`${server.url}/dashboard/orders/${ids.birch}`, {
      headers: { cookie: kit.cookie },
    });
    expect(own.status).toBe(200);
    const other = await fetch(`${server.url}/dashboard/orders/${ids.birch}/complete`, {
      headers: { cookie: sam.cookie },
    });
    expect(other.status).toBe(403);
    expect(await other.text()).toContain("This job is on another van&#x27;s run.");

    // The note names the van's crew that day and carries its registration.
    await postAsStaff(server, owner, "/dashboard/fleet", {
      intent: "van",
      van: String(van2!.id),
      name: "Van 2",
      registration: "cd34efg",
    });
    expect((await crew(van2!.id, kitId!, samId!)).status).toBe(303);
    const form = await text(
      await fetch(`${server.url}/dashboard/orders/${ids.birch}/complete`, {
        headers: { cookie: kit.cookie },
      }),
    );
    expect(form).toContain("Collected by <strong>Kit Marlowe, Sam Okafor</strong>");
    // The header names the member as their documents do.
    expect(form).toContain('<span class="staff-user">Kit Marlowe</span>');
    expect(form).toMatch(
      /name="vehicle_registration"[^>]*value="CD34 EFG"|value="CD34 EFG"[^>]*name="vehicle_registration"/,
    );
  });
});
