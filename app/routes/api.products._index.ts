import type { LoaderFunctionArgs } from "@remix-run/node";
import { toApiProduct } from "~/api/presenters.server";
import { listAllProducts, listProducts } from "~/models/product.server";

/**
 * GET /api/products/ — all products; ?product_name= filters by name;
 * ?product_category=&page=&limit= pages through a category (12 a page by default).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const filtered = ["product_name", "product_category", "page", "limit"].some((key) =>
    params.has(key),
  );
  if (!filtered) return Response.json((await listAllProducts()).map(toApiProduct));
  const result = await listProducts({
    name: params.get("product_name"),
    category: params.get("product_category"),
    page: Number(params.get("page") ?? 1),
    limit: Number(params.get("limit") ?? undefined),
  });
  return Response.json(result.products.map(toApiProduct), {
    headers: {
      "X-Total-Count": String(result.total),
      "X-Page": String(result.page),
      "X-Page-Count": String(result.pageCount),
    },
  });
}
