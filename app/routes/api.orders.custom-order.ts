import type { ActionFunctionArgs } from "@remix-run/node";
import { createManualBooking } from "~/models/booking.server";
import { requireStaff } from "~/services/auth.server";

/** POST /api/orders/custom-order (the manual booking fields) → {data: message} (staff only). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request, "api");
  const body = (await request.json().catch(() => ({}))) as Record<string, unknown>;
  const values = Object.fromEntries(
    Object.entries(body).map(([k, v]) => [k, typeof v === "number" ? String(v) : v]),
  );
  const result = await createManualBooking(values, user.username);
  if (!result.ok)
    return Response.json({ data: result.message, errors: result.errors }, { status: 400 });
  return Response.json(
    {
      data: result.fullDayWarning
        ? "Booking created (that day was already full)"
        : "Booking created",
      order_id: result.orderId,
    },
    { status: 201 },
  );
}
