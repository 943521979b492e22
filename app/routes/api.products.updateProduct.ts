import type { ActionFunctionArgs } from "@remix-run/node";
import { toApiProduct } from "~/api/presenters.server";
import { apiError } from "~/lib/api";
import { formValues } from "~/lib/forms";
import { PRODUCT_MESSAGES } from "~/lib/messages";
import { updateProductFromInput } from "~/models/product-admin.server";
import { PRODUCT_UPLOAD_LIMITS, receiveProductImage } from "~/models/product-form.server";
import { requireStaff } from "~/models/staff-auth.server";
import { receiveUpload } from "~/services/uploads.server";

/**
 * POST /api/products/updateProduct (multipart: ID plus the fields that
 * change, optionally a new `image`) → {status, message, product} (staff only).
 * Fields not sent keep their value; fields sent empty are refused.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request, "api");
  if (request.method !== "POST") return apiError(405, "Use POST");
  const upload = await receiveUpload(request, PRODUCT_UPLOAD_LIMITS, receiveProductImage);
  if (!upload.ok)
    return Response.json({ status: false, message: upload.message }, { status: upload.status });
  const values = formValues(upload.fields);
  const id = /^\d{1,12}$/.test(values.ID?.trim() ?? "") ? Number(values.ID) : NaN;
  if (!Number.isSafeInteger(id))
    return Response.json(
      { status: false, message: "Please send the product's ID" },
      { status: 400 },
    );
  try {
    const result = await updateProductFromInput(id, values, upload.files);
    if (!result.ok)
      return Response.json(
        { status: false, message: result.message, errors: result.errors },
        { status: result.status },
      );
    return Response.json({
      status: true,
      message: "Product updated",
      product: toApiProduct(result.product),
    });
  } catch (error) {
    console.error("update product failed", error);
    return Response.json({ status: false, message: PRODUCT_MESSAGES.failed }, { status: 500 });
  }
}

export function loader() {
  return apiError(405, "Use POST");
}
