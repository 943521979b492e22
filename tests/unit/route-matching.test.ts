import { build, type Plugin } from "esbuild";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { memoiseRouteMatching } from "../../scripts/memoise-route-matching.mjs";

type MatchRoutes = (
  routes: unknown[],
  location: string,
) =>
  { route: { id: string }; params: Record<string, string | undefined>; pathname: string }[] | null;

/** React Router's matchRoutes, bundled as build/server.js bundles it: with the plugin or without. */
async function bundledMatchRoutes(plugins: Plugin[]): Promise<MatchRoutes> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "route-matching-"));
  const outfile = path.join(dir, "router.cjs");
  await build({
    stdin: {
      contents: 'export { matchRoutes } from "@remix-run/router";',
      resolveDir: process.cwd(),
      loader: "js",
    },
    outfile,
    bundle: true,
    platform: "node",
    format: "cjs",
    plugins,
    logLevel: "silent",
  });
  const { matchRoutes } = createRequire(import.meta.url)(outfile) as { matchRoutes: MatchRoutes };
  fs.rmSync(dir, { recursive: true, force: true });
  return matchRoutes;
}

// A route tree shaped like the shop's: a layout, an index, static, dynamic, optional and splat
// segments, case and ranking (a static segment wins over a dynamic one).
const ROUTES = [
  {
    id: "root",
    path: "/",
    children: [
      {
        id: "site",
        children: [
          { id: "home", index: true },
          { id: "products", path: "products" },
          { id: "product", path: "product/:id" },
          { id: "quote-token", path: "quote/:token" },
          { id: "quote", path: "quote" },
          { id: "booking", path: "booking/:token?" },
        ],
      },
      {
        id: "dashboard",
        path: "dashboard",
        children: [
          { id: "dashboard-index", index: true },
          { id: "order", path: "orders/:id" },
          { id: "orders-new", path: "orders/new" },
          { id: "price", path: "quotes/:id/price", caseSensitive: true },
        ],
      },
      { id: "api", path: "api/*" },
      { id: "not-found", path: "*" },
    ],
  },
];

const URLS = [
  "/",
  "/products",
  "/product/35",
  "/product/35/",
  "/quote",
  "/quote/abc123",
  "/booking",
  "/booking/tok",
  "/dashboard",
  "/dashboard/orders/7",
  "/dashboard/orders/new",
  "/dashboard/quotes/4/price",
  "/dashboard/quotes/4/PRICE",
  "/DASHBOARD/Orders/9",
  "/api/orders/quotationRequest",
  "/nowhere/at/all",
  "/product/caf%C3%A9",
];

const summary = (matches: ReturnType<MatchRoutes>) =>
  matches?.map((m) => `${m.route.id} ${m.pathname} ${JSON.stringify(m.params)}`) ?? null;

describe("route matching kept between requests (scripts/memoise-route-matching.mjs)", () => {
  it("matches every kind of path exactly as React Router does, the first time and again", async () => {
    const [plain, kept] = await Promise.all([
      bundledMatchRoutes([]),
      bundledMatchRoutes([memoiseRouteMatching]),
    ]);
    for (const url of URLS) {
      const expected = summary(plain(ROUTES, url));
      expect(summary(kept(ROUTES, url)), url).toEqual(expected);
      expect(summary(kept(ROUTES, url)), `${url} again`).toEqual(expected);
    }
    // The not-found route catches what nothing else does, and case-sensitive routes hold.
    expect(summary(kept(ROUTES, "/dashboard/quotes/4/PRICE"))?.at(-1)).toMatch(/^not-found /);
    // Another routes array is ranked on its own, not answered from the first one's list.
    expect(summary(kept([{ id: "only", path: "/products" }], "/products"))).toEqual([
      "only /products {}",
    ]);
    expect(kept([{ id: "only", path: "/products" }], "/")).toBeNull();
  });

  it("fails the build when React Router's code no longer has the text it changes", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "route-matching-"));
    const fake = path.join(dir, "node_modules", "@remix-run", "router", "dist", "router.cjs.js");
    fs.mkdirSync(path.dirname(fake), { recursive: true });
    fs.writeFileSync(fake, "exports.matchRoutes = () => null;\n");
    await expect(
      build({
        entryPoints: [fake],
        write: false,
        bundle: true,
        platform: "node",
        plugins: [memoiseRouteMatching],
        logLevel: "silent",
      }),
    ).rejects.toThrow(/memoise-route-matching/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
