import http, { type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { broadcastDevReady, createRequestHandler, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { contentSecurityPolicy, newNonce } from "./content-security";
import { lifecycleOf, type AppLifecycle } from "./lifecycle";
import { sendSharedPage, SharedPageStore, type Lead } from "./page-cache";
import { serveRemix } from "./remix-handoff";
import { requestKind, urlHasControlCharacters } from "./request-guard";
import { precompressedAssets } from "./static-assets";

/**
 * The production web server: static files, compression, security headers,
 * request log, then Remix (server/remix-handoff.ts). Start-up work (config,
 * migrations, first staff user, seed) lives in the app and is reached through
 * the build.
 */

export interface ServeOptions {
  build: ServerBuild;
  /** the folder of public/ (static files, with the browser build in build/) */
  publicDir: string;
  /** development only: the latest build, reloaded when it changes */
  reloadBuild?: () => Promise<ServerBuild>;
}

const SHUTDOWN_GRACE_MS = 10_000;
// How much of an unread request body is read and dropped (so the client can read the answer)
// before its connection is closed.
const DRAIN_BYTES = 16 * 1024 * 1024;
const DRAIN_MS = 5_000;
// Shared public pages kept in memory (every coding counted), and how many addresses whose page
// is not shared are remembered.
const SHARED_PAGES = { maxBytes: 32 * 1024 * 1024, maxOwn: 2_000 };

/**
 * Starts the app (config, migrations, first staff user, seed) and serves it
 * until SIGTERM or SIGINT. `reloadBuild` (development only) is asked for the
 * latest build on each request.
 */
export async function serveHttp(options: ServeOptions): Promise<void> {
  let build = options.build;
  const { publicDir, reloadBuild } = options;
  const isDevelopment = reloadBuild !== undefined;
  let config: Awaited<ReturnType<AppLifecycle["startApp"]>>;
  try {
    config = await lifecycleOf(build).startApp();
  } catch (error) {
    // Configuration errors are one clear line per variable; nothing else is worth a stack here.
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[haulbook] cannot start: ${message}`);
    process.exit(1);
  }

  const app = express();
  app.disable("x-powered-by");
  // Which proxies may tell us the visitor's address and scheme (TRUST_PROXY; loopback by default).
  app.set("trust proxy", config.trustProxy);

  let shuttingDown = false;
  let server: Server | undefined;
  /** One line per request: method, path, status, milliseconds. */
  function logWhenFinished(req: IncomingMessage, res: ServerResponse) {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      console.log(
        `${req.method} ${(req.url ?? "/").split("?")[0]} ${res.statusCode} ${ms.toFixed(1)}ms`,
      );
      // While stopping, a connection is closed as soon as its last response is out.
      if (shuttingDown) setImmediate(() => server?.closeIdleConnections());
    });
  }

  // Shared public pages (server/page-cache.ts, docs/decisions/029): a kept copy is sent before
  // Express sees the request; the request that renders a missing one carries its lead to Remix.
  const sharedPages = new SharedPageStore(SHARED_PAGES);
  const sharedLeads = new WeakMap<IncomingMessage, Lead>();
  async function answerShared(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (isDevelopment || shuttingDown) return false;
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    if (req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"]) > 0)
      return false;
    const url = req.url ?? "/";
    const pathname = url.split("?", 1)[0]!;
    // Files go on as they are; pages, their data for the browser's own navigation (`.data`) and
    // the /api may be shared.
    if (hasExtension(pathname) && requestKind(pathname) !== "data") return false;
    if (urlHasControlCharacters(url)) return false;
    const app = lifecycleOf(build);
    const key = await app.sharedPageKey(url, req.headers.cookie);
    if (key === null) return false;
    const found = sharedPages.lookup(key, await app.sharedPagesVersion(), req.method === "GET");
    if ("render" in found) {
      const lead = found.render;
      if (lead) {
        sharedLeads.set(req, lead);
        // Whatever happens to the request, the ones waiting on it are let go.
        res.once("close", () => lead.finish(null));
      }
      return false;
    }
    const page = "found" in found ? found.found : await found.wait;
    if (!page) return false;
    logWhenFinished(req, res);
    sendSharedPage(req, res, page);
    return true;
  }
  app.use((req, res, next) => {
    logWhenFinished(req, res);
    if (shuttingDown) res.setHeader("Connection", "close");
    // A response sent before its request's body was read (a refusal, a redirect) must not leave
    // the rest of the body on a kept-alive connection, where the next request would wait behind it.
    // Like a web server's "lingering close": read and drop what remains, so the client receives
    // the answer; past 16 MB or 5 s of leftovers, close the connection.
    res.on("finish", () => {
      if (req.complete || req.destroyed) return;
      let dropped = 0;
      const close = () => req.socket.destroy();
      const timer = setTimeout(close, DRAIN_MS);
      timer.unref();
      req.removeAllListeners("data");
      req.on("data", (chunk: Buffer) => {
        dropped += chunk.length;
        if (dropped > DRAIN_BYTES) close();
      });
      req.on("end", () => clearTimeout(timer));
      req.on("close", () => clearTimeout(timer));
      req.resume();
    });
    next();
  });

  app.use(compression());

  // A page rendered for one visitor names its inline scripts by this response's nonce.
  app.use((_req, res, next) => {
    res.locals.cspNonce = newNonce();
    res.setHeader(
      "Content-Security-Policy",
      contentSecurityPolicy([`'nonce-${res.locals.cspNonce as string}'`], isDevelopment),
    );
    next();
  });
  app.use(
    helmet({
      // Set above: one policy for every response (server/content-security.ts).
      contentSecurityPolicy: false,
      // No COEP: it breaks Stripe's embedded form.
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: config.isProduction
        ? { maxAge: 31536000, includeSubDomains: true }
        : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );

  // Unsafe requests from a browser must come from our own pages (Origin, or Referer when there is
  // no Origin): same scheme, host and port. Requests that carry neither (server-to-server, such as
  // payment webhooks) pass.
  app.use((req, res, next) => {
    if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
    const origin = req.get("origin");
    const source = origin ?? req.get("referer");
    if (source === undefined) return next();
    let sourceOrigin = "";
    try {
      sourceOrigin = new URL(source).origin;
    } catch {
      // "null" or garbage: refused below
    }
    if (sourceOrigin !== `${req.protocol}://${req.get("host") ?? ""}`) {
      res.status(403).type("text/plain").send("Cross-site request refused");
      return;
    }
    next();
  });

  // Hashed build assets never change; everything else in public/ may. They are compressed once,
  // at build time, and sent as they are.
  app.use(
    "/build",
    precompressedAssets(path.join(publicDir, "build"), {
      maxAgeSeconds: 365 * 24 * 3600,
      immutable: true,
    }),
  );
  app.use(
    "/build",
    express.static(path.join(publicDir, "build"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      fallthrough: true,
    }),
  );
  // Every file in public/ has an extension and no page has one: a page request is not looked
  // for on disk (a file-system call each, 5 % of a rendered page's time).
  const publicFiles = express.static(publicDir, { maxAge: "1h", index: false });
  app.use((req, res, next) => (hasExtension(req.path) ? publicFiles(req, res, next) : next()));
  // A missing asset is a plain 404, not a rendered page.
  app.use(["/build", "/illustrations", "/favicon.ico"], (_req, res) => {
    res.status(404).type("text/plain").send("Not found");
  });

  // Staff pages, sign-in and the /api answer for one person: never stored by a browser or proxy
  // (a route that sets its own Cache-Control, such as product images, replaces this).
  app.use(["/dashboard", "/login", "/logout", "/api"], (_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  let handleRemix = createRequestHandler(build, build.mode);
  // Requests Remix is still working on: a client that hung up closes its connection, but the loader
  // runs on, so shutting down waits for these before closing the database under them.
  const inFlight = new Set<Promise<void>>();
  app.all("*", async (req, res, next) => {
    let work: Promise<void> | undefined;
    try {
      if (reloadBuild) {
        const latest = await reloadBuild();
        if (latest.assets.version !== build.assets.version) {
          build = latest;
          handleRemix = createRequestHandler(build, "development");
          await broadcastDevReady(build);
        }
      }
      const remix = handleRemix;
      work = lifecycleOf(build)
        .beforeRequest()
        .then(() => serveRemix(req, res, remix, sharedLeads.get(req)));
      inFlight.add(work);
      await work;
    } catch (error) {
      next(error);
    } finally {
      if (work) inFlight.delete(work);
    }
  });

  server = http.createServer((req, res) => {
    answerShared(req, res).then(
      (answered) => {
        if (!answered) app(req, res);
      },
      (error: unknown) => {
        console.error(error);
        app(req, res);
      },
    );
  });
  server.listen(config.port, config.host, () => {
    const address = server?.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    const shown = ["0.0.0.0", "::", "127.0.0.1", "::1"].includes(config.host)
      ? "localhost"
      : config.host;
    console.log(`[haulbook] listening on http://${shown}:${port} (HOST=${config.host})`);
    if (isDevelopment) void broadcastDevReady(build);
  });
  server.keepAliveTimeout = 5_000;
  const listening = server;

  async function shutdown(signal: string) {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(
      `[haulbook] ${signal}: finishing in-flight requests (up to ${SHUTDOWN_GRACE_MS / 1000} s)`,
    );
    const deadline = Date.now() + SHUTDOWN_GRACE_MS;
    const force = setTimeout(() => {
      console.log("[haulbook] grace period over: closing remaining connections");
      listening.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    listening.close(async () => {
      clearTimeout(force);
      const settled = Promise.allSettled([...inFlight]);
      // Within the same grace period: past it, the database closes whatever is still running.
      const left = Math.max(0, deadline - Date.now());
      const grace = new Promise((resolve) => setTimeout(resolve, left).unref());
      await Promise.race([settled, grace]);
      await lifecycleOf(build).stopApp();
      console.log("[haulbook] stopped");
      process.exit(0);
    });
    listening.closeIdleConnections();
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

/** Whether a path's last segment has an extension (a file: `/favicon.svg`, `/products.data`). */
function hasExtension(pathname: string): boolean {
  return /\.[^/]*$/.test(pathname);
}
