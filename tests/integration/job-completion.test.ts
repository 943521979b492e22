import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPence } from "~/lib/format";
import { CONTAINMENTS } from "~/lib/job-completion";
import { todayInLondon } from "~/lib/london-clock.server";
import { rows, run } from "../support/database";
import { phonePhoto } from "../support/images";
import { pdfText } from "../support/pdf-text";
import { vatIncluded } from "~/lib/vat";
import { startServer, type RunningServer } from "../support/server";
import { attachmentsOf, eventually, startSmtp } from "../support/smtp";
import { signInStaff, type SignedIn } from "../support/staff";

/**
 * Completing a job through HTTP: the crew's form, the completion's rows, the
 * email with the waste transfer note and the receipt, the customer's photo
 * link, the documents on the order page, and completing from the edit form.
 */

const VAT_NUMBER = "GB123456789";
const CBDU = "CBDU246810";
const TODAY = todayInLondon();

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: RunningServer;
let staff: SignedIn;
const sql = <T = Record<string, unknown>>(text: string, ...params: unknown[]) =>
  rows<T>(server, text, ...params);

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({
    env: {
      NODE_ENV: "test",
      SMTP_URL: smtp.url,
      VAT_NUMBER,
      WASTE_CARRIER_LICENCE: CBDU,
    },
  });
  staff = await signInStaff(server);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

interface Line {
  name: string;
  price: number;
  quantity: number;
  position: string | null;
  waste: [description: string, code: string, pops: 0 | 1, hazardous: 0 | 1] | null;
}
const SOFA: Line = {
  name: "Three-seater sofa",
  price: 6500,
  quantity: 1,
  position: "outside",
  waste: ["Domestic seating containing POPs (upholstered)", "20 03 07", 1, 0],
};
const FRIDGE: Line = {
  name: "Fridge freezer",
  price: 4500,
  quantity: 1,
  position: "inside_no_dismantle",
  waste: ["Discarded fridges and freezers containing refrigerant gases", "20 01 23*", 0, 1],
};

/** A job on today's run sheet, as the checkout or staff write it. */
async function insertJob(
  fields: {
    full_name: string;
    status: "pending" | "complete";
    payment_method: "card" | "cash_payment" | "bank_transfer";
    business_name?: string;
    sic_code?: string;
  },
  lines: Line[],
): Promise<number> {
  const total = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const [row] = await sql<{ id: number }>(
    `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date,
       status, booking_status, payment_method, total_pence, source, paid_at, business_name, sic_code)
     VALUES (?, ?, '07700 900222', '22 Mill Lane', 'Guildford', 'GU1 3AA', ?, ?, 'pending', ?, ?,
       ?, ?, ?, ?) RETURNING id`,
    fields.full_name,
    `${fields.full_name.split(" ")[0]!.toLowerCase()}@example.com`,
    TODAY,
    fields.status,
    fields.payment_method,
    total,
    fields.payment_method === "card" ? "web" : "manual",
    fields.status === "complete" ? new Date().toISOString() : null,
    fields.business_name ?? null,
    fields.sic_code ?? null,
  );
  for (const line of lines)
    await run(
      server,
      `INSERT INTO order_items (order_id, product_id, product_name, product_description, position,
         unit_price_pence, quantity, waste_description, low_code, pops, hazardous)
       VALUES (?, NULL, ?, '', ?, ?, ?, ?, ?, ?, ?)`,
      row!.id,
      line.name,
      line.position,
      line.price,
      line.quantity,
      ...(line.waste ?? [null, null, null, null]),
    );
  return Number(row!.id);
}

const html = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

function get(path: string, cookie = staff.cookie) {
  return fetch(`${server.url}${path}`, { headers: { cookie }, redirect: "manual" });
}

