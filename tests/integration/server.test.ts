import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../support/server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("the production server", () => {
  it("answers /healthz with ok when the database is reachable", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("sends security headers with a per-request CSP nonce used by the page's scripts", async () => {
    // A page rendered for one visitor (shared pages name their scripts by hash: shared-pages.test.ts).
    const first = await fetch(`${server.url}/login`);
    const second = await fetch(`${server.url}/login`);
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self' https://checkout.stripe.com");
    expect(csp).toContain("https://js.stripe.com");
    expect(csp).not.toMatch(/unsafe-eval/);
    // Previews of a chosen photo are blob: URLs; nothing else is added to what images may be.
    expect(csp).toContain("img-src 'self' data: blob: https://*.stripe.com;");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    const html = await first.text();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("x-powered-by")).toBeNull();
    expect(first.headers.get("cross-origin-embedder-policy")).toBeNull();
  });

  it("compresses pages with brotli or gzip", async () => {
    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      http
        .get(`${server.url}/`, { headers: { "accept-encoding": "br, gzip" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }),
          );
        })
        .on("error", reject);
    });
    expect(raw.encoding).toBe("br");
    expect(zlib.brotliDecompressSync(raw.body).toString()).toContain("What do you need removed?");
  });

  it("caches hashed build assets for a year and 404s missing ones as plain text", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = /\/build\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const res = await fetch(`${server.url}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    const missing = await fetch(`${server.url}/build/nope-123.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await missing.text()).toBe("Not found");
  });

  it("sends build assets compressed at build time: brotli, gzip or as they are, by what the browser accepts", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = /\/build\/_shared\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    /** the raw response, without fetch's own decompression */
    const get = (path: string, acceptEncoding: string | null, method = "GET") =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
        (resolve, reject) => {
          const req = http.request(
            `${server.url}${path}`,
            {
              method,
              headers: acceptEncoding === null ? {} : { "accept-encoding": acceptEncoding },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on("data", (c: Buffer) => chunks.push(c));
              res.on("end", () =>
                resolve({
                  status: res.statusCode!,
                  headers: res.headers,
                  body: Buffer.concat(chunks),
                }),
              );
            },
          );
          req.on("error", reject);
          req.end();
        },
      );
    const plain = await get(asset!, null);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["vary"]).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toMatch(/\w/);

    const br = await get(asset!, "gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^(text|application)\/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["vary"]).toMatch(/Accept-Encoding/i);
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    const gz = await get(asset!, "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);

    // A browser that refuses brotli gets gzip; one that takes neither gets the file as it is.
    expect((await get(asset!, "br;q=0, gzip")).headers["content-encoding"]).toBe("gzip");
    expect((await get(asset!, "identity")).headers["content-encoding"]).toBeUndefined();

    const head = await get(asset!, "br", "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body.length).toBe(0);

    // Nothing outside the build folder, and no pre-compressed copy of a missing file.
    for (const path of ["/build/..%2Fpackage.json", "/build/%2e%2e/%2e%2e/package.json"]) {
      const res = await get(path, "br");
      expect(res.status).toBe(404);
      const body =
        res.headers["content-encoding"] === "br" ? zlib.brotliDecompressSync(res.body) : res.body;
      expect(body.toString()).not.toContain('"name": "haulbook"');
    }
    const missing = await get("/build/nope-123.js", "br");
    expect(missing.status).toBe(404);
    expect(missing.headers["content-encoding"]).toBeUndefined();
    expect(missing.body.toString()).toBe("Not found");
  });

  it("serves other public files with a short cache", async () => {
    const res = await fetch(`${server.url}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("renders an unknown page as a 404 inside the site layout", async () => {
    const res = await fetch(`${server.url}/no-such-page`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("find that page");
    expect(html).toContain("waste-carrier-licence");
  });

  it("logs one line per request with method, path, status and duration", async () => {
    await fetch(`${server.url}/healthz?probe=1`);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.output()).toMatch(/^GET \/healthz 200 \d+\.\dms$/m);
  });
});
