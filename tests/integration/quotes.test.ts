import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeHeic, heicPhoto, hugePng, phonePhoto } from "../support/images";
import { rows, withTestDatabase } from "../support/database";
import { freePort, startServer, type RunningServer } from "../support/server";
import { quoteForm, sendQuote } from "../support/make";
import { signInStaff } from "../support/staff";
import { startSmtp } from "../support/smtp";

const OFFICE = "office@haulbook.test";

/**
 * Every quote submission counts towards the limit of five an hour from one
 * address, so each request here comes from an address of its own (the
 * server trusts X-Forwarded-For from loopback) unless a test says otherwise.
 */
let nextHost = 0;
const newAddress = () => `203.0.113.${++nextHost}`;

const post = (
  server: RunningServer,
  form: FormData,
  { from = newAddress(), pathName = "/api/products/quotationRequest" } = {},
) => sendQuote(server, form, { from, pathName });

const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message;
const quoteCount = async (server: RunningServer) =>
  (await rows(server, "SELECT id FROM quotes")).length;

const signIn = async (server: RunningServer) => (await signInStaff(server)).cookie;

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

    const [quote] = await rows<{
      id: number;
      full_name: string;
      postcode: string;
      responded: string;
    }>(server, "SELECT id, full_name, postcode, responded FROM quotes");
    expect(quote).toMatchObject({
      full_name: "Margaret Oduya",
      postcode: "RG1 4QX",
      responded: "no",
    });
    const images = await rows<{ content_type: string; bytes: Buffer; original_filename: string }>(
      server,
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
    const ids = await rows<{ image_id: string }>(server, "SELECT image_id FROM quote_images");
    expect((await fetch(`${server.url}/api/products/image/${ids[0]!.image_id}`)).status).toBe(404);

    const toCustomer = smtp.messages.find((m) => m.to.includes("margaret@example.com"));
    const toOffice = smtp.messages.find((m) => m.to.includes(OFFICE));
    expect(toCustomer?.subject).toBe(`We have your quote request (ref Q${quote!.id})`);
    expect(toCustomer?.text).toMatch(new RegExp(`reference Q${quote!.id},\\s+with 2 photos\\.`));
    expect(toCustomer?.text).toMatch(/Registered waste carrier CBDU\d+/);
    // The confirmation goes to whatever address was typed: it repeats nothing else that was typed.
    for (const typed of ["Margaret", "Oduya", "corner sofa", "Orchard Lane", "Reading", "RG1 4QX"])
      expect(toCustomer?.text).not.toContain(typed);
    expect(toOffice?.subject).toBe(`New quote request Q${quote!.id}: Margaret Oduya, RG1 4QX`);
    expect(toOffice?.text).toContain("Phone: 07700 900456");
    // Line breaks and tabs in the comments are kept.
    expect(toOffice?.text).toMatch(/in the garage\.\r?\n\tSide gate is unlocked\./);
    expect(toOffice?.text).toContain(`/dashboard/quotes/${quote!.id}`);
    const outbox = await rows<{ status: string }>(server, "SELECT status FROM outbox");
    expect(outbox.map((r) => r.status)).toEqual(["sent", "sent"]);
  });

  it("refuses missing fields with a message per field and stores nothing", async () => {
    const before = (await rows(server, "SELECT id FROM quotes")).length;
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
      town: "Please enter your town or city",
      postcode: "Please enter your postcode",
      comments: "Please tell us what you need removed",
      images: "Please add at least one photo of what needs removing",
    });
    expect(body.message).toBe("Please enter your full name");
    expect((await rows(server, "SELECT id FROM quotes")).length).toBe(before);
  });

  it("refuses a text file named .jpg, naming the accepted types", async () => {
    const res = await post(
      server,
      quoteForm({}, [{ name: "notes.jpg", bytes: new TextEncoder().encode("just some text") }]),
    );
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(
      "“notes.jpg” is not a photo we can use. Please send JPEG, PNG or WebP files.",
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
    const before = (await rows(server, "SELECT id FROM quotes")).length;
    const big = new Uint8Array(16 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await post(server, quoteForm({}, [{ name: "huge.jpg", bytes: big }]));
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(
      "Each photo must be 15 MB or smaller.",
    );
    expect((await rows(server, "SELECT id FROM quotes")).length).toBe(before);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it(
    sharp.format.heif.input.fileSuffix?.includes(".heic")
      ? "turns an iPhone's HEIC photo into a JPEG"
      : "refuses an iPhone's HEIC photo (this sharp cannot decode HEVC), saying how to send JPEG, and stores nothing",
    async () => {
      const before = await quoteCount(server);
      const res = await post(
        server,
        quoteForm({ fullName: "Heic Owner" }, [
          { name: "IMG_0001.HEIC", bytes: heicPhoto(), type: "image/heic" },
        ]),
      );
      if (sharp.format.heif.input.fileSuffix?.includes(".heic")) {
        expect(res.status).toBe(201);
        const stored = await rows<{ content_type: string }>(
          server,
          `SELECT i.content_type FROM quotes o JOIN quote_images q ON q.quote_id = o.id
             JOIN images i ON i.id = q.image_id WHERE o.full_name = 'Heic Owner'`,
        );
        expect(stored).toEqual([{ content_type: "image/jpeg" }]);
        return;
      }
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toBe(
        "“IMG_0001.HEIC” is a HEIC photo, which we cannot open. Please send JPEG, PNG or WebP files. " +
          "On an iPhone: Settings → Camera → Formats → Most Compatible.",
      );
      expect(await quoteCount(server)).toBe(before);
    },
  );

  it("refuses a web page behind a HEIC header, and stores none of its bytes", async () => {
    const before = (await rows(server, "SELECT id FROM images")).length;
    const res = await post(
      server,
      quoteForm({}, [
        { name: "Invoice-2026.html", bytes: fakeHeic(), type: "image/heic" },
        { name: "sofa.jpg", bytes: await phonePhoto() },
      ]),
    );
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(
      "“Invoice-2026.html” is not a photo we can use. Please send JPEG, PNG or WebP files.",
    );
    expect((await rows(server, "SELECT id FROM images")).length).toBe(before);
  });

  it("refuses a 100-megapixel photo from its header, naming its size and the limit", async () => {
    const before = await quoteCount(server);
    const res = await post(server, quoteForm({}, [{ name: "bomb.png", bytes: await hugePng() }]));
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(
      "“bomb.png” is 10000 × 10000 pixels (100 megapixels). Please send photos of at most 50 megapixels, as a phone camera takes them.",
    );
    expect(await quoteCount(server)).toBe(before);
  });

  it("refuses control characters in the details with a message on the field, but keeps line breaks in the comments", async () => {
    const photo = { name: "a.jpg", bytes: await phonePhoto() };
    for (const [field, value, message] of [
      [
        "fullName",
        "Mar\u0000garet",
        "Please retype your name: it contains a hidden control character or line break.",
      ],
      [
        "address1",
        "14 Orchard\nBcc: x@example.com",
        "Please retype your address: it contains a hidden control character or line break.",
      ],
      [
        "postcode",
        "RG1\u001b4QX",
        "Please retype your postcode: it contains a hidden control character or line break.",
      ],
      [
        "comments",
        "A sofa\u0007 and a fridge",
        "Please retype your comments: they contain a hidden control character.",
      ],
    ] as const) {
      const res = await post(server, quoteForm({ [field]: value }, [photo]));
      expect(res.status, field).toBe(400);
      const body = (await res.json()) as { errors: Record<string, string> };
      expect(body.errors).toEqual({ [field]: message });
    }
  });

  it("answers a broken or wrongly typed form with 400 and a message, never a server error", async () => {
    const send = (body: string | undefined, type?: string) =>
      fetch(`${server.url}/api/products/quotationRequest`, {
        method: "POST",
        body,
        headers: {
          origin: server.url,
          "x-forwarded-for": newAddress(),
          ...(type ? { "content-type": type } : {}),
        },
      });
    const cases: [string | undefined, string | undefined, string][] = [
      [
        "fullName=A",
        "application/x-www-form-urlencoded",
        "Please send the form as multipart/form-data (with its photos).",
      ],
      [
        '{"fullName":"A"}',
        "application/json",
        "Please send the form as multipart/form-data (with its photos).",
      ],
      [undefined, undefined, "Please send the form as multipart/form-data (with its photos)."],
      ["--x\r\n", "multipart/form-data", "We could not read that form. Please try again."],
      [
        '--XYZ\r\nContent-Disposition: form-data; name="fullName"\r\n\r\nhalf a fie',
        "multipart/form-data; boundary=XYZ",
        "We could not read that form. Please try again.",
      ],
      [
        `--XYZ\r\nContent-Disposition: form-data; name="fullName"\r\nX-Pad: ${"a".repeat(20_000)}\r\n\r\nA\r\n--XYZ--\r\n`,
        "multipart/form-data; boundary=XYZ",
        "We could not read that form. Please try again.",
      ],
    ];
    for (const [body, type, message] of cases) {
      const res = await send(body, type);
      expect(res.status, `${type}: ${body?.slice(0, 40)}`).toBe(400);
      expect(await messageOf(res)).toBe(message);
    }
    // A field far longer than the form allows is refused by its length.
    const long = await post(server, quoteForm({ address1: "x".repeat(200_000) }));
    expect(long.status).toBe(400);
    expect(await messageOf(long)).toBe("Please shorten the first line of your address");
    // The page hands back what was typed for the visitor to fix, but not 200,000 characters of it.
    const page = await post(server, quoteForm({ address1: "x".repeat(200_000) }), {
      pathName: "/quote",
    });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain("Please shorten the first line of your address");
    expect(html.length).toBeLessThan(60_000);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("deletes a quote's photo only once no other quote uses it", async () => {
    // The same picture sent twice is stored once (images are content-addressed).
    const photo = { name: "shared.jpg", bytes: await phonePhoto("#3f6d8a") };
    const ids: number[] = [];
    for (const fullName of ["Shared Photo One", "Shared Photo Two"]) {
      const res = await post(server, quoteForm({ fullName }, [photo]));
      expect(res.status).toBe(201);
      ids.push(
        (
          await rows<{ id: number }>(
            server,
            `SELECT id FROM quotes WHERE full_name = '${fullName}'`,
          )
        )[0]!.id,
      );
    }
    const images = await rows<{ image_id: string }>(
      server,
      `SELECT DISTINCT image_id FROM quote_images WHERE quote_id IN (${ids.join(",")})`,
    );
    expect(images).toHaveLength(1);
    const imageId = images[0]!.image_id;
    const cookie = await signIn(server);
    const remove = (id: number) =>
      fetch(`${server.url}/dashboard/quotes/${id}`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie, origin: server.url },
        body: new URLSearchParams({ intent: "delete" }),
      });
    expect((await remove(ids[0]!)).status).toBe(303);
    // Still used by the second quote: kept, and still shown to staff.
    expect(await rows(server, `SELECT id FROM images WHERE id = '${imageId}'`)).toHaveLength(1);
    const shown = await fetch(`${server.url}/api/products/quotes-img/${imageId}`, {
      headers: { cookie },
    });
    expect(shown.status).toBe(200);
    expect((await remove(ids[1]!)).status).toBe(303);
    expect(
      await rows(
        server,
        `SELECT id FROM images WHERE id = '${imageId}' OR original_id = '${imageId}'`,
      ),
    ).toEqual([]);
  });

  it("pretends to accept a form whose hidden honeypot field was filled, and stores nothing", async () => {
    const before = (await rows(server, "SELECT id FROM quotes")).length;
    const res = await post(
      server,
      quoteForm({ website: "http://spam.example" }, [{ name: "a.jpg", bytes: await phonePhoto() }]),
    );
    expect(res.status).toBe(200);
    expect((await rows(server, "SELECT id FROM quotes")).length).toBe(before);
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
      expect(await rows(server, "SELECT id FROM quotes")).toHaveLength(1);
      const pending = await rows<{ status: string; attempts: number; last_error: string }>(
        server,
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
          (await rows<{ status: string }>(server, "SELECT status FROM outbox")).map(
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
      const from = "192.0.2.10";
      for (let i = 0; i < 5; i++) {
        const res = await post(server, quoteForm({}, [{ name: "a.jpg", bytes: photo }]), { from });
        expect(res.status).toBe(201);
      }
      const res = await post(server, quoteForm({}, [{ name: "a.jpg", bytes: photo }]), { from });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(3000);
      expect(((await res.json()) as { message: string }).message).toMatch(
        /^You have sent several quote requests in the last hour\. Please try again in \d+ minutes, or call us on /,
      );
      expect(await rows(server, "SELECT id FROM quotes")).toHaveLength(5);
    } finally {
      await server.stop();
    }
  });

  it("counts refused and honeypot submissions too, on the page and the API alike, and keeps other addresses apart", async () => {
    const server = await startServer();
    try {
      const photo = { name: "a.jpg", bytes: await phonePhoto() };
      const from = "192.0.2.20";
      // Three refused (a missing name, a file that is not a photo, a wrong Content-Type) and a bot's.
      expect((await post(server, quoteForm({ fullName: "" }, [photo]), { from })).status).toBe(400);
      const text = { name: "a.jpg", bytes: new TextEncoder().encode("text") };
      expect((await post(server, quoteForm({}, [text]), { from })).status).toBe(400);
      const wrongType = await fetch(`${server.url}/api/products/quotationRequest`, {
        method: "POST",
        body: "fullName=A",
        headers: {
          origin: server.url,
          "x-forwarded-for": from,
          "content-type": "application/x-www-form-urlencoded",
        },
      });
      expect(wrongType.status).toBe(400);
      const bot = await post(server, quoteForm({ website: "http://spam.example" }, [photo]), {
        from,
      });
      expect(bot.status).toBe(200);
      // The fifth, through the page, is still let through...
      const page = await post(server, quoteForm({}, [photo]), { from, pathName: "/quote" });
      expect(page.status).toBe(200);
      expect(page.url).toBe(`${server.url}/quote`);
      // ...and the sixth is refused before its body is read, on the page as on the API.
      const api = await post(server, quoteForm({}, [photo]), { from });
      expect(api.status).toBe(429);
      const again = await post(server, quoteForm({}, [photo]), { from, pathName: "/quote" });
      expect(again.status).toBe(429);
      expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(3000);
      expect(await again.text()).toContain(
        "You have sent several quote requests in the last hour. Please try again in",
      );
      expect(await rows(server, "SELECT id FROM quotes")).toHaveLength(1);
      // Another address is not affected; one IPv6 network (/64) counts as one sender.
      expect((await post(server, quoteForm({}, [photo]), { from: "192.0.2.21" })).status).toBe(201);
      for (let i = 1; i <= 5; i++) {
        const res = await post(server, quoteForm({ fullName: "" }, [photo]), {
          from: `2001:db8:0:7::${i}`,
        });
        expect(res.status).toBe(400);
      }
      expect(
        (await post(server, quoteForm({}, [photo]), { from: "2001:db8:0:7:ffff::99" })).status,
      ).toBe(429);
    } finally {
      await server.stop();
    }
  });
});

describe("quote photos kept as sent by an older version (HEIC)", () => {
  it("are never served, and staff see that the photo could not be shown", async () => {
    const server = await startServer();
    try {
      const photo = { name: "kitchen.jpg", bytes: await phonePhoto() };
      expect((await post(server, quoteForm({ fullName: "Old Heic" }, [photo]))).status).toBe(201);
      // What the old version stored for an undecodable "HEIC": the uploader's bytes and name.
      const legacyId = "ab".repeat(32);
      await withTestDatabase(server, async (db) => {
        const bytes = fakeHeic();
        await db.run(
          "INSERT INTO images (id, content_type, width, height, byte_size, bytes) VALUES (?, 'image/heic', NULL, NULL, ?, ?)",
          legacyId,
          bytes.byteLength,
          bytes,
        );
        await db.run(
          `INSERT INTO quote_images (quote_id, image_id, original_filename, sort_order)
             SELECT id, ?, 'Invoice-2026.html', 1 FROM quotes WHERE full_name = 'Old Heic'`,
          legacyId,
        );
      });
      const [{ id }] = (await rows<{ id: number }>(
        server,
        "SELECT id FROM quotes WHERE full_name = 'Old Heic'",
      )) as [{ id: number }];
      const cookie = await signIn(server);
      const html = await (
        await fetch(`${server.url}/dashboard/quotes/${id}`, { headers: { cookie } })
      ).text();
      expect(html).toContain("Photos (<!-- -->2<!-- -->)");
      expect(html).toMatch(/Photo <!-- -->2<!-- --> could not be shown: it was sent in a format/);
      expect(html).not.toContain("Invoice-2026.html");
      expect(html).not.toMatch(/\bdownload\b/i);
      expect(html).toContain('alt="kitchen.jpg"');

      const legacy = await fetch(`${server.url}/api/products/quotes-img/${legacyId}`, {
        headers: { cookie },
      });
      expect(legacy.status).toBe(404);
      expect(legacy.headers.get("content-disposition")).toBeNull();
      expect(await messageOf(legacy)).toBe("This photo was sent in a format we cannot show.");

      const [{ image_id }] = (await rows<{ image_id: string }>(
        server,
        `SELECT image_id FROM quote_images WHERE sort_order = 0 AND quote_id = ${id}`,
      )) as [{ image_id: string }];
      const jpeg = await fetch(`${server.url}/api/products/quotes-img/${image_id}`, {
        headers: { cookie },
      });
      expect(jpeg.status).toBe(200);
      expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
      expect(jpeg.headers.get("content-disposition")).toBe("inline");
      const thumb = await fetch(`${server.url}/api/products/quotes-img/${image_id}?w=120`, {
        headers: { cookie },
      });
      expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(120);
    } finally {
      await server.stop();
    }
  });
});
