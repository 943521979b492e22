import type { ActionFunctionArgs } from "@remix-run/node";
import { apiError } from "~/lib/api";
import { withApiBusinessFlag } from "~/lib/business";
import { CHECKOUT_CHECK_DETAILS } from "~/lib/messages";
import { apiCartLine, apiCheckoutSchema, startCheckout } from "~/models/checkout/checkout.server";
import { siteUrl } from "~/services/config.server";

/**
 * POST /api/products/create-checkout-session/
 * {billing_infomation: {full_name, email, phone_number, address_1, town, postcode, date}, cart_items}
 * billing_infomation may also carry business_name and sic_code (a booking for a business) and
 * notes (for the crew); without them the booking is a household's, as before.
 * → {clientSecret} (Stripe's embedded form); with the demo gateway {clientSecret: null, url}.
 * Anything invalid is refused with 400 and a message naming the field or the
 * cart line; nothing is corrected silently.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST");
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type))
    return apiError(415, "Send the checkout as JSON (Content-Type: application/json)");
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return apiError(400, "The body is not valid JSON");
  }
  const parsed = apiCheckoutSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    return apiError(400, `${where}${issue.message}`);
  }

  const result = await startCheckout({
    values: withApiBusinessFlag(parsed.data.billing_infomation),
    lines: parsed.data.cart_items.map(apiCartLine),
    uiMode: "embedded",
    token: null,
    siteUrl: siteUrl(request),
    clientIp: context.clientIp,
  });
  if (!result.ok)
    return Response.json(
      {
        // A message that names what is wrong (the page shows the same errors beside its fields).
        message:
          result.message === CHECKOUT_CHECK_DETAILS
            ? Object.entries(result.errors)
                .map(([field, message]) => `${field}: ${message}`)
                .join("; ")
            : result.message,
        errors: result.errors,
        ...(result.lineErrors ? { lines: result.lineErrors } : {}),
      },
      {
        status: result.status,
        headers: result.retryAfterSeconds
          ? { "Retry-After": String(result.retryAfterSeconds) }
          : undefined,
      },
    );
  if (result.gateway === "stripe")
    return Response.json({ clientSecret: result.session.clientSecret });
  return Response.json({ clientSecret: null, url: result.session.url });
}

export function loader() {
  return apiError(405, "Use POST");
}
