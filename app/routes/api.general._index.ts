import type { LoaderFunctionArgs } from "@remix-run/node";
import { countOrders } from "~/models/checkout/order.server";
import { countProducts } from "~/models/catalogue/product.server";
import { countQuotes } from "~/models/quotes/quote.server";
import { requireStaff } from "~/models/staff/staff-auth.server";

/** GET /api/general → {order, products, quotes} (staff only). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "api");
  const [order, products, quotes] = await Promise.all([
    countOrders(),
    countProducts(),
    countQuotes(),
  ]);
  return Response.json({ order, products, quotes });
}
