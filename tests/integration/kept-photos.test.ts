import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTAINMENTS } from "~/lib/job-completion";
import { todayInLondon } from "~/lib/london-clock.server";
import { rows, run } from "../support/database";
import { phonePhoto } from "../support/images";
import { quoteForm, sendQuote, type Photo } from "../support/make";
import { setClock, startServer, type RunningServer } from "../support/server";
import { eventually } from "../support/smtp";
import { signInStaff, type SignedIn } from "../support/staff";

/**
 * A quote request or a job completion that comes back with one field wrong keeps the photos it
 * carried (docs/decisions/034-photos-kept-across-a-returned-form.md): the page shows them, the
 * next submission uses them with any new ones, "Remove" drops one, another form cannot use
 * them, and the housekeeping job forgets them after a day.
 */

let server: RunningServer;
let staff: SignedIn;
const sql = <T = Record<string, unknown>>(text: string, ...params: unknown[]) =>
  rows<T>(server, text, ...params);

beforeAll(async () => {
  server = await startServer({ env: { NODE_ENV: "test" } });
  staff = await signInStaff(server);
});
afterAll(async () => {
  await server?.stop();
});

/** Each quote comes from an address of its own: five an hour are allowed from one. */
let nextHost = 0;
const newAddress = () => `198.51.100.${++nextHost}`;

const html = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");
const all = (page: string, pattern: RegExp) => [...page.matchAll(pattern)].map((m) => m[1]!);
const keptIds = (page: string) => all(page, /name="kept" value="([^"]+)"/g);
const formToken = (page: string) => all(page, /name="form_token" value="([^"]+)"/g)[0];

