import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { withTestDatabase, type TestDatabase } from "../support/database";
import { createBooking } from "../support/make";
import { startServer, type RunningServer } from "../support/server";
import { signInStaff, type SignedIn } from "../support/staff";

/**
 * The crew's run sheet (/dashboard/today): a day's jobs as the calendar counts them, in
 * collection order with completed jobs last, each with what the crew need at the door.
 */
let server: RunningServer;
let staff: SignedIn;
const DAY = addDaysIso(todayInLondon(), 9);

beforeAll(async () => {
  server = await startServer();
  staff = await signInStaff(server);
});
afterAll(async () => {
  await server?.stop();
});

async function insertOrder(
  db: TestDatabase,
  fields: {
    full_name: string;
    status: "pending" | "complete";
    payment_method: "card" | "cash_payment" | "bank_transfer";
    total_pence: number;
    source?: "web" | "manual" | "quote";
    quote_id?: number | null;
    business_name?: string | null;
    sic_code?: string | null;
    notes?: string | null;
  },
  items: { name: string; position: string | null; quantity: number; hazardous?: 0 | 1 }[] = [],
): Promise<number> {
  const row = await db.get<{ id: number }>(
    `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date,
       status, booking_status, payment_method, total_pence, source, quote_id, business_name,
       sic_code, notes)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    fields.full_name,
    "crew@example.com",
    "07700 900222",
    "22 Mill Lane",
    "Guildford",
    "GU1 3AA",
    DAY,
    fields.status,
    fields.payment_method,
    fields.total_pence,
    fields.source ?? "web",
    fields.quote_id ?? null,
    fields.business_name ?? null,
    fields.sic_code ?? null,
    fields.notes ?? null,
  );
  for (const item of items)
    await db.run(
      `INSERT INTO order_items (order_id, product_id, product_name, product_description, position,
         unit_price_pence, quantity, hazardous) VALUES (?, NULL, ?, '', ?, 5000, ?, ?)`,
      row!.id,
      item.name,
      item.position,
      item.quantity,
      item.hazardous ?? null,
    );
  return Number(row!.id);
}

async function page(path: string, cookie = staff.cookie) {
  const response = await fetch(`${server.url}${path}`, { headers: { cookie }, redirect: "manual" });
  return { response, html: (await response.text()).replaceAll("<!-- -->", "") };
}

/** The run sheet's jobs as HTML pieces, in the order the page shows them. */
const jobsOf = (html: string) => html.split('data-testid="run-job"').slice(1);

describe("the run sheet", () => {
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    // Made first (lowest id) but already done: it must come last.
    const done = await createBooking(server, staff, {
      full_name: "Bank Done",
      payment_method: "bank_transfer",
      order_price: 45.5,
      date: DAY,
    });
    ids.done = done.orderId!;
    const cash = await createBooking(server, staff, {
      full_name: "Cash Customer",
      phone_number: "07700 900111",
      address_1: "5 Station Road",
      town: "Woking",
      postcode: "GU22 7AA",
      payment_method: "cash_payment",
      order_price: 120,
      date: DAY,
    });
    ids.cash = cash.orderId!;
    expect(done.response.status).toBe(201);
    expect(cash.response.status).toBe(201);
    await withTestDatabase(server, async (db) => {
      await db.run("UPDATE orders SET booking_status = 'complete' WHERE id = ?", ids.done);
      ids.card = await insertOrder(
        db,
        { full_name: "Card Payer", status: "complete", payment_method: "card", total_pence: 15000 },
        [
          { name: "Three-seater sofa", position: "outside", quantity: 1 },
          { name: "Fridge freezer", position: "inside_dismantle", quantity: 2 },
        ],
      );
      ids.unpaid = await insertOrder(
        db,
        {
          full_name: "Unpaid Checkout",
          status: "pending",
          payment_method: "card",
          total_pence: 9000,
        },
        [{ name: "Mattress", position: "outside", quantity: 1 }],
      );
      const quote = await db.get<{ id: number }>(
        `INSERT INTO quotes (full_name, email, phone_number, address_1, town, postcode, comments, state)
         VALUES ('Quote Client', 'q@example.com', '07700 900333', '3 Hill Road', 'Leeds', 'SE1 1AA', ?, 'booked')
         RETURNING id`,
        "Garage clear-out.\nSide gate is unlocked; the dog is friendly.",
      );
      ids.quote = await insertOrder(
        db,
        {
          full_name: "Quote Client",
          status: "complete",
          payment_method: "card",
          total_pence: 30000,
          source: "quote",
          quote_id: Number(quote!.id),
        },
        [{ name: "Garage clear-out, about half a van", position: null, quantity: 1 }],
      );
      // Orders written straight to the database have no van: these are all the first van's.
      await db.run(
        "UPDATE orders SET van_id = (SELECT id FROM vans WHERE out_order = 1) WHERE collection_date = ?",
        DAY,
      );
    });
  });

  it("lists the day's bookings in collection order, done last, never an unpaid checkout", async () => {
    const { response, html } = await page(`/dashboard/today?day=${DAY}`);
    expect(response.status).toBe(200);
    const jobs = jobsOf(html);
    const names = jobs.map((j) => /<h3[^>]*>.*?<\/span> ([^<]+)<\/h3>/.exec(j)?.[1]);
    // No postcode service here (POSTCODES_URL): by window (the phone booking's is the morning),
    // then postcode district.
    expect(names).toEqual(["Cash Customer", "Card Payer", "Quote Client", "Bank Done"]);
    expect(html).toContain(
      "Not in road order: the postcodes are not placed on a map, so the jobs are in window order, then by postcode district.",
    );
    expect(html).not.toContain("Unpaid Checkout");
    expect(html).toContain("4 jobs, 3 to do");
    expect(jobs.map((j) => />(To do|Done)</.exec(j)?.[1])).toEqual([
      "To do",
      "To do",
      "To do",
      "Done",
    ]);
  });

  it("gives each job its maps and phone links, items, notes, payment line and order link", async () => {
    const { html } = await page(`/dashboard/today?day=${DAY}`);
    // React 18 pads a stream's buffer with NULs at a multi-byte character: none reach the page.
    expect(html).not.toContain("\u0000");
    const [cash, card, quote, done] = jobsOf(html);
    expect(cash).toContain(
      'href="https://www.google.com/maps/search/?api=1&amp;query=5%20Station%20Road%2C%20Woking%2C%20GU22%207AA"',
    );
    expect(cash).toContain('href="tel:07700900111"');
    expect(cash).toContain("07700 900111");
    expect(cash).toMatch(/class="run-job-payment is-collect"[^>]*>Collect £120\.00 \(cash\)</);
    expect(cash).toContain("No items listed: a booking made by hand.");
    expect(cash).not.toContain("Customer’s notes");
    expect(cash).toContain(`href="/dashboard/orders/${ids.cash}"`);

    expect(card).toContain("<li>1 × Three-seater sofa (Outside — left out for collection)</li>");
    expect(card).toContain("<li>2 × Fridge freezer (Inside — needs dismantling)</li>");
    expect(card).toMatch(/data-testid="run-job-payment">Paid by card</);
    expect(card).toContain(`href="/dashboard/orders/${ids.card}"`);

    expect(quote).toContain("<li>1 × Garage clear-out, about half a van</li>");
    expect(quote).toContain("Customer’s notes");
    expect(quote).toContain("Garage clear-out.\nSide gate is unlocked; the dog is friendly.");
    expect(quote).toMatch(/>Paid by card</);

    expect(done).toMatch(/is-collect"[^>]*>Collect £45\.50 \(bank transfer\)</);
    expect(done).toContain(`href="/dashboard/orders/${ids.done}"`);
  });

  it("shows a business's name and SIC code, the order's notes, and the consignment note warning", async () => {
    const day = addDaysIso(DAY, 3);
    const ids = await withTestDatabase(server, async (db) => {
      const insert = (
        full_name: string,
        extra: { business_name?: string; sic_code?: string; notes?: string; quote_id?: number },
        hazardous: 0 | 1,
      ) =>
        insertOrder(
          db,
          {
            full_name,
            status: "complete",
            payment_method: "card",
            total_pence: 9000,
            source: extra.quote_id ? "quote" : "web",
            ...extra,
          },
          [{ name: "Fridge freezer", position: "outside", quantity: 1, hazardous }],
        );
      const quote = await db.get<{ id: number }>(
        `INSERT INTO quotes (full_name, email, phone_number, address_1, town, postcode, comments, state)
         VALUES ('Quote Firm', 'f@example.com', '07700 900444', '1 Dock Road', 'Hull', 'HP1 1AA',
           'What the quote said', 'booked') RETURNING id`,
      );
      const made = {
        hazardousFirm: await insert(
          "Hazard Firm",
          {
            business_name: "Acme Clearances Ltd",
            sic_code: "81299",
            notes: "Gate code 1234.\nRing first.",
          },
          1,
        ),
        safeFirm: await insert("Safe Firm", { business_name: "Paper Co", sic_code: "17120" }, 0),
        household: await insert("Hazard Household", {}, 1),
        quoteFirm: await insert(
          "Quote Firm",
          { quote_id: Number(quote!.id), notes: "Notes kept on the order" },
          0,
        ),
      };
      await db.run(
        "UPDATE orders SET collection_date = ? WHERE id IN (?, ?, ?, ?)",
        day,
        ...Object.values(made),
      );
      return made;
    });
    const jobs = jobsOf((await page(`/dashboard/today?day=${day}`)).html);
    const job = (id: number) => jobs.find((j) => j.includes(`href="/dashboard/orders/${id}"`))!;
    const WARNING = "Hazardous waste from a business: a consignment note is needed";

    const firm = job(ids.hazardousFirm);
    expect(firm).toMatch(
      /data-testid="run-job-business"><span>Acme Clearances Ltd<\/span><span class="run-job-sic">SIC 81299<\/span>/,
    );
    expect(firm).toContain(WARNING);
    // Before the job's details: the warning comes straight after the name.
    expect(firm.indexOf(WARNING)).toBeLessThan(firm.indexOf("run-job-payment"));
    expect(firm).toContain("Customer’s notes");
    expect(firm).toContain("Gate code 1234.\nRing first.");

    const safe = job(ids.safeFirm);
    expect(safe).toContain("Paper Co");
    expect(safe).toContain("SIC 17120");
    expect(safe).not.toContain(WARNING);
    expect(safe).not.toContain("Customer’s notes");

    const household = job(ids.household);
    expect(household).not.toContain("run-job-business");
    expect(household).not.toContain(WARNING);

    // The order's notes win over its quote request's comments.
    const quoted = job(ids.quoteFirm);
    expect(quoted).toContain("Notes kept on the order");
    expect(quoted).not.toContain("What the quote said");
  });

  it("links the days either side, and says so plainly when a day has no jobs", async () => {
    const { html } = await page(`/dashboard/today?day=${DAY}`);
    expect(html).toContain(`href="/dashboard/today?day=${addDaysIso(DAY, -1)}"`);
    expect(html).toContain(`href="/dashboard/today?day=${addDaysIso(DAY, 1)}"`);
    const empty = await page(`/dashboard/today?day=${addDaysIso(DAY, 1)}`);
    expect(empty.response.status).toBe(200);
    expect(empty.html).toContain("No jobs booked for this day.");
    expect(jobsOf(empty.html)).toHaveLength(0);
  });

  it("shows today in London without a day, and refuses a day that is not one", async () => {
    const today = await page("/dashboard/today");
    expect(today.response.status).toBe(200);
    expect(today.html).toContain("Today: ");
    expect(today.html).toContain(`href="/dashboard/today?day=${addDaysIso(todayInLondon(), 1)}"`);
    const bad = await page("/dashboard/today?day=2026-02-30");
    expect(bad.response.status).toBe(400);
    expect(bad.html).toContain("is not a day. Use YYYY-MM-DD");
  });

  it("is reached from the dashboard menu and the calendar's day view", async () => {
    const menu = await page("/dashboard/home?menu=open");
    expect(menu.html).toMatch(/href="\/dashboard\/today"[^>]*>.*?<span>Today<\/span>/);
    const dayView = await page(`/dashboard/home?month=${DAY.slice(0, 7)}&day=${DAY}`);
    expect(dayView.html).toMatch(
      new RegExp(`href="/dashboard/today\\?day=${DAY}"[^>]*>Run sheet for this day<`),
    );
  });

  it("sends anyone not signed in to /login", async () => {
    const { response } = await page(`/dashboard/today?day=${DAY}`, "");
    expect([302, 303]).toContain(response.status);
    expect(response.headers.get("location")).toMatch(/^\/login\?redirectTo=%2Fdashboard%2Ftoday/);
  });
});
