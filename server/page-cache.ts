import crypto from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { inlineScriptHashes } from "./content-security";

/**
 * Shared public pages (docs/decisions/029-shared-page-cache.md): a page a route marks as the same
 * for every visitor without a bag or a session is rendered once per key and generation, kept here
 * with its brotli and gzip bytes, and sent as it is, with a strong ETag, until what it shows
 * changes. Which requests share a page, and the generation, are the app's rules
 * (app/models/shop/shared-pages.server.ts); this module only keeps and sends the copies.
 */

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Compression levels chosen by measurement (decision 029). A page as it is rendered: on the 70 KB
 * home page brotli 5 takes 1.3 ms for 15.7 KB where 4 gives 16.2 KB and 7 takes 6.9 ms for 15.6 KB;
 * gzip 6 takes 0.8 ms for 17.1 KB. A shared copy is first sent at those levels, then compressed
 * again, one copy at a time and away from any request, to the smallest there is: brotli 11
 * (13.6 KB, 64 ms) and gzip 9.
 */
export interface Levels {
  brotli: number;
  gzip: number;
}
export const COMPRESSION: { quick: Levels; smallest: Levels } = {
  quick: { brotli: 5, gzip: 6 },
  smallest: { brotli: 11, gzip: 9 },
};

export type Encoding = "br" | "gzip" | "identity";

/** Whether an Accept-Encoding list takes a coding (by name or `*`, with a weight above 0). */
function accepts(list: string, coding: string): boolean {
  let wildcard = false;
  for (const item of list.split(",")) {
    const [name = "", ...params] = item.split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const token = name.trim().toLowerCase();
    if (token === coding) return weight > 0;
    if (token === "*") wildcard = weight > 0;
  }
  return wildcard;
}

/** The coding to answer with: brotli whenever it is taken (browsers list gzip first, equally weighted), then gzip. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  if (accepts(acceptEncoding, "br")) return "br";
  if (accepts(acceptEncoding, "gzip")) return "gzip";
  return "identity";
}

/** A body compressed in one go (off the main thread), at the given brotli quality or gzip level. */
export async function compressBody(
  body: Buffer,
  encoding: Encoding,
  level: Levels,
): Promise<Buffer> {
  if (encoding === "br")
    return brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: level.brotli,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
  if (encoding === "gzip") return gzip(body, { level: level.gzip });
  return body;
}

export interface SharedPage {
  /** the generation it was rendered in; another generation's request renders it again */
  version: string;
  /** what every answer carries: the security headers, its CSP (by hashes), type, Vary, Cache-Control */
  headers: OutgoingHttpHeaders;
  /** the strong validator of its content; each coding (and level) gets its own suffix */
  etag: string;
  bodies: Record<Encoding, Buffer>;
  /** how its brotli and gzip bytes were compressed */
  levels: Levels;
}

/** Response headers a kept copy must not repeat: per connection, or set again for each answer. */
const NOT_KEPT = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "date",
  "etag",
]);

/**
 * A shared copy of a rendered page: its nonce taken out (the policy names the page's inline
 * scripts by hash instead, so no nonce is ever sent twice), compressed once at the smallest size.
 */
export async function makeSharedPage(options: {
  /** the page's HTML (or an /api row's JSON) */
  text: string;
  nonce: string;
  headers: OutgoingHttpHeaders;
  version: string;
  policy: (inlineScripts: string[]) => string;
}): Promise<SharedPage> {
  const { nonce, version } = options;
  const html = nonce === "" ? options.text : options.text.replaceAll(` nonce="${nonce}"`, "");
  const identity = Buffer.from(html);
  const levels = COMPRESSION.quick;
  const [br, gz] = await Promise.all([
    compressBody(identity, "br", levels),
    compressBody(identity, "gzip", levels),
  ]);
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(options.headers))
    if (value !== undefined && !NOT_KEPT.has(name.toLowerCase())) headers[name] = value;
  headers["content-security-policy"] = options.policy(inlineScriptHashes(html));
  // Kept by the browser, asked about again each time (a bag added since changes the page).
  headers["cache-control"] = "private, no-cache";
  headers["vary"] = "Accept-Encoding, Cookie";
  const etag = crypto.createHash("sha256").update(identity).digest("base64url").slice(0, 32);
  return { version, headers, etag, bodies: { identity, br, gzip: gz }, levels };
}

/** The same page at the smallest compression. */
async function smallest(page: SharedPage): Promise<SharedPage> {
  const levels = COMPRESSION.smallest;
  const [br, gzip] = await Promise.all([
    compressBody(page.bodies.identity, "br", levels),
    compressBody(page.bodies.identity, "gzip", levels),
  ]);
  return { ...page, bodies: { identity: page.bodies.identity, br, gzip }, levels };
}

/** A coding's ETag: other bytes, another tag (`"…-br11"`, `"…-gz6"`, none for identity). */
export function etagOf(page: SharedPage, encoding: Encoding): string {
  const suffix =
    encoding === "br"
      ? `-br${page.levels.brotli}`
      : encoding === "gzip"
        ? `-gz${page.levels.gzip}`
        : "";
  return `"${page.etag}${suffix}"`;
}

