import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

interface ApiProduct {
  ID: number;
  product_name: string;
  product_price: number;
  product_description: string;
  product_category: string;
  img_url: string;
  inside_dismantle_price: number;
  inside_no_dismantle_price: number;
  outside_price: number;
}

const get = async (path: string) => {
  const res = await fetch(`${server.url}${path}`);
  return { res, body: (await res.json()) as unknown };
};

describe("GET /api/products/", () => {
  it("lists every product with the spec's field names and pound prices", async () => {
    const { res, body } = await get("/api/products/");
    expect(res.status).toBe(200);
    const products = body as ApiProduct[];
    expect(products.length).toBeGreaterThanOrEqual(45);
    const sofa = products.find((p) => p.product_name === "Three-Seater Sofa");
    expect(sofa).toEqual({
      ID: expect.any(Number),
      product_name: "Three-Seater Sofa",
      product_price: 69,
      product_description: expect.stringContaining("three-seater"),
      product_category: "Sofa & Chair Removal",
      img_url: expect.stringMatching(/^[0-9a-f]{64}$/),
      inside_dismantle_price: 20,
      inside_no_dismantle_price: 10,
      outside_price: 0,
    });
    // the same answer without the trailing slash
    const { body: again } = await get("/api/products");
    expect((again as ApiProduct[]).length).toBe(products.length);
  });

  it("filters by name, case-insensitively, and treats wildcards literally", async () => {
    const { body } = await get("/api/products?product_name=SOFA");
    const names = (body as ApiProduct[]).map((p) => p.product_name);
    expect(names.length).toBeGreaterThanOrEqual(4);
    for (const name of names) expect(name.toLowerCase()).toContain("sofa");
    const { body: none } = await get("/api/products?product_name=%25");
    expect(none).toEqual([]);
  });

  it("pages through a category, 12 by default, with limit for the dashboard", async () => {
    const first = await get("/api/products?product_category=Fridge%20Removal&page=1");
    const fridges = first.body as ApiProduct[];
    expect(fridges.length).toBeGreaterThanOrEqual(5);
    for (const p of fridges) expect(p.product_category).toBe("Fridge Removal");

    const all1 = (await get("/api/products?page=1")).body as ApiProduct[];
    const all2 = (await get("/api/products?page=2")).body as ApiProduct[];
    expect(all1).toHaveLength(12);
    expect(all2).toHaveLength(12);
    expect(all1.map((p) => p.ID)).not.toContain(all2[0]!.ID);

    const ten = await get("/api/products?page=1&limit=10");
    expect(ten.body as ApiProduct[]).toHaveLength(10);
    expect(Number(ten.res.headers.get("x-total-count"))).toBeGreaterThanOrEqual(45);
  });

  it("answers an unknown category or a page past the end with an empty list, not an error", async () => {
    for (const path of [
      "/api/products?product_category=Boats",
      "/api/products?page=999",
      "/api/products?page=-4&limit=abc",
    ]) {
      const { res, body } = await get(path);
      expect(res.status).toBe(200);
      expect(Array.isArray(body)).toBe(true);
    }
    expect((await get("/api/products?product_category=Boats")).body).toEqual([]);
    expect((await get("/api/products?page=999")).body).toEqual([]);
    // a bad page number is page 1
    expect(((await get("/api/products?page=-4&limit=abc")).body as ApiProduct[]).length).toBe(12);
  });
});

describe("GET /api/products/products/{id}", () => {
  it("returns one product", async () => {
    const { body } = await get("/api/products/products/1");
    expect((body as ApiProduct).ID).toBe(1);
    expect(typeof (body as ApiProduct).product_price).toBe("number");
  });

  it.each(["999999", "abc", "1.5", "-1"])("answers 404 JSON for %s", async (id) => {
    const { res, body } = await get(`/api/products/products/${id}`);
    expect(res.status).toBe(404);
    expect(body).toEqual({ message: "Product not found" });
  });
});

describe("GET /api/products/image/{img_url}", () => {
  it("serves a product image with immutable caching, a strong ETag and nosniff", async () => {
    const product = (await get("/api/products/products/1")).body as ApiProduct;
    const res = await fetch(`${server.url}/api/products/image/${product.img_url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("etag")).toBe(`"${product.img_url}"`);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");

    const cached = await fetch(`${server.url}/api/products/image/${product.img_url}`, {
      headers: { "If-None-Match": `"${product.img_url}"` },
    });
    expect(cached.status).toBe(304);
  });

  it("404s unknown or malformed ids", async () => {
    expect((await fetch(`${server.url}/api/products/image/${"0".repeat(64)}`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/products/image/..%2F..%2Fetc%2Fpasswd`)).status).toBe(
      404,
    );
  });
});
