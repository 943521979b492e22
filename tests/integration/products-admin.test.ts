import crypto from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows, withTestDatabase } from "../support/database";
import { startServer, TEST_ENGINE, type RunningServer } from "../support/server";
import { followRedirect, signInStaff } from "../support/staff";

let server: RunningServer;
let staff: { cookie: string; xsrf: string };

beforeAll(async () => {
  server = await startServer();
  staff = await signInStaff(server, { via: "api" });
});
afterAll(async () => {
  await server?.stop();
});

const unique = (label: string) => `${label} ${crypto.randomBytes(4).toString("hex")}`;

const FIELDS = {
  product_name: "Test Wardrobe",
  product_price: "45.50",
  product_description: "A double wardrobe, taken away whole or in pieces.",
  product_category: "Furniture Removal",
  inside_dismantle_price: "15",
  inside_no_dismantle_price: "7.5",
  outside_price: "0",
};

type Upload = { name: string; bytes: Uint8Array; type?: string; field?: string };

function productForm(fields: Record<string, string | undefined> = {}, files: Upload[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...FIELDS, ...fields }))
    if (v !== undefined) form.append(k, v);
  for (const f of files)
    form.append(
      f.field ?? "image",
      new Blob([f.bytes as Uint8Array<ArrayBuffer>], { type: f.type ?? "image/png" }),
      f.name,
    );
  return form;
}

const randomColour = () => `#${crypto.randomBytes(3).toString("hex")}`;

/** A plain PNG; a random colour by default, so no two tests share an image (images are content-addressed). */
async function png(colour = randomColour(), width = 800, height = 600) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

function api(pathName: string, init: RequestInit & { xsrf?: boolean; session?: boolean } = {}) {
  const { xsrf = true, session = true, ...rest } = init;
  const headers: Record<string, string> = { origin: server.url };
  if (session) headers.cookie = staff.cookie;
  if (session && xsrf) headers["x-xsrf-token"] = staff.xsrf;
  return fetch(`${server.url}${pathName}`, { ...rest, headers: { ...headers, ...rest.headers } });
}

const upload = (form: FormData, opts: { xsrf?: boolean; session?: boolean } = {}) =>
  api("/api/products/upload", { method: "POST", body: form, ...opts });
const update = (form: FormData, opts: { xsrf?: boolean; session?: boolean } = {}) =>
  api("/api/products/updateProduct", { method: "POST", body: form, ...opts });
const remove = (id: number, opts: { xsrf?: boolean; session?: boolean } = {}) =>
  api(`/api/products/deleteProduct/${id}`, { method: "DELETE", ...opts });

const query = <T>(sqlText: string, ...params: unknown[]) => rows<T>(server, sqlText, ...params);

const productCount = async () =>
  (await query<{ n: number }>("SELECT count(*) AS n FROM products"))[0]!.n;

