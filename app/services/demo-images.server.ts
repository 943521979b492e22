import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { processProductImage, type EncodedImage, type ProcessedImage } from "./images.server";
import { seaModule } from "./sea.server";

/**
 * The demo catalogue's images, encoded when the shop is built rather than at its first start
 * (about 30 s of one core): `npm run build` writes them to build/demo-images/
 * (scripts/prepare-demo-images.mjs) and the single executable carries the same files as SEA
 * assets under `demo-images/`. Each is found by the SHA-256 of the SVG it was made from, so an
 * illustration changed since the build is encoded afresh at the first start instead.
 * See docs/decisions/040-demo-images-at-build-time.md.
 */

export const DEMO_IMAGES_FOLDER = "demo-images";
const MANIFEST = "manifest.json";

interface StoredImage extends Omit<EncodedImage, "bytes"> {
  file: string;
}
/** manifest.json: for each SVG's SHA-256, the files of its processed image. */
type Manifest = Record<string, { original: StoredImage; variants: StoredImage[] }>;

export function svgKey(svg: string): string {
  return crypto.createHash("sha256").update(svg, "utf8").digest("hex");
}

/** Encodes each SVG as a product image and writes the files and their manifest into `dir`. */
export async function writeDemoImages(dir: string, svgs: readonly string[]): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  const manifest: Manifest = {};
  for (const svg of new Set(svgs)) {
    const key = svgKey(svg);
    const image = await processProductImage(Buffer.from(svg, "utf8"));
    const store = (encoded: EncodedImage, name: string): StoredImage => {
      const file = `${key.slice(0, 16)}-${name}.${encoded.contentType.split("/")[1]}`;
      fs.writeFileSync(path.join(dir, file), encoded.bytes);
      const { bytes: _bytes, ...described } = encoded;
      return { ...described, file };
    };
    manifest[key] = {
      original: store(image.original, "original"),
      variants: image.variants.map((variant) => store(variant, `w${variant.width}`)),
    };
  }
  fs.writeFileSync(path.join(dir, MANIFEST), JSON.stringify(manifest));
}

/** Reads a file of the prepared images: from `folder`, the executable's assets, or build/. */
function reader(folder?: string): ((file: string) => Buffer) | undefined {
  if (folder) return (file) => fs.readFileSync(path.join(folder, file));
  const sea = seaModule();
  if (sea) return (file) => Buffer.from(sea.getAsset(`${DEMO_IMAGES_FOLDER}/${file}`));
  const url = import.meta.url as string | undefined;
  if (!url) return undefined;
  // build/server.js and build/index.js sit in build/; this file, under tests, in app/services/.
  const here = path.dirname(fileURLToPath(url));
  const dir = [
    path.join(here, DEMO_IMAGES_FOLDER),
    path.join(here, "..", "..", "build", DEMO_IMAGES_FOLDER),
  ].find((candidate) => fs.existsSync(path.join(candidate, MANIFEST)));
  return dir ? (file) => fs.readFileSync(path.join(dir, file)) : undefined;
}

/**
 * The prepared images (the build's, or those written to `folder`), by the SHA-256 of their SVG;
 * empty when the build has none (`npm run dev` before a full build).
 */
export function preparedDemoImages(folder?: string): Map<string, ProcessedImage> {
  const prepared = new Map<string, ProcessedImage>();
  const read = reader(folder);
  if (!read) return prepared;
  let manifest: Manifest;
  try {
    manifest = JSON.parse(read(MANIFEST).toString("utf8")) as Manifest;
  } catch {
    return prepared;
  }
  const load = ({ file, ...described }: StoredImage): EncodedImage => ({
    ...described,
    bytes: read(file),
  });
  for (const [key, entry] of Object.entries(manifest))
    prepared.set(key, { original: load(entry.original), variants: entry.variants.map(load) });
  return prepared;
}
