import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysIso } from "~/lib/calendar";
import { ANY_TIME_NOT_OFFERED_MESSAGE } from "~/lib/capacity";
import { formatLongDate, formatPence } from "~/lib/format";
import { todayInLondon } from "~/lib/london-clock.server";
import { rows, run } from "../support/database";
import { phonePhoto } from "../support/images";
import { quoteForm, sendQuote } from "../support/make";
import { pdfText } from "../support/pdf-text";
import { startServer, TEST_ENGINE, type RunningServer } from "../support/server";
import { attachmentsOf, eventually, startSmtp } from "../support/smtp";
import { signInStaff } from "../support/staff";

/**
 * Priced quotes through HTTP: staff price a quote request, the customer gets
 * the email with its PDF and the link /quote/{token}, and books and pays it
 * (the demo gateway, NODE_ENV=test), or declines it; revisions, withdrawals,
 * expiry, the day's capacity, the photos and the link's rate limit.
 */

const OFFICE = "office@haulbook.test";
const CUSTOMER_EMAIL = "margaret@example.com";

/** Each request comes from an address (and network) of its own unless a test says otherwise. */
let nextNetwork = 0;
const newAddress = () => `198.${18 + Math.floor(++nextNetwork / 250)}.${nextNetwork % 250}.7`;

const html = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

interface Product {
  id: number;
  name: string;
  price_pence: number;
  outside_pence: number;
  inside_dismantle_pence: number;
}

