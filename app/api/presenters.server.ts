import { penceToPounds } from "~/lib/format";
import type { Product } from "~/models/catalogue/product.server";

/**
 * How the /api routes (app/routes/api.*) present our records: the spec's
 * field names and pound numbers. Kept beside those routes, not in lib,
 * because it reads the models' types.
 */

/** A product as /api clients read it (docs/api.md#rows): pound numbers, the /api field names. */
export function toApiProduct(product: Product) {
  return {
    ID: product.id,
    product_name: product.name,
    product_price: penceToPounds(product.pricePence),
    product_description: product.description,
    product_category: product.category,
    img_url: product.imageId,
    inside_dismantle_price: penceToPounds(product.insideDismantlePence),
    inside_no_dismantle_price: penceToPounds(product.insideNoDismantlePence),
    outside_price: penceToPounds(product.outsidePence),
  };
}