/** Whether If-None-Match names this ETag (or is `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}

/** Answers with a shared copy: 304 when the browser holds this coding of it, else its bytes. */
export function sendSharedPage(req: IncomingMessage, res: ServerResponse, page: SharedPage): void {
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  const etag = etagOf(page, encoding);
  if (matches(req.headers["if-none-match"], etag)) {
    const { "content-type": _type, ...headers } = page.headers;
    res.writeHead(304, { ...headers, etag });
    res.end();
    return;
  }
  const body = page.bodies[encoding];
  res.writeHead(200, {
    ...page.headers,
    etag,
    "content-length": body.length,
    ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

/** What a request for a shareable page finds. */
export type Lookup =
  | { found: SharedPage }
  /** another request is rendering it: wait for that one */
  | { wait: Promise<SharedPage | null> }
  /**
   * render it; with a lead, `finish` it so the requests waiting get the copy or render their own
   * (none when the address answers a page that is not shared, or the request cannot lead)
   */
  | { render: Lead | null };

export interface Lead {
  key: string;
  version: string;
  /**
   * The copy; or "own" when the address answered a page that is not shared (not marked, not a
   * 200), remembered for the generation; or null when rendering failed or the visitor left.
   */
  finish(result: SharedPage | "own" | null): void;
}

/**
 * The kept copies, least recently used first out past `maxBytes`. One request renders a missing
 * page; the others asking for it meanwhile wait for that one. Addresses whose page turned out not
 * to be shareable are remembered (per generation) so they are not waited on again.
 */
export class SharedPageStore {
  private pages = new Map<string, SharedPage>();
  private rendering = new Map<string, Promise<SharedPage | null>>();
  private own = new Map<string, string>();
  private bytes = 0;
  /** copies still at the quick levels, oldest first; compressed again one at a time */
  private toShrink = new Set<string>();
  private shrinking: Promise<void> | null = null;
  private readonly limits: { maxBytes: number; maxOwn: number };

  constructor(limits: { maxBytes: number; maxOwn: number }) {
    this.limits = limits;
  }

  /** What a request finds; only a GET leads (a HEAD's answer has no page to keep). */
  lookup(key: string, version: string, canLead: boolean): Lookup {
    const page = this.pages.get(key);
    if (page?.version === version) {
      // Most recently used last.
      this.pages.delete(key);
      this.pages.set(key, page);
      return { found: page };
    }
    if (this.own.get(key) === version) return { render: null };
    const pending = this.rendering.get(`${version} ${key}`);
    if (pending) return { wait: pending };
    if (!canLead) return { render: null };
    let finish!: (page: SharedPage | null) => void;
    const promise = new Promise<SharedPage | null>((resolve) => (finish = resolve));
    const id = `${version} ${key}`;
    this.rendering.set(id, promise);
    return {
      render: {
        key,
        version,
        finish: (result) => {
          if (this.rendering.get(id) !== promise) return;
          this.rendering.delete(id);
          if (result === "own") this.remember(key, version);
          else if (result) this.keep(key, result);
          finish(result === "own" ? null : result);
        },
      },
    };
  }

  /** Copies kept, and their bytes (every coding). */
  get size(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.bytes };
  }

  /** Settles once every copy kept so far is at the smallest compression. */
  async shrunk(): Promise<void> {
    while (this.shrinking) await this.shrinking;
  }

  private keep(key: string, page: SharedPage): void {
    this.drop(key);
    const size = pageBytes(page);
    if (size > this.limits.maxBytes) return;
    this.pages.set(key, page);
    this.bytes += size;
    this.evict();
    if (this.pages.get(key) === page && page.levels !== COMPRESSION.smallest) {
      this.toShrink.add(key);
      this.shrinking ??= this.shrink().finally(() => (this.shrinking = null));
    }
  }

  /** One copy at a time, so a burst of new pages takes one core, not every one. */
  private async shrink(): Promise<void> {
    for (const key of this.toShrink) {
      this.toShrink.delete(key);
      const page = this.pages.get(key);
      if (!page || page.levels === COMPRESSION.smallest) continue;
      try {
        const small = await smallest(page);
        // Replaced or dropped meanwhile: the newer copy has its own turn.
        if (this.pages.get(key) === page) {
          this.pages.set(key, small);
          this.bytes += pageBytes(small) - pageBytes(page);
          this.evict();
        }
      } catch (error) {
        console.error(error);
      }
    }
  }

  /** Least recently used first, until the copies fit. */
  private evict(): void {
    for (const oldest of this.pages.keys()) {
      if (this.bytes <= this.limits.maxBytes) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= pageBytes(page);
  }

  private remember(key: string, version: string): void {
    this.drop(key);
    this.own.delete(key);
    this.own.set(key, version);
    if (this.own.size > this.limits.maxOwn) this.own.delete(this.own.keys().next().value!);
  }
}

function pageBytes(page: SharedPage): number {
  return page.bodies.identity.length + page.bodies.br.length + page.bodies.gzip.length;
}
