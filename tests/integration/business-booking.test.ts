import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { rows } from "../support/database";
import { phonePhoto } from "../support/images";
import { createBooking, quoteForm, sendQuote } from "../support/make";
import { startServer, type RunningServer } from "../support/server";
import { signInStaff, type SignedIn } from "../support/staff";

/**
 * A booking for a business (docs/rules.md#business-customers): the checkout (its page and its
 * /api), the staff's manual booking (the dashboard form and its /api) and the customer's booking
 * of a priced quote each store the business's name, its SIC code and the notes for the crew on
 * the order; a bad SIC code is refused with its message and stores nothing; clients that send
 * none of the new fields book as before. The demo gateway takes the card payments (NODE_ENV=test).
 */

const SIC_MESSAGE = "Please enter your business's five-digit SIC code (for example 81299)";
const STAFF_SIC_MESSAGE = "Please enter the business's five-digit SIC code (for example 81299)";

const CUSTOMER = {
  full_name: "Priya Raman",
  email: "priya@example.com",
  phone_number: "07700 900123",
  address_1: "22 Elm Grove",
  town: "Guildford",
  postcode: "GU1 3AB",
};

interface StoredOrder {
  id: number;
  full_name: string;
  source: string;
  business_name: string | null;
  sic_code: string | null;
  notes: string | null;
}

let server: RunningServer;
let staff: SignedIn;
/** a Fridge Removal product: hazardous waste, 20 01 23* */
let fridge: number;
let dayOffset = 4;
const nextDay = () => addDaysIso(todayInLondon(), ++dayOffset);
let visitor = 0;
const nextVisitor = () => `198.51.100.${(visitor = (visitor % 250) + 1)}`;

const html = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

const ordersNamed = (name: string) =>
  rows<StoredOrder>(
    server,
    "SELECT id, full_name, source, business_name, sic_code, notes FROM orders WHERE full_name = ? ORDER BY id",
    name,
  );

beforeAll(async () => {
  server = await startServer({ env: { NODE_ENV: "test" } });
  staff = await signInStaff(server);
  const [found] = await rows<{ id: number }>(
    server,
    "SELECT id FROM products WHERE low_code = '20 01 23*' AND retired_at IS NULL ORDER BY id",
  );
  if (!found) throw new Error("The template has no fridge");
  fridge = Number(found.id);
});
afterAll(async () => {
  await server?.stop();
});

/** The bag cookie holding one fridge, as a browser would hold it. */
async function bagWithFridge(): Promise<string> {
  const res = await fetch(`${server.url}/bag`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "add",
      id: String(fridge),
      position: "outside",
      quantity: "1",
      redirectTo: "/",
    }),
  });
  const cookie = /cart=[^;]*/.exec(res.headers.get("set-cookie") ?? "")?.[0];
  expect(cookie).toBeDefined();
  return cookie!;
}

