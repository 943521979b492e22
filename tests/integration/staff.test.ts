import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, rows } from "../support/database";
import { ROOT, STAFF, startServer, type RunningServer } from "../support/server";
import { BOOKING, createBooking, quoteForm, sendQuote as postQuote } from "../support/make";
import { followRedirect, postSignIn, signInStaff } from "../support/staff";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const ROUTES = path.join(ROOT, "app", "routes");

/** A flat-routes file name → a URL that reaches it (params filled with 1). */
function urlOf(file: string): string {
  // "[.]" is a dot inside a segment ("export[.]csv" → "export.csv").
  const segments = file
    .replace(/\.(tsx|ts)$/, "")
    .replaceAll("[.]", "\u0000")
    .split(".")
    .filter((s) => s !== "_index" && !s.startsWith("_"))
    .map((s) => (s.startsWith("$") ? "1" : s.replace(/_$/, "").replaceAll("\u0000", ".")));
  return "/" + segments.join("/");
}

async function login(
  target: RunningServer,
  username: string = STAFF.username,
  password: string = STAFF.password,
  extra: Record<string, string> = {},
) {
  return postSignIn(target, { credentials: { username, password }, extra });
}

const cookieOf = (res: Response) => (res.headers.get("set-cookie") ?? "").split(";")[0]!;

describe("every staff route checks the session itself", () => {
  const pages = fs.readdirSync(ROUTES).filter((f) => f.startsWith("dashboard"));
  const staffApi = fs
    .readdirSync(ROUTES)
    .filter(
      (f) =>
        f.startsWith("api.") &&
        /requireStaff\([^)]*"api"\)/.test(fs.readFileSync(path.join(ROUTES, f), "utf8")),
    );

  it("finds the dashboard routes", () => {
    expect(pages).toEqual(
      expect.arrayContaining(["dashboard.tsx", "dashboard._index.tsx", "dashboard.home.tsx"]),
    );
  });

  it.each(pages)("%s sends an anonymous visitor to /login", async (file) => {
    const source = fs.readFileSync(path.join(ROUTES, file), "utf8");
    expect(source, `${file} must call requireStaff in its loader and action`).toMatch(
      /requireStaff(Session)?\(/,
    );
    const url = urlOf(file);
    const res = await fetch(`${server.url}${url}`, { redirect: "manual" });
    expect([302, 303]).toContain(res.status);
    expect(res.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    if (/export (async )?function action/.test(source)) {
      const post = await fetch(`${server.url}${url}`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: server.url },
      });
      expect([302, 303]).toContain(post.status);
      expect(post.headers.get("location")).toMatch(/^\/login/);
    }
  });

  it("finds the staff API rows", () => {
    expect(staffApi).toEqual(
      expect.arrayContaining([
        "api.general._index.ts",
        "api.general.bookings.ts",
        "api.general.billing.ts",
        "api.general.updatebooking.ts",
        "api.orders.custom-order.ts",
      ]),
    );
  });

  it.each(staffApi)("staff API %s answers 401 JSON without a session", async (file) => {
    const source = fs.readFileSync(path.join(ROUTES, file), "utf8");
    const isAction = /export (async )?function action/.test(source);
    const res = await fetch(
      `${server.url}${urlOf(file)}`,
      isAction
        ? { method: "POST", body: "{}", headers: { "content-type": "application/json" } }
        : {},
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ status: false });
  });
});

