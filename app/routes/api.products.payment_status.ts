import type { LoaderFunctionArgs } from "@remix-run/node";
import { cachedPaymentStatus } from "~/models/payments/payment-status.server";

/**
 * GET /api/products/payment_status?id={session_id} → {status} (completes a
 * paid order, as /payment does). Answers are reused for a few seconds, and
 * an id that is not a session id is answered 404 without asking the gateway.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const id = new URL(request.url).searchParams.get("id") ?? "";
  const payment = id ? await cachedPaymentStatus(id) : null;
  if (!payment)
    return Response.json({ status: "not_found", message: "Payment not found" }, { status: 404 });
  return Response.json(
    { status: payment.status },
    { status: payment.status === "unavailable" ? 503 : 200 },
  );
}
