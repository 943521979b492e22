import { describe, expect, it } from "vitest";
import { sharedPageKey } from "~/models/shop/shared-pages.server";
import { splashCookie } from "~/services/splash-cookie.server";
import zlib from "node:zlib";
import {
  chooseEncoding,
  etagOf,
  makeSharedPage,
  SharedPageStore,
  type SharedPage,
} from "../../server/page-cache";
import { contentSecurityPolicy, inlineScriptHashes } from "../../server/content-security";

const seen = (await splashCookie.serialize(true)).split(";")[0]!;

describe("sharedPageKey: which page requests share one rendered copy", () => {
  it.each([
    ["no cookie", "/products", undefined, "new /products"],
    ["an empty Cookie header", "/products?page=2", "", "new /products?page=2"],
    ["the splash seen", "/", seen, "seen /"],
    ["the splash seen, spaced", "/", ` ${seen} ;`, "seen /"],
    ["a splash cookie that does not parse", "/", "splash_seen=nonsense", "new /"],
    ["a bag", "/products", "cart=e30%3D", null],
    ["a bag beside the splash", "/", `${seen}; cart=e30%3D`, null],
    ["a staff session", "/products", "__session=abc", null],
    ["a one-time notice", "/quote", "__flash=abc", null],
    ["a cookie this version does not know", "/", "theme=dark", null],
  ])("%s", async (_case, path, cookie, key) => {
    expect(await sharedPageKey(path, cookie)).toBe(key);
  });
});

describe("chooseEncoding: the coding a page is sent in", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["gzip, deflate, br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["BR", "br"],
    ["*", "br"],
    ["*;q=0", "identity"],
    ["deflate", "identity"],
    ["gzip;q=0, identity", "identity"],
  ])("Accept-Encoding %j → %s", (header, encoding) => {
    expect(chooseEncoding(header)).toBe(encoding);
  });
});

describe("a shared copy", () => {
  const html =
    '<html><head><script nonce="n0nce+/=">window.a = 1;</script>' +
    '<script nonce="n0nce+/=" type="module" src="/build/x.js"></script></head>' +
    '<body><script nonce="n0nce+/=" type="module">import "/build/y.js";</script></body></html>';

  it("takes the nonce out and names each inline script by its hash", async () => {
    const page = await makeSharedPage({
      text: html,
      nonce: "n0nce+/=",
      headers: { "content-type": "text/html", "content-length": "9", connection: "close" },
      version: "2026-11-24.1",
      policy: (scripts) => contentSecurityPolicy(scripts, false),
    });
    const kept = page.bodies.identity.toString();
    expect(kept).not.toContain("nonce");
    expect(inlineScriptHashes(kept)).toHaveLength(2);
    for (const hash of inlineScriptHashes(kept))
      expect(page.headers["content-security-policy"]).toContain(hash);
    expect(page.headers["content-security-policy"]).not.toContain("nonce");
    expect(page.headers["content-length"]).toBeUndefined();
    expect(page.headers.connection).toBeUndefined();
    expect(page.headers["content-type"]).toBe("text/html");
  });
});

describe("SharedPageStore", () => {
  const page = async (version: string, size = 100) =>
    makeSharedPage({
      text: "x".repeat(size),
      nonce: "",
      headers: {},
      version,
      policy: () => "",
    });

  it("lets one request render a missing page while the others wait for it", async () => {
    const store = new SharedPageStore({ maxBytes: 1e6, maxOwn: 10 });
    const first = store.lookup("new /", "v1", true);
    expect("render" in first && first.render).toBeTruthy();
    const second = store.lookup("new /", "v1", true);
    expect("wait" in second).toBe(true);
    const made = await page("v1");
    if ("render" in first) first.render!.finish(made);
    if ("wait" in second) expect(await second.wait).toBe(made);
    expect(store.lookup("new /", "v1", true)).toEqual({ found: made });
    // Another generation renders it again.
    expect("render" in store.lookup("new /", "v2", true)).toBe(true);
  });

  it("remembers an address whose page is its visitor's own for the generation, but not a failure", async () => {
    const store = new SharedPageStore({ maxBytes: 1e6, maxOwn: 10 });
    const own = store.lookup("new /booking", "v1", true);
    if ("render" in own) own.render!.finish("own");
    expect(store.lookup("new /booking", "v1", true)).toEqual({ render: null });
    const failed = store.lookup("new /products", "v1", true);
    if ("render" in failed) failed.render!.finish(null);
    const after = store.lookup("new /products", "v1", true);
    expect("render" in after && after.render !== null).toBe(true);
    // A HEAD never leads.
    expect(store.lookup("new /blog", "v1", false)).toEqual({ render: null });
  });

  it("compresses a kept copy again to the smallest, under new ETags, the page unchanged", async () => {
    const store = new SharedPageStore({ maxBytes: 1e6, maxOwn: 10 });
    const html = `<main>${"<p>Sofa removal, fixed price, VAT included.</p>".repeat(400)}</main>`;
    const quick = await makeSharedPage({
      text: html,
      nonce: "",
      headers: {},
      version: "v1",
      policy: () => "",
    });
    const found = store.lookup("new /", "v1", true);
    if ("render" in found) found.render!.finish(quick);
    await store.shrunk();
    const kept = store.lookup("new /", "v1", true);
    expect("found" in kept).toBe(true);
    const small = (kept as { found: SharedPage }).found;
    expect(small.levels).toEqual({ brotli: 11, gzip: 9 });
    expect(zlib.brotliDecompressSync(small.bodies.br).toString()).toBe(html);
    expect(zlib.gunzipSync(small.bodies.gzip).toString()).toBe(html);
    expect(small.bodies.br.length).toBeLessThan(quick.bodies.br.length);
    expect(etagOf(quick, "br")).toMatch(/-br5"$/);
    expect(etagOf(small, "br")).toMatch(/-br11"$/);
    expect(etagOf(small, "gzip")).toMatch(/-gz9"$/);
    expect(etagOf(small, "identity")).toBe(etagOf(quick, "identity"));
    expect(store.size.bytes).toBe(
      small.bodies.identity.length + small.bodies.br.length + small.bodies.gzip.length,
    );
  });

  it("drops the least recently used copies past its bytes", async () => {
    const store = new SharedPageStore({ maxBytes: 700, maxOwn: 10 });
    for (const key of ["a", "b", "c"]) {
      const found = store.lookup(key, "v1", true);
      if ("render" in found) found.render!.finish(await page("v1", 200));
    }
    expect(store.size.pages).toBeLessThan(3);
    expect(store.size.bytes).toBeLessThanOrEqual(700);
    expect("found" in store.lookup("c", "v1", true)).toBe(true);
    expect("found" in store.lookup("a", "v1", true)).toBe(false);
  });
});