describe("staff sign-in", () => {
  it("signs in, shows the dashboard, and signs out", async () => {
    const res = await login(server);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/dashboard");
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^__session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Secure/i);
    expect(setCookie).toMatch(/Max-Age=43200/);
    const cookie = cookieOf(res);

    const home = await fetch(`${server.url}/dashboard/home`, { headers: { cookie } });
    expect(home.status).toBe(200);
    // React separates text pieces with <!-- --> in server HTML.
    const html = (await home.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Total Bookings For: 0");
    expect(html).toMatch(/data-testid="count-products">\d+</);

    const valid = await fetch(`${server.url}/api/login/validate-token`, { headers: { cookie } });
    expect(await valid.json()).toEqual({ status: true });

    const out = await fetch(`${server.url}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: server.url },
    });
    expect(out.headers.get("location")).toBe("/login");
    // The notice travels in a flash cookie, shows once as a status, and not again on a reload.
    const landed = await followRedirect(server, out);
    expect(landed.html).toMatch(/role="status"[^>]*>\s*<p>You have signed out\.<\/p>/);
    const reload = await fetch(`${server.url}/login`, { headers: { cookie: landed.cookie } });
    expect(await reload.text()).not.toContain("You have signed out.");
    const cleared = cookieOf(out);
    const after = await fetch(`${server.url}/dashboard/home`, {
      headers: { cookie: cleared },
      redirect: "manual",
    });
    expect(after.headers.get("location")).toMatch(/^\/login/);
  });

  it("gives the same message whichever field was wrong, and keeps the username", async () => {
    for (const [username, password] of [
      [STAFF.username, "wrong-password-1"],
      ["nobody-here", STAFF.password],
    ] as const) {
      const res = await login(server, username, password);
      expect(res.status).toBe(401);
      const html = await res.text();
      expect(html).toContain("Invalid username or password");
      expect(html).toContain(`value="${username}"`);
      expect(html).not.toContain(password);
    }
  });

  it("returns only to a path on this site", async () => {
    const evil = await login(server, STAFF.username, STAFF.password, {
      redirectTo: "//evil.example/steal",
    });
    expect(evil.headers.get("location")).toBe("/dashboard");
    const good = await login(server, STAFF.username, STAFF.password, {
      redirectTo: "/dashboard/home?x=1",
    });
    expect(good.headers.get("location")).toBe("/dashboard/home?x=1");
  });

  it("answers the spec's /api/login/ and validate-token", async () => {
    const anonymous = await fetch(`${server.url}/api/login/validate-token`);
    expect(await anonymous.json()).toEqual({ status: false });
    const res = await fetch(`${server.url}/api/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: STAFF.username, password: STAFF.password }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true, message: "Signed in" });
    const valid = await fetch(`${server.url}/api/login/validate-token`, {
      headers: { cookie: cookieOf(res) },
    });
    expect(await valid.json()).toEqual({ status: true });
  });

  it("refuses unsafe requests from another site with 403", async () => {
    const res = await fetch(`${server.url}/login`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "https://evil.example",
      },
      body: new URLSearchParams({ username: STAFF.username, password: STAFF.password }),
      redirect: "manual",
    });
    expect(res.status).toBe(403);
    const byReferer = await fetch(`${server.url}/bag`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        referer: "https://evil.example/page",
      },
      body: "intent=remove&id=1&position=outside",
      redirect: "manual",
    });
    expect(byReferer.status).toBe(403);
  });
});

describe("sign-in failure limit", () => {
  it("refuses an address after 5 failures in 15 minutes, even after a restart", async () => {
    const own = await startServer();
    try {
      // Three for the staff username, two for others: the address has used its five.
      for (const username of [STAFF.username, STAFF.username, STAFF.username, "ghost", "nobody"])
        expect((await login(own, username, "wrong-password-here")).status).toBe(401);
      const blocked = await login(own);
      expect(blocked.status).toBe(429);
      const html = await blocked.text();
      expect(html).toMatch(/Too many failed sign-in attempts\. Please try again in \d+ minutes\./);
      expect(html).toContain(`value="${STAFF.username}"`);
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(800);
      await own.stop();

      const restarted = await startServer({ dataDir: own.dataDir });
      try {
        expect((await login(restarted)).status).toBe(429);
      } finally {
        await restarted.stop();
      }
    } finally {
      await own.stop();
    }
    // Two starts of a shop of its own, each allowed 120 s by the harness on a busy machine.
  }, 240_000);
});

