import { productIllustrations } from "~/seed/illustrations";
import { seedProducts } from "~/seed/products";
import { processProductImage, type ProcessedImage } from "~/services/images.server";
import { createProduct } from "./product-admin.server";
import { getSetting, setSetting } from "../shop/settings.server";

const SEEDED_KEY = "demo_catalogue_seeded_at";

/**
 * Fills an empty shop with the demo catalogue, once. The flag in settings
 * means a second start never seeds again, even if staff later remove every
 * product.
 */
export async function seedDemoCatalogue(): Promise<{ seeded: boolean; products: number }> {
  if (await getSetting(SEEDED_KEY)) return { seeded: false, products: 0 };
  // Encode two images at a time (CPU-bound), then insert in catalogue order so ids are stable.
  const images: ProcessedImage[] = new Array(seedProducts.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < seedProducts.length; i = next++) {
      const key = seedProducts[i]!.illustration;
      const svg = productIllustrations[key];
      if (!svg) throw new Error(`Seed illustration missing: ${key}`);
      images[i] = await processProductImage(Buffer.from(svg, "utf8"));
    }
  };
  await Promise.all([worker(), worker()]);
  for (const [i, product] of seedProducts.entries()) await createProduct(product, images[i]!);
  await setSetting(SEEDED_KEY, new Date().toISOString());
  return { seeded: true, products: seedProducts.length };
}
