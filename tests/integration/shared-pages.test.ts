import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rows, run } from "../support/database";
import { startServer, startServers, TEST_ENGINE, type RunningServer } from "../support/server";
import { signInStaff } from "../support/staff";

/**
 * Issue 20: public pages are rendered once for every visitor without a bag or a session, kept
 * with their brotli and gzip bytes, and sent with a strong ETag until what they show changes
 * (docs/decisions/029-shared-page-cache.md).
 */

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** the bytes as sent (still compressed) */
  body: Buffer;
  /** the page, decompressed */
  text: string;
}

/** One request, without fetch's own decompression or cookie handling. */
function get(
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
  target: RunningServer = server,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${target.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const text = (
          body.length === 0
            ? body
            : encoding === "br"
              ? zlib.brotliDecompressSync(body)
              : encoding === "gzip"
                ? zlib.gunzipSync(body)
                : body
        ).toString();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** The 'sha256-…' source of each inline script of a page, as a browser computes it. */
function scriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=/.test(attributes ?? ""))
    .map(
      ([, , content]) =>
        `'sha256-${crypto
          .createHash("sha256")
          .update(content ?? "")
          .digest("base64")}'`,
    );
}

/** The script sources a response's Content-Security-Policy allows. */
const scriptSources = (answer: Raw) =>
  (/script-src ([^;]+)/.exec(policyOf(answer))?.[1] ?? "").split(" ");
const policyOf = (answer: Raw) => String(answer.headers["content-security-policy"] ?? "");

/** A product shown in the shop, for pages that show one. */
async function shownProduct(): Promise<{ id: number; name: string }> {
  const [product] = await rows<{ id: number; name: string }>(
    server,
    "SELECT id, name FROM products WHERE retired_at IS NULL ORDER BY id LIMIT 1",
  );
  return product!;
}

/**
 * Asks for a page until its kept copy is at the smallest compression (brotli 11, gzip 9): a copy is
 * first sent as quickly compressed, then compressed again away from any request.
 */
async function smallestCopy(path: string): Promise<void> {
  for (let attempt = 0; attempt < 2_000; attempt++) {
    const answer = await get(path, { "accept-encoding": "br" }, "HEAD");
    if (String(answer.headers.etag).endsWith('-br11"')) return;
  }
  throw new Error(`${path} was never compressed again`);
}

