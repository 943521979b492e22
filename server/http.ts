import http, {
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from "node:http";
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
import { SHARED_PAGE_HEADER } from "../app/lib/headers";
import { contentSecurityPolicy, newNonce } from "./content-security";
import { lifecycleOf, type AppLifecycle } from "./lifecycle";
import {
  chooseEncoding,
  compressBody,
  COMPRESSION,
  makeSharedPage,
  sendSharedPage,
  SharedPageStore,
  type Lead,
} from "./page-cache";
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
      work = serveRemix(req, res, handleRemix, sharedLeads.get(req));
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

// Pages and data compressed here in one go (the compression middleware, for the rest, works chunk
// by chunk and cost /products over half its throughput); only past a kilobyte.
const COMPRESSED_HERE = /^(text\/html|application\/json|text\/x-script)/;
const COMPRESS_FROM_BYTES = 1024;

async function sendResponse(res: express.Response, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    if (key === SHARED_PAGE_HEADER.toLowerCase()) continue;
    // Set, not append, so a route's own Cache-Control replaces the server's default.
    if (key === "set-cookie") res.append(key, value);
    else res.setHeader(key, value);
  }
  if (!response.body) return void res.end();
  if (
    res.req.method === "HEAD" ||
    response.headers.has("content-encoding") ||
    !COMPRESSED_HERE.test(response.headers.get("content-type") ?? "")
  )
    return writeReadableStreamToWritable(response.body, res);
  const body = Buffer.from(await response.arrayBuffer());
  const encoding =
    body.length < COMPRESS_FROM_BYTES
      ? "identity"
      : chooseEncoding(res.req.headers["accept-encoding"]);
  const sent = await compressBody(body, encoding, COMPRESSION.quick);
  res.vary("Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", sent.length);
  res.end(sent);
}

/**
 * The answer of the request that rendered a missing shared page: kept and sent from the copy when
 * the route marked it shared (a 200 page, its data for a navigation, or an /api row's JSON), else sent as it is, the address remembered as not
 * shared (or, on a server error, left to be tried again).
 */
async function shareOrSend(
  res: express.Response,
  response: Response,
  lead: Lead,
  nonce: string,
): Promise<void> {
  const shared =
    response.status === 200 &&
    response.headers.has(SHARED_PAGE_HEADER) &&
    /^(text\/html|application\/json|text\/x-script)/.test(
      response.headers.get("content-type") ?? "",
    );
  if (!shared) {
    lead.finish(response.status < 500 ? "own" : null);
    return sendResponse(res, response);
  }
  const headers: OutgoingHttpHeaders = { ...res.getHeaders() };
  for (const [key, value] of response.headers.entries())
    if (key !== "set-cookie" && key !== SHARED_PAGE_HEADER.toLowerCase()) headers[key] = value;
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  const page = await makeSharedPage({
    text: await response.text(),
    nonce,
    headers,
    version: lead.version,
    // Shared pages are never kept in development (its policy lets the live-reload socket in).
    policy: (inlineScripts) => contentSecurityPolicy(inlineScripts, false),
  });
  lead.finish(page);
  sendSharedPage(res.req, res, page);
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
  lead: Lead | undefined,
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
  if (["GET", "HEAD"].includes(req.method)) {
    const response = await handle(remixRequest(req, res, req.method), context);
    return lead
      ? shareOrSend(res, response, lead, context.cspNonce ?? "")
      : sendResponse(res, response);
  }

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
