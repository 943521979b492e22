import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { readApiJson } from "~/lib/api";
import { withApiBusinessFlag } from "~/lib/business";
import { createManualBooking } from "~/models/bookings/staff-booking.server";
import { API_OVER_REASON } from "~/models/bookings/staff-capacity.server";
import { requireStaff } from "~/models/staff/staff-auth.server";

/**
 * POST /api/orders/custom-order (the manual booking fields) → {data: message} (staff only).
 * Optional business_name and sic_code book it for a business; optional notes are for the crew;
 * optional arrival_window (morning, afternoon, evening or any), else the first window that fits.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request, "api");
  // The fields themselves are checked by the model's schema, shared with the page.
  const body = await readApiJson(request, z.record(z.string(), z.unknown()));
  const values = Object.fromEntries(
    Object.entries(body).map(([k, v]) => [k, typeof v === "number" ? String(v) : v]),
  );
  // The API has no reason field: a booking past a day's capacity is recorded as booked through it.
  const result = await createManualBooking(
    withApiBusinessFlag({ ...values, over_reason: API_OVER_REASON }),
    user.username,
    // The /api prices a booking as a whole (order_price), as the spec's manual booking form did.
    { pricing: "order_price" },
  );
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
