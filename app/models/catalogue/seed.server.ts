import { productIllustrations } from "~/seed/illustrations";
import { seedProducts } from "~/seed/products";
import { preparedDemoImages, svgKey } from "~/services/demo-images.server";
import { processProductImage, type ProcessedImage } from "~/services/images.server";
import { createProduct } from "./product-admin.server";
import { addSettingIfAbsent, getSetting, setSetting } from "../shop/settings.server";
import { SERVICE_AREA_SETTING } from "../shop/service-area.server";
import { DEMO_SERVICE_AREA } from "~/seed/service-area";
import { seedDemoContent } from "../shop/site-content.server";

const SEEDED_KEY = "demo_catalogue_seeded_at";

/**
 * Fills an empty shop with the demo catalogue, the demo business's area served and its demo
 * figures and reviews, once. The flag in settings
 * means a second start never seeds again, even if staff later remove every
 * product.
 */
export async function seedDemoCatalogue(): Promise<{ seeded: boolean; products: number }> {
  if (await getSetting(SEEDED_KEY)) return { seeded: false, products: 0 };
  const images = await demoCatalogueImages();
  for (const [i, product] of seedProducts.entries()) await createProduct(product, images[i]!);
  // The demo business's area, unless staff have set one already.
  await addSettingIfAbsent(SERVICE_AREA_SETTING, DEMO_SERVICE_AREA.join(" "));
  // The demo figures and reviews: marked demo, for the owner to replace (docs/rules.md#content).
  await seedDemoContent();
  await setSetting(SEEDED_KEY, new Date().toISOString());
  return { seeded: true, products: seedProducts.length };
}

/**
 * Each seed product's image, in catalogue order: as the build prepared it, else encoded now (an
 * illustration changed since the build, or no build made them: `npm run dev`).
 */
async function demoCatalogueImages(): Promise<ProcessedImage[]> {
  const prepared = preparedDemoImages();
  const svgs = seedProducts.map((product) => {
    const svg = productIllustrations[product.illustration];
    if (!svg) throw new Error(`Seed illustration missing: ${product.illustration}`);
    return svg;
  });
  const missing = svgs.filter((svg) => !prepared.has(svgKey(svg))).length;
  if (missing > 0)
    console.log(
      `[seed] preparing ${missing} demo images (up to a minute; \`npm run build\` prepares them ahead)`,
    );
  const images: ProcessedImage[] = [];
  for (const svg of svgs)
    images.push(prepared.get(svgKey(svg)) ?? (await processProductImage(Buffer.from(svg, "utf8"))));
  return images;
}
