import type { ActionFunctionArgs } from "@remix-run/node";
import { toApiProduct } from "~/api/presenters.server";
import { apiError } from "~/lib/api";
import { formValues } from "~/lib/forms";
import { PRODUCT_MESSAGES } from "~/lib/messages";
import { createProductFromInput } from "~/models/product-admin.server";
import { PRODUCT_UPLOAD_LIMITS, receiveProductImage } from "~/models/product-form.server";
import { requireStaff } from "~/models/staff-auth.server";
import { receiveUpload } from "~/services/uploads.server";

/**
 * POST /api/products/upload (multipart: the product fields of docs/api.md#rows, money
 * in pounds, plus `image` file(s)) → 201 {status, message, product} (staff only).
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request, "api");
  if (request.method !== "POST") return apiError(405, "Use POST");
  const upload = await receiveUpload(request, PRODUCT_UPLOAD_LIMITS, receiveProductImage);
  if (!upload.ok)
    return Response.json({ status: false, message: upload.message }, { status: upload.status });
  try {
    const result = await createProductFromInput(formValues(upload.fields), upload.files);
    if (!result.ok)
      return Response.json(
        { status: false, message: result.message, errors: result.errors },
        { status: result.status },
      );
    return Response.json(
      { status: true, message: PRODUCT_MESSAGES.added, product: toApiProduct(result.product) },
      { status: 201 },
    );
  } catch (error) {
    console.error("create product failed", error);
    return Response.json({ status: false, message: PRODUCT_MESSAGES.failed }, { status: 500 });
  }
}

export function loader() {
  return apiError(405, "Use POST");
}
