import type { IncomingMessage } from "node:http";

/**
 * What the server accepts before any route reads a request: bodies are
 * capped while they stream (never read whole into memory first), pages take
 * only form bodies, and control characters are refused at the door.
 */

const KB = 1024;
const MB = 1024 * KB;

export const BODY_LIMITS = {
  /** urlencoded and small multipart forms: the longest field we take is 5,000 characters */
  form: 64 * KB,
  json: 256 * KB,
  /**
   * Routes that take files check their own, smaller limits while parsing
   * (quote photos 60 MB, product images ~21 MB); this is only the outer wall.
   */
  upload: 64 * MB,
} as const;

/**
 * Paths whose actions parse multipart with parseUpload (app/services/uploads.server.ts).
 * A test checks that every route calling parseUpload is matched here.
 */
export const UPLOAD_PATHS: readonly RegExp[] = [
  /^\/quote\/?$/,
  /^\/api\/products\/quotationRequest\/?$/,
  /^\/api\/products\/upload\/?$/,
  /^\/api\/products\/updateProduct\/?$/,
  /^\/dashboard\/products\/new\/?$/,
  /^\/dashboard\/products\/[^/]+\/?$/,
  /^\/dashboard\/orders\/[^/]+\/complete\/?$/,
  // a tip run's page: the weighbridge ticket's photo
  /^\/dashboard\/tip-runs\/[^/]+\/?$/,
];

/**
 * - `api`: /api rows and webhooks answer JSON themselves;
 * - `data`: Remix's own fetch of a route (`/x.data`), which must get its errors through Remix;
 * - `document`: a browser's form post, answered with the page.
 */
export type RequestKind = "api" | "data" | "document";

export function requestKind(pathname: string): RequestKind {
  if (pathname.startsWith("/api/") || pathname === "/api" || pathname.startsWith("/webhooks/"))
    return "api";
  if (pathname.endsWith(".data")) return "data";
  return "document";
}

export type BodyType = "none" | "form" | "multipart" | "json" | "other";

export function bodyType(req: IncomingMessage): BodyType {
  const length = req.headers["content-length"];
  if (!req.headers["transfer-encoding"] && (length === undefined || length === "0")) return "none";
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "multipart/form-data") return "multipart";
  if (type === "application/json" || type.endsWith("+json")) return "json";
  return "other";
}

export interface BodyPolicy {
  /** bytes; the body is refused beyond this */
  limit: number;
  /** buffered here (small bodies, checked for control characters) or streamed to the route */
  buffer: boolean;
}

/** How a request's body is taken, or why it is refused. */
export function bodyPolicy(
  pathname: string,
  type: BodyType,
): BodyPolicy | { refuse: 415; message: string } {
  const kind = requestKind(pathname);
  if (type === "multipart" && UPLOAD_PATHS.some((p) => p.test(pathname)))
    return { limit: BODY_LIMITS.upload, buffer: false };
  if (kind !== "api" && (type === "json" || type === "other"))
    return {
      refuse: 415,
      message: "Please send this form from our page (it arrived in a format we do not accept).",
    };
  return { limit: type === "json" ? BODY_LIMITS.json : BODY_LIMITS.form, buffer: true };
}

export function tooLargeMessage(limit: number): string {
  const size = limit >= MB ? `${Math.round(limit / MB)} MB` : `${Math.round(limit / KB)} KB`;
  return `That is more than we can take in one request (${size} at most). Please shorten what you typed and try again.`;
}

export const BROKEN_FORM_MESSAGE = "We could not read that form. Please try again.";

export const CONTROL_CHARACTERS_MESSAGE =
  "That contained characters we cannot accept (such as control characters). Please remove them and try again.";

// C0 controls except tab, line feed and carriage return, and DEL.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/** Whether a small body carries a control character in any value a route would read. */
export function bodyHasControlCharacters(type: BodyType, body: Buffer): boolean {
  if (type === "form") {
    for (const [key, value] of new URLSearchParams(body.toString("utf8")))
      if (hasControlCharacters(key) || hasControlCharacters(value)) return true;
    return false;
  }
  if (type === "json") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString("utf8"));
    } catch {
      return false; // the route answers bad JSON itself
    }
    const walk = (value: unknown): boolean =>
      typeof value === "string"
        ? hasControlCharacters(value)
        : Array.isArray(value)
          ? value.some(walk)
          : value !== null && typeof value === "object"
            ? Object.entries(value).some(([k, v]) => hasControlCharacters(k) || walk(v))
            : false;
    return walk(parsed);
  }
  // Multipart fields are checked by the routes' schemas; the parts' bytes may be files.
  return false;
}

/** The query string and path, decoded, carry no control characters. */
export function urlHasControlCharacters(originalUrl: string): boolean {
  try {
    return hasControlCharacters(decodeURIComponent(originalUrl.replace(/\+/g, " ")));
  } catch {
    return false; // malformed escapes are answered by the route as text
  }
}

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(tooLargeMessage(limit));
  }
}

/**
 * Reads a body up to `limit` bytes. Rejects with BodyTooLarge as soon as
 * more arrive (declared or counted), leaving the rest unread.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(new BodyTooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let seen = 0;
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit) {
        cleanup();
        req.pause();
        reject(new BodyTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

/**
 * A streamed body that fails with `refusal` past `limit` bytes. Remix
 * actions that read it then throw that Response, which Remix answers
 * (the route's error boundary, or the data request's error).
 */
export function limitStream(
  body: ReadableStream<Uint8Array>,
  limit: number,
  refusal: () => Response,
): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) controller.error(refusal());
        else controller.enqueue(chunk);
      },
    }),
  );
}
