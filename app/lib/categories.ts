import { PRODUCT_CATEGORIES, type ProductCategory } from "~/lib/domain";

export { PRODUCT_CATEGORIES, type ProductCategory };

/**
 * The home page's category tiles (docs/rules.md#content). Each links to
 * /products?product_category={title}; two titles are not category names
 * ("All Services" means no filter, "Garden Removal" is the tile's short name
 * for Garden Waste Removal), so resolveCategory maps them.
 */
export const CATEGORY_TILES = [
  { title: "All Services", illustration: "/illustrations/services/home-removal.svg" },
  {
    title: "Sofa & Chair Removal",
    illustration: "/illustrations/services/sofa-and-chair-removal.svg",
  },
  {
    title: "Old Batteries Removal",
    illustration: "/illustrations/services/old-batteries-removal.svg",
  },
  { title: "Office Removal", illustration: "/illustrations/services/office-removal.svg" },
  { title: "Garden Removal", illustration: "/illustrations/services/garden-waste-removal.svg" },
  { title: "Furniture Removal", illustration: "/illustrations/services/furniture-removal.svg" },
  { title: "Fridge Removal", illustration: "/illustrations/services/fridge-removal.svg" },
  { title: "Electronic Removal", illustration: "/illustrations/services/electronic-removal.svg" },
  { title: "Home Removal", illustration: "/illustrations/services/home-removal.svg" },
] as const;

export function categoryHref(title: string): string {
  return `/products?product_category=${encodeURIComponent(title)}`;
}

// A Map, not an object: a query such as "__proto__" or "constructor" must find nothing.
const ALIASES = new Map<string, ProductCategory | null>([
  ["all services", null],
  ["garden removal", "Garden Waste Removal"],
]);

/**
 * A category query value → the category to filter by: null for no filter,
 * undefined for a value that names no category (an empty grid, not an error).
 */
export function resolveCategory(
  value: string | null | undefined,
): ProductCategory | null | undefined {
  const wanted = (value ?? "").trim().toLowerCase();
  if (wanted === "") return null;
  if (ALIASES.has(wanted)) return ALIASES.get(wanted);
  return PRODUCT_CATEGORIES.find((c) => c.toLowerCase() === wanted);
}
