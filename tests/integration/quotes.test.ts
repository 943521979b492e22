import Database from "better-sqlite3";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startServer, type RunningServer } from "../support/server";
import { startSmtp } from "../support/smtp";

const OFFICE = "office@haulbook.test";

function quoteForm(
  overrides: Record<string, string> = {},
  photos: { name: string; bytes: Uint8Array; type?: string }[] = [],
) {
  const form = new FormData();
  const fields = {
    fullName: "Margaret Oduya",
    email: "margaret@example.com",
    phoneNumber: "07700 900456",
    address1: "14 Orchard Lane",
    town: "Reading",
    postcode: "RG1 4QX",
    comments: "A corner sofa and a broken fridge in the garage.",
    ...overrides,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const p of photos)
    form.append(
      "images",
      new Blob([p.bytes as Uint8Array<ArrayBuffer>], { type: p.type ?? "image/jpeg" }),
      p.name,
    );
  return form;
}

/** A phone-style photo: EXIF with a GPS position, and "rotate 90°" in the orientation tag. */
async function phonePhoto(colour = "#b86b4b") {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
    .jpeg()
    .withExif({
      IFD0: { Make: "Phone" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 27/1 0/1" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function rows<T>(dataDir: string, sqlText: string): T[] {
  const db = new Database(path.join(dataDir, "haulbook.db"), { readonly: true });
  try {
    return db.prepare(sqlText).all() as T[];
  } finally {
    db.close();
  }
}

const post = (server: RunningServer, form: FormData, pathName = "/api/products/quotationRequest") =>
  fetch(`${server.url}${pathName}`, {
    method: "POST",
    body: form,
    headers: { origin: server.url },
  });

describe("quote requests with a working mail server", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let server: RunningServer;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ env: { SMTP_URL: smtp.url, BUSINESS_EMAIL: OFFICE } });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it("stores the quote and its photos, strips location data, and emails the customer and the office", async () => {
    const photo = await phonePhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await post(
      server,
      quoteForm({}, [
        { name: "sofa.jpg", bytes: photo },
        { name: "fridge.jpg", bytes: await phonePhoto("#7a8fa6") },
      ]),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ emailStatus: { confirmation: true, notification: true } });

    const [quote] = rows<{ id: number; full_name: string; postcode: string; responded: string }>(
      server.dataDir,
      "SELECT id, full_name, postcode, responded FROM quotes",
    );
    expect(quote).toMatchObject({
      full_name: "Margaret Oduya",
      postcode: "RG1 4QX",
      responded: "no",
    });
    const images = rows<{ content_type: string; bytes: Buffer; original_filename: string }>(
      server.dataDir,
      "SELECT i.content_type, i.bytes, q.original_filename FROM quote_images q JOIN images i ON i.id = q.image_id ORDER BY q.sort_order",
    );
    expect(images.map((i) => i.original_filename)).toEqual(["sofa.jpg", "fridge.jpg"]);
    for (const image of images) {
      expect(image.content_type).toBe("image/jpeg");
      const meta = await sharp(image.bytes).metadata();
      expect(meta.exif).toBeUndefined();
      // the orientation tag was applied: the landscape photo is now portrait
      expect([meta.width, meta.height]).toEqual([300, 400]);
    }

    // Photos are private: the public image route does not serve them.
    const ids = rows<{ image_id: string }>(server.dataDir, "SELECT image_id FROM quote_images");
    expect((await fetch(`${server.url}/api/products/image/${ids[0]!.image_id}`)).status).toBe(404);

    const toCustomer = smtp.messages.find((m) => m.to.includes("margaret@example.com"));
    const toOffice = smtp.messages.find((m) => m.to.includes(OFFICE));
    expect(toCustomer?.subject).toBe(`We have your quote request (ref Q${quote!.id})`);
    expect(toCustomer?.text).toContain("Hello Margaret Oduya,");
    expect(toCustomer?.text).toContain("RG1 4QX");
    expect(toCustomer?.text).toContain("Photos: 2");
    expect(toCustomer?.text).toMatch(/Registered waste carrier CBDU\d+/);
    expect(toOffice?.subject).toBe(`New quote request Q${quote!.id}: Margaret Oduya, RG1 4QX`);
    expect(toOffice?.text).toContain("Phone: 07700 900456");
    expect(toOffice?.text).toContain(`/dashboard/quotes/${quote!.id}`);
    const outbox = rows<{ status: string }>(server.dataDir, "SELECT status FROM outbox");
    expect(outbox.map((r) => r.status)).toEqual(["sent", "sent"]);
  });

  it("refuses missing fields with a message per field and stores nothing", async () => {
    const before = rows(server.dataDir, "SELECT id FROM quotes").length;
    const form = new FormData();
    form.append("fullName", "  ");
    form.append("email", "not-an-email");
    const res = await post(server, form);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; errors: Record<string, string> };
    expect(body.errors).toEqual({
      fullName: "Please enter your full name",
      email: "Please enter a valid email address",
      phoneNumber: "Please enter your phone number",
      address1: "Please enter the first line of your address",
      town: "Please enter your town",
      postcode: "Please enter your postcode",
      comments: "Please tell us what you need removed",
      images: "Please add at least one photo of what needs removing",
    });
    expect(body.message).toBe("Please enter your full name");
    expect(rows(server.dataDir, "SELECT id FROM quotes").length).toBe(before);
  });

  it("refuses a text file named .jpg, naming the accepted types", async () => {
    const res = await post(
      server,
      quoteForm({}, [{ name: "notes.jpg", bytes: new TextEncoder().encode("just some text") }]),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      "“notes.jpg” is not a photo we can use. Please send JPEG, PNG, WebP or HEIC files.",
    );
  });

  it("refuses eleven photos", async () => {
    const photo = await phonePhoto();
    const res = await post(
      server,
      quoteForm(
        {},
        Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.jpg`, bytes: photo })),
      ),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Please send at most 10 photos.",
    );
  });

  it("stops a 16 MB photo while it streams with 413, stores nothing and keeps serving", async () => {
    const before = rows(server.dataDir, "SELECT id FROM quotes").length;
    const big = new Uint8Array(16 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await post(server, quoteForm({}, [{ name: "huge.jpg", bytes: big }]));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Each photo must be 15 MB or smaller.",
    );
    expect(rows(server.dataDir, "SELECT id FROM quotes").length).toBe(before);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("keeps a HEIC photo that cannot be decoded as it is, for staff to download", async () => {
    const heic = new Uint8Array([
      0,
      0,
      0,
      24,
      ...new TextEncoder().encode("ftypheic"),
      ...new Uint8Array(2000).fill(9),
    ]);
    const res = await post(
      server,
      quoteForm({ fullName: "Heic Owner" }, [
        { name: "IMG_0001.HEIC", bytes: heic, type: "image/heic" },
      ]),
    );
    expect(res.status).toBe(201);
    const [stored] = rows<{ content_type: string; byte_size: number; original_filename: string }>(
      server.dataDir,
      `SELECT i.content_type, i.byte_size, q.original_filename FROM quotes o
         JOIN quote_images q ON q.quote_id = o.id JOIN images i ON i.id = q.image_id WHERE o.full_name = 'Heic Owner'`,
    );
    expect(stored).toEqual({
      content_type: "image/heic",
      byte_size: heic.byteLength,
      original_filename: "IMG_0001.HEIC",
    });
  });

  it("pretends to accept a form whose hidden honeypot field was filled, and stores nothing", async () => {
    const before = rows(server.dataDir, "SELECT id FROM quotes").length;
    const res = await post(
      server,
      quoteForm({ website: "http://spam.example" }, [{ name: "a.jpg", bytes: await phonePhoto() }]),
    );
    expect(res.status).toBe(200);
    expect(rows(server.dataDir, "SELECT id FROM quotes").length).toBe(before);
  });
});

describe("quote requests when the mail server is down", () => {
  it("stores the quote, says what was not sent, and the outbox delivers once SMTP is up", async () => {
    const port = await freePort();
    const server = await startServer({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, BUSINESS_EMAIL: OFFICE },
    });
    try {
      const res = await post(server, quoteForm({}, [{ name: "a.jpg", bytes: await phonePhoto() }]));
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({
        emailStatus: { confirmation: false, notification: false },
      });
      expect(rows(server.dataDir, "SELECT id FROM quotes")).toHaveLength(1);
      const pending = rows<{ status: string; attempts: number; last_error: string }>(
        server.dataDir,
        "SELECT status, attempts, last_error FROM outbox",
      );
      expect(pending.map((r) => r.status)).toEqual(["pending", "pending"]);
      expect(pending[0]!.last_error).toMatch(/ECONNREFUSED|connect/i);

      const smtp = await startSmtp(port);
      try {
        const deadline = Date.now() + 25_000;
        while (smtp.messages.length < 2 && Date.now() < deadline)
          await new Promise((r) => setTimeout(r, 250));
        expect(smtp.messages.map((m) => m.to[0]).sort()).toEqual(["margaret@example.com", OFFICE]);
        await new Promise((r) => setTimeout(r, 300));
        expect(
          rows<{ status: string }>(server.dataDir, "SELECT status FROM outbox").map(
            (r) => r.status,
          ),
        ).toEqual(["sent", "sent"]);
      } finally {
        await smtp.close();
      }
    } finally {
      await server.stop();
    }
  }, 45_000);
});

describe("quote rate limit", () => {
  it("lets five quotes an hour through from one address, then answers 429 with when to retry", async () => {
    const server = await startServer();
    try {
      const photo = await phonePhoto();
      for (let i = 0; i < 5; i++) {
        expect((await post(server, quoteForm({}, [{ name: "a.jpg", bytes: photo }]))).status).toBe(
          201,
        );
      }
      const res = await post(server, quoteForm({}, [{ name: "a.jpg", bytes: photo }]));
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(3000);
      expect(((await res.json()) as { message: string }).message).toMatch(
        /^You have sent several quote requests in the last hour\. Please try again in \d+ minutes, or call us on /,
      );
      expect(rows(server.dataDir, "SELECT id FROM quotes")).toHaveLength(5);
    } finally {
      await server.stop();
    }
  });
});
