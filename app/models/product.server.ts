import { sql } from "kysely";
import { z } from "zod";
import { resolveCategory } from "~/lib/categories";
import { penceToPounds, poundsToPence } from "~/lib/format";
import { fieldErrors } from "~/lib/forms";
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_MESSAGES } from "~/lib/messages";
import { clampPage } from "~/lib/paging";
import { db, likeContains } from "~/services/db.server";
import { processProductImage, sniffImageType, type ProcessedImage } from "~/services/images.server";
import { PRODUCT_CATEGORIES, type ProductCategory } from "~/lib/domain";
import type { UploadedFile } from "~/services/uploads.server";
import { deleteUnusedImages, listImageVariants, saveProcessedImage } from "./image.server";

export interface ProductFields {
  name: string;
  description: string;
  category: ProductCategory;
  pricePence: number;
  insideDismantlePence: number;
  insideNoDismantlePence: number;
  outsidePence: number;
}

/** How pages and the /api show a picture: the original plus WebP widths for srcset. */
export interface ProductImage {
  id: string;
  src: string;
  width: number;
  height: number;
  srcSet: string;
}

export interface Product extends ProductFields {
  id: number;
  imageId: string;
  image: ProductImage;
}

const PUBLIC_PAGE_SIZE = 12;
const MAX_PAGE_SIZE = 100;
const MAX_SEARCH_LENGTH = 100;

function imageUrl(imageId: string): string {
  return `/api/products/image/${imageId}`;
}

const PRODUCT_COLUMNS = [
  "products.id",
  "products.name",
  "products.description",
  "products.category",
  "products.price_pence",
  "products.inside_dismantle_pence",
  "products.inside_no_dismantle_pence",
  "products.outside_pence",
  "products.image_id",
  "images.width",
  "images.height",
] as const;

function baseQuery() {
  return db()
    .selectFrom("products")
    .innerJoin("images", "images.id", "products.image_id")
    .where("products.retired_at", "is", null);
}

/** What PRODUCT_COLUMNS select. */
interface Row {
  id: number;
  name: string;
  description: string;
  category: ProductCategory;
  price_pence: number;
  inside_dismantle_pence: number;
  inside_no_dismantle_pence: number;
  outside_pence: number;
  image_id: string;
  width: number | null;
  height: number | null;
}

/** Rows → products, with each image's srcset read in one query. */
async function toProducts(rows: Row[]): Promise<Product[]> {
  const variants = await listImageVariants(rows.map((r) => r.image_id));
  return rows.map((row) => {
    const mine = variants.filter((v) => v.original_id === row.image_id);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      category: row.category,
      pricePence: row.price_pence,
      insideDismantlePence: row.inside_dismantle_pence,
      insideNoDismantlePence: row.inside_no_dismantle_pence,
      outsidePence: row.outside_pence,
      imageId: row.image_id,
      image: {
        id: row.image_id,
        src: imageUrl(mine.at(-1)?.id ?? row.image_id),
        width: row.width ?? 600,
        height: row.height ?? 450,
        srcSet: mine.map((v) => `${imageUrl(v.id)} ${v.width}w`).join(", "),
      },
    };
  });
}

function cleanSearch(value: string | null | undefined): string {
  return (value ?? "").trim().replace(/\s+/g, " ").slice(0, MAX_SEARCH_LENGTH);
}

export interface ProductQuery {
  /** a category name or tile title; "All Services" or empty means all */
  category?: string | null;
  /** words to find in the name */
  name?: string | null;
  page?: number;
  limit?: number;
}

export interface ProductPage {
  products: Product[];
  total: number;
  page: number;
  pageCount: number;
  limit: number;
  category: ProductCategory | null;
  /** true when the category asked for names no category */
  unknownCategory: boolean;
  name: string;
}

function clampLimit(value: unknown, fallback = PUBLIC_PAGE_SIZE): number {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) && n >= 1 ? Math.min(n, MAX_PAGE_SIZE) : fallback;
}