/** Photos of colours no other photo here has: images are shared by their bytes. */
let nextColour = 0;
async function photos(...names: string[]): Promise<Photo[]> {
  return Promise.all(
    names.map(async (name) => {
      const n = ++nextColour * 37;
      const colour = `#${[n % 256, (n * 7) % 256, (n * 13) % 256].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
      return { name, bytes: await phonePhoto(colour) };
    }),
  );
}

/** Posts the quote page's form (no JavaScript): these fields and photos, plus kept photos. */
async function postQuotePage(
  fields: Record<string, string>,
  newPhotos: Photo[],
  kept: { token?: string; keep?: string[]; remove?: string[] } = {},
) {
  const form = quoteForm(fields, newPhotos);
  if (kept.token) form.append("form_token", kept.token);
  for (const id of kept.keep ?? []) form.append("kept", id);
  for (const id of kept.remove ?? []) form.append("remove_kept", id);
  return sendQuote(server, form, { from: newAddress(), pathName: "/quote", redirect: "manual" });
}

const quotePhotos = (quoteId: number) =>
  sql<{ original_filename: string; image_id: string }>(
    "SELECT original_filename, image_id FROM quote_images WHERE quote_id = ? ORDER BY sort_order",
    quoteId,
  );
const quoteByName = async (name: string) =>
  (await sql<{ id: number }>("SELECT id FROM quotes WHERE full_name = ?", name))[0];

describe("a quote that comes back with one field wrong", () => {
  it("keeps its 2 photos, shows them, and stores the fixed quote with them and a new one", async () => {
    const first = await postQuotePage(
      { fullName: "Nia Adeyemi", postcode: "" },
      await photos("hall.jpg", "garage.jpg"),
    );
    expect(first.status).toBe(400);
    const page = await html(first);
    expect(page).toContain("Please enter your postcode");
    expect(page).toContain("Your 2 photos are kept below.");
    expect(page).not.toContain("choose your photos again");
    const ids = keptIds(page);
    const token = formToken(page)!;
    expect(ids).toHaveLength(2);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(page).toContain('alt="Kept photo: hall.jpg"');
    // With photos kept, the picker is no longer required.
    expect(page).not.toMatch(/name="images"[^>]*required/);
    // No quote yet; two photos kept, re-encoded (no location data left).
    expect(await quoteByName("Nia Adeyemi")).toBeUndefined();
    const pending = await sql<{ id: string; content_type: string }>(
      "SELECT p.id, i.content_type FROM pending_uploads p JOIN images i ON i.id = p.image_id WHERE p.id IN (?, ?)",
      ...ids,
    );
    expect(pending.map((p) => p.content_type)).toEqual(["image/jpeg", "image/jpeg"]);

    // The thumbnail shows for the form's own token only.
    const thumb = await fetch(`${server.url}/quote/kept/${ids[0]}?form=${token}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/jpeg");
    expect(thumb.headers.get("cache-control")).toBe("private, max-age=3600");
    expect((await fetch(`${server.url}/quote/kept/${ids[0]}`)).status).toBe(404);
    const stranger = "A".repeat(32);
    expect((await fetch(`${server.url}/quote/kept/${ids[0]}?form=${stranger}`)).status).toBe(404);

    const second = await postQuotePage({ fullName: "Nia Adeyemi" }, await photos("attic.jpg"), {
      token,
      keep: ids,
    });
    expect(second.status).toBe(303);
    const quote = await quoteByName("Nia Adeyemi");
    expect((await quotePhotos(quote!.id)).map((p) => p.original_filename)).toEqual([
      "hall.jpg",
      "garage.jpg",
      "attic.jpg",
    ]);
    // Used: no longer pending, and the thumbnail is gone with it.
    expect(await sql("SELECT id FROM pending_uploads WHERE id IN (?, ?)", ...ids)).toEqual([]);
    expect((await fetch(`${server.url}/quote/kept/${ids[0]}?form=${token}`)).status).toBe(404);
    const emails = await sql<{ text_body: string }>(
      "SELECT text_body FROM outbox WHERE subject LIKE ?",
      `%(ref Q${quote!.id})`,
    );
    expect(emails[0]!.text_body).toMatch(/with 3 photos\./);
  });

  it("drops a kept photo ticked Remove and keeps the other", async () => {
    const first = await postQuotePage(
      { fullName: "Tom Okafor", comments: "" },
      await photos("shed.jpg", "sofa.jpg"),
    );
    const page = await html(first);
    const [shed, sofa] = keptIds(page);
    const token = formToken(page)!;
    const [removed] = await sql<{ image_id: string }>(
      "SELECT image_id FROM pending_uploads WHERE id = ?",
      shed,
    );

    const second = await postQuotePage({ fullName: "Tom Okafor" }, [], {
      token,
      keep: [shed!, sofa!],
      remove: [shed!],
    });
    expect(second.status).toBe(303);
    const quote = await quoteByName("Tom Okafor");
    expect((await quotePhotos(quote!.id)).map((p) => p.original_filename)).toEqual(["sofa.jpg"]);
    // The removed photo is forgotten, its image too (nothing else uses it).
    expect(await sql("SELECT id FROM pending_uploads WHERE id = ?", shed)).toEqual([]);
    expect(await sql("SELECT id FROM images WHERE id = ?", removed!.image_id)).toEqual([]);
  });

  it("refuses a kept photo of another form, and stores nothing", async () => {
    const theirs = await html(
      await postQuotePage({ fullName: "Ada Lin", town: "" }, await photos("kitchen.jpg")),
    );
    const [theirId] = keptIds(theirs);
    const mine = await html(
      await postQuotePage({ fullName: "Sam Cole", town: "" }, await photos("loft.jpg")),
    );
    const myToken = formToken(mine)!;

    const attempt = await postQuotePage({ fullName: "Sam Cole" }, [], {
      token: myToken,
      keep: [theirId!],
    });
    expect(attempt.status).toBe(400);
    const page = await html(attempt);
    expect(page).toContain(
      "Some photos we were keeping for this form are no longer available. Please choose them again.",
    );
    expect(page).not.toContain(theirId);
    expect(await quoteByName("Sam Cole")).toBeUndefined();
    // Theirs is still theirs.
    expect(await sql("SELECT id FROM pending_uploads WHERE id = ?", theirId)).toHaveLength(1);
  });

  it("holds the limit of 10 photos across kept and new ones", async () => {
    const names = Array.from({ length: 9 }, (_, i) => `room-${i + 1}.jpg`);
    const page = await html(
      await postQuotePage({ fullName: "Eve Park", email: "" }, await photos(...names)),
    );
    const ids = keptIds(page);
    expect(ids).toHaveLength(9);
    const over = await postQuotePage(
      { fullName: "Eve Park" },
      await photos("extra-1.jpg", "extra-2.jpg"),
      { token: formToken(page), keep: ids },
    );
    expect(over.status).toBe(400);
    const refused = await html(over);
    expect(refused).toContain("Please send at most 10 photos.");
    // The first new photo fits within the ten and is kept; the other is not.
    expect(keptIds(refused)).toHaveLength(10);
    expect(await quoteByName("Eve Park")).toBeUndefined();
  });

  it("leaves the /api unchanged: a refusal there keeps nothing", async () => {
    const before = await sql<{ n: number }>("SELECT count(*) AS n FROM pending_uploads");
    const res = await sendQuote(server, quoteForm({ postcode: "" }, await photos("api.jpg")), {
      from: newAddress(),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: "Please enter your postcode",
      errors: { postcode: "Please enter your postcode" },
    });
    const after = await sql<{ n: number }>("SELECT count(*) AS n FROM pending_uploads");
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
  });
});