describe("priced quotes", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: RunningServer;
  let staff: string;
  let product: Product;
  const sql = <T = Record<string, unknown>>(text: string, ...params: unknown[]) =>
    rows<T>(server, text, ...params);

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({
      env: { NODE_ENV: "test", SMTP_URL: smtp.url, BUSINESS_EMAIL: OFFICE, VAT_NUMBER: "" },
    });
    staff = (await signInStaff(server)).cookie;
    // a catalogue item with an outside surcharge, so the line's price shows both parts
    const [found] = await sql<Product>(
      `SELECT id, name, price_pence, outside_pence, inside_dismantle_pence FROM products
        WHERE retired_at IS NULL ORDER BY outside_pence DESC, id LIMIT 1`,
    );
    if (!found) throw new Error("The template has no catalogue");
    product = found;
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  /** A customer's quote request with photos; answers its id and its photos' image ids. */
  async function requestQuote(fullName: string, colours = ["#d9a45b", "#7a8fa6"]) {
    const res = await sendQuote(
      server,
      quoteForm({ fullName, email: CUSTOMER_EMAIL }, [
        { name: "sofa.jpg", bytes: await phonePhoto(colours[0]) },
        { name: "fridge.jpg", bytes: await phonePhoto(colours[1]) },
      ]),
      { from: newAddress() },
    );
    expect(res.status).toBe(201);
    const [quote] = await sql<{ id: number }>(
      "SELECT id FROM quotes WHERE full_name = ? ORDER BY id DESC",
      fullName,
    );
    const images = await sql<{ image_id: string }>(
      "SELECT image_id FROM quote_images WHERE quote_id = ? ORDER BY sort_order",
      quote!.id,
    );
    return { id: quote!.id, imageIds: images.map((i) => i.image_id) };
  }

  const PRICE = () => ({
    catalogue_rows: "2",
    c0_product: String(product.id),
    c0_position: "outside",
    c0_quantity: "2",
    // a blank catalogue row is left out
    c1_product: "",
    free_rows: "2",
    f0_description: "Garden waste, three bags",
    f0_price: "85.50",
    f0_quantity: "2",
    // a free line's load and crew minutes, each, from staff
    f0_load: "1.5",
    f0_minutes: "20",
    valid_days: "14",
    note: "Access through the side gate, please.",
  });
  const unitPence = () => product.price_pence + product.outside_pence;
  const totalPence = () => unitPence() * 2 + 8550 * 2;

  /** Staff send (or revise) a quote's price through the price form. */
  async function sendPrice(quoteId: number, values: Record<string, string> = PRICE()) {
    const res = await fetch(`${server.url}/dashboard/quotes/${quoteId}/price`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie: staff,
        origin: server.url,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ ...values, intent: "send" }),
    });
    return res;
  }

  async function latestOffer(quoteId: number) {
    const [offer] = await sql<{ id: number; token: string; version: number; status: string }>(
      "SELECT id, token, version, status FROM quote_offers WHERE quote_id = ? ORDER BY version DESC",
      quoteId,
    );
    return offer!;
  }

  /** A priced quote: requested, then priced by staff. */
  async function pricedQuote(fullName: string, colours?: string[]) {
    const quote = await requestQuote(fullName, colours);
    expect((await sendPrice(quote.id)).status).toBe(303);
    return { ...quote, offer: await latestOffer(quote.id) };
  }

  const openLink = (token: string, from = newAddress(), search = "") =>
    fetch(`${server.url}/quote/${token}${search}`, {
      headers: { "x-forwarded-for": from },
      redirect: "manual",
    });
  const postLink = (token: string, fields: Record<string, string>, from = newAddress()) =>
    fetch(`${server.url}/quote/${token}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: server.url,
        "x-forwarded-for": from,
        "content-type": "application/x-www-form-urlencoded",
      },
      // A booking ticks the early-start request (CCR reg. 36) unless a test says otherwise.
      body: new URLSearchParams({
        ...(fields.intent === "pay" ? { early_start: "yes" } : {}),
        ...fields,
      }),
    });
  const staffPost = (path: string, fields: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie: staff,
        origin: server.url,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(fields),
    });
  const staffPage = async (path: string) =>
    html(await fetch(`${server.url}${path}`, { headers: { cookie: staff } }));

  /** A bookable day a few days ahead (clear of today's cut-off). */
  let dayOffset = 3;
  const nextDay = () => addDaysIso(todayInLondon(), ++dayOffset);

  it("staff price a quote: the customer's email lists the lines, total, validity, note and link, with the PDF attached", async () => {
    const quote = await requestQuote("Priced Customer");
    const started = performance.now();
    const res = await sendPrice(quote.id);
    const sendMs = performance.now() - started;
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/dashboard/quotes/${quote.id}`);

    expect(await sql("SELECT state, responded FROM quotes WHERE id = ?", quote.id)).toEqual([
      { state: "priced", responded: "yes" },
    ]);
    const offer = await latestOffer(quote.id);
    expect(offer).toMatchObject({ version: 1, status: "sent" });
    const reference = `Q${quote.id}-1`;
    const validUntil = addDaysIso(todayInLondon(), 14);

    const emails = await sql<{ id: number; to_address: string; text_body: string }>(
      "SELECT id, to_address, text_body FROM outbox WHERE kind = 'quote_offer' AND text_body LIKE ?",
      `%${reference}%`,
    );
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email!.to_address).toBe(CUSTOMER_EMAIL);
    const text = email!.text_body;
    expect(text).toContain(
      `2 × ${product.name} (Outside — left out for collection): ${formatPence(unitPence() * 2)}`,
    );
    expect(text).toContain(`2 × Garden waste, three bags: ${formatPence(17100)}`);
    expect(text).toContain(`Total: ${formatPence(totalPence())}\n`);
    expect(text).toContain(`This price holds until ${formatLongDate(validUntil)}.`);
    expect(text).toContain("Access through the side gate, please.");
    const link = /^(https?:\/\/\S+)$/m.exec(text)?.[1];
    expect(link).toMatch(new RegExp(`^http://localhost:\\d+/quote/${offer.token}$`));

    const attachments = await sql<{ filename: string; content_type: string; bytes: Buffer }>(
      "SELECT filename, content_type, bytes FROM outbox_attachments WHERE outbox_id = ?",
      email!.id,
    );
    expect(attachments.map((a) => [a.filename, a.content_type])).toEqual([
      [`quote-${reference}.pdf`, "application/pdf"],
    ]);
    const pdfBytes = Buffer.from(attachments[0]!.bytes);
    const pdf = (await pdfText(pdfBytes)).pages.join("\n");
    expect(pdf).toContain(reference);
    expect(pdf).toContain(product.name);
    expect(pdf).toContain("Garden waste, three bags");
    expect(pdf).toContain(formatPence(totalPence()));
    // the link whole, on a line of its own
    expect(pdf.split("\n")).toContain(link);
    expect(pdf).toMatch(/Waste carrier registration: \S+/);
    // Not VAT registered: the quote names no VAT at all (lib/vat.ts).
    expect(pdf).not.toMatch(/VAT/);
    console.log(
      `[perf] quote price send (${TEST_ENGINE}): ${sendMs.toFixed(0)} ms; PDF attachment ${pdfBytes.length} bytes`,
    );

    // The mail server receives it with the same PDF attached.
    const mail = await eventually(() => smtp.messages.find((m) => m.outboxId === email!.id));
    expect(mail.to).toEqual([CUSTOMER_EMAIL]);
    expect((await sql("SELECT subject FROM outbox WHERE id = ?", email!.id))[0]!.subject).toContain(
      `(ref ${reference})`,
    );
    const received = attachmentsOf(mail);
    expect(received.map((a) => [a.filename, a.type])).toEqual([
      [`quote-${reference}.pdf`, "application/pdf"],
    ]);
    expect(received[0]!.bytes.equals(pdfBytes)).toBe(true);

    // The flash on the quote page, and the state badge.
    const page = await staffPage(`/dashboard/quotes/${quote.id}`);
    expect(page).toContain("Priced");
    expect(page).toContain("Revise price");
  });

  it("a revision replaces the earlier offer, whose link points to the new one; a withdrawn price cannot be booked", async () => {
    const { id, offer: first } = await pricedQuote("Revised Customer");
    const started = performance.now();
    const revised = await sendPrice(id, { ...PRICE(), f0_price: "80" });
    console.log(
      `[perf] quote price revision (${TEST_ENGINE}, fonts loaded): ${(performance.now() - started).toFixed(0)} ms`,
    );
    expect(revised.status).toBe(303);
    const second = await latestOffer(id);
    expect(second.version).toBe(2);
    expect(
      await sql("SELECT version, status FROM quote_offers WHERE quote_id = ? ORDER BY version", id),
    ).toEqual([
      { version: 1, status: "replaced" },
      { version: 2, status: "sent" },
    ]);

    const old = await openLink(first.token);
    expect(old.status).toBe(200);
    const oldPage = await html(old);
    expect(oldPage).toContain("This quote was replaced by a newer one.");
    expect(oldPage).toContain(`href="/quote/${second.token}"`);
    const fresh = await openLink(second.token);
    expect(fresh.status).toBe(200);
    expect(await html(fresh)).toContain(`Book and pay ${formatPence(unitPence() * 2 + 8000 * 2)}`);

    const withdraw = await staffPost(`/dashboard/quotes/${id}`, { intent: "withdraw" });
    expect(withdraw.status).toBe(303);
    expect(await sql("SELECT state FROM quotes WHERE id = ?", id)).toEqual([
      { state: "withdrawn" },
    ]);
    const withdrawnPage = await html(await openLink(second.token));
    expect(withdrawnPage).toContain("This quote was withdrawn.");
    expect(withdrawnPage).not.toContain("Book and pay");
    const pay = await postLink(second.token, { intent: "pay", date: nextDay() });
    expect(pay.status).toBe(409);
    expect(await html(pay)).toContain("This quote was withdrawn.");
    expect(await sql("SELECT id FROM orders WHERE quote_id = ?", id)).toEqual([]);
  });

  it("an offer past its last day has expired: the link says so, cannot be paid, and the staff list shows it", async () => {
    const { id, offer } = await pricedQuote("Expired Customer");
    const yesterday = addDaysIso(todayInLondon(), -1);
    await run(server, "UPDATE quote_offers SET valid_until = ? WHERE id = ?", yesterday, offer.id);

    const page = await html(await openLink(offer.token));
    expect(page).toContain(`This quote expired on ${formatLongDate(yesterday)}.`);
    expect(page).not.toContain("Book and pay");
    const pay = await postLink(offer.token, { intent: "pay", date: nextDay() });
    expect(pay.status).toBe(409);
    expect(await html(pay)).toContain(`This quote expired on ${formatLongDate(yesterday)}.`);
    expect(await sql("SELECT id FROM orders WHERE quote_id = ?", id)).toEqual([]);

    const expired = await staffPage("/dashboard/quotes?state=expired");
    expect(expired).toContain("Expired Customer");
    expect(expired).toMatch(/state-badge state-expired">Expired</);
    // a priced quote still open is not listed as expired
    expect(expired).not.toContain("Priced Customer");
    const priced = await staffPage("/dashboard/quotes?state=priced");
    expect(priced).not.toContain("Expired Customer");
  });

  it("the customer books and pays: the order carries the offer's lines, the quote is booked, and the link says so", async () => {
    const { id, offer } = await pricedQuote("Booking Customer");
    const page = await html(await openLink(offer.token));
    expect(page).toContain(formatPence(totalPence()));
    expect(page).toContain(`Book and pay ${formatPence(totalPence())}`);

    const date = nextDay();
    const from = newAddress();
    const pay = await postLink(offer.token, { intent: "pay", date }, from);
    expect(pay.status).toBe(303);
    const demo = pay.headers.get("location")!;
    expect(demo).toMatch(/^\/payment\/demo\?session_id=demo_/);
    const sessionId = new URL(demo, server.url).searchParams.get("session_id")!;
    const demoPage = await fetch(`${server.url}${demo}`);
    expect(demoPage.status).toBe(200);
    expect(await html(demoPage)).toContain(`Pay ${formatPence(totalPence())}`);
    const paid = await fetch(`${server.url}/payment/demo`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ session_id: sessionId, intent: "pay" }),
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`/payment?session_id=${sessionId}`);
    expect(
      await html(await fetch(`${server.url}/payment?session_id=${encodeURIComponent(sessionId)}`)),
    ).toContain("Payment status: complete");

    const orders = await sql<{
      id: number;
      source: string;
      quote_id: number;
      quote_offer_id: number;
      status: string;
      collection_date: string;
      total_pence: number;
    }>(
      "SELECT id, source, quote_id, quote_offer_id, status, collection_date, total_pence FROM orders WHERE quote_id = ?",
      id,
    );
    expect(orders).toHaveLength(1);
    const order = orders[0]!;
    expect(order).toMatchObject({
      source: "quote",
      quote_id: id,
      quote_offer_id: offer.id,
      status: "complete",
      collection_date: date,
      total_pence: totalPence(),
    });
    expect(
      await sql(
        "SELECT product_id, product_name, position, unit_price_pence, quantity FROM order_items WHERE order_id = ? ORDER BY id",
        order.id,
      ),
    ).toEqual([
      {
        product_id: product.id,
        product_name: product.name,
        position: "outside",
        unit_price_pence: unitPence(),
        quantity: 2,
      },
      {
        product_id: null,
        product_name: "Garden waste, three bags",
        position: null,
        unit_price_pence: 8550,
        quantity: 2,
      },
    ]);
    // The catalogue line carries its product's waste class; the free line has none.
    const waste = "waste_description, low_code, pops, hazardous";
    const [productWaste] = await sql(`SELECT ${waste} FROM products WHERE id = ?`, product.id);
    expect(productWaste).toMatchObject({ low_code: expect.stringMatching(/^\d\d \d\d \d\d/) });
    expect(
      await sql(`SELECT ${waste} FROM order_items WHERE order_id = ? ORDER BY id`, order.id),
    ).toEqual([
      productWaste,
      { waste_description: null, low_code: null, pops: null, hazardous: null },
    ]);
    expect(
      await sql(
        "SELECT product_id, position, description, unit_price_pence, quantity FROM quote_offer_lines WHERE offer_id = ? ORDER BY sort_order",
        offer.id,
      ),
    ).toEqual([
      {
        product_id: product.id,
        position: "outside",
        description: product.name,
        unit_price_pence: unitPence(),
        quantity: 2,
      },
      {
        product_id: null,
        position: null,
        description: "Garden waste, three bags",
        unit_price_pence: 8550,
        quantity: 2,
      },
    ]);
    expect(await sql("SELECT state FROM quotes WHERE id = ?", id)).toEqual([{ state: "booked" }]);
    expect(await sql("SELECT status FROM quote_offers WHERE id = ?", offer.id)).toEqual([
      { status: "booked" },
    ]);

    const [confirmation] = await sql<{ to_address: string; text_body: string }>(
      "SELECT to_address, text_body FROM outbox WHERE kind = 'booking_confirmation' AND text_body LIKE ?",
      `%HB${order.id}%`,
    );
    expect(confirmation?.to_address).toBe(CUSTOMER_EMAIL);
    expect(confirmation!.text_body).toContain(product.name);
    expect(confirmation!.text_body).toContain("Garden waste, three bags");
    expect(confirmation!.text_body).toContain(formatPence(totalPence()));

    const after = await html(await openLink(offer.token));
    expect(after).toContain("This quote is already paid and booked. You do not need to pay again.");
    expect(after).not.toContain("Book and pay");
    const again = await postLink(offer.token, { intent: "pay", date: nextDay() });
    expect(again.status).toBe(409);
    expect(await html(again)).toContain("This quote is already paid and booked.");
    expect(await sql("SELECT id FROM orders WHERE quote_id = ?", id)).toEqual([{ id: order.id }]);

    const staffView = await staffPage(`/dashboard/quotes/${id}`);
    expect(staffView).toMatch(
      new RegExp(`Booked as <a[^>]*href="/dashboard/orders/${order.id}">order HB${order.id}</a>`),
    );
  });

  it("the customer books an arrival window: the order keeps it and each line's load; Any time is refused for an offer with lines not left outside", async () => {
    const { id, offer } = await pricedQuote("Window Customer");
    const page = await html(await openLink(offer.token));
    expect(page).toContain("Arrival time");
    expect(page).toMatch(/value="afternoon"/);
    // A free line is never left outside: no Any time on offer.
    expect(page).not.toMatch(/value="any"/);

    const refusedDay = nextDay();
    const anyTime = await postLink(offer.token, { intent: "pay", date: refusedDay, window: "any" });
    expect(anyTime.status).toBe(400);
    const refused = await html(anyTime);
    expect(refused).toContain(ANY_TIME_NOT_OFFERED_MESSAGE);
    // Without JavaScript the page comes back with the chosen day's windows.
    expect(refused).toContain(`For ${formatLongDate(refusedDay)}.`);
    expect(await sql("SELECT id FROM orders WHERE quote_id = ?", id)).toEqual([]);

    const date = nextDay();
    const pay = await postLink(offer.token, { intent: "pay", date, window: "afternoon" });
    expect(pay.status).toBe(303);
    const [order] = await sql<{ id: number }>(
      "SELECT id, collection_date, arrival_window, window_discount_pence, total_pence FROM orders WHERE quote_id = ?",
      id,
    );
    expect(order).toMatchObject({
      collection_date: date,
      arrival_window: "afternoon",
      window_discount_pence: 0,
      total_pence: totalPence(),
    });
    // The catalogue line keeps its product's load (as priced), the free line the one staff gave.
    const [productLoad] = await sql<{ load_hundredths: number; handling_minutes: number }>(
      "SELECT load_hundredths, handling_minutes FROM products WHERE id = ?",
      product.id,
    );
    const loads = [
      {
        load_hundredths: productLoad!.load_hundredths,
        handling_minutes: productLoad!.handling_minutes,
      },
      { load_hundredths: 150, handling_minutes: 20 },
    ];
    expect(
      await sql(
        "SELECT load_hundredths, handling_minutes FROM quote_offer_lines WHERE offer_id = ? ORDER BY sort_order",
        offer.id,
      ),
    ).toEqual(loads);
    expect(
      await sql(
        "SELECT load_hundredths, handling_minutes FROM order_items WHERE order_id = ? ORDER BY id",
        order!.id,
      ),
    ).toEqual(loads);
  });

  it("an offer of items all left outside may be booked any time: 10% off, shown on the page and stored with the order", async () => {
    const quote = await requestQuote("Any Time Customer");
    const send = await sendPrice(quote.id, {
      catalogue_rows: "1",
      c0_product: String(product.id),
      c0_position: "outside",
      c0_quantity: "2",
      free_rows: "1",
      valid_days: "14",
    });
    expect(send.status).toBe(303);
    const offer = await latestOffer(quote.id);
    const offerTotal = unitPence() * 2;
    const discount = Math.round(unitPence() / 10) * 2;
    const page = await html(await openLink(offer.token));
    expect(page).toMatch(/value="any"/);
    expect(page).toContain(`10% off: you save ${formatPence(discount)}`);

    const pay = await postLink(offer.token, { intent: "pay", date: nextDay(), window: "any" });
    expect(pay.status).toBe(303);
    expect(
      await sql(
        "SELECT arrival_window, window_discount_pence, total_pence FROM orders WHERE quote_id = ?",
        quote.id,
      ),
    ).toEqual([
      {
        arrival_window: "any",
        window_discount_pence: discount,
        total_pence: offerTotal - discount,
      },
    ]);
  });

  it("staff cannot send a free line without its load and crew minutes", async () => {
    const quote = await requestQuote("Loadless Customer");
    const res = await sendPrice(quote.id, { ...PRICE(), f0_load: "", f0_minutes: "" });
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(page).toContain("Please check the lines marked below.");
    expect(page).toContain("Enter the load in cubic yards, such as 0.5 or 2");
    expect(page).toContain("Enter the crew minutes, such as 20");
    expect(await sql("SELECT id FROM quote_offers WHERE quote_id = ?", quote.id)).toEqual([]);
  });

  it("an offer priced before lines kept their load books with its products' loads", async () => {
    const { id, offer } = await pricedQuote("Older Offer Customer");
    await run(
      server,
      "UPDATE quote_offer_lines SET load_hundredths = NULL, handling_minutes = NULL WHERE offer_id = ?",
      offer.id,
    );
    const pay = await postLink(offer.token, { intent: "pay", date: nextDay(), window: "morning" });
    expect(pay.status).toBe(303);
    const [productLoad] = await sql(
      "SELECT load_hundredths, handling_minutes FROM products WHERE id = ?",
      product.id,
    );
    expect(
      await sql(
        "SELECT i.load_hundredths, i.handling_minutes FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.quote_id = ? ORDER BY i.id",
        id,
      ),
    ).toEqual([productLoad, { load_hundredths: null, handling_minutes: null }]);
  });

  it("refuses a full day with the calendar's message, and answers 404 for a link that does not exist", async () => {
    const { id, offer } = await pricedQuote("Full Day Customer");
    const date = nextDay();
    const [setting] = await sql<{ value: string }>(
      "SELECT value FROM settings WHERE key = 'daily_capacity'",
    );
    const capacity = Number(setting?.value ?? 8);
    for (let i = 0; i < capacity; i++)
      await run(
        server,
        `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date, payment_method, total_pence, source)
         VALUES ('Filler', 'f@example.com', '0', 'x', 'y', 'Z1 1ZZ', ?, 'cash_payment', 0, 'manual')`,
        date,
      );
    const pay = await postLink(offer.token, { intent: "pay", date });
    expect(pay.status).toBe(400);
    expect(await html(pay)).toContain("Please select a valid date");
    expect(await sql("SELECT id FROM orders WHERE quote_id = ?", id)).toEqual([]);

    const unknown = await openLink("NoSuchQuoteTokenAAAAAAAAAAAAAAAA");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("We could not find that quote.");
  });

  it("serves the quote's photos to the holder of the link only, and no longer once declined or withdrawn", async () => {
    const mine = await pricedQuote("Photo Customer");
    const other = await pricedQuote("Other Photo Customer", ["#3a5f2b", "#a13d63"]);
    expect(other.imageIds.some((image) => mine.imageIds.includes(image))).toBe(false);
    const photo = (token: string, imageId: string) =>
      fetch(`${server.url}/quote/${token}/photos/${imageId}?w=160`, {
        headers: { "x-forwarded-for": newAddress() },
      });
    const page = await html(await openLink(mine.offer.token));
    expect(page).toContain(`/quote/${mine.offer.token}/photos/${mine.imageIds[0]}?w=160`);
    const ok = await photo(mine.offer.token, mine.imageIds[0]!);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/jpeg");
    expect((await ok.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect((await photo(mine.offer.token, other.imageIds[0]!)).status).toBe(404);
    expect((await photo("WrongTokenAAAAAAAAAAAAAAAAAAAAAA", mine.imageIds[0]!)).status).toBe(404);

    const decline = await postLink(mine.offer.token, { intent: "decline", reason: "" });
    expect(decline.status).toBe(200);
    expect((await photo(mine.offer.token, mine.imageIds[0]!)).status).toBe(404);

    expect((await photo(other.offer.token, other.imageIds[0]!)).status).toBe(200);
    expect((await staffPost(`/dashboard/quotes/${other.id}`, { intent: "withdraw" })).status).toBe(
      303,
    );
    expect((await photo(other.offer.token, other.imageIds[0]!)).status).toBe(404);
  });

  it("the customer declines with a reason: the page says so, staff are emailed the reason and see it", async () => {
    const { id, offer } = await pricedQuote("Declining Customer");
    const res = await postLink(offer.token, {
      intent: "decline",
      reason: "We found someone nearer.",
    });
    expect(res.status).toBe(200);
    expect(await html(res)).toContain("Quote declined");
    expect(await sql("SELECT state FROM quotes WHERE id = ?", id)).toEqual([{ state: "declined" }]);
    const [email] = await sql<{ to_address: string; subject: string; text_body: string }>(
      "SELECT to_address, subject, text_body FROM outbox WHERE kind = 'quote_declined' AND subject LIKE ?",
      `%Q${id}-1%`,
    );
    expect(email?.to_address).toBe(OFFICE);
    expect(email?.subject).toBe(`Quote Q${id}-1 declined: Declining Customer`);
    expect(email?.text_body).toContain("We found someone nearer.");

    const later = await html(await openLink(offer.token));
    expect(later).toContain("You declined this quote.");
    const staffView = await staffPage(`/dashboard/quotes/${id}`);
    expect(staffView).toContain("We found someone nearer.");
    expect(staffView).toMatch(/data-testid="decline-reason"/);
  });

  it("two Book and pay posts at once for one offer leave one payment open; the other cannot be paid", async () => {
    const { id, offer } = await pricedQuote("Twin Customer");
    const date = nextDay();
    const answers = await Promise.all([
      postLink(offer.token, { intent: "pay", date }),
      postLink(offer.token, { intent: "pay", date }),
    ]);
    const orders = await sql<{ id: number; payment_closed: string | null; session: string }>(
      `SELECT id, payment_closed, payment_session_id AS session FROM orders
        WHERE quote_offer_id = ? AND quote_id = ? AND status = 'pending' ORDER BY id`,
      offer.id,
      id,
    );
    // Exactly one payment is open, whichever way the two requests met.
    const open = orders.filter((o) => o.payment_closed === null);
    expect(open).toHaveLength(1);
    const openDemo = `/payment/demo?session_id=${open[0]!.session}`;
    const winner = answers.find((a) => a.headers.get("location") === openDemo);
    expect(winner?.status).toBe(303);
    const loser = answers.find((a) => a !== winner)!;
    console.log(`[race] (${TEST_ENGINE}) the other Book and pay answered ${loser.status}`);
    if (loser.status === 409) {
      // met inside the lock: refused in words
      expect(orders).toHaveLength(1);
      expect(await html(loser)).toContain(
        "A payment for this quote is already under way in another window.",
      );
    } else {
      // the later one closed the earlier attempt first (as the back button would): its page
      // no longer takes a payment
      expect(loser.status).toBe(303);
      expect(orders).toHaveLength(2);
      const closed = orders.find((o) => o.payment_closed !== null)!;
      expect(closed.payment_closed).toBe("expired");
      const location = loser.headers.get("location")!;
      expect(location).toBe(`/payment/demo?session_id=${closed.session}`);
      const page = await fetch(`${server.url}${location}`, { redirect: "manual" });
      expect(page.status).toBe(303);
      expect(page.headers.get("location")).toBe(`/payment?session_id=${closed.session}`);
      const status = await html(await fetch(`${server.url}/payment?session_id=${closed.session}`));
      expect(status).not.toContain("Payment status: complete");
      await fetch(`${server.url}/payment/demo`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ session_id: closed.session, intent: "pay" }),
      });
      expect(
        await sql("SELECT status, payment_closed FROM orders WHERE id = ?", closed.id),
      ).toEqual([{ status: "pending", payment_closed: "expired" }]);
    }
    expect(await sql("SELECT state FROM quotes WHERE id = ?", id)).toEqual([{ state: "priced" }]);
  });

  it("never limits a customer's own link; of 50 links that find nothing from one network at once, 30 answer 404 and 20 answer 429", async () => {
    const { offer } = await pricedQuote("Often Looks");
    // One home's /64: every address in it is the same network.
    const home = (n: number) => `2001:db8:42:7::${n.toString(16)}`;
    // The customer's own page, opened again and again, counts for nothing.
    for (let i = 0; i < 40; i++) {
      const res = await openLink(offer.token, home(1));
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const misses = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        // Pages, PDFs and photos of links that do not exist all count alike.
        const token = `NoSuchQuoteToken${String(i).padStart(16, "A")}`;
        const path = [
          `/quote/${token}`,
          `/quote/${token}/pdf`,
          `/quote/${offer.token}/photos/${"0".repeat(64)}`,
        ][i % 3];
        const res = await fetch(`${server.url}${path}`, {
          headers: { "x-forwarded-for": home(i + 2) },
          redirect: "manual",
        });
        return {
          status: res.status,
          retryAfter: res.headers.get("retry-after"),
          text: await res.text(),
        };
      }),
    );
    const count = (status: number) => misses.filter((m) => m.status === status).length;
    expect([count(404), count(429)]).toEqual([30, 20]);
    const refused = misses.find((m) => m.status === 429)!;
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.text).toContain("Too many links that do not exist");
    // The network is over its limit, yet the customer's own link, its PDF and photos still open there.
    const page = await openLink(offer.token, home(99));
    expect(page.status).toBe(200);
    const photoId = /\/photos\/([0-9a-f]{64})/.exec(await page.text())?.[1];
    const pdf = await fetch(`${server.url}/quote/${offer.token}/pdf`, {
      headers: { "x-forwarded-for": home(100) },
    });
    expect(pdf.status).toBe(200);
    expect(photoId).toBeDefined();
    const photo = await fetch(`${server.url}/quote/${offer.token}/photos/${photoId}`, {
      headers: { "x-forwarded-for": home(101) },
    });
    expect(photo.status).toBe(200);
    // Another miss from there is refused; another network is not held up.
    expect((await openLink("NoSuchQuoteTokenAAAAAAAAAAAAAAAA", home(102))).status).toBe(429);
    expect((await openLink("NoSuchQuoteTokenAAAAAAAAAAAAAAAA")).status).toBe(404);
  });
});