/** The crew's form as the tablet posts it: these fields, then the photos. */
async function postCompletion(
  orderId: number,
  fields: Record<string, string>,
  photos: { before: number; after: number } = { before: 1, after: 1 },
  colours = { before: "#8a5a44", after: "#d6d2c4" },
) {
  const form = new FormData();
  const all: Record<string, string> = {
    handed_over_by: "Ann Lee",
    transferred_at: londonLocal(new Date(Date.now() - 10 * 60_000)),
    containment: CONTAINMENTS[0],
    ...fields,
  };
  for (const [key, value] of Object.entries(all)) form.append(key, value);
  for (const [kind, count] of Object.entries(photos))
    for (let i = 0; i < count; i++)
      form.append(
        `${kind}_photos`,
        new Blob([new Uint8Array(await phonePhoto(colours[kind as "before" | "after"]))], {
          type: "image/jpeg",
        }),
        `${kind}-${i}.jpg`,
      );
  const started = performance.now();
  const response = await fetch(`${server.url}/dashboard/orders/${orderId}/complete`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { cookie: staff.cookie, origin: server.url },
  });
  return { response, ms: performance.now() - started };
}

/** "2026-12-03T14:10" in UK time, as the datetime-local field holds it. */
function londonLocal(date: Date): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}`;
}

async function completionEmail(orderId: number) {
  const [completion] = await sql<{ id: number; photo_token: string; receipt_number: number }>(
    "SELECT id, photo_token, receipt_number FROM job_completions WHERE order_id = ?",
    orderId,
  );
  const emails = await sql<{
    id: number;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string;
    created_at: string;
  }>(
    "SELECT id, to_address, subject, text_body, html_body, created_at FROM outbox WHERE kind = 'job_completed' AND subject LIKE ? ORDER BY id",
    `%(ref HB${orderId})`,
  );
  return { completion: completion!, emails };
}

async function attachmentTexts(outboxId: number) {
  const files = await sql<{ filename: string; content_type: string; bytes: Uint8Array }>(
    "SELECT filename, content_type, bytes FROM outbox_attachments WHERE outbox_id = ? ORDER BY id",
    outboxId,
  );
  return Promise.all(
    files.map(async (file) => ({
      filename: file.filename,
      contentType: file.content_type,
      size: file.bytes.byteLength,
      text: (await pdfText(Buffer.from(file.bytes))).pages.join("\n"),
    })),
  );
}

describe("completing a paid card job with the crew's form", () => {
  let orderId: number;
  let extra: { id: number; name: string; low_code: string; pence: number };

  beforeAll(async () => {
    orderId = await insertJob(
      { full_name: "Margaret Oduya", status: "complete", payment_method: "card" },
      [SOFA, FRIDGE],
    );
    const [garden] = await sql<{ id: number; name: string; low_code: string; pence: number }>(
      `SELECT id, name, low_code, price_pence + outside_pence AS pence FROM products
        WHERE low_code = '20 02 01' ORDER BY id LIMIT 1`,
    );
    if (!garden) throw new Error("The template has no garden waste item");
    extra = garden;
  });

  it("shows the form prefilled from the booking", async () => {
    const res = await get(`/dashboard/orders/${orderId}/complete`);
    expect(res.status).toBe(200);
    const page = await html(res);
    expect(page).toContain(`Complete job HB${orderId}: Margaret Oduya`);
    expect(page).toContain("Three-seater sofa");
    expect(page).toContain("20 03 07 · Domestic seating containing POPs (upholstered)");
    expect(page).toContain("20 01 23* · Discarded fridges");
    expect(page).toMatch(/name="handed_over_by"[^>]*value="Margaret Oduya"/);
    expect(page).toContain('capture="environment"');
    // A card job is paid already: nothing to collect.
    expect(page).not.toContain('name="payment_collected"');
  });

  it("refuses a completion without an after photo, storing nothing", async () => {
    const { response } = await postCompletion(orderId, {}, { before: 1, after: 0 });
    expect(response.status).toBe(400);
    expect(await html(response)).toContain("Please add at least one after photo");
    expect(await sql("SELECT id FROM job_completions WHERE order_id = ?", orderId)).toEqual([]);
  });

  it("completes the job: the facts, the lines, the photos and the order, in one go", async () => {
    const { response, ms } = await postCompletion(orderId, {
      extra_0_product: String(extra.id),
      extra_0_quantity: "2",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/dashboard/orders/${orderId}`);

    const [completion] = await sql<Record<string, unknown>>(
      "SELECT * FROM job_completions WHERE order_id = ?",
      orderId,
    );
    expect(completion).toMatchObject({
      handed_over_by: "Ann Lee",
      crew_name: "admin",
      customer_name: "Margaret Oduya",
      carrier_registration: CBDU,
      vat_number: VAT_NUMBER,
      // The booking's £110.00 and the two garden waste items added (left outside).
      total_pence: 11000 + 2 * extra.pence,
      extras_pence: 2 * extra.pence,
      extras_taken: null,
      collection_date: TODAY,
      payment_collected: null,
    });
    const lines = await sql<{ name: string; low_code: string; quantity: number; source: string }>(
      `SELECT name, low_code, quantity, source FROM job_waste_lines
        WHERE completion_id = ? ORDER BY sort_order`,
      completion!.id,
    );
    expect(lines).toEqual([
      { name: "Three-seater sofa", low_code: "20 03 07", quantity: 1, source: "booked" },
      { name: "Fridge freezer", low_code: "20 01 23*", quantity: 1, source: "booked" },
      { name: extra.name, low_code: "20 02 01", quantity: 2, source: "catalogue" },
    ]);
    expect(
      await sql(
        "SELECT kind FROM job_photos WHERE completion_id = ? ORDER BY kind",
        completion!.id,
      ),
    ).toEqual([{ kind: "after" }, { kind: "before" }]);
    const [order] = await sql<{ booking_status: string }>(
      "SELECT booking_status FROM orders WHERE id = ?",
      orderId,
    );
    expect(order!.booking_status).toBe("complete");
    expect(
      await sql(
        "SELECT field, old_value, new_value, actor FROM order_events WHERE order_id = ?",
        orderId,
      ),
    ).toEqual([
      { field: "booking_status", old_value: "pending", new_value: "complete", actor: "admin" },
      {
        field: "extras",
        old_value: null,
        new_value: `${formatPence(2 * extra.pence)} added on the day (2 × ${extra.name} (Outside — left out for collection)), still to pay`,
        actor: "admin",
      },
    ]);
    console.log(`[job] completion with 2 photos and 3 lines: ${ms.toFixed(0)} ms for the request`);
  });

  it("emails the customer at once: both PDFs attached, the photo link, thumbnails", async () => {
    const { completion, emails } = await completionEmail(orderId);
    expect(emails).toHaveLength(1);
    const email = emails[0]!;
    expect(email.to_address).toBe("margaret@example.com");
    const link = `/job/${completion.photo_token}`;
    expect(email.text_body).toContain(link);
    expect(email.html_body).toContain(`${link}/photos/`);
    expect((email.html_body.match(/<img /g) ?? []).length).toBe(2);

    const [completed] = await sql<{ completed_at: string }>(
      "SELECT completed_at FROM job_completions WHERE id = ?",
      completion.id,
    );
    const queuedAfterMs = Date.parse(email.created_at) - Date.parse(completed!.completed_at);
    expect(queuedAfterMs).toBeLessThan(10 * 60_000);

    const files = await attachmentTexts(email.id);
    expect(files.map((f) => [f.filename, f.contentType])).toEqual([
      [`waste-transfer-note-WTN-${String(completion.id).padStart(6, "0")}.pdf`, "application/pdf"],
      [expect.stringMatching(/^receipt-.+\.pdf$/), "application/pdf"],
    ]);
    const [note, receipt] = files as [(typeof files)[0], (typeof files)[0]];
    for (const code of ["20 03 07", "20 01 23*", "20 02 01"]) expect(note.text).toContain(code);
    expect(note.text).toContain(CBDU);
    expect(note.text).toMatch(/persistent organic pollutants/i);
    expect(note.text).toContain("Ann Lee");
    expect(note.text).toContain("22 Mill Lane");
    expect(note.text).not.toMatch(/consignment note/i);
    expect(receipt.text).toContain(VAT_NUMBER);
    const total = 11000 + 2 * extra.pence;
    expect(receipt.text).toContain(formatPence(total));
    expect(receipt.text).toContain(String(completion.receipt_number));
    // The VAT in the total at 20%.
    expect(receipt.text).toContain(formatPence(vatIncluded(total, 20)));
    expect(receipt.text.replace(/\s+/g, " ")).toContain(
      `Added on the day: ${formatPence(2 * extra.pence)}, still to pay`,
    );

    const mail = await eventually(() => smtp.messages.find((m) => m.outboxId === email.id));
    expect(attachmentsOf(mail).map((a) => a.filename)).toEqual(files.map((f) => f.filename));
    console.log(
      `[job] email: ${mail.raw.length} bytes as sent; PDFs ${files.map((f) => `${f.filename} ${f.size} B`).join(", ")}; written to the outbox ${queuedAfterMs} ms after completion`,
    );
  });

  it("shows the customer's photo page and photos to the holder of the link only", async () => {
    const { completion } = await completionEmail(orderId);
    const page = await fetch(`${server.url}/job/${completion.photo_token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    const body = await html(page);
    expect(body).toContain("Before");
    expect(body).toContain("After");
    const ids = [...body.matchAll(/\/photos\/([0-9a-f]{64})\?w=480/g)].map((m) => m[1]!);
    expect(ids).toHaveLength(2);

    const photo = await fetch(`${server.url}/job/${completion.photo_token}/photos/${ids[0]}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    const meta = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();

    const pdf = await fetch(`${server.url}/job/${completion.photo_token}/receipt.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");

    // Another job's link does not open this job's photos or documents.
    const otherId = await insertJob(
      { full_name: "Other Customer", status: "complete", payment_method: "card" },
      [SOFA],
    );
    await postCompletion(
      otherId,
      {},
      { before: 1, after: 1 },
      { before: "#204060", after: "#406020" },
    );
    const { completion: other } = await completionEmail(otherId);
    expect((await fetch(`${server.url}/job/${other.photo_token}/photos/${ids[0]}`)).status).toBe(
      404,
    );
    expect((await fetch(`${server.url}/job/${"x".repeat(32)}`)).status).toBe(404);
    expect((await fetch(`${server.url}/job/${completion.photo_token}/invoice.pdf`)).status).toBe(
      404,
    );
    // Receipt numbers follow one another.
    expect(other.receipt_number).toBe(completion.receipt_number + 1);
  });

  it("serves the job's page, photos and PDFs to their holder while strangers' misses from the same network are refused", async () => {
    const { completion } = await completionEmail(orderId);
    const link = `/job/${completion.photo_token}`;
    const home = (n: number) => `2001:db8:10b:2::${n.toString(16)}`;
    const misses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const path = [
          `/job/${"m".repeat(30)}${String(i).padStart(2, "0")}`,
          `${link}/photos/${"0".repeat(64)}`,
          `${link}/invoice.pdf`,
        ][i % 3];
        return fetch(`${server.url}${path}`, { headers: { "x-forwarded-for": home(i + 1) } });
      }),
    );
    const statuses = misses.map((res) => res.status);
    expect([
      statuses.filter((s) => s === 404).length,
      statuses.filter((s) => s === 429).length,
    ]).toEqual([30, 20]);
    const from = { headers: { "x-forwarded-for": home(90) } };
    const page = await fetch(`${server.url}${link}`, from);
    expect(page.status).toBe(200);
    const photoId = /\/photos\/([0-9a-f]{64})\?w=480/.exec(await html(page))![1];
    expect((await fetch(`${server.url}${link}/photos/${photoId}`, from)).status).toBe(200);
    expect((await fetch(`${server.url}${link}/receipt.pdf`, from)).status).toBe(200);
    expect((await fetch(`${server.url}${link}/waste-transfer-note.pdf`, from)).status).toBe(200);
    const refused = await fetch(`${server.url}/job/${"m".repeat(32)}`, from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("puts the documents on the order page: open, download and send again", async () => {
    const page = await html(await get(`/dashboard/orders/${orderId}`));
    expect(page).toContain("Job documents");
    expect(page).toContain(`/dashboard/orders/${orderId}/documents/waste-transfer-note.pdf`);
    const open = await get(`/dashboard/orders/${orderId}/documents/receipt.pdf`);
    expect(open.status).toBe(200);
    expect(open.headers.get("content-disposition")).toMatch(/^inline; filename="receipt-/);
    const download = await get(
      `/dashboard/orders/${orderId}/documents/waste-transfer-note.pdf?download=1`,
    );
    expect(download.headers.get("content-disposition")).toMatch(
      /^attachment; filename="waste-transfer-note-WTN-/,
    );
    // Not for anyone signed out.
    const signedOut = await get(`/dashboard/orders/${orderId}/documents/receipt.pdf`, "");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toMatch(/^\/login/);

    const resend = await fetch(`${server.url}/dashboard/orders/${orderId}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "resend" }),
      redirect: "manual",
      headers: { cookie: staff.cookie, origin: server.url },
    });
    expect(resend.status).toBe(303);
    const { emails } = await completionEmail(orderId);
    expect(emails).toHaveLength(2);
    expect((await attachmentTexts(emails[1]!.id)).map((f) => f.filename)).toEqual(
      (await attachmentTexts(emails[0]!.id)).map((f) => f.filename),
    );
  });

  it("refuses to complete the same job twice", async () => {
    const { response } = await postCompletion(orderId, {});
    expect(response.status).toBe(303);
    expect((await sql("SELECT id FROM job_completions WHERE order_id = ?", orderId)).length).toBe(
      1,
    );
    expect((await get(`/dashboard/orders/${orderId}/complete`)).status).toBe(303);
  });
});

