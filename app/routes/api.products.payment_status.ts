import type { LoaderFunctionArgs } from "@remix-run/node";
import { readPaymentStatus } from "~/models/checkout.server";

/** GET /api/products/payment_status?id={session_id} → {status} (completes a paid order, as /payment does). */
export async function loader({ request }: LoaderFunctionArgs) {
  const id = new URL(request.url).searchParams.get("id") ?? "";
  const payment = id ? await readPaymentStatus(id) : null;
  if (!payment)
    return Response.json({ status: "not_found", message: "Payment not found" }, { status: 404 });
  return Response.json(
    { status: payment.status },
    { status: payment.status === "unavailable" ? 503 : 200 },
  );
}
