import type { LoaderFunctionArgs } from "@remix-run/node";
import { listBookings } from "~/models/bookings/booking.server";
import { requireStaff } from "~/models/staff/staff-auth.server";

/** GET /api/general/bookings → [{date, order_id, status, booking_status}] (staff only). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "api");
  return Response.json(await listBookings());
}
