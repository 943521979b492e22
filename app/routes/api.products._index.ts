import type { LoaderFunctionArgs } from "@remix-run/node";
import { toApiProduct } from "~/api/presenters.server";
import { SHARED_PAGE_HEADER } from "~/lib/headers";
import { listAllProducts, listProducts } from "~/models/catalogue/product.server";

/**
 * GET /api/products/ — all products; ?product_name= filters by name;
 * ?product_category=&page=&limit= pages through a category (12 a page by default).
 * The catalogue is the same for everyone: the server keeps one copy of each answer (decision 029).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const filtered = ["product_name", "product_category", "page", "limit"].some((key) =>
    params.has(key),
  );
  const shared = { [SHARED_PAGE_HEADER]: "1" };
  if (!filtered)
    return Response.json((await listAllProducts()).map(toApiProduct), { headers: shared });
  const result = await listProducts({
    name: params.get("product_name"),
    category: params.get("product_category"),
    page: Number(params.get("page") ?? 1),
    limit: Number(params.get("limit") ?? undefined),
  });
  return Response.json(result.products.map(toApiProduct), {
    headers: {
      ...shared,
      "X-Total-Count": String(result.total),
      "X-Page": String(result.page),
      "X-Page-Count": String(result.pageCount),
    },
  });
}