async function createViaApi(fields: Record<string, string> = {}) {
  const res = await upload(
    productForm({ product_name: unique("Api Item"), ...fields }, [
      { name: "item.png", bytes: await png() },
    ]),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as {
    status: true;
    message: string;
    product: { ID: number } & Record<string, unknown>;
  };
}

/** Text as a user sees it: React separates text pieces with <!-- --> in server HTML. */
const textOf = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

describe("POST /api/products/upload", () => {
  it("answers 401 JSON without a session and 403 without the XSRF header", async () => {
    const form = productForm({}, [{ name: "a.png", bytes: await png() }]);
    const anonymous = await upload(form, { session: false });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ status: false });
    const noXsrf = await upload(form, { xsrf: false });
    expect(noXsrf.status).toBe(403);
    expect(await noXsrf.json()).toMatchObject({ status: false });
  });

  it("adds a product (201, the spec's fields in pounds) that the shop shows at once with WebP variants", async () => {
    const name = unique("Corner Sofa");
    const before = await productCount();
    const res = await upload(
      productForm({ product_name: name, product_category: "Sofa & Chair Removal" }, [
        { name: "sofa.png", bytes: await png("#884422") },
      ]),
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({
      status: true,
      message: "Product added successfully",
      product: {
        ID: expect.any(Number),
        product_name: name,
        product_price: 45.5,
        product_description: FIELDS.product_description,
        product_category: "Sofa & Chair Removal",
        img_url: expect.stringMatching(/^[0-9a-f]{64}$/),
        inside_dismantle_price: 15,
        inside_no_dismantle_price: 7.5,
        outside_price: 0,
      },
    });
    expect(await productCount()).toBe(before + 1);
    const stored = (
      await query<{ price_pence: number; inside_no_dismantle_pence: number }>(
        "SELECT price_pence, inside_no_dismantle_pence FROM products WHERE id = ?",
        body.product.ID,
      )
    )[0]!;
    expect(stored).toEqual({ price_pence: 4550, inside_no_dismantle_pence: 750 });

    const one = await fetch(`${server.url}/api/products/products/${body.product.ID}`);
    expect(await one.json()).toEqual(body.product);
    const shop = await textOf(
      await fetch(`${server.url}/products?product_name=${encodeURIComponent(name)}`),
    );
    expect(shop).toContain(name);
    const srcset = /srcSet="([^"]+)"/i.exec(shop)?.[1] ?? "";
    expect(srcset).toMatch(/\/api\/products\/image\/[0-9a-f]{64} 320w/);
    const variant = srcset.split(",")[0]!.trim().split(" ")[0]!;
    const image = await fetch(`${server.url}${variant}`);
    expect(image.headers.get("content-type")).toBe("image/webp");
    const detail = await textOf(await fetch(`${server.url}/product/${body.product.ID}`));
    expect(detail).toContain(name);
    expect(detail).toContain("£45.50");
  });

  it("refuses a product without an image with the spec's message", async () => {
    const before = await productCount();
    const res = await upload(productForm({}, []));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({
      status: false,
      message: "You need to upload an product Image",
      errors: { image: "You need to upload an product Image" },
    });
    expect(await productCount()).toBe(before);
  });

  it("decides the type by the bytes: text named .png, a WebP and a GIF are refused", async () => {
    const webp = await sharp(await png())
      .webp()
      .toBuffer();
    const gif = await sharp(await png())
      .gif()
      .toBuffer();
    for (const file of [
      { name: "fake.png", bytes: new TextEncoder().encode("just some text, not a picture") },
      { name: "photo.jpg", bytes: webp, type: "image/jpeg" },
      { name: "anim.png", bytes: gif },
    ]) {
      const res = await upload(productForm({}, [file]));
      expect(res.status, file.name).toBe(400);
      expect(await res.json()).toMatchObject({
        status: false,
        message: "Only JPEG and PNG and SVG files are allowed",
        errors: { image: "Only JPEG and PNG and SVG files are allowed" },
      });
    }
  });

  it("requires every text field, with a message per field", async () => {
    const empty = Object.fromEntries(Object.keys(FIELDS).map((k) => [k, ""]));
    const res = await upload(productForm(empty, [{ name: "a.png", bytes: await png() }]));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toEqual({
      product_name: "Please enter the product name",
      product_price: "Please enter the price",
      product_description: "Please enter a description",
      product_category: "Please choose a category",
      inside_dismantle_price: "Please enter the inside, dismantling surcharge",
      inside_no_dismantle_price: "Please enter the inside, no dismantling surcharge",
      outside_price: "Please enter the outside surcharge",
    });
    const odd = await upload(
      productForm(
        {
          product_price: "0",
          outside_price: "-3",
          product_category: "Boats",
          inside_dismantle_price: "abc",
        },
        [{ name: "a.png", bytes: await png() }],
      ),
    );
    expect((await odd.json()).errors).toEqual({
      product_price: "The price must be more than £0",
      product_category: "Please choose a category",
      inside_dismantle_price:
        "Please enter the inside, dismantling surcharge in pounds, such as 45 or 45.50",
      outside_price: "Please enter the outside surcharge in pounds, such as 45 or 45.50",
    });
  });

  it("rasterises an SVG with a <script>: only PNG and WebP are stored and served", async () => {
    const svg = new TextEncoder().encode(
      `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="200" height="150">` +
        `<script>alert(document.cookie)</script>` +
        `<rect width="200" height="150" fill="#2f7d5b"/><circle cx="100" cy="75" r="40" fill="#fff"/></svg>`,
    );
    const res = await upload(
      productForm({ product_name: unique("Svg Item") }, [
        { name: "drawing.svg", bytes: svg, type: "image/svg+xml" },
      ]),
    );
    expect(res.status).toBe(201);
    const { product } = await res.json();
    const stored = await query<{ id: string; content_type: string; bytes: Buffer }>(
      "SELECT id, content_type, bytes FROM images WHERE id = ? OR original_id = ?",
      product.img_url,
      product.img_url,
    );
    expect(stored.length).toBeGreaterThan(1);
    expect(stored.find((r) => r.id === product.img_url)!.content_type).toBe("image/png");
    for (const row of stored) {
      expect(["image/png", "image/webp"]).toContain(row.content_type);
      expect(row.bytes.includes("<script")).toBe(false);
      expect(row.bytes.includes("<svg")).toBe(false);
    }
    for (const row of stored) {
      const served = await fetch(`${server.url}/api/products/image/${row.id}`);
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      const bytes = Buffer.from(await served.arrayBuffer());
      const isPng = bytes.subarray(0, 8).equals(Buffer.from("89504e470d0a1a0a", "hex"));
      const isWebp =
        bytes.subarray(0, 4).toString() === "RIFF" && bytes.subarray(8, 12).toString() === "WEBP";
      expect(isPng || isWebp).toBe(true);
      expect(served.headers.get("content-type")).toBe(isPng ? "image/png" : "image/webp");
      expect(bytes.includes("<script")).toBe(false);
    }
    const hasScript =
      TEST_ENGINE === "postgres"
        ? "position(convert_to('<script', 'UTF8') in bytes) > 0"
        : "instr(bytes, '<script') > 0";
    expect(await query(`SELECT id FROM images WHERE ${hasScript}`)).toEqual([]);
  });

  it("stops a 6 MB image while it streams: 413, the spec's message, nothing stored, still serving", async () => {
    const before = await productCount();
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await upload(
      productForm({}, [{ name: "huge.jpg", bytes: big, type: "image/jpeg" }]),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ status: false, message: "File size exceeds 5MB limit." });
    expect(await productCount()).toBe(before);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

describe("POST /api/products/updateProduct", () => {
  it("answers 401 without a session and 403 without the XSRF header", async () => {
    const form = productForm({ ID: "1" });
    expect((await update(form, { session: false })).status).toBe(401);
    expect((await update(form, { xsrf: false })).status).toBe(403);
  });

  it("changes only the fields sent, refuses empty ones, and 404s an unknown ID", async () => {
    const { product } = await createViaApi();
    const form = new FormData();
    form.append("ID", String(product.ID));
    form.append("product_price", "60");
    const res = await update(form);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: true,
      message: "Product updated",
      product: { ...product, product_price: 60 },
    });

    const empty = new FormData();
    empty.append("ID", String(product.ID));
    empty.append("product_name", "  ");
    const refused = await update(empty);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      status: false,
      errors: { product_name: "Please enter the product name" },
    });

    const unknown = new FormData();
    unknown.append("ID", "99999999");
    unknown.append("product_price", "10");
    const missing = await update(unknown);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ status: false, message: "Product not found" });
  });

  it("replaces the image and removes the old one when nothing else uses it", async () => {
    const { product } = await createViaApi();
    const oldId = product.img_url as string;
    const form = new FormData();
    form.append("ID", String(product.ID));
    form.append(
      "image",
      new Blob([await png("#123456", 640, 480)], { type: "image/png" }),
      "new.png",
    );
    const res = await update(form);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.product.img_url).not.toBe(oldId);
    expect(
      await query("SELECT id FROM images WHERE id = ? OR original_id = ?", oldId, oldId),
    ).toEqual([]);
    expect((await fetch(`${server.url}/api/products/image/${body.product.img_url}`)).status).toBe(
      200,
    );
  });
});

