import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiRefusal, readApiJson } from "~/lib/api";
import { updateBooking } from "~/models/bookings/booking-edit.server";
import { API_OVER_REASON } from "~/models/bookings/staff-capacity.server";
import { requireStaff } from "~/models/staff/staff-auth.server";

/**
 * POST /api/general/updatebooking (a booking object with order_id, optional arrival_window) →
 * {status, message, warning?} (staff only). A move past a day's capacity is made, with the warning.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request, "api");
  // The fields themselves are checked by the model's schema, shared with the page.
  const body = await readApiJson(request, z.record(z.string(), z.unknown()));
  // The API has no reason field: a move past a day's capacity is recorded as booked through it.
  const result = await updateBooking(
    Number(body.order_id ?? body.ID),
    { ...body, over_reason: API_OVER_REASON },
    user.username,
  );
  if (!result.ok) return apiRefusal(result);
  return Response.json({
    status: true,
    message: "Booking updated",
    warning: result.fullDayWarning ? "That day was already full" : undefined,
  });
}