/** The shop's product list: category and name combine; a page past the end is empty, never an error. */
export async function listProducts(query: ProductQuery = {}): Promise<ProductPage> {
  const resolved = resolveCategory(query.category);
  const name = cleanSearch(query.name);
  const page = clampPage(query.page);
  const limit = clampLimit(query.limit);
  const empty = { products: [], total: 0, page, pageCount: 0, limit, name };
  if (resolved === undefined) return { ...empty, category: null, unknownCategory: true };

  let filtered = baseQuery();
  if (resolved) filtered = filtered.where("products.category", "=", resolved);
  if (name)
    filtered = filtered.where(sql<boolean>`products.name LIKE ${likeContains(name)} ESCAPE '\\'`);

  const { n } = await filtered
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const total = Number(n);
  const rows = await filtered
    .select(PRODUCT_COLUMNS)
    .orderBy(sql`products.name COLLATE NOCASE`)
    .orderBy("products.id")
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return {
    products: await toProducts(rows),
    total,
    page,
    pageCount: Math.ceil(total / limit),
    limit,
    category: resolved,
    unknownCategory: false,
    name,
  };
}

/** Every product on sale (the spec's GET /api/products/ with no query). */
export async function listAllProducts(): Promise<Product[]> {
  const rows = await baseQuery()
    .select(PRODUCT_COLUMNS)
    .orderBy(sql`products.name COLLATE NOCASE`)
    .orderBy("products.id")
    .execute();
  return toProducts(rows);
}

/** One product on sale, or undefined (a retired or unknown id). */
export async function getProduct(id: number): Promise<Product | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const row = await baseQuery()
    .select(PRODUCT_COLUMNS)
    .where("products.id", "=", id)
    .executeTakeFirst();
  return row ? (await toProducts([row]))[0] : undefined;
}

/** Products by id (for pricing a bag); missing or retired ids are simply absent. */
export async function getProductsByIds(ids: readonly number[]): Promise<Map<number, Product>> {
  const unique = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0);
  if (unique.length === 0) return new Map();
  const rows = await baseQuery()
    .select(PRODUCT_COLUMNS)
    .where("products.id", "in", unique)
    .execute();
  return new Map((await toProducts(rows)).map((p) => [p.id, p]));
}

/** Products on sale with these exact names (the home picker's scene items). */
export async function getProductsByNames(names: readonly string[]): Promise<Map<string, Product>> {
  if (names.length === 0) return new Map();
  const rows = await baseQuery()
    .select(PRODUCT_COLUMNS)
    .where("products.name", "in", [...names])
    .execute();
  return new Map((await toProducts(rows)).map((p) => [p.name, p]));
}

