import type { LoaderFunctionArgs } from "@remix-run/node";
import { toApiProduct } from "~/api/presenters.server";
import { apiError } from "~/lib/api";
import { getProduct } from "~/models/product.server";

/** GET /api/products/products/{id} — one product, or 404 JSON. */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = /^\d{1,12}$/.test(params.id ?? "") ? Number(params.id) : NaN;
  const product = Number.isSafeInteger(id) ? await getProduct(id) : undefined;
  if (!product) return apiError(404, "Product not found");
  return Response.json(toApiProduct(product));
}
