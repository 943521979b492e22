import type { ActionFunctionArgs } from "@remix-run/node";
import { apiError } from "~/lib/api";
import type { CartLine } from "~/lib/cart";
import { clampQuantity, MAX_LINES } from "~/lib/cart";
import { isPosition, POSITION_LABELS, type Position } from "~/lib/positions";
import { startCheckout } from "~/models/checkout.server";
import { siteUrl } from "~/services/config.server";

const POSITION_BY_LABEL = new Map(
  Object.entries(POSITION_LABELS).map(([position, label]) => [label.toLowerCase(), position]),
);

/** A spec cart item ({id, addon: {label}, quantity, …}) → a bag line; prices in it are ignored. */
function toCartLine(item: unknown): CartLine | null {
  if (!item || typeof item !== "object") return null;
  const { id, addon, position, quantity } = item as Record<string, unknown>;
  const productId = Number(id);
  const label =
    addon && typeof addon === "object" ? (addon as Record<string, unknown>).label : undefined;
  const chosen = isPosition(position)
    ? position
    : typeof label === "string"
      ? (POSITION_BY_LABEL.get(label.trim().toLowerCase()) ?? (isPosition(label) ? label : null))
      : null;
  if (!Number.isSafeInteger(productId) || productId < 1 || !chosen) return null;
  return { id: productId, position: chosen as Position, quantity: clampQuantity(quantity) };
}

/**
 * POST /api/products/create-checkout-session/
 * {billing_infomation: {full_name, email, phone_number, address_1, town, postcode, date}, cart_items}
 * → {clientSecret} (Stripe's embedded form); with the demo gateway {clientSecret: null, url}.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiError(405, "Use POST");
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return apiError(400, "Send the checkout as JSON");
  }
  const { billing_infomation: billing, cart_items: items } = (body ?? {}) as Record<
    string,
    unknown
  >;
  if (!billing || typeof billing !== "object")
    return apiError(400, "billing_infomation is missing");
  if (!Array.isArray(items) || items.length === 0) return apiError(400, "Your bag is empty");
  if (items.length > MAX_LINES) return apiError(400, "Too many items in one checkout");
  const lines = items.map(toCartLine);
  if (lines.some((line) => line === null))
    return apiError(400, "Each cart item needs a product id and a position option");

  const result = await startCheckout({
    values: billing as Record<string, unknown>,
    lines: lines as CartLine[],
    uiMode: "embedded",
    token: null,
    siteUrl: siteUrl(request),
    clientIp: context.clientIp,
  });
  if (!result.ok)
    return Response.json(
      { message: result.message, errors: result.errors },
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
