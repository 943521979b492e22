import fs from "node:fs";
import path from "node:path";
import type express from "express";

/**
 * The build's hashed assets as compressed at build time (scripts/compress-assets.mjs): a request
 * that accepts brotli gets `file.br`, one that accepts gzip `file.gz`, with the original's type and
 * `Vary: Accept-Encoding`. Anything else (no such file, no pre-compressed copy, identity only, a
 * path that leaves the folder) falls through to express.static, which sends the file as it is.
 * The compression middleware leaves a response that already has a Content-Encoding alone.
 */
export function precompressedAssets(
  dir: string,
  cache: { maxAgeSeconds: number; immutable: boolean },
): express.RequestHandler {
  const root = path.resolve(dir);
  // What exists is fixed for the life of a build: look once per path.
  const known = new Map<string, { br: boolean; gz: boolean }>();
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let relative: string;
    try {
      relative = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.resolve(root, `.${path.posix.normalize(`/${relative}`)}`);
    if (!file.startsWith(`${root}${path.sep}`) || relative.includes("\0")) return next();
    let copies = known.get(file);
    if (!copies) {
      // Only real files are remembered: made-up paths cannot grow the map.
      if (!fs.existsSync(file)) return next();
      copies = { br: fs.existsSync(`${file}.br`), gz: fs.existsSync(`${file}.gz`) };
      known.set(file, copies);
    }
    // Brotli whenever the browser takes it (browsers list gzip first, with the same weight).
    const encoding =
      copies.br && req.acceptsEncodings("br") === "br"
        ? "br"
        : copies.gz && req.acceptsEncodings("gzip") === "gzip"
          ? "gzip"
          : null;
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    res.type(path.extname(file));
    res.setHeader("Content-Encoding", encoding);
    // Relative to the folder: `send` checks for dot-folders in the path it is given, and the
    // single executable unpacks its files under a `.haulbook-cache` folder.
    res.sendFile(
      `${path.relative(root, file)}.${encoding === "br" ? "br" : "gz"}`,
      { root, maxAge: cache.maxAgeSeconds * 1000, immutable: cache.immutable, dotfiles: "deny" },
      (error) => {
        if (!error) return;
        // Gone since the first look (a rebuild in development): send the original instead.
        known.delete(file);
        if (res.headersSent) return;
        res.removeHeader("Content-Encoding");
        next();
      },
    );
  };
}
