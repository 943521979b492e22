import type { ActionFunctionArgs } from "@remix-run/node";
import { apiError } from "~/lib/api";
import { parseId } from "~/lib/ids";
import { PRODUCT_MESSAGES } from "~/lib/messages";
import { retireOrDeleteProduct } from "~/models/catalogue/product-admin.server";
import { requireStaff } from "~/models/staff/staff-auth.server";

/**
 * DELETE /api/products/deleteProduct/{id} → {status, message} (staff only).
 * A product that appears in orders is retired (kept for those orders), one
 * never ordered is erased; either way it leaves the shop. `outcome` says which.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireStaff(request, "api");
  if (request.method !== "DELETE") return apiError(405, "Use DELETE");
  const id = parseId(params.id);
  try {
    const result = id === undefined ? undefined : await retireOrDeleteProduct(id);
    if (!result)
      return Response.json({ status: false, message: "Product not found" }, { status: 404 });
    return Response.json({
      status: true,
      message: PRODUCT_MESSAGES.deleted,
      outcome: result.outcome,
    });
  } catch (error) {
    console.error("delete product failed", error);
    return Response.json(
      { status: false, message: PRODUCT_MESSAGES.deleteFailed },
      { status: 500 },
    );
  }
}

export function loader() {
  return apiError(405, "Use DELETE");
}
