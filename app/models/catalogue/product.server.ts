import { sql, type Selectable, type SelectQueryBuilder } from "kysely";
import { resolveCategory } from "~/lib/categories";
import type { ProductCategory } from "~/lib/domain";
import { clampPage, pageCount } from "~/lib/paging";
import type { WasteClass } from "~/lib/waste";
import { storedWasteFacts, type WasteFacts } from "~/lib/waste-facts";
import {
  caseless,
  containsIgnoringCase,
  countRows,
  db,
  type DB,
  startsWithIgnoringCase,
} from "~/services/db.server";
import type { ImagesTable, ProductsTable } from "~/services/schema";
import { listImageVariants } from "./image.server";

/**
 * Products as the shop, the /api and the staff grid read them: the listing,
 * search and suggestions, one product or several, each with its picture's
 * srcset. Staff changes (create, update, retire) are in product-admin.server.ts,
 * what the product form accepts in product-form.server.ts.
 */

export interface ProductFields {
  name: string;
  description: string;
  category: ProductCategory;
  pricePence: number;
  insideDismantlePence: number;
  insideNoDismantlePence: number;
  outsidePence: number;
  /** what the waste transfer note prints for it (docs/rules.md#waste-classes) */
  waste: WasteClass;
  /** what Defra's waste tracking asks besides (docs/rules.md#waste-facts) */
  wasteFacts: WasteFacts;
  /** share of a van in hundredths of a cubic yard (docs/rules.md#capacity-by-load) */
  loadHundredths: number;
  /** minutes to carry it out and load it */
  handlingMinutes: number;
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

/** What the shop's pages show of a product (not its waste class, load, handling time or image ids). */
export type ProductView = Pick<
  ProductFields,
  | "name"
  | "description"
  | "category"
  | "pricePence"
  | "insideDismantlePence"
  | "insideNoDismantlePence"
  | "outsidePence"
> & { id: number; image: Omit<ProductImage, "id"> };

/** What a product card in a list shows. */
export type ProductCardView = Pick<
  ProductView,
  "id" | "name" | "description" | "pricePence" | "image"
>;

function imageView(image: ProductImage): Omit<ProductImage, "id"> {
  return { src: image.src, width: image.width, height: image.height, srcSet: image.srcSet };
}

/** A product as a page shows it: what the page needs, and no more, travels with the page. */
export function productView(p: Product): ProductView {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    category: p.category,
    pricePence: p.pricePence,
    insideDismantlePence: p.insideDismantlePence,
    insideNoDismantlePence: p.insideNoDismantlePence,
    outsidePence: p.outsidePence,
    image: imageView(p.image),
  };
}

/** A product as a card in a list shows it. */
export function productCardView(p: Product): ProductCardView {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    pricePence: p.pricePence,
    image: imageView(p.image),
  };
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
  "products.waste_description",
  "products.low_code",
  "products.pops",
  "products.hazardous",
  "products.load_hundredths",
  "products.handling_minutes",
  "products.physical_form",
  "products.container_type",
  "products.weight_grams",
  "products.pops_source",
  "products.pop_codes",
  "products.hp_codes",
  "images.width",
  "images.height",
] as const;

function baseQuery() {
  return db()
    .selectFrom("products")
    .innerJoin("images", "images.id", "products.image_id")
    .where("products.retired_at", "is", null);
}

/** The shop's order: by name in any case, then by id (so equal names keep one order). */
function inShopOrder<O>(query: SelectQueryBuilder<DB, "products" | "images", O>) {
  return query.orderBy(caseless("products.name")).orderBy("products.id");
}

/** An id a product could have: a positive whole number (anything else is no product). */
export function isProductId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}

/** What PRODUCT_COLUMNS select. */
type Row = Omit<Selectable<ProductsTable>, "retired_at" | "created_at" | "updated_at"> &
  Pick<Selectable<ImagesTable>, "width" | "height">;

type Variant = Awaited<ReturnType<typeof listImageVariants>>[number];

// An image's id is the hash of its bytes, and its WebP variants are stored with it in one
// transaction, so the variants of an original never change: they are read once per process.
// (Bounded: the cache starts over past 2,000 originals.)
const variantsByOriginal = new Map<string, Variant[]>();
const MAX_CACHED_ORIGINALS = 2000;

