import type { Product } from "~/models/product.server";
import { penceToPounds } from "./format";

/** A product as the spec's /api clients read it (§3): pound numbers, spec field names. */
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

/** JSON errors of the /api routes: `{ message }` with the status. */
export function apiError(status: number, message: string): Response {
  return Response.json({ message }, { status });
}
