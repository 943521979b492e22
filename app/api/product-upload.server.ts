import { apiError, apiRefusal } from "~/lib/api";
import { formValues } from "~/lib/forms";
import { PRODUCT_MESSAGES } from "~/lib/messages";
import {
  PRODUCT_UPLOAD_LIMITS,
  receiveProductImage,
  type ProductSaveResult,
  type ReceivedProductImage,
} from "~/models/catalogue/product-form.server";
import type { Product } from "~/models/catalogue/product.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { receiveUpload } from "~/services/uploads.server";

/** A product form's multipart body received with the product limits (the staff pages and the /api). */
export function receiveProductUpload(request: Request) {
  return receiveUpload(request, PRODUCT_UPLOAD_LIMITS, receiveProductImage);
}

/**
 * The /api product saves (upload, updateProduct): staff only, POST, a multipart body received
 * with the product limits, then the save answered in the spec's JSON.
 */
export async function answerProductUpload(
  request: Request,
  save: (
    values: Record<string, string>,
    images: ReceivedProductImage[],
  ) => Promise<ProductSaveResult | Response>,
  saved: (product: Product) => Response,
  what: "create" | "update",
): Promise<Response> {
  await requireStaff(request, "api");
  if (request.method !== "POST") return apiError(405, "Use POST");
  const upload = await receiveProductUpload(request);
  if (!upload.ok)
    return Response.json({ status: false, message: upload.message }, { status: upload.status });
  try {
    const result = await save(formValues(upload.fields), upload.files);
    if (result instanceof Response) return result;
    return result.ok ? saved(result.product) : apiRefusal(result);
  } catch (error) {
    console.error(`${what} product failed`, error);
    return Response.json({ status: false, message: PRODUCT_MESSAGES.failed }, { status: 500 });
  }
}