describe("manual bookings from the dashboard", () => {
  async function signedIn() {
    return cookieOf(await login(server));
  }
  const createBooking = (cookie: string, fields: Record<string, string>) =>
    fetch(`${server.url}/dashboard/home?new=booking`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "create-booking", ...fields }),
    });
  const valid = {
    full_name: "Dev Patel",
    email: "dev@example.com",
    phone_number: "07700 900321",
    address_1: "22 Canal Street",
    town: "Manchester",
    postcode: "e1 3ht",
    // A line of the office's own, with what it takes of a van and a crew.
    f0_description: "Garage clearance",
    f0_price: "85.50",
    f0_load: "2",
    f0_minutes: "30",
    payment_method: "bank_transfer",
  };

  it("creates a booking for today (the default date) that shows on the calendar, the day view and the header", async () => {
    const cookie = await signedIn();
    const res = await createBooking(cookie, valid);
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/dashboard\/home\?month=\d{4}-\d{2}&day=\d{4}-\d{2}-\d{2}$/);
    const day = /day=([\d-]+)/.exec(location)![1]!;

    // The day view says what was done once (a one-time notice, not in the address).
    const { html, cookie: after } = await followRedirect(server, res, cookie);
    expect(html).toMatch(
      /role="status" class="notice notice-success">Booking HB\d+ created\. Its confirmation is emailed to dev@example\.com\./,
    );
    const reloaded = (
      await (await fetch(`${server.url}${location}`, { headers: { cookie: after } })).text()
    ).replaceAll("<!-- -->", "");
    expect(reloaded).not.toContain("created.");
    expect(html).toContain("Dev Patel");
    expect(html).toContain("£85.50");
    expect(html).toContain("Bank transfer");
    expect(html).toContain("22 Canal Street, Manchester, E1 3HT");
    expect(html).toMatch(new RegExp(`data-testid="day-${day}"[^>]*>`));
    expect(html).toMatch(/: 1 job, (\d+% full|closed)/);
    expect(html).toContain("Total Bookings For: 1");
  });

  it("refuses bad input with the spec's message and a reason per field, keeping what was typed", async () => {
    const cookie = await signedIn();
    const res = await createBooking(cookie, {
      ...valid,
      full_name: " ",
      f0_price: "-5",
      date: "2020-01-01",
      payment_method: "card",
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Failed to preform that action");
    expect(html).toContain("Please enter the customer&#x27;s name");
    expect(html).toContain("Enter a price in pounds, such as 85 or 85.50");
    expect(html).toContain("Please select a valid date");
    expect(html).toContain("Please choose cash, bank transfer or a card payment link");
    expect(html).toContain('value="dev@example.com"');
    expect(html).toContain('value="Garage clearance"');
  });

  it("asks for what is collected: a booking with no lines is refused", async () => {
    const cookie = await signedIn();
    const { f0_description, f0_price, f0_load, f0_minutes, ...noLines } = valid;
    void [f0_description, f0_price, f0_load, f0_minutes];
    const res = await createBooking(cookie, noLines);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(
      "Add what we collect: an item from the catalogue or a line of your own, with its load and minutes.",
    );
  });
});

