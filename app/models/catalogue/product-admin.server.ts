import { PRODUCT_MESSAGES } from "~/lib/messages";
import { wasteFactColumns } from "~/lib/waste-facts";
import { db } from "~/services/db.server";
import { processProductImage, type ProcessedImage } from "~/services/images.server";
import { deleteUnusedImages, saveProcessedImage } from "./image.server";
import {
  LOAD_INPUT_FIELDS,
  PRODUCT_INPUT_FIELDS,
  productFailure,
  WASTE_INPUT_FIELDS,
  productFormValues,
  toProductFields,
  validateProductInput,
  withTickedCodes,
  type ProductSaveResult,
  type ReceivedProductImage,
} from "./product-form.server";
import { getProduct, isProductId, type ProductFields } from "./product.server";

/**
 * Staff change the catalogue: add a product (the seed too), change one, take one out of the
 * shop. Reading products is in product.server.ts, what the form accepts in product-form.server.ts.
 */

/** A product's fields as its table's columns. */
function productColumns(fields: ProductFields) {
  return {
    name: fields.name.trim(),
    description: fields.description.trim(),
    category: fields.category,
    price_pence: fields.pricePence,
    inside_dismantle_pence: fields.insideDismantlePence,
    inside_no_dismantle_pence: fields.insideNoDismantlePence,
    outside_pence: fields.outsidePence,
    waste_description: fields.waste.wasteDescription,
    low_code: fields.waste.lowCode,
    pops: fields.waste.pops ? (1 as const) : (0 as const),
    hazardous: fields.waste.hazardous ? (1 as const) : (0 as const),
    load_hundredths: fields.loadHundredths,
    handling_minutes: fields.handlingMinutes,
    ...wasteFactColumns(fields.wasteFacts),
  };
}

function notFound(): ProductSaveResult {
  return { ok: false, status: 404, message: "Product not found", errors: {} };
}

/**
 * Creates a product with its image (re-encoded, with WebP variants) in one
 * transaction. Pass raw bytes, or an image already processed (the seed
 * encodes in parallel, then inserts in catalogue order).
 */
export async function createProduct(fields: ProductFields, image: Uint8Array | ProcessedImage) {
  const processed = image instanceof Uint8Array ? await processProductImage(image) : image;
  return db()
    .transaction()
    .execute(async (trx) => {
      const imageId = await saveProcessedImage(trx, processed);
      return trx
        .insertInto("products")
        .values({ ...productColumns(fields), image_id: imageId })
        .returning(["id", "name", "image_id"])
        .executeTakeFirstOrThrow();
    });
}

/** Staff add a product: every field and at least one image (JPEG, PNG or SVG, 5MB at most). */
export async function createProductFromInput(
  values: Record<string, unknown>,
  images: readonly ReceivedProductImage[],
): Promise<ProductSaveResult> {
  const { parsed, errors, image, wasteClass, wasteFacts, load } = validateProductInput(
    withTickedCodes(values),
    images,
  );
  if (!image && !errors.image) errors.image = PRODUCT_MESSAGES.imageRequired;
  if (!parsed.success || !image || Object.keys(errors).length > 0) return productFailure(errors);
  const row = await createProduct(
    toProductFields(parsed.data, wasteClass, load, wasteFacts),
    image,
  );
  const product = await getProduct(row.id);
  if (!product) throw new Error(`product ${row.id} vanished after insert`);
  return { ok: true, product };
}

/**
 * Staff change a product. Fields that are not sent keep their value (the
 * /api sends only what changed); fields sent empty are refused, and so is a
 * waste class emptied once given (docs/rules.md#waste-classes). A new image
 * replaces the old one, which is removed if nothing else uses it (orders
 * keep theirs). Orders already placed keep their own copy of name and price.
 */
export async function updateProductFromInput(
  id: number,
  values: Record<string, unknown>,
  images: readonly ReceivedProductImage[],
): Promise<ProductSaveResult> {
  const current = await getProduct(id);
  if (!current) return notFound();
  const merged = { ...productFormValues(current) } as Record<string, unknown>;
  const sent = withTickedCodes(values);
  for (const key of [...PRODUCT_INPUT_FIELDS, ...WASTE_INPUT_FIELDS, ...LOAD_INPUT_FIELDS])
    if (key in sent) merged[key] = sent[key];
  // The staff form leaves an unticked box out: it means off, not "keep".
  if ("waste_form" in values)
    for (const flag of ["pops", "hazardous"]) merged[flag] = values[flag] ?? "";
  // An /api client that sends no waste field keeps the product's facts as they are.
  const wasteSent = WASTE_INPUT_FIELDS.some((key) => key in sent) || "waste_form" in sent;
  const { parsed, errors, image, wasteClass, wasteFacts, load } = validateProductInput(
    merged,
    images,
    current.waste.lowCode !== "",
    wasteSent ? undefined : current.wasteFacts,
  );
  if (!parsed.success || Object.keys(errors).length > 0) return productFailure(errors);
  const fields = toProductFields(parsed.data, wasteClass, load, wasteFacts);
  await db()
    .transaction()
    .execute(async (trx) => {
      const imageId = image ? await saveProcessedImage(trx, image) : current.imageId;
      await trx
        .updateTable("products")
        .set({ ...productColumns(fields), image_id: imageId, updated_at: new Date().toISOString() })
        .where("id", "=", id)
        .execute();
      if (imageId !== current.imageId) await deleteUnusedImages(trx, [current.imageId]);
    });
  const product = await getProduct(id);
  if (!product) return notFound();
  return { ok: true, product };
}

/**
 * Takes a product out of the shop. One that appears in any order is retired
 * (kept, with retired_at set), so every order still shows what was bought;
 * one that was never ordered is erased, with its image if nothing else uses
 * it. undefined: no such product on sale.
 */
export async function retireOrDeleteProduct(
  id: number,
): Promise<{ outcome: "retired" | "deleted"; name: string } | undefined> {
  if (!isProductId(id)) return undefined;
  return db()
    .transaction()
    .execute(async (trx) => {
      const product = await trx
        .selectFrom("products")
        .select(["id", "name", "image_id"])
        .where("id", "=", id)
        .where("retired_at", "is", null)
        .executeTakeFirst();
      if (!product) return undefined;
      const ordered = await trx
        .selectFrom("order_items")
        .select("id")
        .where("product_id", "=", id)
        .limit(1)
        .executeTakeFirst();
      const now = new Date().toISOString();
      if (ordered) {
        await trx
          .updateTable("products")
          .set({ retired_at: now, updated_at: now })
          .where("id", "=", id)
          .execute();
        return { outcome: "retired" as const, name: product.name };
      }
      await trx.deleteFrom("products").where("id", "=", id).execute();
      await deleteUnusedImages(trx, [product.image_id]);
      return { outcome: "deleted" as const, name: product.name };
    });
}