async function variantsOf(originalIds: readonly string[]): Promise<Map<string, Variant[]>> {
  const missing = [...new Set(originalIds)].filter((id) => !variantsByOriginal.has(id));
  if (missing.length > 0) {
    const read = new Map<string, Variant[]>(missing.map((id) => [id, []]));
    for (const v of await listImageVariants(missing)) read.get(v.original_id ?? "")?.push(v);
    if (variantsByOriginal.size + read.size > MAX_CACHED_ORIGINALS) variantsByOriginal.clear();
    // An original without variants is not remembered: nothing says it will stay that way.
    for (const [id, list] of read) if (list.length > 0) variantsByOriginal.set(id, list);
    return new Map(originalIds.map((id) => [id, variantsByOriginal.get(id) ?? read.get(id) ?? []]));
  }
  return new Map(originalIds.map((id) => [id, variantsByOriginal.get(id) ?? []]));
}

/** Rows → products, with each image's srcset (read in at most one query). */
async function toProducts(rows: Row[]): Promise<Product[]> {
  const variants = await variantsOf(rows.map((r) => r.image_id));
  return rows.map((row) => {
    const mine = variants.get(row.image_id) ?? [];
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      category: row.category,
      pricePence: row.price_pence,
      insideDismantlePence: row.inside_dismantle_pence,
      insideNoDismantlePence: row.inside_no_dismantle_pence,
      outsidePence: row.outside_pence,
      waste: {
        wasteDescription: row.waste_description,
        lowCode: row.low_code,
        pops: row.pops === 1,
        hazardous: row.hazardous === 1,
      },
      wasteFacts: storedWasteFacts(row),
      loadHundredths: row.load_hundredths,
      handlingMinutes: row.handling_minutes,
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
  if (name) filtered = filtered.where(containsIgnoringCase("products.name", name));

  const total = await countRows(filtered);
  const rows = await filtered
    .select(PRODUCT_COLUMNS)
    .$call(inShopOrder)
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
  const rows = await baseQuery().select(PRODUCT_COLUMNS).$call(inShopOrder).execute();
  return toProducts(rows);
}

/** One product on sale, or undefined (a retired or unknown id). */
export async function getProduct(id: number): Promise<Product | undefined> {
  if (!isProductId(id)) return undefined;
  const row = await baseQuery()
    .select(PRODUCT_COLUMNS)
    .where("products.id", "=", id)
    .executeTakeFirst();
  return row ? (await toProducts([row]))[0] : undefined;
}

/** Products by id (for pricing a bag); missing or retired ids are simply absent. */
export async function getProductsByIds(ids: readonly number[]): Promise<Map<number, Product>> {
  const unique = [...new Set(ids)].filter(isProductId);
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
    .where(containsIgnoringCase("products.name", words))
    .orderBy(sql`CASE WHEN ${startsWithIgnoringCase("products.name", words)} THEN 0 ELSE 1 END`)
    .orderBy(caseless("products.name"))
    .limit(limit)
    .execute();
  return [...new Set(rows.map((r) => r.name))];
}

/** Products on sale (retired ones are kept for order history but leave the shop). */
export async function countProducts(): Promise<number> {
  return countRows(db().selectFrom("products").where("retired_at", "is", null));
}

/* ───────────────────────── staff: the product grid ───────────────────────── */

const STAFF_PAGE_SIZE = 10;

/** The dashboard grid: products on sale, newest first (a new product shows at the top of page 1). */
export async function listStaffProducts(pageAsked: unknown) {
  const total = await countRows(baseQuery());
  const pages = pageCount(total, STAFF_PAGE_SIZE);
  const page = Math.min(clampPage(pageAsked), pages);
  const rows = await baseQuery()
    .select(PRODUCT_COLUMNS)
    .orderBy("products.id", "desc")
    .limit(STAFF_PAGE_SIZE)
    .offset((page - 1) * STAFF_PAGE_SIZE)
    .execute();
  return { products: await toProducts(rows), total, page, pageCount: pages };
}