describe("DELETE /api/products/deleteProduct/{id}", () => {
  it("answers 401 without a session and 403 without the XSRF header", async () => {
    const { product } = await createViaApi();
    const anonymous = await remove(product.ID, { session: false });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ status: false });
    expect((await remove(product.ID, { xsrf: false })).status).toBe(403);
    expect(await query("SELECT id FROM products WHERE id = ?", product.ID)).toHaveLength(1);
  });

  it("erases a product never ordered, with its image, then says it is not found", async () => {
    const { product } = await createViaApi();
    const family = "SELECT id FROM images WHERE id = ? OR original_id = ?";
    // The picture and its WebP variants...
    expect((await query(family, product.img_url, product.img_url)).length).toBeGreaterThan(1);
    const res = await remove(product.ID);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true, message: "deleted", outcome: "deleted" });
    expect(await query("SELECT id FROM products WHERE id = ?", product.ID)).toEqual([]);
    // ...all go with it.
    expect(await query(family, product.img_url, product.img_url)).toEqual([]);
    const again = await remove(product.ID);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ status: false, message: "Product not found" });
  });

  it("retires a product that was ordered: it leaves the shop, the order keeps its copy", async () => {
    const name = unique("Retired Fridge");
    const { product } = await createViaApi({ product_name: name, product_price: "80" });
    const orderId = await withTestDatabase(server, async (db) => {
      const { id } = (await db.get<{ id: number }>(
        `INSERT INTO orders (full_name, email, phone_number, address_1, town, postcode,
         collection_date, status, payment_method, total_pence, source)
         VALUES ('Retire Tester', 'retire@example.com', '07700 900000', '1 Road', 'Leeds',
         'SE1 1AA', '2030-01-02', 'complete', 'card', 9500, 'web') RETURNING id`,
      ))!;
      await db.run(
        `INSERT INTO order_items (order_id, product_id, product_name, product_description, image_id,
         position, unit_price_pence, quantity) VALUES (?, ?, ?, ?, ?, 'inside_dismantle', 9500, 1)`,
        id,
        product.ID,
        name,
        FIELDS.product_description,
        product.img_url,
      );
      return id;
    });

    const shopUrl = `${server.url}/products?product_name=${encodeURIComponent(name)}`;
    expect(await textOf(await fetch(shopUrl))).toContain(`product-card-name">${name}<`);

    const res = await remove(product.ID);
    expect(await res.json()).toEqual({ status: true, message: "deleted", outcome: "retired" });
    expect(
      (
        await query<{ retired_at: string | null }>(
          "SELECT retired_at FROM products WHERE id = ?",
          product.ID,
        )
      )[0]!.retired_at,
    ).toMatch(/^\d{4}-\d\d-\d\dT/);

    const order = await textOf(
      await fetch(`${server.url}/dashboard/orders/${orderId}`, {
        headers: { cookie: staff.cookie },
      }),
    );
    expect(order).toContain(name);
    expect(order).toContain("£95.00");
    const all = (await (await fetch(`${server.url}/api/products/`)).json()) as { ID: number }[];
    expect(all.some((p) => p.ID === product.ID)).toBe(false);
    expect(await textOf(await fetch(shopUrl))).not.toContain(`product-card-name">${name}<`);
    expect((await fetch(`${server.url}/product/${product.ID}`)).status).toBe(404);
    // The order's picture is still served.
    expect((await fetch(`${server.url}/api/products/image/${product.img_url}`)).status).toBe(200);
    const search = (await (
      await fetch(`${server.url}/api/orders?product_name=${encodeURIComponent(name)}`, {
        headers: { cookie: staff.cookie },
      })
    ).json()) as unknown;
    expect(JSON.stringify(search)).toContain(name);
  });
});

