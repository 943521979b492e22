import type { LoaderFunctionArgs } from "@remix-run/node";
import { penceToPounds } from "~/lib/format";
import { orderSearchFrom, searchOrders } from "~/models/checkout/order.server";
import { requireStaff } from "~/models/staff/staff-auth.server";

/** GET /api/orders?name=&product_name=&email=&order_id=&status=&limit=&page= (staff only). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "api");
  const { orders } = await searchOrders(orderSearchFrom(new URL(request.url).searchParams));
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
