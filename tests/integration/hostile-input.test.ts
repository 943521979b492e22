import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBooking } from "../support/make";
import { startServer, type RunningServer } from "../support/server";
import { signInStaff } from "../support/staff";

/**
 * What the fuzz (tests/reliability/fuzz.test.ts) found once, pinned by what a visitor or a member
 * of staff sees: prototype names and odd list parameters are an ordinary answer, an empty product
 * name is a field error, and a price is plain decimal pounds or refused (docs/decisions/033).
 */

let server: RunningServer;
let staff: { cookie: string; xsrf: string };
let picture: Buffer;

beforeAll(async () => {
  server = await startServer();
  staff = await signInStaff(server, { via: "api" });
  picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3a6ea5" } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await server?.stop();
});

const PROTOTYPE_NAMES = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"];

function asStaff(pathName: string, init: RequestInit = {}) {
  return fetch(`${server.url}${pathName}`, {
    redirect: "manual",
    ...init,
    headers: {
      origin: server.url,
      cookie: staff.cookie,
      "x-xsrf-token": staff.xsrf,
      ...init.headers,
    },
  });
}

function productForm(fields: Record<string, string>) {
  const form = new FormData();
  const all = {
    product_name: "Hostile test item",
    product_price: "10",
    product_description: "Something to take away",
    product_category: "Sofa & Chair Removal",
    inside_dismantle_price: "0",
    inside_no_dismantle_price: "0",
    outside_price: "0",
    ...fields,
  };
  for (const [k, v] of Object.entries(all)) form.append(k, v);
  form.append("image", new Blob([new Uint8Array(picture)], { type: "image/png" }), "item.png");
  return form;
}

describe("prototype names in the product list", () => {
  it.each(PROTOTYPE_NAMES)(
    "/products?product_category=%s is an empty list, not an error",
    async (name) => {
      const page = await fetch(`${server.url}/products?product_category=${name}`);
      expect(page.status).toBe(200);
      const api = await fetch(`${server.url}/api/products/?product_category=${name}`);
      expect(api.status).toBe(200);
      const body = (await api.json()) as { products?: unknown[] } | unknown[];
      const products = Array.isArray(body) ? body : (body.products ?? []);
      expect(products).toEqual([]);
    },
  );
});

describe("odd /products parameters", () => {
  it.each([
    "page=1&page=2",
    "page=",
    "page=abc",
    `page=${"9".repeat(400)}`,
    "page=-3",
    "page=0x10",
    "product_category=&product_category=Sofa%20%26%20Chair%20Removal",
    `product_name=${"a".repeat(2_000)}`,
  ])("/products?%s shows the page", async (query) => {
    const res = await fetch(`${server.url}/products?${query}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<h1>");
  });
});

describe("a staff upload with an empty product name", () => {
  it("is a 400 with the field's error on the /api, and nothing is stored", async () => {
    const res = await asStaff("/api/products/upload", {
      method: "POST",
      body: productForm({ product_name: "" }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { status: boolean; errors: Record<string, string> };
    expect(body.status).toBe(false);
    expect(body.errors).toEqual({ product_name: "Please enter the product name" });
  });

  it("shows the error next to the field on the dashboard form", async () => {
    const res = await asStaff("/dashboard/products/new", {
      method: "POST",
      body: productForm({ product_name: "" }),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/id="field-product_name-error"[^>]*>Please enter the product name</);
  });
});

describe("money fields take plain decimal pounds only", () => {
  it.each([
    ["0x10", "Please enter the price in pounds, such as 45 or 45.50"],
    ["1e3", "Please enter the price in pounds, such as 45 or 45.50"],
    ["12.345", "Please enter the price in pounds, such as 45 or 45.50"],
    [" 12", "Please enter the price in pounds, such as 45 or 45.50"],
    ["+12", "Please enter the price in pounds, such as 45 or 45.50"],
    ["Infinity", "Please enter the price in pounds, such as 45 or 45.50"],
    ["100000", "Please check the price: it can be at most £99,999.99"],
  ])("a product priced %j through the /api is refused: %s", async (price, message) => {
    const res = await asStaff("/api/products/upload", {
      method: "POST",
      body: productForm({ product_price: price }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Record<string, string> };
    expect(body.errors).toEqual({ product_price: message });
  });

  it("a product priced 12.5 is stored as £12.50", async () => {
    const res = await asStaff("/api/products/upload", {
      method: "POST",
      body: productForm({ product_price: "12.5", product_name: "Priced plainly" }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { product: { product_price: number } };
    expect(body.product.product_price).toBe(12.5);
  });

  it.each<[string | number, string]>([
    ["0x10", "Please enter the price in pounds, such as 85 or 85.50"],
    ["1e3", "Please enter the price in pounds, such as 85 or 85.50"],
    [1e21, "Please enter the price in pounds, such as 85 or 85.50"],
    [12.345, "Please enter the price in pounds, such as 85 or 85.50"],
    ["-1", "The price cannot be negative"],
    ["12.", "Please enter the price in pounds, such as 85 or 85.50"],
  ])("a booking made by hand priced %j is refused: %s", async (price, message) => {
    const { response, orderId } = await createBooking(server, staff, { order_price: price });
    expect(response.status).toBe(400);
    expect(orderId).toBeUndefined();
    const body = (await response.json()) as { errors: Record<string, string> };
    expect(body.errors.order_price).toBe(message);
  });

  it("a booking made by hand priced 45.5 (a JSON number, as the spec's /api sends) is £45.50", async () => {
    const { response, orderId } = await createBooking(server, staff, { order_price: 45.5 });
    expect(response.status).toBe(201);
    const order = await asStaff(`/dashboard/orders/${orderId}`);
    expect(await order.text()).toContain("£45.50");
  });
});