describe("a business's cash job with a fridge", () => {
  it("takes the payment, prints the SIC code and flags the consignment note", async () => {
    const orderId = await insertJob(
      {
        full_name: "Priya Shah",
        status: "pending",
        payment_method: "cash_payment",
        business_name: "Shah Lettings Ltd",
        sic_code: "68209",
      },
      [FRIDGE],
    );
    const form = await html(await get(`/dashboard/orders/${orderId}/complete`));
    expect(form).toContain("£45.00 taken by cash on the spot");
    const { response } = await postCompletion(orderId, { payment_collected: "yes" });
    expect(response.status).toBe(303);
    const [order] = await sql<{ status: string; booking_status: string }>(
      "SELECT status, booking_status FROM orders WHERE id = ?",
      orderId,
    );
    expect(order).toEqual({ status: "complete", booking_status: "complete" });
    const { emails } = await completionEmail(orderId);
    const [note, receipt] = await attachmentTexts(emails[0]!.id);
    expect(note!.text).toContain("68209");
    expect(note!.text).toContain("Shah Lettings Ltd");
    expect(note!.text).toMatch(/consignment note/i);
    expect(receipt!.text).toMatch(/VAT invoice/i);
    expect(receipt!.text).toMatch(/cash/i);
    const page = await html(await get(`/dashboard/orders/${orderId}`));
    expect(page).toContain("a consignment note is needed");
  });
});

