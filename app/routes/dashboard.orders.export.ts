import type { LoaderFunctionArgs } from "@remix-run/node";
import { todayInLondon } from "~/lib/london-clock.server";
import { ordersCsv } from "~/models/checkout/order.server";
import { requireStaff } from "~/models/staff/staff-auth.server";

/** GET /dashboard/orders/export?… — the current order search as CSV. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const q = new URL(request.url).searchParams;
  const csv = await ordersCsv({
    name: q.get("name"),
    productName: q.get("product_name"),
    email: q.get("email"),
    orderId: q.get("order_id"),
    status: q.get("status"),
  });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${todayInLondon()}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
