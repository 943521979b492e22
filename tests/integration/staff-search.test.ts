import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { BOOKING_CUSTOMER, startCardCheckout } from "../support/bookings";
import { rows } from "../support/database";
import { phonePhoto } from "../support/images";
import { createBooking, quoteForm, sendQuote } from "../support/make";
import { startServer, type RunningServer } from "../support/server";
import { signInStaff } from "../support/staff";

/**
 * The staff's one search box (issue 32): what a customer on the phone says finds their bookings
 * and quotes, in the header's search, the orders list and the quotes list, on both engines. And
 * web checkouts whose payment never arrived are kept apart from the orders.
 */

let server: RunningServer;
let staff: { cookie: string; xsrf: string };
const day = (n: number) => addDaysIso(todayInLondon(), n);
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startServer({ env: { NODE_ENV: "test" } });
  staff = await signInStaff(server, { via: "api" });
  const book = async (key: string, fields: Record<string, string | number>) => {
    const { response, orderId } = await createBooking(server, staff, fields);
    expect(response.status).toBe(201);
    ids[key] = orderId!;
  };
  await book("plus44", {
    full_name: "Search Person Alpha",
    email: "alpha.search@example.com",
    phone_number: "+44 7700 900555",
    postcode: "GU1 4AA",
    date: day(3),
  });
  await book("district14", {
    full_name: "Search Person Beta",
    email: "beta.search@example.com",
    phone_number: "07700 900666",
    postcode: "GU14 6AB",
    date: day(10),
  });
  const sent = await sendQuote(
    server,
    quoteForm(
      {
        fullName: "Search Quote Gamma",
        email: "gamma.search@example.com",
        phoneNumber: "07700 900777",
        postcode: "GU1 2BB",
      },
      [{ name: "sofa.jpg", bytes: await phonePhoto("#5b7a8a") }],
    ),
    { from: "198.18.7.7" },
  );
  expect(sent.status).toBe(201);
  const [quote] = await rows<{ id: number }>(
    server,
    "SELECT id FROM quotes WHERE full_name = ?",
    "Search Quote Gamma",
  );
  ids.gamma = quote!.id;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const page = async (path: string) => {
  const res = await fetch(`${server.url}${path}`, {
    headers: { cookie: staff.cookie },
    redirect: "manual",
  });
  return { res, html: res.status === 200 ? (await res.text()).replaceAll("<!-- -->", "") : "" };
};

/** The references a search page lists, bookings and quotes. */
async function found(q: string, extra = "") {
  const { html } = await page(`/dashboard/search?q=${encodeURIComponent(q)}${extra}`);
  const refs = (testId: string, prefix: string) =>
    [...html.matchAll(new RegExp(`data-testid="${testId}"><td><a[^>]*>(${prefix}\\d+)<`, "g"))]
      .map((m) => m[1]!)
      .sort();
  return { bookings: refs("search-booking", "HB"), quotes: refs("search-quote", "Q"), html };
}

describe("the header's search", () => {
  it.each([
    ["a phone number as the customer says it", "07700 900555", ["plus44"], []],
    ["a phone number with +44", "+44 7700 900666", ["district14"], []],
    ["a postcode typed loosely", "gu14aa", ["plus44"], []],
    ["a district, without its neighbours (GU14 is not GU1)", "GU1", ["plus44"], ["gamma"]],
    ["part of an email", "SEARCH@example", ["plus44", "district14"], ["gamma"]],
    ["part of a name", "search person", ["plus44", "district14"], []],
  ])("finds by %s", async (_, q, bookings, quotes) => {
    const result = await found(q);
    expect(result.bookings).toEqual(bookings.map((k) => `HB${ids[k]}`).sort());
    expect(result.quotes).toEqual(quotes.map((k) => `Q${ids[k]}`).sort());
  });

  it("opens a booking or a quote straight from its reference", async () => {
    const booking = await page(`/dashboard/search?q=hb${ids.plus44}`);
    expect(booking.res.status).toBe(302);
    expect(booking.res.headers.get("location")).toBe(`/dashboard/orders/${ids.plus44}`);
    const quote = await page(`/dashboard/search?q=Q${ids.gamma}-1`);
    expect(quote.res.headers.get("location")).toBe(`/dashboard/quotes/${ids.gamma}`);
  });

  it("narrows by collection days, and says what it searched by", async () => {
    const week = await found("search person", `&from=${day(1)}&to=${day(7)}`);
    expect(week.bookings).toEqual([`HB${ids.plus44}`]);
    expect(week.html).toContain("Found by name containing “search person”");
  });
});