describe("the products page without JavaScript", () => {
  const page = (pathName: string, init: RequestInit = {}) =>
    fetch(`${server.url}${pathName}`, {
      redirect: "manual",
      ...init,
      headers: { cookie: staff.cookie, origin: server.url, ...init.headers },
    });

  it("shows 10 products a page with Previous/Next links", async () => {
    const first = await textOf(await page("/dashboard/products"));
    expect(first.match(/data-testid="staff-product"/g)).toHaveLength(10);
    expect(first).toMatch(/href="\/dashboard\/products\/new"/);
    expect(first).toMatch(/href="\/dashboard\/products\?page=2"[^>]*>Next</);
    const second = await textOf(await page("/dashboard/products?page=2"));
    expect(second).toMatch(/href="\/dashboard\/products\?page=1"[^>]*>Previous</);
    expect(second).toContain("Page 2 of");
  });

  it("creates, edits and deletes a product through the modals' forms", async () => {
    const name = unique("Page Desk");
    const modal = await textOf(await page("/dashboard/products/new"));
    expect(modal).toContain("Create Product");
    expect(modal).toMatch(/enctype="multipart\/form-data"/i);

    const created = await page("/dashboard/products/new", {
      method: "POST",
      body: productForm({ product_name: name }, [{ name: "desk.png", bytes: await png() }]),
    });
    expect(created.status).toBe(303);
    expect(created.headers.get("location")).toBe("/dashboard/products");
    const { html: grid, cookie: afterGrid } = await followRedirect(server, created, staff.cookie);
    expect(grid).toMatch(
      /role="status"[^>]*data-testid="products-done">Product added successfully</,
    );
    expect(grid).toContain(name);
    const editLink = new RegExp(`<a[^>]*aria-label="Edit ${name}"[^>]*>`).exec(grid)?.[0] ?? "";
    const id = Number(/href="\/dashboard\/products\/(\d+)"/.exec(editLink)?.[1]);
    expect(id).toBeGreaterThan(0);
    // Shown once: a reload of the grid does not say it again.
    const reload = await fetch(`${server.url}/dashboard/products`, {
      headers: { cookie: afterGrid },
    });
    expect(await textOf(reload)).not.toContain("Product added successfully");

    const edit = await textOf(await page(`/dashboard/products/${id}`));
    expect(edit).toContain(`Edit ${name}`);
    expect(edit).toContain('value="45.50"');
    const saved = await page(`/dashboard/products/${id}`, {
      method: "POST",
      body: productForm({ product_name: name, product_price: "52" }),
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/dashboard/products");
    expect((await followRedirect(server, saved, staff.cookie)).html).toContain(
      `Changes to “${name}” saved.`,
    );
    expect(await textOf(await fetch(`${server.url}/product/${id}`))).toContain("£52.00");

    const confirm = await textOf(await page(`/dashboard/products/${id}?delete=confirm`));
    expect(confirm).toContain(`Delete ${name}?`);
    const deleted = await page(`/dashboard/products/${id}?delete=confirm`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "intent=delete",
    });
    expect(deleted.status).toBe(303);
    const { html: after } = await followRedirect(server, deleted, staff.cookie);
    expect(after).toContain(`deleted: “${name}” has left the shop.`);
    expect((await page(`/dashboard/products/${id}`)).status).toBe(404);
  });

  it("re-renders the form with each error next to its field and the values typed", async () => {
    const res = await page("/dashboard/products/new", {
      method: "POST",
      body: productForm({ product_name: "Kept Name", product_description: "" }, []),
    });
    expect(res.status).toBe(400);
    const html = await textOf(res);
    expect(html).toContain("You need to upload an product Image");
    expect(html).toContain("Please enter a description");
    expect(html).toContain('value="Kept Name"');
    expect(html).toMatch(/id="field-product_description"[^>]*aria-invalid="true"/);
  });

  it("asks Defra's facts of POPs and hazardous waste, and the demo catalogue has them", async () => {
    const seeded = await query<Record<string, unknown>>(
      `SELECT low_code, physical_form, container_type, weight_grams, pops_source, pop_codes, hp_codes
         FROM products WHERE low_code IN ('20 03 07', '20 01 23*') AND pops = ? ORDER BY low_code LIMIT 1`,
      1,
    );
    expect(seeded[0]).toMatchObject({
      low_code: "20 03 07",
      pops_source: "GUIDANCE",
      pop_codes: "DECABDE,HBCD,PENTABDE,TETRABDE",
    });
    expect(Number(seeded[0]!.weight_grams)).toBeGreaterThan(0);
    const [fridge] = await query<{ hp_codes: string }>(
      "SELECT hp_codes FROM products WHERE low_code = '20 01 23*' LIMIT 1",
    );
    expect(fridge!.hp_codes).toBe("HP_14");

    const refused = await page("/dashboard/products/new", {
      method: "POST",
      body: productForm(
        {
          product_name: unique("Fridge Without Properties"),
          waste_form: "1",
          waste_description: "Fridge with refrigerant gases",
          low_code: "20 01 23*",
          weight_kg: "about sixty",
        },
        [{ name: "fridge.png", bytes: await png() }],
      ),
    });
    expect(refused.status).toBe(400);
    const html = await textOf(refused);
    expect(html).toContain("Choose at least one hazardous property: hazardous waste needs them");
    expect(html).toContain("Enter the weight of one in kilograms, like 35 or 2.5");
    expect(html).toMatch(/id="field-weight_kg"[^>]*aria-invalid="true"/);
  });

  it("sets and changes a product's waste class through the form; an unticked box clears its flag", async () => {
    const name = unique("Waste Sofa");
    const waste = (id: number) =>
      query<Record<string, unknown>>(
        "SELECT waste_description, low_code, pops, hazardous FROM products WHERE id = ?",
        id,
      ).then((r) => r[0]);
    const modal = await textOf(await page("/dashboard/products/new"));
    expect(modal).toContain("Waste transfer note");
    expect(modal).toContain("e.g. 20 03 07; a * marks hazardous waste");

    const created = await page("/dashboard/products/new", {
      method: "POST",
      body: productForm(
        {
          product_name: name,
          waste_form: "1",
          waste_description: "Domestic seating containing POPs (upholstered)",
          low_code: "200307",
          pops: "on",
          // What Defra's waste tracking asks besides (docs/rules.md#waste-facts).
          pops_source: "GUIDANCE",
          pop_code_DECABDE: "on",
          pop_code_HBCD: "on",
          weight_kg: "42.5",
        },
        [{ name: "sofa.png", bytes: await png() }],
      ),
    });
    expect(created.status).toBe(303);
    const id = (await query<{ id: number }>("SELECT id FROM products WHERE name = ?", name))[0]!.id;
    expect(await waste(id)).toEqual({
      waste_description: "Domestic seating containing POPs (upholstered)",
      low_code: "20 03 07",
      pops: 1,
      hazardous: 0,
    });
    expect(
      (
        await query(
          "SELECT physical_form, container_type, weight_grams, pops_source, pop_codes, hp_codes FROM products WHERE id = ?",
          id,
        )
      )[0],
    ).toEqual({
      physical_form: "Solid",
      container_type: "LOO",
      weight_grams: 42_500,
      pops_source: "GUIDANCE",
      pop_codes: "DECABDE,HBCD",
      hp_codes: "",
    });
    const edit = await textOf(await page(`/dashboard/products/${id}`));
    expect(edit).toMatch(/<input[^>]*name="pop_code_HBCD"[^>]*checked/);
    expect(edit).not.toMatch(/<input[^>]*name="pop_code_PFOS"[^>]*checked/);
    expect(edit).toMatch(
      /name="low_code"[^>]*value="20 03 07"|value="20 03 07"[^>]*name="low_code"/,
    );
    expect(edit).toMatch(/<input[^>]*name="pops"[^>]*checked/);

    // A hazardous code: the flag follows the *; the unticked POPs box clears POPs.
    const changed = await page(`/dashboard/products/${id}`, {
      method: "POST",
      body: productForm({
        product_name: name,
        waste_form: "1",
        waste_description: "Discarded TVs and monitors",
        low_code: "20 01 35*",
        hp_code_HP_14: "on",
      }),
    });
    expect(changed.status).toBe(303);
    // No longer POPs: its POPs go with the flag; hazardous: its properties are kept.
    expect(
      (await query("SELECT pops_source, pop_codes, hp_codes FROM products WHERE id = ?", id))[0],
    ).toEqual({ pops_source: null, pop_codes: "", hp_codes: "HP_14" });
    expect(await waste(id)).toEqual({
      waste_description: "Discarded TVs and monitors",
      low_code: "20 01 35*",
      pops: 0,
      hazardous: 1,
    });

    // Errors per field, the product unchanged: a bad code, a code emptied once given.
    const bad = await page(`/dashboard/products/${id}`, {
      method: "POST",
      body: productForm({
        product_name: name,
        waste_form: "1",
        waste_description: "",
        low_code: "20 03",
      }),
    });
    expect(bad.status).toBe(400);
    const html = await textOf(bad);
    expect(html).toMatch(/id="field-low_code"[^>]*aria-invalid="true"/);
    expect(html).toContain("Please enter a List of Wastes code of six digits");
    expect(html).toContain("Please describe the waste for the waste transfer note");
    const emptied = await page(`/dashboard/products/${id}`, {
      method: "POST",
      body: productForm({
        product_name: name,
        waste_form: "1",
        waste_description: "",
        low_code: "",
      }),
    });
    expect(emptied.status).toBe(400);
    expect(await textOf(emptied)).toContain("Please enter the List of Wastes code");
    const kettle = await page(`/dashboard/products/${id}`, {
      method: "POST",
      body: productForm({
        product_name: name,
        waste_form: "1",
        waste_description: "Kettle",
        low_code: "20 01 36",
        hazardous: "on",
      }),
    });
    expect(kettle.status).toBe(400);
    expect(await textOf(kettle)).toContain("the code ending in *");
    expect((await waste(id))!.low_code).toBe("20 01 35*");

    // An /api client that knows nothing of waste classes keeps the product's, and the
    // /api's product shape is as it was.
    const res = await update(
      productForm({ ID: String(id), product_name: name, product_price: "60" }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { product: Record<string, unknown> };
    expect(Object.keys(body.product).sort()).toEqual(
      [
        "ID",
        "img_url",
        "inside_dismantle_price",
        "inside_no_dismantle_price",
        "outside_price",
        "product_category",
        "product_description",
        "product_name",
        "product_price",
      ].sort(),
    );
    expect((await waste(id))!.low_code).toBe("20 01 35*");
    expect((await waste(id))!.hazardous).toBe(1);
  });

  it("sets and changes a product's load and handling minutes through the form; the grid shows them", async () => {
    const name = unique("Load Sofa");
    const load = (id: number) =>
      query<Record<string, unknown>>(
        "SELECT load_hundredths, handling_minutes FROM products WHERE id = ?",
        id,
      ).then((r) => r[0]);
    const modal = await textOf(await page("/dashboard/products/new"));
    expect(modal).toContain(
      "Share of a van in cubic yards, e.g. 0.1 for a kettle, 2.5 for a three-seater sofa",
    );
    expect(modal).toContain("Minutes to carry it out and load it");

    const created = await page("/dashboard/products/new", {
      method: "POST",
      body: productForm({ product_name: name, load: "2.5", handling_minutes: "20" }, [
        { name: "sofa.png", bytes: await png() },
      ]),
    });
    expect(created.status).toBe(303);
    const id = (await query<{ id: number }>("SELECT id FROM products WHERE name = ?", name))[0]!.id;
    expect(await load(id)).toEqual({ load_hundredths: 250, handling_minutes: 20 });
    const edit = await textOf(await page(`/dashboard/products/${id}`));
    expect(edit).toMatch(/name="load"[^>]*value="2.5"|value="2.5"[^>]*name="load"/);
    expect(edit).toMatch(
      /name="handling_minutes"[^>]*value="20"|value="20"[^>]*name="handling_minutes"/,
    );

    // Errors next to their fields, the typed values kept, the product unchanged.
    const bad = await page(`/dashboard/products/${id}`, {
      method: "POST",
      body: productForm({ product_name: name, load: "1.255", handling_minutes: "0" }),
    });
    expect(bad.status).toBe(400);
    const html = await textOf(bad);
    expect(html).toMatch(/id="field-load"[^>]*aria-invalid="true"/);
    expect(html).toContain(
      "Please enter the load in cubic yards with at most 2 decimals, such as 0.1 or 2.5",
    );
    expect(html).toContain("Handling minutes must be between 1 and 600");
    expect(html).toContain('value="1.255"');
    expect(await load(id)).toEqual({ load_hundredths: 250, handling_minutes: 20 });

    const changed = await page(`/dashboard/products/${id}`, {
      method: "POST",
      body: productForm({ product_name: name, load: "0.1", handling_minutes: "5" }),
    });
    expect(changed.status).toBe(303);
    expect(await load(id)).toEqual({ load_hundredths: 10, handling_minutes: 5 });

    // An /api client that sends no load keeps the product's; one that sends it changes it.
    expect(
      (await update(productForm({ ID: String(id), product_name: name, product_price: "61" })))
        .status,
    ).toBe(200);
    expect(await load(id)).toEqual({ load_hundredths: 10, handling_minutes: 5 });
    expect(
      (
        await update(
          productForm({ ID: String(id), product_name: name, load: "3", handling_minutes: "45" }),
        )
      ).status,
    ).toBe(200);
    expect(await load(id)).toEqual({ load_hundredths: 300, handling_minutes: 45 });

    // The grid shows each product's load (newest first: this one is on page 1).
    const grid = await textOf(await page("/dashboard/products"));
    const card = new RegExp(`${name}</h2>[\\s\\S]*?data-testid="staff-product-load">([^<]*)<`).exec(
      grid,
    );
    expect(card?.[1]).toBe("3 yd³ · 45 min");
  });

  it("a product added through the /api without a load gets 1 cubic yard and 15 minutes", async () => {
    const { product } = await createViaApi();
    expect(
      await query(
        "SELECT load_hundredths, handling_minutes FROM products WHERE id = ?",
        product.ID,
      ),
    ).toEqual([{ load_hundredths: 100, handling_minutes: 15 }]);
  });

  it("refuses a 6 MB image with 413 and the spec's message", async () => {
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set([0x89, 0x50, 0x4e, 0x47]);
    const res = await page("/dashboard/products/new", {
      method: "POST",
      body: productForm({}, [{ name: "huge.png", bytes: big }]),
    });
    expect(res.status).toBe(413);
    expect(await textOf(res)).toContain("File size exceeds 5MB limit.");
  });
});
