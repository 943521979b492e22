import crypto from "node:crypto";
import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";

/**
 * The production web server: static files, compression, security headers,
 * request log, then Remix. Start-up work (config, migrations, first staff
 * user, seed) lives in the app and is reached through the build.
 */

interface AppLifecycle {
  startApp(): Promise<{ port: number; isProduction: boolean }>;
  stopApp(): Promise<void>;
}

const BUILD_PATH = path.resolve("build/index.js");
const SHUTDOWN_GRACE_MS = 10_000;
const isDevelopment = process.env.NODE_ENV === "development";

async function importBuild(): Promise<ServerBuild> {
  const { mtimeMs } = fs.statSync(BUILD_PATH);
  // A query string makes Node load a rebuilt bundle in development.
  return (await import(
    pathToFileURL(BUILD_PATH).href + (isDevelopment ? `?t=${mtimeMs}` : "")
  )) as ServerBuild;
}

function lifecycleOf(build: ServerBuild): AppLifecycle {
  return build.entry.module as unknown as AppLifecycle;
}

async function main() {
  let build = await importBuild();
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
  app.set("trust proxy", "loopback");

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
  // no Origin). Requests that carry neither (server-to-server, such as payment webhooks) pass.
  app.use((req, res, next) => {
    if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
    const origin = req.get("origin");
    const source = origin ?? req.get("referer");
    if (source === undefined) return next();
    let sourceHost = "";
    try {
      sourceHost = new URL(source).host;
    } catch {
      // "null" or garbage: refused below
    }
    if (sourceHost !== req.get("host")) {
      res.status(403).type("text/plain").send("Cross-site request refused");
      return;
    }
    next();
  });

  // Hashed build assets never change; everything else in public/ may.
  app.use(
    "/build",
    express.static("public/build", {
      immutable: true,
      maxAge: "1y",
      index: false,
      fallthrough: true,
    }),
  );
  app.use(express.static("public", { maxAge: "1h", index: false }));
  // A missing asset is a plain 404, not a rendered page.
  app.use(["/build", "/illustrations", "/favicon.ico"], (_req, res) => {
    res.status(404).type("text/plain").send("Not found");
  });

  app.all(
    "*",
    isDevelopment
      ? async (req, res, next) => {
          try {
            const latest = await importBuild();
            if (latest.assets.version !== build.assets.version) {
              build = latest;
              await broadcastDevReady(build);
            }
            return createRequestHandler({ build, mode: "development", getLoadContext })(
              req,
              res,
              next,
            );
          } catch (error) {
            next(error);
          }
        }
      : createRequestHandler({ build, mode: build.mode, getLoadContext }),
  );

  server = app.listen(config.port, () => {
    const address = server?.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    console.log(`[haulbook] listening on http://localhost:${port}`);
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
    const force = setTimeout(() => {
      console.log("[haulbook] grace period over: closing remaining connections");
      listening.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    listening.close(async () => {
      clearTimeout(force);
      await lifecycleOf(build).stopApp();
      console.log("[haulbook] stopped");
      process.exit(0);
    });
    listening.closeIdleConnections();
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

function getLoadContext(req: express.Request, res: express.Response) {
  // req.ip honours X-Forwarded-For only from a proxy on this machine ("trust proxy": loopback).
  return { cspNonce: res.locals.cspNonce as string, clientIp: req.ip ?? "unknown" };
}

void main();