describe("staff API", () => {
  async function apiSession() {
    const { cookie, xsrf } = await signInStaff(server, { via: "api" });
    return { cookie, xsrf };
  }
  const booking = BOOKING;

  it("needs the X-XSRF-TOKEN header to match the cookie on unsafe calls", async () => {
    const { cookie, xsrf } = await apiSession();
    const post = (headers: Record<string, string>) =>
      fetch(`${server.url}/api/orders/custom-order`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json", ...headers },
        body: JSON.stringify(booking),
      });
    expect((await post({})).status).toBe(403);
    expect((await post({ "x-xsrf-token": "forged" })).status).toBe(403);
    const ok = await post({ "x-xsrf-token": xsrf });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({
      data: "Booking created",
      order_id: expect.any(Number),
    });
    const bad = await fetch(`${server.url}/api/orders/custom-order`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", "x-xsrf-token": xsrf },
      body: JSON.stringify({ ...booking, payment_method: "cheque" }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      data: "Failed to preform that action",
      errors: { payment_method: expect.any(String) },
    });
  });

  it("lists counts, bookings and billing, and updates a booking with its history", async () => {
    const { cookie, xsrf } = await apiSession();
    const headers = { cookie, "content-type": "application/json", "x-xsrf-token": xsrf };
    const created = (await (
      await fetch(`${server.url}/api/orders/custom-order`, {
        method: "POST",
        headers,
        body: JSON.stringify({ ...booking, full_name: "History Case" }),
      })
    ).json()) as { order_id: number };

    const general = (await (
      await fetch(`${server.url}/api/general`, { headers: { cookie } })
    ).json()) as Record<string, number>;
    expect(general.order).toBeGreaterThanOrEqual(1);
    expect(general.products).toBeGreaterThanOrEqual(45);
    expect(typeof general.quotes).toBe("number");

    const bookings = (await (
      await fetch(`${server.url}/api/general/bookings`, { headers: { cookie } })
    ).json()) as { order_id: number; status: string }[];
    expect(bookings.find((b) => b.order_id === created.order_id)).toMatchObject({
      status: "pending",
      booking_status: "pending",
    });

    const billing = (await (
      await fetch(`${server.url}/api/general/billing`, {
        method: "POST",
        headers,
        body: JSON.stringify({ order_ids: [{ ID: created.order_id, booking_status: "pending" }] }),
      })
    ).json()) as Record<string, unknown>[];
    expect(billing).toEqual([
      expect.objectContaining({
        order_id: created.order_id,
        full_name: "History Case",
        price: 60,
        payment_method: "cash_payment",
      }),
    ]);

    const update = await fetch(`${server.url}/api/general/updatebooking`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        order_id: created.order_id,
        booking_status: "complete",
        status: "complete",
      }),
    });
    expect(await update.json()).toMatchObject({ status: true });
    const after = (await (
      await fetch(`${server.url}/api/general/bookings`, { headers: { cookie } })
    ).json()) as { order_id: number }[];
    expect(after.find((b) => b.order_id === created.order_id)).toMatchObject({
      status: "complete",
      booking_status: "complete",
    });

    const events = await rows(
      server,
      "SELECT field, old_value, new_value, actor FROM order_events WHERE order_id = ? AND field <> 'created' ORDER BY id",
      created.order_id,
    );
    expect(events).toEqual([
      { field: "status", old_value: "pending", new_value: "complete", actor: "admin" },
      { field: "booking_status", old_value: "pending", new_value: "complete", actor: "admin" },
    ]);
  });

  it("checks changed contact details by the customer's rules, and keeps an older booking's as stored", async () => {
    const { cookie, xsrf } = await apiSession();
    const headers = { cookie, "content-type": "application/json", "x-xsrf-token": xsrf };
    const db = await openTestDatabase(server);
    const { id } = (await db.get<{ id: number }>(
      `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date, payment_method, total_pence, source)
       VALUES ('Old Record', 'old@example.com', 'ask at shop', '1 Mill Lane', 'Leeds', 'se11aa', '2026-01-05', 'cash_payment', 0, 'manual')
       RETURNING id`,
    ))!;
    const update = async (fields: Record<string, string>) => {
      const res = await fetch(`${server.url}/api/general/updatebooking`, {
        method: "POST",
        headers,
        body: JSON.stringify({ order_id: id, ...fields }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const stored = () =>
      db.get("SELECT phone_number, postcode, status FROM orders WHERE id = ?", id);

    expect(await update({ status: "complete" })).toMatchObject({ status: 200 });
    expect(await stored()).toEqual({
      phone_number: "ask at shop",
      postcode: "se11aa",
      status: "complete",
    });

    expect(await update({ postcode: "nowhere", phone_number: "0770" })).toEqual({
      status: 400,
      body: {
        status: false,
        message: "Failed to preform that action",
        errors: {
          phone_number: "Please enter a UK phone number we can call, such as 07700 900123",
          postcode: "Please enter a UK postcode",
        },
      },
    });
    expect(await update({ postcode: "se1 1aa", phone_number: "+44 113 496 0000" })).toMatchObject({
      status: 200,
    });
    expect(await stored()).toEqual({
      phone_number: "+44 113 496 0000",
      postcode: "SE1 1AA",
      status: "complete",
    });
    await db.close();
  });
});

describe("staff see quote requests", () => {
  it("lists and searches quotes, shows one with its photos, and keeps the photos from anyone signed out", async () => {
    const sharp = (await import("sharp")).default;
    const photo = await sharp({
      create: { width: 640, height: 480, channels: 3, background: "#8cc5a8" },
    })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    for (const [k, v] of Object.entries({
      fullName: "Olu Adeyemi",
      email: "olu@example.com",
      phoneNumber: "07700 900222",
      address1: "8 Park Row",
      town: "Leeds",
      postcode: "SE1 5HD",
      comments: "Garden shed and a trampoline.",
    }))
      form.append(k, v);
    form.append("images", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "garden.jpg");
    expect(
      (await fetch(`${server.url}/api/products/quotationRequest`, { method: "POST", body: form }))
        .status,
    ).toBe(201);

    const cookie = cookieOf(await login(server));
    const list = (
      await (
        await fetch(`${server.url}/dashboard/quotes?full_name=adeyemi&responded=no`, {
          headers: { cookie },
        })
      ).text()
    ).replaceAll("<!-- -->", "");
    expect(list).toContain("Olu Adeyemi");
    expect(list).toContain("SE1 5HD");
    const id = /\/dashboard\/quotes\/(\d+)/.exec(list)![1];
    const none = await (
      await fetch(`${server.url}/dashboard/quotes?email=nobody`, { headers: { cookie } })
    ).text();
    expect(none).toContain("No quotes match this search.");
    for (const said of [`Q${id}`, `q${id}`, `Q${id}-1`]) {
      const found = (
        await (
          await fetch(`${server.url}/dashboard/quotes?reference=${encodeURIComponent(said)}`, {
            headers: { cookie },
          })
        ).text()
      ).replaceAll("<!-- -->", "");
      expect(found, said).toContain("Olu Adeyemi");
      expect(found, said).toContain("1 quote");
    }
    expect(
      await (
        await fetch(`${server.url}/dashboard/quotes?reference=HB${id}`, { headers: { cookie } })
      ).text(),
    ).toContain("No quotes match this search.");

    const detail = await (
      await fetch(`${server.url}/dashboard/quotes/${id}`, { headers: { cookie } })
    ).text();
    expect(detail).toContain("Garden shed and a trampoline.");
    const src = /src="(\/api\/products\/quotes-img\/[0-9a-f]{64})\?w=320"/.exec(detail)![1];

    const thumb = await fetch(`${server.url}${src}?w=320`, { headers: { cookie } });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(320);
    expect((await fetch(`${server.url}${src}`)).status).toBe(401);

    const api = (await (
      await fetch(`${server.url}/api/orders/quotationRequest?full_name=olu`, {
        headers: { cookie },
      })
    ).json()) as Record<string, unknown>[];
    expect(api).toEqual([
      expect.objectContaining({ full_name: "Olu Adeyemi", responded: "no", photos: 1 }),
    ]);
    // The spec's img_url: each photo's name, which quotes-img serves to staff and no one else.
    const names = api[0]!.img_url as string[];
    expect(names).toEqual([`${src!.split("/").pop()}.jpg`]);
    const photoUrl = `${server.url}/api/products/quotes-img/${names[0]!.replace(/\.jpg$/, "")}`;
    const full = await fetch(photoUrl, { headers: { cookie } });
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(Buffer.from(await full.arrayBuffer())).metadata()).format).toBe("jpeg");
    expect((await fetch(photoUrl)).status).toBe(401);
    expect((await fetch(`${server.url}/api/orders/quotationRequest`)).status).toBe(401);
  });
});

