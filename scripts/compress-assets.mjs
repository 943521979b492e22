// Pre-compresses the hashed build assets (public/build: JavaScript and CSS) once, at build time:
// a `.br` (brotli, quality 11) and a `.gz` (gzip, level 9) beside each file that they make smaller.
// The server sends them as they are (server/static-assets.ts), so no request pays for compressing
// a file that never changes. Remix empties public/build on each build, so none is ever stale.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const dir = path.join(root, "public", "build");
const COMPRESSIBLE = /\.(js|css|map|json|svg|txt)$/;

function* files(folder) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
let before = 0;
let brBytes = 0;
let gzBytes = 0;
const started = performance.now();
for (const file of files(dir)) {
  const bytes = fs.readFileSync(file);
  const br = zlib.brotliCompressSync(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gz = zlib.gzipSync(bytes, { level: 9 });
  // Only where it helps: a tiny file can grow when compressed.
  if (br.length < bytes.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < bytes.length) fs.writeFileSync(`${file}.gz`, gz);
  count += 1;
  before += bytes.length;
  brBytes += Math.min(br.length, bytes.length);
  gzBytes += Math.min(gz.length, bytes.length);
}
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(
  `compressed ${count} build assets in ${(performance.now() - started).toFixed(0)} ms: ${kb(before)} → brotli ${kb(brBytes)}, gzip ${kb(gzBytes)}`,
);