/** A paid card job on today's run sheet with one sofa; answers its id. */
async function insertJob(name: string): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode, collection_date,
       status, booking_status, payment_method, total_pence, source, paid_at)
     VALUES (?, 'job@example.com', '07700 900222', '22 Mill Lane', 'Guildford', 'GU1 3AA', ?,
       'complete', 'pending', 'card', 6500, 'web', ?) RETURNING id`,
    name,
    todayInLondon(),
    new Date().toISOString(),
  );
  await run(
    server,
    `INSERT INTO order_items (order_id, product_id, product_name, product_description, position,
       unit_price_pence, quantity, waste_description, low_code, pops, hazardous)
     VALUES (?, NULL, 'Three-seater sofa', '', 'outside', 6500, 1,
       'Domestic seating containing POPs (upholstered)', '20 03 07', 1, 0)`,
    row!.id,
  );
  return Number(row!.id);
}

/** The crew's form as the tablet posts it. */
async function postCompletion(
  orderId: number,
  fields: Record<string, string>,
  newPhotos: { before?: Photo[]; after?: Photo[] },
  kept: { keep?: string[]; remove?: string[] } = {},
) {
  const form = new FormData();
  const values: Record<string, string> = {
    handed_over_by: "Ann Lee",
    transferred_at: new Date(Date.now() - 10 * 60_000)
      .toLocaleString("sv-SE", { timeZone: "Europe/London" })
      .slice(0, 16)
      .replace(" ", "T"),
    containment: CONTAINMENTS[0],
    ...fields,
  };
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  for (const kind of ["before", "after"] as const)
    for (const photo of newPhotos[kind] ?? [])
      form.append(
        `${kind}_photos`,
        new Blob([new Uint8Array(photo.bytes)], { type: "image/jpeg" }),
        photo.name,
      );
  for (const id of kept.keep ?? []) form.append("kept", id);
  for (const id of kept.remove ?? []) form.append("remove_kept", id);
  return fetch(`${server.url}/dashboard/orders/${orderId}/complete`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { cookie: staff.cookie, origin: server.url },
  });
}

const jobPhotos = (orderId: number) =>
  sql<{ kind: string; image_id: string }>(
    `SELECT p.kind, p.image_id FROM job_photos p JOIN job_completions c ON c.id = p.completion_id
     WHERE c.order_id = ? ORDER BY p.kind DESC, p.sort_order`,
    orderId,
  );

describe("a job completion that comes back with one field wrong", () => {
  it("keeps its photos, shows them to the crew, and completes with them", async () => {
    const orderId = await insertJob("Rhys Bell");
    const [before1, before2, after1] = await photos("before-1.jpg", "before-2.jpg", "after-1.jpg");
    const first = await postCompletion(
      orderId,
      { handed_over_by: "" },
      { before: [before1!, before2!], after: [after1!] },
    );
    expect(first.status).toBe(400);
    const page = await html(first);
    expect(page).toContain("Please type the name of the person who handed the waste over");
    expect(page).toContain("Your 2 photos are kept below.");
    expect(page).toContain("Your photo is kept below.");
    expect(page).not.toContain("Please choose them again");
    const ids = keptIds(page);
    expect(ids).toHaveLength(3);
    expect(await sql("SELECT id FROM job_completions WHERE order_id = ?", orderId)).toEqual([]);

    // The thumbnail is for staff, on this order only.
    const thumb = `${server.url}/dashboard/orders/${orderId}/complete/kept/${ids[0]}`;
    expect((await fetch(thumb, { headers: { cookie: staff.cookie } })).status).toBe(200);
    expect((await fetch(thumb, { redirect: "manual" })).status).toBe(302);
    const otherOrder = await insertJob("Other Person");
    expect(
      (
        await fetch(`${server.url}/dashboard/orders/${otherOrder}/complete/kept/${ids[0]}`, {
          headers: { cookie: staff.cookie },
        })
      ).status,
    ).toBe(404);

    // Fixed, with the photos kept and none sent again.
    const second = await postCompletion(orderId, {}, {}, { keep: ids });
    expect(second.status).toBe(303);
    expect((await jobPhotos(orderId)).map((p) => p.kind)).toEqual(["before", "before", "after"]);
    expect(await sql("SELECT id FROM pending_uploads WHERE id IN (?, ?, ?)", ...ids)).toEqual([]);
  });

  it("drops a kept photo ticked Remove, and adds a new one", async () => {
    const orderId = await insertJob("Mo Farah");
    const [b1, b2, a1, a2] = await photos("b1.jpg", "b2.jpg", "a1.jpg", "a2.jpg");
    const page = await html(
      await postCompletion(orderId, { handed_over_by: "" }, { before: [b1!, b2!], after: [a1!] }),
    );
    const ids = keptIds(page);
    const second = await postCompletion(
      orderId,
      {},
      { after: [a2!] },
      { keep: ids, remove: [ids[1]!] },
    );
    expect(second.status).toBe(303);
    expect((await jobPhotos(orderId)).map((p) => p.kind)).toEqual(["before", "after", "after"]);
  });

  it("refuses a kept photo of another order's form", async () => {
    const theirs = await insertJob("Kit Shaw");
    const ids = keptIds(
      await html(
        await postCompletion(
          theirs,
          { handed_over_by: "" },
          {
            before: await photos("x.jpg"),
            after: await photos("y.jpg"),
          },
        ),
      ),
    );
    const mine = await insertJob("Lee Moss");
    const attempt = await postCompletion(mine, {}, {}, { keep: ids });
    expect(attempt.status).toBe(400);
    expect(await html(attempt)).toContain(
      "Some photos we were keeping for this form are no longer available. Please choose them again.",
    );
    expect(await sql("SELECT id FROM job_completions WHERE order_id = ?", mine)).toEqual([]);
    expect(await sql("SELECT id FROM pending_uploads WHERE id IN (?, ?)", ...ids)).toHaveLength(2);
  });
});

describe("kept photos a day on", () => {
  it("are forgotten by the housekeeping job after a day, not before", async () => {
    const page = await html(
      await postQuotePage({ fullName: "Ivy Hart", postcode: "" }, await photos("yard.jpg")),
    );
    const [id] = keptIds(page);
    const [row] = await sql<{ image_id: string; created_at: string }>(
      "SELECT image_id, created_at FROM pending_uploads WHERE id = ?",
      id,
    );
    const created = new Date(row!.created_at).getTime();
    const passes = () =>
      server.output().match(/\[schedule\] prune-rate-limits hourly/g)?.length ?? 0;

    const seen = passes();
    setClock(server, new Date(created + 23 * 3600_000));
    await eventually(() => (passes() > seen ? true : undefined));
    expect(await sql("SELECT id FROM pending_uploads WHERE id = ?", id)).toHaveLength(1);

    setClock(server, new Date(created + 25 * 3600_000));
    await eventually(async () =>
      (await sql("SELECT id FROM pending_uploads WHERE id = ?", id)).length === 0
        ? true
        : undefined,
    );
    // Its image went with it: nothing else used it.
    expect(await sql("SELECT id FROM images WHERE id = ?", row!.image_id)).toEqual([]);
    expect((await fetch(`${server.url}/quote/kept/${id}?form=${formToken(page)}`)).status).toBe(
      404,
    );
  });
});
