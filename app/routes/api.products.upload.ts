import type { ActionFunctionArgs } from "@remix-run/node";
import { answerProductUpload } from "~/api/product-upload.server";
import { toApiProduct } from "~/api/presenters.server";
import { apiError } from "~/lib/api";
import { PRODUCT_MESSAGES } from "~/lib/messages";
import { createProductFromInput } from "~/models/catalogue/product-admin.server";

/**
 * POST /api/products/upload (multipart: the product fields of docs/api.md#rows, money
 * in pounds, plus `image` file(s)) → 201 {status, message, product} (staff only).
 */
export async function action({ request }: ActionFunctionArgs) {
  return answerProductUpload(
    request,
    createProductFromInput,
    (product) =>
      Response.json(
        { status: true, message: PRODUCT_MESSAGES.added, product: toApiProduct(product) },
        { status: 201 },
      ),
    "create",
  );
}

export function loader() {
  return apiError(405, "Use POST");
}