describe("shared public pages", () => {
  it("answers every visitor without a bag from one copy: a strong ETag for each coding, 304 when it matches", async () => {
    const first = await get("/products", { "accept-encoding": "br" });
    expect(first.headers.etag).toMatch(/-br5"$/);
    await smallestCopy("/products");
    const br = await get("/products", { "accept-encoding": "gzip, deflate, br" });
    const gzip = await get("/products", { "accept-encoding": "gzip" });
    const plain = await get("/products");

    expect([br.status, gzip.status, plain.status]).toEqual([200, 200, 200]);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    // The same page in every coding, each with a validator of its own.
    expect(br.text).toContain("All Services");
    expect(gzip.text).toBe(br.text);
    expect(plain.text).toBe(br.text);
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(br.text).toBe(first.text);
    expect(br.body.length).toBeLessThan(first.body.length);
    const tags = [br, gzip, plain].map((answer) => answer.headers.etag);
    expect(tags[0]).toMatch(/^"[\w-]{32}-br11"$/);
    expect(tags[1]).toMatch(/^"[\w-]{32}-gz9"$/);
    expect(tags[2]).toMatch(/^"[\w-]{32}"$/);
    expect(new Set(tags).size).toBe(3);
    expect(br.headers["cache-control"]).toBe("private, no-cache");
    expect(br.headers.vary).toBe("Accept-Encoding, Cookie");
    // The security headers are those of every page.
    expect(br.headers["x-content-type-options"]).toBe("nosniff");
    expect(br.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(br.headers["x-shared-page"]).toBeUndefined();

    // The browser asks again with what it holds: nothing to send.
    const again = await get("/products", {
      "accept-encoding": "gzip, deflate, br",
      "if-none-match": tags[0]!,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(tags[0]);
    expect(again.headers["cache-control"]).toBe("private, no-cache");
    // Another coding's validator does not match this coding.
    const other = await get("/products", { "accept-encoding": "br", "if-none-match": tags[1]! });
    expect(other.status).toBe(200);

    const head = await get("/products", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers.etag).toBe(tags[0]);
  });

  it("names a shared page's inline scripts by hash, with no nonce in it; a page for one visitor keeps its own nonce", async () => {
    const shared = await get("/quote");
    const sources = scriptSources(shared);
    const hashes = scriptHashes(shared.text);
    expect(hashes.length).toBeGreaterThanOrEqual(2);
    for (const hash of hashes) expect(sources).toContain(hash);
    expect(sources.some((source) => source.startsWith("'nonce-"))).toBe(false);
    expect(shared.text).not.toContain("nonce=");
    expect(policyOf(shared)).toContain("frame-ancestors 'none'");

    // A visitor with a bag: rendered for them, under a nonce never used before.
    const own = [
      await get("/quote", { cookie: "cart=e30%3D" }),
      await get("/quote", { cookie: "cart=e30%3D" }),
    ];
    const nonces = own.map((answer) => /'nonce-([^']+)'/.exec(policyOf(answer))?.[1]);
    expect(nonces[0]).toBeTruthy();
    expect(nonces[1]).not.toBe(nonces[0]);
    expect(own[0]!.text).toContain(`nonce="${nonces[0]}"`);
    expect(own[0]!.headers.etag).toBeUndefined();
    expect(own[0]!.headers["x-shared-page"]).toBeUndefined();
  });

  it("renders a page of their own for a visitor with a bag, a staff session or a one-time notice", async () => {
    const { id, name } = await shownProduct();
    const bag = Buffer.from(JSON.stringify([{ id, position: "outside", quantity: 1 }])).toString(
      "base64",
    );
    const withBag = await get("/products", { cookie: `cart=${encodeURIComponent(bag)}` });
    expect(withBag.status).toBe(200);
    expect(withBag.headers.etag).toBeUndefined();
    expect(withBag.text).toContain(name);
    // The bag's count shows in the header: this page could not be anybody else's.
    expect(withBag.text).toMatch(/data-testid="bag-count"[^>]*>1</);

    const staff = await signInStaff(server);
    const signedIn = await get("/products", { cookie: staff.cookie });
    expect(signedIn.headers.etag).toBeUndefined();
    const noticed = await get("/quote", { cookie: "__flash=anything" });
    expect(noticed.headers.etag).toBeUndefined();
    expect(noticed.status).toBe(200);
  });

  it("shows the first visit's splash and sets its cookie from the copy; a visitor who has seen it shares the other copy", async () => {
    const first = [await get("/"), await get("/")];
    for (const answer of first) {
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('class="splash"');
      expect(String(answer.headers["set-cookie"])).toMatch(/^splash_seen=/);
    }
    expect(first[1]!.headers.etag).toBe(first[0]!.headers.etag);
    const cookie = String(first[0]!.headers["set-cookie"]).split(";")[0]!;

    const seen = [await get("/", { cookie }), await get("/", { cookie })];
    for (const answer of seen) {
      expect(answer.text).not.toContain('class="splash"');
      expect(answer.text).toContain("What do you need removed?");
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
    expect(seen[1]!.headers.etag).toBe(seen[0]!.headers.etag);
    expect(seen[0]!.headers.etag).not.toBe(first[0]!.headers.etag);
  });

  it("shows a product's change at once, whoever makes it: the staff /api, or any other writer of the database", async () => {
    const { id } = await shownProduct();
    const before = await get(`/product/${id}`);
    expect((await get(`/product/${id}`)).headers.etag).toBe(before.headers.etag);

    const staff = await signInStaff(server, { via: "api" });
    const form = new FormData();
    form.append("ID", String(id));
    form.append("product_name", "Chest Freezer (large)");
    const updated = await fetch(`${server.url}/api/products/updateProduct`, {
      method: "POST",
      body: form,
      headers: { origin: server.url, cookie: staff.cookie, "x-xsrf-token": staff.xsrf },
    });
    expect(updated.status).toBe(200);
    const renamed = await get(`/product/${id}`);
    expect(renamed.text).toContain("Chest Freezer (large)");
    expect(renamed.headers.etag).not.toBe(before.headers.etag);
    expect((await get("/products?product_name=Chest+Freezer")).text).toContain(
      "Chest Freezer (large)",
    );

    // Straight into the database (an owner's command, another process): the next visitor sees it.
    await run(server, "UPDATE products SET price_pence = 12345 WHERE id = ?", id);
    expect((await get(`/product/${id}`)).text).toContain("£123.45");
  });

  it("shares the /api's product list the same way, its paging headers kept; a signed-in caller gets its own", async () => {
    const all = [await get("/api/products/"), await get("/api/products/")];
    expect(all[0]!.headers["content-type"]).toMatch(/^application\/json/);
    expect(all[1]!.headers.etag).toBe(all[0]!.headers.etag);
    expect(all[1]!.headers["cache-control"]).toBe("private, no-cache");
    const products = JSON.parse(all[1]!.text) as { ID: number }[];
    expect(products.length).toBe(
      (await rows(server, "SELECT id FROM products WHERE retired_at IS NULL")).length,
    );
    const paged = [
      await get("/api/products/?product_category=Furniture%20Removal&limit=2"),
      await get("/api/products/?product_category=Furniture%20Removal&limit=2"),
    ];
    expect(paged[1]!.headers.etag).toBeTruthy();
    expect(paged[1]!.headers["x-page"]).toBe("1");
    expect(Number(paged[1]!.headers["x-total-count"])).toBeGreaterThan(2);
    expect((JSON.parse(paged[1]!.text) as unknown[]).length).toBe(2);

    const staff = await signInStaff(server, { via: "api" });
    const signedIn = await get("/api/products/", { cookie: staff.cookie });
    expect(signedIn.headers.etag).toBeUndefined();
    expect(signedIn.headers["cache-control"]).toBe("no-store");
    expect(signedIn.text).toBe(all[1]!.text);
  });

  it("shares a page's data for the browser's own navigation (`.data`) the same way", async () => {
    const data = [await get("/products.data"), await get("/products.data")];
    expect(data[0]!.status).toBe(200);
    expect(data[0]!.headers["content-type"]).toMatch(/^text\/x-script/);
    expect(data[1]!.headers.etag).toBeTruthy();
    expect(data[1]!.headers.etag).toBe(data[0]!.headers.etag);
    expect(data[1]!.text).toBe(data[0]!.text);
    const [first] = await rows<{ name: string }>(
      server,
      "SELECT name FROM products WHERE retired_at IS NULL ORDER BY name LIMIT 1",
    );
    expect(data[1]!.text).toContain(first!.name);
    const withBag = await get("/products.data", { cookie: "cart=W10%3D" });
    expect(withBag.headers.etag).toBeUndefined();
    expect(withBag.text).toBe(data[1]!.text);
  });

  it("keeps nothing for a page a route does not mark shared, and never a server's refusal", async () => {
    const unknown = [await get("/no-such-page"), await get("/no-such-page")];
    for (const answer of unknown) {
      expect(answer.status).toBe(404);
      expect(answer.headers.etag).toBeUndefined();
    }
    const login = await get("/login");
    expect(login.headers.etag).toBeUndefined();
    expect(login.headers["cache-control"]).toBe("no-store");
  });

  it("answers twenty visitors arriving at once for a page not yet kept with one and the same copy", async () => {
    const path = "/products?page=2";
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => get(path, { "accept-encoding": "br" })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
  });
});

describe.skipIf(TEST_ENGINE !== "postgres")(
  "shared pages of two processes on one PostgreSQL",
  () => {
    it("a product changed through one process shows at once on the other's kept page", async () => {
      const [one, two] = await startServers(2);
      try {
        const [product] = await rows<{ id: number }>(
          one!,
          "SELECT id FROM products WHERE retired_at IS NULL ORDER BY id LIMIT 1",
        );
        const path = `/product/${product!.id}`;
        const kept = await get(path, {}, "GET", two!);
        expect((await get(path, {}, "GET", two!)).headers.etag).toBe(kept.headers.etag);

        const staff = await signInStaff(one!, { via: "api" });
        const form = new FormData();
        form.append("ID", String(product!.id));
        form.append("product_name", "Renamed Through One");
        const updated = await fetch(`${one!.url}/api/products/updateProduct`, {
          method: "POST",
          body: form,
          headers: { origin: one!.url, cookie: staff.cookie, "x-xsrf-token": staff.xsrf },
        });
        expect(updated.status).toBe(200);
        expect((await get(path, {}, "GET", two!)).text).toContain("Renamed Through One");
      } finally {
        await Promise.all([one?.stop(), two?.stop()]);
      }
    });
  },
);
