import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { todayInLondon } from "~/lib/london-clock.server";
import { formatPence } from "~/lib/format";
import {
  bagWith,
  BOOKING_CUSTOMER,
  emailsAbout,
  html,
  nextVisitor,
  payOnDemoPage,
  startCardCheckout,
} from "../support/bookings";
import { rows } from "../support/database";
import { phonePhoto } from "../support/images";
import { createBooking, quoteForm, sendQuote } from "../support/make";
import { startServer, type RunningServer } from "../support/server";
import { followRedirect, signInStaff, type SignedIn } from "../support/staff";

/**
 * The area served (docs/rules.md#the-area-served): the demo business collects from London and
 * the South East. Outside it, the checkout, its /api and staff bookings refuse the postcode
 * before anything is written or paid; "Do we cover your postcode?" answers; staff change the area
 * in Settings and the next request follows it.
 */
describe("the area served", () => {
  let server: RunningServer;
  let staff: SignedIn;
  const day = addDaysIso(todayInLondon(), 20);
  const counts = async () => {
    const [orders] = await rows<{ n: number }>(server, "SELECT count(*) AS n FROM orders");
    const [payments] = await rows<{ n: number }>(
      server,
      "SELECT count(*) AS n FROM orders WHERE payment_session_id IS NOT NULL",
    );
    return { orders: Number(orders!.n), payments: Number(payments!.n) };
  };

  beforeAll(async () => {
    server = await startServer({ env: { NODE_ENV: "test" } });
    staff = await signInStaff(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const check = async (postcode: string, from = "") =>
    html(
      await fetch(
        `${server.url}/coverage?postcode=${encodeURIComponent(postcode)}${from ? `&from=${from}` : ""}`,
      ),
    );

  it.each([
    ["SE1 7PB", "Yes, we collect from SE1."],
    ["rg1 8aa", "Yes, we collect from RG1."],
    ["EH1 1YZ", "Sorry, we do not collect from EH1 yet."],
    ["BT1 1AA", "Sorry, we do not collect in Northern Ireland."],
    ["BFPO 57", "We cannot collect from a BFPO address"],
    ["SE1", "Please enter a UK postcode"],
  ])("“Do we cover your postcode?” answers %s: %s", async (postcode, answer) => {
    const page = await check(postcode);
    expect(page).toContain(answer);
    if (answer.startsWith("Yes")) expect(page).toContain('href="/products"');
    else if (!answer.startsWith("Please")) expect(page).toContain('href="/quote"');
  });

  it("the answer leads back to the checkout when asked from there, and lists the area", async () => {
    const page = await check("SE1 7PB", "checkout");
    expect(page).toContain('href="/checkout"');
    expect(page).toContain("We collect from these postcode areas and districts: AL, BN, BR,");
    const home = await html(await fetch(`${server.url}/`));
    expect(home).toMatch(/<form[^>]*action="\/coverage"/);
    const checkout = await html(
      await fetch(`${server.url}/checkout`, { headers: { cookie: await bagWith(server, 1) } }),
    );
    expect(checkout).toContain('href="/coverage?from=checkout"');
  });

  it("the checkout refuses Edinburgh before anything is written or paid, and offers the quote form", async () => {
    const before = await counts();
    const res = await fetch(`${server.url}/checkout`, {
      method: "POST",
      headers: {
        origin: server.url,
        cookie: await bagWith(server, 1),
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": nextVisitor(),
      },
      body: new URLSearchParams({
        intent: "pay",
        ...BOOKING_CUSTOMER,
        postcode: "EH1 1YZ",
        date: day,
        ui: "hosted",
        token: `tokenOutsideArea${Date.now().toString(36)}`,
      }),
    });
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(page).toContain("Sorry, we do not collect from EH1 yet.");
    expect(page).toMatch(/<a[^>]*href="\/quote"[^>]*>Tell us what you need<\/a>/);
    // What was typed stays.
    expect(page).toContain('value="EH1 1YZ"');
    expect(await counts()).toEqual(before);
  });

  it("with other details wrong too, the checkout asks to check them and says why beside the postcode", async () => {
    const res = await fetch(`${server.url}/checkout`, {
      method: "POST",
      headers: {
        origin: server.url,
        cookie: await bagWith(server, 1),
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": nextVisitor(),
      },
      body: new URLSearchParams({
        intent: "pay",
        ...BOOKING_CUSTOMER,
        full_name: "",
        postcode: "EH1 1YZ",
        date: day,
        ui: "hosted",
      }),
    });
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(page).toContain("Please check the details marked below.");
    expect(page).toContain("Please enter your full name");
    expect(page).toMatch(/id="[^"]*postcode-error"[^>]*>Sorry, we do not collect from EH1 yet\.</);
    expect(page).toContain("Tell us what you need");
  });

  it("the /api refuses Belfast with 400 and the reason, before any payment", async () => {
    const before = await counts();
    const res = await fetch(`${server.url}/api/products/create-checkout-session/`, {
      method: "POST",
      headers: {
        origin: server.url,
        "content-type": "application/json",
        "x-forwarded-for": nextVisitor(),
      },
      body: JSON.stringify({
        billing_infomation: { ...BOOKING_CUSTOMER, postcode: "BT1 1AA", date: day },
        cart_items: [{ id: 1, addon: { label: "Outside — left out for collection" }, quantity: 1 }],
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: "Sorry, we do not collect in Northern Ireland.",
    });
    expect(await counts()).toEqual(before);
  });

  it("staff cannot book outside the area either, and are told where it is set", async () => {
    const before = await counts();
    const { response, orderId } = await createBooking(server, staff, {
      postcode: "EH1 1YZ",
      date: day,
    });
    expect(response.status).toBe(400);
    expect(orderId).toBeUndefined();
    expect(await response.json()).toMatchObject({
      errors: { postcode: "EH1 1YZ is outside the area you collect from (Settings)." },
    });
    expect(await counts()).toEqual(before);
    const inside = await createBooking(server, staff, { postcode: "SE1 7PB", date: day });
    expect(inside.response.status).toBe(201);

    // Nor move a booking out of it; the booking keeps its address.
    const moved = await fetch(`${server.url}/api/general/updatebooking`, {
      method: "POST",
      headers: {
        cookie: staff.cookie,
        origin: server.url,
        "content-type": "application/json",
        "x-xsrf-token": staff.xsrf,
      },
      body: JSON.stringify({ order_id: inside.orderId, postcode: "BT1 1AA" }),
    });
    expect(moved.status).toBe(400);
    expect(await moved.json()).toMatchObject({
      errors: {
        postcode: "BT1 1AA is in Northern Ireland, outside the area you collect from (Settings).",
      },
    });
    const [kept] = await rows<{ postcode: string }>(
      server,
      "SELECT postcode FROM orders WHERE id = ?",
      inside.orderId,
    );
    expect(kept!.postcode).toBe("SE1 7PB");
  });

  it("a quote request is taken from anywhere; staff are told it cannot be booked until the area includes it", async () => {
    const sent = await sendQuote(
      server,
      quoteForm({ fullName: "Isla Munro", postcode: "EH1 1YZ" }, [
        { name: "sofa.jpg", bytes: await phonePhoto("#a0785a") },
      ]),
      { from: nextVisitor() },
    );
    expect(sent.status).toBe(201);
    const [quote] = await rows<{ id: number }>(
      server,
      "SELECT id FROM quotes WHERE full_name = ?",
      "Isla Munro",
    );
    const page = await html(
      await fetch(`${server.url}/dashboard/quotes/${quote!.id}`, {
        headers: { cookie: staff.cookie },
      }),
    );
    expect(page).toContain(
      "EH1 1YZ is outside the area you collect from (Settings). Neither you nor the customer can book it until the area includes it.",
    );
  });

  it("staff change the area in Settings; a typo is refused with the reason and kept", async () => {
    const save = (area: string) =>
      fetch(`${server.url}/dashboard/settings`, {
        method: "POST",
        redirect: "manual",
        headers: {
          origin: server.url,
          cookie: staff.cookie,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ intent: "area", service_area: area }),
      });
    const refused = await save("EH, London");
    expect(refused.status).toBe(400);
    const refusedPage = await html(refused);
    expect(refusedPage).toContain("&quot;LONDON&quot; is not a postcode area or district");
    expect(refusedPage).toContain("EH, London</textarea>");

    const saved = await save("eh1-eh3, SE");
    expect(saved.status).toBe(303);
    const { html: settings } = await followRedirect(server, saved, staff.cookie);
    expect(settings).toContain("Area saved. Bookings are taken from EH1-EH3, SE.");
    expect(settings).toContain("EH1-EH3, SE</textarea>");
    expect(await check("EH1 1YZ")).toContain("Yes, we collect from EH1.");
    expect(await check("EH4 1AA")).toContain("Sorry, we do not collect from EH4 yet.");
    expect(await check("RG1 8AA")).toContain("Sorry, we do not collect from RG1 yet.");

    // Emptied: every UK postcode books until the owner says otherwise.
    expect((await save("")).status).toBe(303);
    expect(await check("BT1 1AA")).toContain("Yes, we collect from BT1.");
  });
});

describe("an extra charge for part of the area", () => {
  let server: RunningServer;
  let staff: SignedIn;
  beforeAll(async () => {
    server = await startServer({ env: { NODE_ENV: "test" } });
    staff = await signInStaff(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const save = (area: string, surcharges: string) =>
    fetch(`${server.url}/dashboard/settings`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: server.url,
        cookie: staff.cookie,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        intent: "area",
        service_area: area,
        area_surcharges: surcharges,
      }),
    });

  it("is set in Settings (a mistake refused and kept), said by “Do we cover your postcode?”, and charged as its own line before paying", async () => {
    const refused = await save("SE, KT", "KT1-KT3 £15\nN1 £10");
    expect(refused.status).toBe(400);
    const refusedPage = await html(refused);
    expect(refusedPage).toContain(
      "N1 is not in the area you collect from: add it to the area first, or leave its charge out.",
    );
    expect(refusedPage).toContain("KT1-KT3 £15\nN1 £10</textarea>");

    const saved = await save("SE, KT", "KT1-KT3 £15");
    expect(saved.status).toBe(303);
    const { html: settings } = await followRedirect(server, saved, staff.cookie);
    expect(settings).toContain(
      "Area saved. Bookings are taken from KT, SE. Extra charges: KT1-KT3 15.00.",
    );

    const coverage = await html(await fetch(`${server.url}/coverage?postcode=KT2%207AB`));
    expect(coverage).toContain(
      "Collections from KT2 carry an extra £15.00, added to your booking before you pay.",
    );
    expect(await html(await fetch(`${server.url}/coverage?postcode=SE1%207PB`))).not.toContain(
      "carry an extra",
    );

    const day = addDaysIso(todayInLondon(), 21);
    // The page has not shown the charge yet: it is said, with the new total, and nothing written.
    const before = await rows(server, "SELECT id FROM orders");
    const first = await fetch(`${server.url}/checkout`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: server.url,
        cookie: await bagWith(server, 3),
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": nextVisitor(),
      },
      body: new URLSearchParams({
        intent: "pay",
        early_start: "yes",
        ...BOOKING_CUSTOMER,
        postcode: "kt2 7ab",
        date: day,
        window: "morning",
        ui: "hosted",
        token: "tokenSurchargeFirst000000000001",
      }),
    });
    expect(first.status).toBe(400);
    const asked = await html(first);
    expect(asked).toContain(
      "Collection from KT2 carries an extra £15.00, now in your total. Check it, then press Book and pay again.",
    );
    expect(asked).toMatch(
      /data-testid="checkout-area-surcharge"><dt>Collection from KT2<\/dt><dd>£15\.00</,
    );
    expect(asked).toContain('name="area_surcharge_seen" value="1500"');
    expect(await rows(server, "SELECT id FROM orders")).toEqual(before);

    const { location, sessionId } = await startCardCheckout(server, day, 3, {
      ...BOOKING_CUSTOMER,
      postcode: "kt2 7ab",
      area_surcharge_seen: "1500",
    });
    const [order] = await rows<{
      id: number;
      total_pence: number;
      area_surcharge_pence: number;
      items_pence: number;
    }>(
      server,
      `SELECT o.id, o.total_pence, o.area_surcharge_pence,
         (SELECT sum(unit_price_pence * quantity) FROM order_items WHERE order_id = o.id) AS items_pence
       FROM orders o WHERE o.payment_session_id = ?`,
      sessionId,
    );
    expect(order!.area_surcharge_pence).toBe(1500);
    expect(order!.total_pence).toBe(Number(order!.items_pence) + 1500);

    // The payment page, before paying: the line and the total with it.
    const payment = await html(await fetch(`${server.url}${location}`));
    expect(payment).toContain("Collection from KT2");
    expect(payment).toContain(formatPence(order!.total_pence));
    await payOnDemoPage(server, sessionId);
    const confirmation = (await emailsAbout(server, order!.id)).find(
      (email) => email.kind === "booking_confirmation",
    );
    expect(confirmation?.text_body).toContain("  Collection from KT2: £15.00");

    // Elsewhere in the area, no extra charge.
    const plain = await startCardCheckout(server, day, 3, {
      ...BOOKING_CUSTOMER,
      postcode: "SE1 7PB",
    });
    const [other] = await rows<{ area_surcharge_pence: number }>(
      server,
      "SELECT area_surcharge_pence FROM orders WHERE payment_session_id = ?",
      plain.sessionId,
    );
    expect(other!.area_surcharge_pence).toBe(0);
  });
});
