import crypto from "node:crypto";
import type { Server } from "node:http";
import path from "node:path";
import {
  broadcastDevReady,
  createReadableStreamFromReadable,
  createRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { lifecycleOf, type AppLifecycle } from "./lifecycle";
import { precompressedAssets } from "./static-assets";
import {
  bodyHasControlCharacters,
  bodyPolicy,
  BodyTooLarge,
  bodyType,
  BROKEN_FORM_MESSAGE,
  CONTROL_CHARACTERS_MESSAGE,
  limitStream,
  readBody,
  requestKind,
  tooLargeMessage,
  urlHasControlCharacters,
} from "./request-guard";

/**
 * The production web server: static files, compression, security headers,
 * request log, then Remix. Start-up work (config, migrations, first staff
 * user, seed) lives in the app and is reached through the build.
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
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      console.log(
        `${req.method} ${req.originalUrl.split("?")[0]} ${res.statusCode} ${ms.toFixed(1)}ms`,
      );
      // While stopping, a connection is closed as soon as its last response is out.
      if (shuttingDown) setImmediate(() => server?.closeIdleConnections());
    });
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

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'", "https://checkout.stripe.com"],
          scriptSrc: [
            "'self'",
            (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce as string}'`,
            "https://js.stripe.com",
          ],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "https://*.stripe.com"],
          fontSrc: ["'self'"],
          connectSrc: isDevelopment
            ? [
                "'self'",
                "https://api.stripe.com",
                "https://checkout.stripe.com",
                "ws://localhost:*",
              ]
            : ["'self'", "https://api.stripe.com", "https://checkout.stripe.com"],
          frameSrc: [
            "https://js.stripe.com",
            "https://hooks.stripe.com",
            "https://checkout.stripe.com",
          ],
        },
      },
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
  app.use(express.static(publicDir, { maxAge: "1h", index: false }));
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
      work = serveRemix(req, res, handleRemix);
      inFlight.add(work);
      await work;
    } catch (error) {
      next(error);
    } finally {
      if (work) inFlight.delete(work);
    }
  });

  server = app.listen(config.port, config.host, () => {
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

function getLoadContext(req: express.Request, res: express.Response): AppLoadContext {
  // req.ip honours X-Forwarded-For only from a trusted proxy (TRUST_PROXY).
  return { cspNonce: res.locals.cspNonce as string, clientIp: req.ip ?? "unknown" };
}

/** Whether a small multipart body is well formed (a broken one would fail inside the route). */
async function multipartParses(req: express.Request, body: Buffer): Promise<boolean> {
  try {
    await new Request("http://local/", {
      method: "POST",
      headers: { "Content-Type": req.get("content-type") ?? "" },
      body: new Uint8Array(body),
    }).formData();
    return true;
  } catch {
    return false;
  }
}

/** The Fetch Request Remix sees: this request's URL and headers, with the body given. */
function remixRequest(
  req: express.Request,
  res: express.Response,
  method: string,
  body?: BodyInit | ReadableStream<Uint8Array>,
): Request {
  // req.hostname honours X-Forwarded-Host from trusted proxies; the port comes from the Host header.
  const port = (req.get("host") ?? "").split(":")[1];
  const url = new URL(
    `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`,
  );
  const controller = new AbortController();
  // Abort loaders and actions once no response can be written (closed before finishing).
  let finished = false;
  res.on("finish", () => (finished = true));
  res.on("close", () => {
    if (!finished) controller.abort();
  });
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  return new Request(url.href, {
    method,
    headers,
    signal: controller.signal,
    ...(body === undefined ? {} : { body, duplex: "half" }),
  } as RequestInit);
}

async function sendResponse(res: express.Response, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    // Set, not append, so a route's own Cache-Control replaces the server's default.
    if (key === "set-cookie") res.append(key, value);
    else res.setHeader(key, value);
  }
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/**
 * Hands a request to Remix once its body is known to be acceptable: small
 * bodies are read here (capped, checked for control characters); upload
 * routes stream theirs, capped. A refused page post is answered with the
 * page itself and the reason; an /api row gets JSON; Remix's own data
 * requests get the refusal through Remix.
 */
async function serveRemix(
  req: express.Request,
  res: express.Response,
  handle: ReturnType<typeof createRequestHandler>,
): Promise<void> {
  const context = getLoadContext(req, res);
  const pathname = req.path;
  const kind = requestKind(pathname);

  const refuse = async (status: 400 | 413 | 415, message: string) => {
    // Only a browser's own form post (it asks for HTML) is answered with the page again.
    const wantsPage = kind === "document" && (req.get("accept") ?? "").includes("text/html");
    if (kind === "api" || (kind === "document" && !wantsPage)) {
      res.status(status).json({ status: false, message });
      return;
    }
    if (kind === "data" && !["GET", "HEAD"].includes(req.method)) {
      // The action reading this body throws the refusal, and Remix sends it to the page.
      const failing = new ReadableStream<Uint8Array>({
        start: (controller) => controller.error(new Response(message, { status })),
      });
      return sendResponse(res, await handle(remixRequest(req, res, req.method, failing), context));
    }
    if (["GET", "HEAD"].includes(req.method)) {
      res.status(status).type("text/plain").send(message);
      return;
    }
    // The page is shown again (not the action's answer) with the reason at the top.
    context.requestNotice = { status, message };
    return sendResponse(res, await handle(remixRequest(req, res, "GET"), context));
  };

  if (urlHasControlCharacters(req.originalUrl)) return refuse(400, CONTROL_CHARACTERS_MESSAGE);
  if (["GET", "HEAD"].includes(req.method))
    return sendResponse(res, await handle(remixRequest(req, res, req.method), context));

  const type = bodyType(req);
  if (type === "none") {
    if (kind === "api")
      return sendResponse(res, await handle(remixRequest(req, res, req.method), context));
    // A page post with no body is an empty form (its action answers what is missing).
    const empty = remixRequest(req, res, req.method, "");
    empty.headers.set("Content-Type", "application/x-www-form-urlencoded");
    return sendResponse(res, await handle(empty, context));
  }
  const policy = bodyPolicy(pathname, type);
  if ("refuse" in policy) return refuse(policy.refuse, policy.message);

  if (!policy.buffer) {
    const declared = Number(req.get("content-length"));
    if (Number.isFinite(declared) && declared > policy.limit)
      return refuse(413, tooLargeMessage(policy.limit));
    const refusal = () =>
      kind === "api"
        ? Response.json(
            { status: false, message: tooLargeMessage(policy.limit) },
            { status: 413, headers: { Connection: "close" } },
          )
        : new Response(tooLargeMessage(policy.limit), { status: 413 });
    const body = limitStream(createReadableStreamFromReadable(req), policy.limit, refusal);
    return sendResponse(res, await handle(remixRequest(req, res, req.method, body), context));
  }

  let body: Buffer;
  try {
    body = await readBody(req, policy.limit);
  } catch (error) {
    if (error instanceof BodyTooLarge) return refuse(413, error.message);
    throw error;
  }
  // Webhook bodies are signed as they are; everything else is checked.
  if (!pathname.startsWith("/webhooks/") && bodyHasControlCharacters(type, body))
    return refuse(400, CONTROL_CHARACTERS_MESSAGE);
  if (type === "multipart" && !(await multipartParses(req, body)))
    return refuse(400, BROKEN_FORM_MESSAGE);
  return sendResponse(
    res,
    await handle(remixRequest(req, res, req.method, new Uint8Array(body)), context),
  );
}