describe("answering quotes", () => {
  async function sendQuote(name: string, colour: string) {
    const sharp = (await import("sharp")).default;
    const photo = await sharp({
      create: { width: 200, height: 150, channels: 3, background: colour },
    })
      .jpeg()
      .toBuffer();
    const form = quoteForm(
      {
        fullName: name,
        email: "q@example.com",
        phoneNumber: "07700 900333",
        address1: "1 Lane",
        town: "York",
        postcode: "TN1 7HH",
        comments: "A wardrobe.",
      },
      [{ name: "w.jpg", bytes: photo }],
    );
    expect((await postQuote(server, form)).status).toBe(201);
    const [row] = await rows<{ id: number }>(
      server,
      "SELECT id FROM quotes WHERE full_name = ?",
      name,
    );
    return row!.id;
  }
  const sql = <T>(query: string, ...args: unknown[]) => rows<T>(server, query, ...args);

  it("books from a quote with its details, which answers it, and deletes another with its photos", async () => {
    const cookie = cookieOf(await login(server));
    const bookedId = await sendQuote("Quote To Book", "#d9a45b");
    const page = await (
      await fetch(`${server.url}/dashboard/quotes/${bookedId}?book=1`, { headers: { cookie } })
    ).text();
    expect(page).toContain('value="Quote To Book"');
    expect(page).toContain('value="TN1 7HH"');

    const book = await fetch(`${server.url}/dashboard/quotes/${bookedId}?book=1`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "book",
        full_name: "Quote To Book",
        email: "q@example.com",
        phone_number: "07700 900333",
        address_1: "1 Lane",
        town: "York",
        postcode: "TN1 7HH",
        f0_description: "Clearance as in the photos",
        f0_price: "140",
        f0_load: "3",
        f0_minutes: "45",
        payment_method: "cash_payment",
      }),
    });
    expect(book.status).toBe(303);
    expect(await sql("SELECT responded FROM quotes WHERE id = ?", bookedId)).toEqual([
      { responded: "yes" },
    ]);
    expect(
      await sql("SELECT source, quote_id, total_pence FROM orders WHERE quote_id = ?", bookedId),
    ).toEqual([{ source: "quote", quote_id: bookedId, total_pence: 14000 }]);
    const answered = await (
      await fetch(`${server.url}/dashboard/quotes/${bookedId}`, { headers: { cookie } })
    ).text();
    expect(answered).not.toContain("Create Booking");

    const deleteId = await sendQuote("Quote To Delete", "#7a8fa6");
    const imageIds = await sql<{ image_id: string }>(
      "SELECT image_id FROM quote_images WHERE quote_id = ?",
      deleteId,
    );
    const del = await fetch(`${server.url}/dashboard/quotes/${deleteId}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delete" }),
    });
    expect(del.headers.get("location")).toBe("/dashboard/quotes");
    const list = await followRedirect(server, del, cookie);
    expect(list.html).toContain(`>Quote Q${deleteId} and its photos were deleted.<`);
    const reload = await fetch(`${server.url}/dashboard/quotes`, {
      headers: { cookie: list.cookie },
    });
    expect(await reload.text()).not.toContain("and its photos were deleted.");
    expect(await sql("SELECT id FROM quotes WHERE id = ?", deleteId)).toEqual([]);
    expect(await sql("SELECT id FROM images WHERE id = ?", imageIds[0]!.image_id)).toEqual([]);
    // An answered quote cannot be deleted.
    const refused = await fetch(`${server.url}/dashboard/quotes/${bookedId}`, {
      method: "POST",
      headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "delete" }),
    });
    expect(refused.status).toBe(409);
    expect(await sql("SELECT id FROM quotes WHERE id = ?", bookedId)).toHaveLength(1);
  });
});

describe("staff orders", () => {
  it("searches orders, shows one with its history, exports the search as CSV and answers /api/orders", async () => {
    const staff = await signInStaff(server, { via: "api" });
    const { cookie } = staff;
    const create = async (full_name: string) => {
      const { response, orderId } = await createBooking(server, staff, {
        full_name,
        email: "orders@example.com",
        phone_number: "07700 900444",
        address_1: "3 Dock Road",
        town: "Hull",
        postcode: "HP1 2AA",
        order_price: 99,
        payment_method: "bank_transfer",
      });
      expect(response.status).toBe(201);
      return { order_id: orderId! };
    };
    const { order_id } = await create("Orla Finch");
    await create('=HYPERLINK("http://evil.example")');

    const list = (
      await (
        await fetch(`${server.url}/dashboard/orders?name=finch`, { headers: { cookie } })
      ).text()
    ).replaceAll("<!-- -->", "");
    expect(list).toContain("Orla Finch");
    expect(list).toContain("£99.00");
    expect(list).toContain("1 order");
    expect(
      await (
        await fetch(`${server.url}/dashboard/orders?order_id=abc`, { headers: { cookie } })
      ).text(),
    ).toContain("No orders match this search.");
    // Found by the reference the customer reads out, as they say it.
    for (const said of [`HB${order_id}`, `hb ${order_id}`, `#${order_id}`, String(order_id)]) {
      const found = (
        await (
          await fetch(`${server.url}/dashboard/orders?order_id=${encodeURIComponent(said)}`, {
            headers: { cookie },
          })
        ).text()
      ).replaceAll("<!-- -->", "");
      expect(found, said).toContain("1 order");
      expect(found, said).toContain(`>HB${order_id}</a>`);
    }

    const detail = (
      await (
        await fetch(`${server.url}/dashboard/orders/${order_id}`, { headers: { cookie } })
      ).text()
    ).replaceAll("<!-- -->", "");
    expect(detail).toContain("No items: a booking made by hand.");
    expect(detail).toContain("admin: manual booking");

    const csv = await fetch(`${server.url}/dashboard/orders/export?email=orders%40example.com`, {
      headers: { cookie },
    });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toContain('"order_id","order_date"');
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.includes('"Orla Finch"') && l.includes('"99.00"'))).toBe(true);
    expect(lines.some((l) => l.includes(`"'=HYPERLINK(""http://evil.example"")"`))).toBe(true);
    expect(
      (await fetch(`${server.url}/dashboard/orders/export`, { redirect: "manual" })).status,
    ).toBe(302);

    const api = (await (
      await fetch(`${server.url}/api/orders?name=orla`, { headers: { cookie } })
    ).json()) as Record<string, unknown>[];
    expect(api).toEqual([
      expect.objectContaining({
        order_id,
        status: "pending",
        billing: expect.objectContaining({ full_name: "Orla Finch", postcode: "HP1 2AA" }),
        products: [],
      }),
    ]);
  });
});