/** Names for the header's live suggestions: prefix matches first, then anywhere in the name. */
export async function suggestProductNames(text: string, limit = 8): Promise<string[]> {
  const words = cleanSearch(text);
  if (!words) return [];
  const rows = await baseQuery()
    .select("products.name")
    .where(sql<boolean>`products.name LIKE ${likeContains(words)} ESCAPE '\\'`)
    .orderBy(
      sql`CASE WHEN products.name LIKE ${`${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} ESCAPE '\\' THEN 0 ELSE 1 END`,
    )
    .orderBy(sql`products.name COLLATE NOCASE`)
    .limit(limit)
    .execute();
  return [...new Set(rows.map((r) => r.name))];
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
        .values({
          name: fields.name.trim(),
          description: fields.description.trim(),
          category: fields.category,
          price_pence: fields.pricePence,
          inside_dismantle_pence: fields.insideDismantlePence,
          inside_no_dismantle_pence: fields.insideNoDismantlePence,
          outside_pence: fields.outsidePence,
          image_id: imageId,
        })
        .returning(["id", "name", "image_id"])
        .executeTakeFirstOrThrow();
    });
}

/** Products on sale (retired ones are kept for order history but leave the shop). */
export async function countProducts(): Promise<number> {
  const row = await db()
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("retired_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/* ───────────────────────── staff: the product admin ───────────────────────── */

const STAFF_PAGE_SIZE = 10;

/** The dashboard grid: products on sale, newest first (a new product shows at the top of page 1). */
export async function listStaffProducts(pageAsked: unknown) {
  const { n } = await baseQuery()
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const total = Number(n);
  const pageCount = Math.max(1, Math.ceil(total / STAFF_PAGE_SIZE));
  const page = Math.min(clampPage(pageAsked), pageCount);
  const rows = await baseQuery()
    .select(PRODUCT_COLUMNS)
    .orderBy("products.id", "desc")
    .limit(STAFF_PAGE_SIZE)
    .offset((page - 1) * STAFF_PAGE_SIZE)
    .execute();
  return { products: await toProducts(rows), total, page, pageCount };
}

/**
 * Limits of a product upload (docs/rules.md#request-limits: 5MB an image). Several images may be
 * sent, as the older client does; the first becomes the product's picture.
 */
export const PRODUCT_UPLOAD_LIMITS = {
  maxFileSize: PRODUCT_IMAGE_MAX_BYTES,
  maxFiles: 4,
  maxTotalBytes: 4 * PRODUCT_IMAGE_MAX_BYTES + 1024 * 1024,
  fileFields: ["image", "images"],
  messages: {
    fileTooLarge: PRODUCT_MESSAGES.imageTooLarge,
    totalTooLarge: PRODUCT_MESSAGES.imageTooLarge,
    tooManyFiles: "Please send at most 4 images.",
  },
} as const;

/** A product image after it arrived: re-encoded (SVG rasterised), or why it was refused. */
export type ReceivedProductImage =
  { name: string; image: ProcessedImage } | { name: string; error: string };

/**
 * receiveUpload's file handler: the type is decided by the bytes (JPEG, PNG or
 * SVG), never by the name or the declared type; sharp then re-encodes it.
 */
export async function receiveProductImage(file: UploadedFile): Promise<ReceivedProductImage> {
  const type = sniffImageType(file.bytes);
  if (type !== "image/jpeg" && type !== "image/png" && type !== "image/svg+xml") {
    return { name: file.name, error: PRODUCT_MESSAGES.imageType };
  }
  try {
    return { name: file.name, image: await processProductImage(file.bytes) };
  } catch {
    return {
      name: file.name,
      error: `We could not open “${file.name || "that image"}”. Please try another JPEG, PNG or SVG file.`,
    };
  }
}

const pounds = (what: string, min: number, tooLow: string) =>
  z
    .string()
    .trim()
    .min(1, `Please enter ${what}`)
    .regex(/^£?\d{1,5}(\.\d{1,2})?$/, `Please enter ${what} in pounds, such as 45 or 45.50`)
    .transform((v) => poundsToPence(Number(v.replace("£", ""))))
    .refine((p) => p >= min, tooLow);

/**
 * The product form and the /api rows, with the /api field names (docs/api.md#rows). Money is typed
 * in pounds.
 */
const productSchema = z.object({
  product_name: z
    .string()
    .trim()
    .min(1, "Please enter the product name")
    .max(120, "Please keep the name under 120 characters"),
  product_price: pounds("the price", 1, "The price must be more than £0"),
  product_description: z
    .string()
    .trim()
    .min(1, "Please enter a description")
    .max(2000, "Please keep the description under 2,000 characters"),
  product_category: z.enum(PRODUCT_CATEGORIES, { error: "Please choose a category" }),
  inside_dismantle_price: pounds("the inside, dismantling surcharge", 0, "It cannot be negative"),
  inside_no_dismantle_price: pounds(
    "the inside, no dismantling surcharge",
    0,
    "It cannot be negative",
  ),
  outside_price: pounds("the outside surcharge", 0, "It cannot be negative"),
});
export type ProductInputField = keyof typeof productSchema.shape;
export type ProductField = ProductInputField | "image";
const PRODUCT_INPUT_FIELDS = Object.keys(productSchema.shape) as ProductInputField[];

export type ProductSaveResult =
  | { ok: true; product: Product }
  | {
      ok: false;
      status: 400 | 404;
      message: string;
      errors: Partial<Record<ProductField, string>>;
    };

function validate(values: Record<string, unknown>, images: readonly ReceivedProductImage[]) {
  // A field that was not sent is treated as left empty (so it gets the same message).
  const input = Object.fromEntries(
    PRODUCT_INPUT_FIELDS.map((key) => [key, typeof values[key] === "string" ? values[key] : ""]),
  );
  const parsed = productSchema.safeParse(input);
  const errors = parsed.success ? {} : fieldErrors<ProductField>(parsed.error);
  const refused = images.find((i) => "error" in i);
  if (refused && "error" in refused) errors.image = refused.error;
  const image = images.flatMap((i) => ("image" in i ? [i.image] : []))[0];
  return { parsed, errors, image };
}

function toFields(data: z.infer<typeof productSchema>): ProductFields {
  return {
    name: data.product_name,
    description: data.product_description,
    category: data.product_category,
    pricePence: data.product_price,
    insideDismantlePence: data.inside_dismantle_price,
    insideNoDismantlePence: data.inside_no_dismantle_price,
    outsidePence: data.outside_price,
  };
}

const failure = (
  errors: Partial<Record<ProductField, string>>,
): Extract<ProductSaveResult, { ok: false }> => ({
  ok: false,
  status: 400,
  message: Object.values(errors)[0] ?? PRODUCT_MESSAGES.failed,
  errors,
});

/** Staff add a product: every field and at least one image (JPEG, PNG or SVG, 5MB at most). */
export async function createProductFromInput(
  values: Record<string, unknown>,
  images: readonly ReceivedProductImage[],
): Promise<ProductSaveResult> {
  const { parsed, errors, image } = validate(values, images);
  if (!image && !errors.image) errors.image = PRODUCT_MESSAGES.imageRequired;
  if (!parsed.success || !image || Object.keys(errors).length > 0) return failure(errors);
  const row = await createProduct(toFields(parsed.data), image);
  const product = await getProduct(row.id);
  if (!product) throw new Error(`product ${row.id} vanished after insert`);
  return { ok: true, product };
}

/** A product as the form shows it: the spec's field names, money in pounds. */
export function productFormValues(product: Product): Record<ProductInputField, string> {
  const money = (pence: number) => penceToPounds(pence).toFixed(2);
  return {
    product_name: product.name,
    product_price: money(product.pricePence),
    product_description: product.description,
    product_category: product.category,
    inside_dismantle_price: money(product.insideDismantlePence),
    inside_no_dismantle_price: money(product.insideNoDismantlePence),
    outside_price: money(product.outsidePence),
  };
}

/**
 * Staff change a product. Fields that are not sent keep their value (the
 * /api sends only what changed); fields sent empty are refused. A new image
 * replaces the old one, which is removed if nothing else uses it (orders
 * keep theirs). Orders already placed keep their own copy of name and price.
 */
export async function updateProductFromInput(
  id: number,
  values: Record<string, unknown>,
  images: readonly ReceivedProductImage[],
): Promise<ProductSaveResult> {
  const current = await getProduct(id);
  if (!current) return { ok: false, status: 404, message: "Product not found", errors: {} };
  const merged = { ...productFormValues(current) } as Record<string, unknown>;
  for (const key of PRODUCT_INPUT_FIELDS) if (key in values) merged[key] = values[key];
  const { parsed, errors, image } = validate(merged, images);
  if (!parsed.success || Object.keys(errors).length > 0) return failure(errors);
  const fields = toFields(parsed.data);
  await db()
    .transaction()
    .execute(async (trx) => {
      const imageId = image ? await saveProcessedImage(trx, image) : current.imageId;
      await trx
        .updateTable("products")
        .set({
          name: fields.name,
          description: fields.description,
          category: fields.category,
          price_pence: fields.pricePence,
          inside_dismantle_pence: fields.insideDismantlePence,
          inside_no_dismantle_pence: fields.insideNoDismantlePence,
          outside_pence: fields.outsidePence,
          image_id: imageId,
          updated_at: new Date().toISOString(),
        })
        .where("id", "=", id)
        .execute();
      if (imageId !== current.imageId) await deleteUnusedImages(trx, [current.imageId]);
    });
  const product = await getProduct(id);
  if (!product) return { ok: false, status: 404, message: "Product not found", errors: {} };
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
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
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