describe("items added on the day", () => {
  it("are charged at the shop's price, taken in cash, and printed on the receipt as added", async () => {
    const orderId = await insertJob(
      { full_name: "Omar Reid", status: "complete", payment_method: "card" },
      [SOFA],
    );
    const [product] = await sql<{ id: number; name: string; pence: number }>(
      `SELECT id, name, price_pence + inside_dismantle_pence AS pence FROM products
        WHERE retired_at IS NULL AND low_code <> '' AND waste_description <> '' ORDER BY name LIMIT 1`,
    );
    const form = await html(await get(`/dashboard/orders/${orderId}/complete`));
    expect(form).toContain("Where it was");
    expect(form).toContain("Price agreed, each (£)");
    const { response } = await postCompletion(orderId, {
      [`booked_${(await sql<{ id: number }>("SELECT id FROM order_items WHERE order_id = ?", orderId))[0]!.id}_quantity`]:
        "2",
      extra_0_product: String(product!.id),
      extra_0_quantity: "1",
      extra_0_position: "inside_dismantle",
      free_0_name: "Rubble bags",
      free_0_code: "17 01 07",
      free_0_quantity: "3",
      free_0_price: "10",
      extras_taken: "cash_payment",
    });
    expect(response.status).toBe(303);
    const extras = SOFA.price + product!.pence + 3_000;
    const [completion] = await sql<{
      total_pence: number;
      extras_pence: number;
      extras_taken: string;
    }>(
      "SELECT total_pence, extras_pence, extras_taken FROM job_completions WHERE order_id = ?",
      orderId,
    );
    expect(completion).toEqual({
      total_pence: SOFA.price + extras,
      extras_pence: extras,
      extras_taken: "cash_payment",
    });
    const { emails } = await completionEmail(orderId);
    const [, receipt] = await attachmentTexts(emails[0]!.id);
    // Each added line, its name wrapped in its column as the PDF lays it out.
    const text = receipt!.text.replace(/\s+/g, " ").replaceAll("- ", "-");
    expect(text.match(/Added on the day: /g)).toHaveLength(4);
    expect(text).toMatch(/Added on the day: Three-/);
    expect(text).toContain("Added on the day: Rubble bags");
    expect(text).toContain(formatPence(SOFA.price + extras));
    expect(text).toContain(`Added on the day: ${formatPence(extras)}, paid in cash on collection`);
    const history = await html(await get(`/dashboard/orders/${orderId}`));
    expect(history).toContain(`${formatPence(extras)} added on the day`);
  });
});