describe("the orders and quotes lists", () => {
  it("the orders list takes the same box and dates", async () => {
    const { html } = await page(
      `/dashboard/orders?q=${encodeURIComponent("07700 900666")}&from=${day(8)}`,
    );
    expect(html).toContain(`>HB${ids.district14}</a>`);
    expect(html).not.toContain(`>HB${ids.plus44}</a>`);
    expect(html).toContain('value="07700 900666"');
  });

  it("the quotes list takes the same box", async () => {
    const { html } = await page(`/dashboard/quotes?q=${encodeURIComponent("gu1 2bb")}`);
    expect(html).toContain(`Q${ids.gamma}`);
  });

  it("the /api's order and quote lists take the same box", async () => {
    const get = async (path: string) =>
      (await (
        await fetch(`${server.url}${path}`, { headers: { cookie: staff.cookie } })
      ).json()) as { full_name?: string; billing?: { full_name: string } }[];
    const orders = await get(`/api/orders?q=${encodeURIComponent("+44 7700 900555")}`);
    expect(orders.map((o) => o.billing?.full_name)).toEqual(["Search Person Alpha"]);
    const quotes = await get(`/api/orders/quotationRequest?q=${encodeURIComponent("gu1 2bb")}`);
    expect(quotes.map((q) => q.full_name)).toEqual(["Search Quote Gamma"]);
  });
});

describe("web checkouts whose payment never arrived", () => {
  it("are kept apart from the orders, their count and the /api, and say what became of them", async () => {
    const [product] = await rows<{ id: number }>(
      server,
      "SELECT id FROM products WHERE retired_at IS NULL ORDER BY id LIMIT 1",
    );
    const customer = {
      ...BOOKING_CUSTOMER,
      full_name: "Unfinished Checkout",
      email: "unfinished@example.com",
    };
    const countBefore = Number(
      /data-testid="count-orders">(\d+)</.exec((await page("/dashboard/home")).html)?.[1],
    );
    const held = await startCardCheckout(server, day(5), product!.id, customer);
    const declined = await startCardCheckout(server, day(6), product!.id, customer);
    const decline = await fetch(`${server.url}/payment/demo`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ session_id: declined.sessionId, intent: "decline" }),
    });
    expect(decline.status).toBe(303);
    await fetch(`${server.url}${decline.headers.get("location")}`);
    void held;

    const orders = (await page("/dashboard/orders?q=unfinished%40example.com")).html;
    expect(orders).toContain("0 orders");
    const checkouts = (await page("/dashboard/orders?kind=checkouts&q=unfinished%40example.com"))
      .html;
    expect(checkouts).toContain("2 unfinished checkouts");
    expect(checkouts).toContain("Card declined");
    expect(checkouts).toContain("Being paid now");
    const countAfter = Number(
      /data-testid="count-orders">(\d+)</.exec((await page("/dashboard/home")).html)?.[1],
    );
    expect(countAfter).toBe(countBefore);
    const api = (await (
      await fetch(`${server.url}/api/orders?email=unfinished%40example.com`, {
        headers: { cookie: staff.cookie },
      })
    ).json()) as { data?: unknown[]; orders?: unknown[] };
    expect(JSON.stringify(api)).not.toContain("Unfinished Checkout");
  });
});