describe("priced quotes from a VAT-registered business", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ env: { NODE_ENV: "test", VAT_NUMBER: "GB123456789" } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("the PDF shows the VAT number and the VAT the total includes", async () => {
    const res = await sendQuote(
      server,
      quoteForm({ fullName: "Vat Customer" }, [{ name: "sofa.jpg", bytes: await phonePhoto() }]),
      { from: "192.0.2.10" },
    );
    expect(res.status).toBe(201);
    const [quote] = await rows<{ id: number }>(server, "SELECT id FROM quotes");
    const staff = (await signInStaff(server)).cookie;
    const send = await fetch(`${server.url}/dashboard/quotes/${quote!.id}/price`, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie: staff,
        origin: server.url,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        intent: "send",
        free_rows: "1",
        f0_description: "Clear the garage",
        f0_price: "120",
        f0_load: "3",
        f0_minutes: "45",
        valid_days: "",
      }),
    });
    expect(send.status).toBe(303);
    const [attachment] = await rows<{ bytes: Buffer }>(
      server,
      "SELECT a.bytes FROM outbox_attachments a JOIN outbox o ON o.id = a.outbox_id WHERE o.kind = 'quote_offer'",
    );
    const pdf = (await pdfText(Buffer.from(attachment!.bytes))).pages.join("\n");
    expect(pdf).toContain("VAT registration number: GB123456789");
    expect(pdf).toMatch(/VAT at 20% included £20\.00/);
    expect(pdf).not.toContain("Not VAT registered");
    const [email] = await rows<{ text_body: string }>(
      server,
      "SELECT text_body FROM outbox WHERE kind = 'quote_offer'",
    );
    expect(email!.text_body).toContain("Total: £120.00 (includes VAT at 20%: £20.00)");
    // blank valid_days: the setting's default, 14 days
    expect(email!.text_body).toContain(
      `This price holds until ${formatLongDate(addDaysIso(todayInLondon(), 14))}.`,
    );
  });
});