function submitCheckout(cookie: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${server.url}/checkout`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: server.url,
      cookie,
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": nextVisitor(),
    },
    body: new URLSearchParams({ intent: "pay", ui: "hosted", early_start: "yes", ...fields }),
  });
}

function apiCheckout(billing: Record<string, unknown>): Promise<Response> {
  return fetch(`${server.url}/api/products/create-checkout-session/`, {
    method: "POST",
    headers: {
      origin: server.url,
      "content-type": "application/json",
      "x-forwarded-for": nextVisitor(),
    },
    body: JSON.stringify({
      billing_infomation: { ...CUSTOMER, date: nextDay(), ...billing },
      cart_items: [
        { id: fridge, addon: { label: "Outside — left out for collection" }, quantity: 1 },
      ],
    }),
  });
}

describe("the checkout", () => {
  it("stores a business booking's name, normalised SIC code and notes (no JavaScript)", async () => {
    const cookie = await bagWithFridge();
    const res = await submitCheckout(cookie, {
      ...CUSTOMER,
      full_name: "Checkout Business",
      date: nextDay(),
      token: "tokenBusinessAAAAAAAAAA",
      business: "on",
      business_name: "  Acme Clearances Ltd ",
      sic_code: "81 29 9",
      notes: "Gate code 1234.\r\nFridge is in the garage.",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^\/payment\/demo\?session_id=demo_/);
    expect(await ordersNamed("Checkout Business")).toMatchObject([
      {
        source: "web",
        business_name: "Acme Clearances Ltd",
        sic_code: "81299",
        notes: "Gate code 1234.\nFridge is in the garage.",
      },
    ]);

    // The same submit again (a double tap) finds the same order.
    const again = await submitCheckout(cookie, {
      ...CUSTOMER,
      full_name: "Checkout Business",
      date: nextDay(),
      token: "tokenBusinessAAAAAAAAAA",
      business: "on",
      business_name: "Acme Clearances Ltd",
      sic_code: "81299",
    });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(res.headers.get("location"));
    expect(await ordersNamed("Checkout Business")).toHaveLength(1);
  });

  it("stores a household's booking with no business, ignoring stray values when the box is not ticked", async () => {
    const res = await submitCheckout(await bagWithFridge(), {
      ...CUSTOMER,
      full_name: "Checkout Household",
      date: nextDay(),
      token: "tokenHouseholdAAAAAAAAA",
      business_name: "Left Over Ltd",
      sic_code: "not a code",
      notes: "   ",
    });
    expect(res.status).toBe(303);
    expect(await ordersNamed("Checkout Household")).toMatchObject([
      { business_name: null, sic_code: null, notes: null },
    ]);
  });

  it("refuses a bad SIC code beside its field, keeps what was typed and stores nothing", async () => {
    const res = await submitCheckout(await bagWithFridge(), {
      ...CUSTOMER,
      full_name: "Checkout Bad Sic",
      date: nextDay(),
      token: "tokenBadSicAAAAAAAAAAAA",
      business: "on",
      business_name: "Acme Clearances Ltd",
      sic_code: "8129",
    });
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(page).toContain("Please check the details marked below.");
    expect(page).toContain(SIC_MESSAGE);
    expect(page).toMatch(
      /id="field-sic_code"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="field-sic_code"/,
    );
    expect(page).toContain('value="Acme Clearances Ltd"');
    expect(await ordersNamed("Checkout Bad Sic")).toEqual([]);
  });

  it("shows the business box, its fields and the notes on the page", async () => {
    const page = await html(
      await fetch(`${server.url}/checkout`, { headers: { cookie: await bagWithFridge() } }),
    );
    expect(page).toContain("This booking is for a business");
    expect(page).toContain("Only if the box above is ticked.");
    expect(page).toContain("Your SIC code is on your Companies House record.");
    expect(page).toContain('name="business_name"');
    expect(page).toContain('name="sic_code"');
    expect(page).toMatch(/<textarea[^>]*name="notes"/);
    expect(page).toContain("Notes for our crew");
  });

  it("/api: takes optional business_name, sic_code and notes", async () => {
    const res = await apiCheckout({
      full_name: "Api Business",
      business_name: "Fridge Fleet Ltd",
      sic_code: "38110",
      notes: "Ring the bell twice",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ clientSecret: null });
    expect(await ordersNamed("Api Business")).toMatchObject([
      { business_name: "Fridge Fleet Ltd", sic_code: "38110", notes: "Ring the bell twice" },
    ]);
  });

  it("/api: a client that sends none of the new fields books as before", async () => {
    const res = await apiCheckout({ full_name: "Api Household" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { clientSecret: null; url: string };
    expect(body.url).toMatch(/\/payment\/demo\?session_id=demo_/);
    expect(await ordersNamed("Api Household")).toMatchObject([
      { source: "web", business_name: null, sic_code: null, notes: null },
    ]);
  });

  it("/api: a bad SIC code is refused with its message and nothing is stored", async () => {
    const res = await apiCheckout({
      full_name: "Api Bad Sic",
      business_name: "Fridge Fleet Ltd",
      sic_code: "3811",
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; errors: Record<string, string> };
    expect(body.message).toBe(`sic_code: ${SIC_MESSAGE}`);
    expect(body.errors).toEqual({ sic_code: SIC_MESSAGE });
    expect(await ordersNamed("Api Bad Sic")).toEqual([]);
  });
});

describe("the staff's manual booking", () => {
  const postForm = (fields: Record<string, string>) =>
    fetch(`${server.url}/dashboard/home?new=booking`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie: staff.cookie,
        origin: server.url,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        intent: "create-booking",
        ...CUSTOMER,
        f0_description: "Office chairs",
        f0_price: "120",
        f0_load: "1",
        f0_minutes: "20",
        payment_method: "cash_payment",
        ...fields,
      }),
    });

  it("the dashboard form stores the business and the notes", async () => {
    const res = await postForm({
      full_name: "Manual Business",
      date: nextDay(),
      business: "on",
      business_name: "Surrey Offices LLP",
      sic_code: "69 10 2",
      notes: "Third floor, lift at the back.",
    });
    expect(res.status).toBe(303);
    expect(await ordersNamed("Manual Business")).toMatchObject([
      {
        source: "manual",
        business_name: "Surrey Offices LLP",
        sic_code: "69102",
        notes: "Third floor, lift at the back.",
      },
    ]);
  });

  it("the dashboard form refuses a bad SIC code, keeping what was typed, and stores nothing", async () => {
    const res = await postForm({
      full_name: "Manual Bad Sic",
      date: nextDay(),
      business: "on",
      business_name: "Surrey Offices LLP",
      sic_code: "SIC69102",
    });
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(page).toContain(STAFF_SIC_MESSAGE);
    expect(page).toContain('value="Surrey Offices LLP"');
    expect(await ordersNamed("Manual Bad Sic")).toEqual([]);
  });

  it("/api: takes optional business_name, sic_code and notes; refuses a bad code; works without them", async () => {
    const business = await createBooking(server, staff, {
      full_name: "Api Manual Business",
      date: nextDay(),
      business_name: "Guildford Dental Ltd",
      sic_code: 86230,
      notes: "Clinical waste is NOT ours: only the chairs.",
    });
    expect(business.response.status).toBe(201);
    expect(await ordersNamed("Api Manual Business")).toMatchObject([
      {
        business_name: "Guildford Dental Ltd",
        sic_code: "86230",
        notes: "Clinical waste is NOT ours: only the chairs.",
      },
    ]);

    const bad = await createBooking(server, staff, {
      full_name: "Api Manual Bad Sic",
      date: nextDay(),
      business_name: "Guildford Dental Ltd",
      sic_code: "862",
    });
    expect(bad.response.status).toBe(400);
    expect(await bad.response.json()).toMatchObject({ errors: { sic_code: STAFF_SIC_MESSAGE } });
    expect(await ordersNamed("Api Manual Bad Sic")).toEqual([]);

    const plain = await createBooking(server, staff, {
      full_name: "Api Manual Household",
      date: nextDay(),
    });
    expect(plain.response.status).toBe(201);
    expect(await plain.response.json()).toMatchObject({ data: "Booking created" });
    expect(await ordersNamed("Api Manual Household")).toMatchObject([
      { source: "manual", business_name: null, sic_code: null, notes: null },
    ]);
  });
});

describe("booking a priced quote", () => {
  /** A quote request priced by staff with one fridge; answers the link's token. */
  async function pricedQuote(fullName: string): Promise<string> {
    const sent = await sendQuote(
      server,
      quoteForm({ fullName }, [{ name: "fridge.jpg", bytes: await phonePhoto("#d9a45b") }]),
      { from: nextVisitor() },
    );
    expect(sent.status).toBe(201);
    const [quote] = await rows<{ id: number }>(
      server,
      "SELECT id FROM quotes WHERE full_name = ? ORDER BY id DESC",
      fullName,
    );
    const priced = await fetch(`${server.url}/dashboard/quotes/${quote!.id}/price`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie: staff.cookie,
        origin: server.url,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        intent: "send",
        catalogue_rows: "1",
        c0_product: String(fridge),
        c0_position: "outside",
        c0_quantity: "1",
        free_rows: "0",
        valid_days: "14",
      }),
    });
    expect(priced.status).toBe(303);
    const [offer] = await rows<{ token: string }>(
      server,
      "SELECT token FROM quote_offers WHERE quote_id = ? ORDER BY version DESC",
      quote!.id,
    );
    return offer!.token;
  }

  const book = (token: string, fields: Record<string, string>) =>
    fetch(`${server.url}/quote/${token}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: server.url,
        "x-forwarded-for": nextVisitor(),
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        intent: "pay",
        ui: "hosted",
        early_start: "yes",
        date: nextDay(),
        ...fields,
      }),
    });

  it("stores the business on the order; the quote's comments stay the crew's notes", async () => {
    const token = await pricedQuote("Quote Business");
    const page = await html(await fetch(`${server.url}/quote/${token}`));
    expect(page).toContain("This booking is for a business");
    const res = await book(token, {
      business: "on",
      business_name: "Leeds Lettings Ltd",
      sic_code: "68310",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^\/payment\/demo\?session_id=demo_/);
    expect(await ordersNamed("Quote Business")).toMatchObject([
      { source: "quote", business_name: "Leeds Lettings Ltd", sic_code: "68310", notes: null },
    ]);
  });

  it("refuses a bad SIC code with its message and stores nothing; without the box it books as before", async () => {
    const token = await pricedQuote("Quote Bad Sic");
    const bad = await book(token, {
      business: "on",
      business_name: "Leeds Lettings Ltd",
      sic_code: "6831",
    });
    expect(bad.status).toBe(400);
    const page = await html(bad);
    expect(page).toContain(SIC_MESSAGE);
    expect(page).toContain('value="Leeds Lettings Ltd"');
    expect(await ordersNamed("Quote Bad Sic")).toEqual([]);

    const plain = await book(token, {});
    expect(plain.status).toBe(303);
    expect(await ordersNamed("Quote Bad Sic")).toMatchObject([
      { source: "quote", business_name: null, sic_code: null },
    ]);
  });
});
