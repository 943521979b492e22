import type { OutgoingHttpHeaders } from "node:http";
import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type createRequestHandler,
} from "@remix-run/node";
import type express from "express";
import { SHARED_PAGE_HEADER } from "../app/lib/headers";
import { contentSecurityPolicy } from "./content-security";
import {
  chooseEncoding,
  compressBody,
  COMPRESSION,
  makeSharedPage,
  sendSharedPage,
  type Lead,
} from "./page-cache";
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
 * A request handed to Remix and its answer sent back: the body checked before a route reads it,
 * the Fetch Request Remix sees, pages and JSON compressed in one go, and the answer that renders a
 * missing shared page kept (server/page-cache.ts). The Express edge before it is server/http.ts.
 */

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

/** Pages, their data for the browser's own navigation, and JSON, by their Content-Type. */
const PAGE_OR_DATA = /^(text\/html|application\/json|text\/x-script)/;
// Pages and data compressed here in one go (the compression middleware, for the rest, works chunk
// by chunk and cost /products over half its throughput); only past a kilobyte.
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
    !PAGE_OR_DATA.test(response.headers.get("content-type") ?? "")
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
    PAGE_OR_DATA.test(response.headers.get("content-type") ?? "");
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
export async function serveRemix(
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
