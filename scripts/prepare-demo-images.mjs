// Part of `npm run build`: encodes the demo catalogue's images into build/demo-images/, so a new
// shop's first start only copies them (app/services/demo-images.server.ts). Encoding takes about
// 30 s of one core; the result is kept in node_modules/.cache/haulbook-demo-images/ under a hash of
// the illustrations, the encoder and sharp's version, so a rebuild that changes none of them
// copies it instead. See docs/decisions/040-demo-images-at-build-time.md.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { tsImport } from "tsx/esm/api";

const root = path.resolve(import.meta.dirname, "..");
const started = Date.now();
const { productIllustrations } = await tsImport("../app/seed/illustrations.ts", import.meta.url);
const { seedProducts } = await tsImport("../app/seed/products.ts", import.meta.url);
const svgs = seedProducts.map((product) => productIllustrations[product.illustration]);
if (svgs.some((svg) => typeof svg !== "string"))
  throw new Error("a seed product names an illustration that does not exist");

const sharpVersion = JSON.parse(
  fs.readFileSync(path.join(root, "node_modules", "sharp", "package.json"), "utf8"),
).version;
const hash = crypto.createHash("sha256");
for (const file of ["app/services/images.server.ts", "app/services/demo-images.server.ts"])
  hash.update(fs.readFileSync(path.join(root, file)));
hash.update(sharpVersion);
for (const svg of svgs) hash.update(svg);
const cacheRoot = path.join(root, "node_modules", ".cache", "haulbook-demo-images");
const cached = path.join(cacheRoot, hash.digest("hex").slice(0, 24));
const output = path.join(root, "build", "demo-images");

let made = "copied from the cache";
if (!fs.existsSync(path.join(cached, "manifest.json"))) {
  const { writeDemoImages } = await tsImport(
    "../app/services/demo-images.server.ts",
    import.meta.url,
  );
  // Written beside the cache and moved into place whole, so an interrupted build leaves none;
  // the cache keeps only the newest.
  const building = `${cacheRoot}-building-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  await writeDemoImages(building, svgs);
  fs.rmSync(cacheRoot, { recursive: true, force: true });
  fs.mkdirSync(cacheRoot, { recursive: true });
  fs.renameSync(building, cached);
  made = "encoded";
}
fs.rmSync(output, { recursive: true, force: true });
fs.cpSync(cached, output, { recursive: true });
console.log(
  `built build/demo-images (${new Set(svgs).size} images, ${made}, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
