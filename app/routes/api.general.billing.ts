import type { ActionFunctionArgs } from "@remix-run/node";
import { penceToPounds } from "~/lib/format";
import { getBooking } from "~/models/booking.server";
import { requireStaff } from "~/services/auth.server";

/** POST /api/general/billing {order_ids:[{ID, booking_status}]} → billing details per order (staff only). */
export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request, "api");
  const body = (await request.json().catch(() => ({}))) as { order_ids?: { ID?: unknown }[] };
  const ids = Array.isArray(body.order_ids)
    ? body.order_ids.map((o) => Number(o?.ID)).filter(Number.isSafeInteger)
    : [];
  const bookings = (await Promise.all(ids.slice(0, 500).map((id) => getBooking(id)))).filter(
    (b) => b !== undefined,
  );
  return Response.json(
    bookings.map((b) => ({
      order_id: b.orderId,
      date: b.date,
      full_name: b.full_name,
      email: b.email,
      phone_number: b.phone_number,
      address_1: b.address_1,
      town: b.town,
      postcode: b.postcode,
      price: penceToPounds(b.totalPence),
      payment_method: b.paymentMethod,
      status: b.status,
      booking_status: b.booking_status,
    })),
  );
}
