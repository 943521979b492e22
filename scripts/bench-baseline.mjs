// The baseline `npm run bench` compares our pages with: the smallest Remix
// page there is, served by Express with compression, and nothing of ours
// (no app code, no database, no middleware). One root route built by hand
// instead of by the compiler, rendered with <RemixServer> as a real build
// is. Run as its own process: `node scripts/bench-baseline.mjs <port>`.
import { PassThrough } from "node:stream";
import {
  createReadableStreamFromReadable,
  createRequestHandler,
  writeReadableStreamToWritable,
} from "@remix-run/node";
import { Links, Meta, RemixServer, Scripts } from "@remix-run/react";
import compression from "compression";
import express from "express";
import { createElement as h } from "react";
import { renderToPipeableStream } from "react-dom/server";

function Root() {
  return h(
    "html",
    { lang: "en-GB" },
    h(
      "head",
      null,
      h("meta", { charSet: "utf-8" }),
      h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      h(Meta),
      h(Links),
    ),
    h(
      "body",
      null,
      h(
        "main",
        null,
        h("h1", null, "Baseline"),
        h("p", null, "A static page used to measure the cost of the real ones."),
      ),
      h(Scripts),
    ),
  );
}

function handleRequest(request, status, headers, remixContext) {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(
      h(RemixServer, { context: remixContext, url: request.url }),
      {
        onShellReady() {
          const body = new PassThrough();
          headers.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
          pipe(body);
        },
        onShellError: reject,
      },
    );
  });
}

/** @type {import("@remix-run/node").ServerBuild} */
const build = {
  mode: "production",
  entry: { module: { default: handleRequest } },
  routes: {
    root: {
      id: "root",
      path: "",
      module: { default: Root, meta: () => [{ title: "Baseline" }] },
    },
  },
  assets: {
    version: "bench",
    url: "/build/manifest-bench.js",
    entry: { module: "/build/entry.client-bench.js", imports: [] },
    routes: {
      root: {
        id: "root",
        path: "",
        module: "/build/root-bench.js",
        imports: [],
        hasAction: false,
        hasLoader: false,
        hasClientAction: false,
        hasClientLoader: false,
        hasErrorBoundary: false,
      },
    },
  },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: { v3_singleFetch: true, v3_lazyRouteDiscovery: true },
  isSpaMode: false,
};

const handle = createRequestHandler(build, "production");
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.get("*", async (req, res, next) => {
  try {
    const response = await handle(
      new Request(`http://${req.headers.host}${req.originalUrl}`, {
        headers: new Headers(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
      }),
    );
    res.status(response.status);
    for (const [key, value] of response.headers) res.setHeader(key, value);
    if (response.body) await writeReadableStreamToWritable(response.body, res);
    else res.end();
  } catch (error) {
    next(error);
  }
});
const port = Number(process.argv[2] ?? 4398);
app.listen(port, "127.0.0.1", () => console.log(`baseline on http://127.0.0.1:${port}`));
