import type { LoaderFunctionArgs } from "@remix-run/node";
import { penceToPounds } from "~/lib/format";
import { searchOrders } from "~/models/order.server";
import { requireStaff } from "~/models/staff-auth.server";

/** GET /api/orders?name=&product_name=&email=&order_id=&status=&limit=&page= (staff only). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "api");
  const q = new URL(request.url).searchParams;
  const { orders } = await searchOrders({
    name: q.get("name"),
    productName: q.get("product_name"),
    email: q.get("email"),
    orderId: q.get("order_id"),
    status: q.get("status"),
    limit: Number(q.get("limit")),
    page: Number(q.get("page")),
  });
  return Response.json(
    orders.map((o) => ({
      order_id: o.id,
      order_date: o.createdAt,
      status: o.status,
      booking_status: o.bookingStatus,
      // Added (issue 18): the spec's fields above keep their values.
      cancelled: o.cancelledAt !== null,
      cancelled_at: o.cancelledAt,
      refund: o.refundPence === null ? null : penceToPounds(o.refundPence),
      date: o.collectionDate,
      billing: o.billing,
      products: o.items.map((i) => ({
        product_name: i.productName,
        product_description: i.productDescription,
        img_url: i.imageId,
        quantity: i.quantity,
        order_price: penceToPounds(i.unitPricePence * i.quantity),
      })),
    })),
  );
}
