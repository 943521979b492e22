import { sql } from "kysely";
import { resolveCategory } from "~/lib/categories";
import { db, likeContains } from "~/services/db.server";
import { processProductImage, type ProcessedImage } from "~/services/images.server";
import type { ProductCategory } from "~/services/schema";
import { listImageVariants, saveProcessedImage } from "./image.server";

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

export const PUBLIC_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 100;

export function imageUrl(imageId: string): string {
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

export function cleanSearch(value: string | null | undefined): string {
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

export function clampPage(value: unknown): number {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 100_000) : 1;
}

export function clampLimit(value: unknown, fallback = PUBLIC_PAGE_SIZE): number {
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