/** Staff mark a booking complete through /api/general/updatebooking (as the edit form does). */
function markCompleteByApi(orderId: number) {
  return fetch(`${server.url}/api/general/updatebooking`, {
    method: "POST",
    headers: {
      cookie: staff.cookie,
      origin: server.url,
      "content-type": "application/json",
      "x-xsrf-token": staff.xsrf,
    },
    body: JSON.stringify({ order_id: orderId, booking_status: "complete" }),
  });
}

describe("a job marked complete in the edit form", () => {
  it("makes the documents from what was booked and emails them", async () => {
    const orderId = await insertJob(
      { full_name: "Tom Baker", status: "complete", payment_method: "card" },
      [SOFA],
    );
    expect((await markCompleteByApi(orderId)).status).toBe(200);
    const [completion] = await sql<{ handed_over_by: string; crew_name: string }>(
      "SELECT handed_over_by, crew_name FROM job_completions WHERE order_id = ?",
      orderId,
    );
    expect(completion).toEqual({ handed_over_by: "Tom Baker", crew_name: "admin" });
    const { emails } = await completionEmail(orderId);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.html_body).not.toContain("<img ");
    const files = await attachmentTexts(emails[0]!.id);
    expect(files).toHaveLength(2);
    expect(files[0]!.text).toContain("20 03 07");
  });

  it("prints the any-time discount on the receipt as its own line, to the total paid", async () => {
    const orderId = await insertJob(
      { full_name: "Ivy Outside", status: "complete", payment_method: "card" },
      [SOFA],
    );
    // Booked for any time: 10% off the sofa, already off the total paid.
    await run(
      server,
      "UPDATE orders SET arrival_window = 'any', window_discount_pence = 650, total_pence = 5850 WHERE id = ?",
      orderId,
    );
    expect((await markCompleteByApi(orderId)).status).toBe(200);
    const { emails } = await completionEmail(orderId);
    const [, receipt] = await attachmentTexts(emails[0]!.id);
    expect(receipt!.text).toContain("Three-seater sofa");
    expect(receipt!.text).toContain("Any time discount (10%)");
    expect(receipt!.text).toMatch(/-£6\.50|−£6\.50/);
    expect(receipt!.text).toContain("£58.50");
    expect(receipt!.text).not.toContain("Adjustment agreed with us");
  });

  it("leaves a booking made by hand without items as it was: nothing to put on a note", async () => {
    const orderId = await insertJob(
      { full_name: "Hand Made", status: "pending", payment_method: "cash_payment" },
      [],
    );
    expect((await markCompleteByApi(orderId)).status).toBe(200);
    expect(await sql("SELECT id FROM job_completions WHERE order_id = ?", orderId)).toEqual([]);
  });
});

describe("an unpaid card checkout", () => {
  it("is not a job to complete", async () => {
    const orderId = await insertJob(
      { full_name: "Not Paid", status: "pending", payment_method: "card" },
      [SOFA],
    );
    const res = await get(`/dashboard/orders/${orderId}/complete`);
    expect(res.status).toBe(409);
  });
});
