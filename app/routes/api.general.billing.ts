import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { readApiJson } from "~/lib/api";
import { penceToPounds } from "~/lib/format";
import { orderContact } from "~/models/checkout/order.server";
import { getBooking } from "~/models/bookings/booking-edit.server";
import { requireStaff } from "~/models/staff/staff-auth.server";

const billingBody = z.object({
  order_ids: z
    .array(
      z.looseObject({
        ID: z.coerce
          .number()
          .int()
          .positive()
          .max(2 ** 31),
      }),
    )
    .max(500, "Ask for at most 500 orders at a time"),
});

/** POST /api/general/billing {order_ids:[{ID, booking_status}]} → billing details per order (staff only). */
export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request, "api");
  const body = await readApiJson(request, billingBody);
  const ids = body.order_ids.map((o) => o.ID);
  const bookings = (await Promise.all(ids.map((id) => getBooking(id)))).filter(
    (b) => b !== undefined,
  );
  return Response.json(
    bookings.map((b) => ({
      order_id: b.orderId,
      date: b.date,
      ...orderContact(b),
      price: penceToPounds(b.totalPence),
      payment_method: b.paymentMethod,
      status: b.status,
      booking_status: b.booking_status,
    })),
  );
}
