import type { LoaderFunctionArgs } from "@remix-run/node";
import { toApiProduct } from "~/api/presenters.server";
import { apiError } from "~/lib/api";
import { parseId } from "~/lib/ids";
import { getProduct } from "~/models/catalogue/product.server";

/** GET /api/products/products/{id} — one product, or 404 JSON. */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  const product = id === undefined ? undefined : await getProduct(id);
  if (!product) return apiError(404, "Product not found");
  return Response.json(toApiProduct(product));
}
