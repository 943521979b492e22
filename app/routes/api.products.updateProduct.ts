import type { ActionFunctionArgs } from "@remix-run/node";
import { answerProductUpload } from "~/api/product-upload.server";
import { toApiProduct } from "~/api/presenters.server";
import { apiError } from "~/lib/api";
import { updateProductFromInput } from "~/models/catalogue/product-admin.server";

/**
 * POST /api/products/updateProduct (multipart: ID plus the fields that
 * change, optionally a new `image`) → {status, message, product} (staff only).
 * Fields not sent keep their value; fields sent empty are refused.
 */
export async function action({ request }: ActionFunctionArgs) {
  return answerProductUpload(
    request,
    (values, images) => {
      const id = /^\d{1,12}$/.test(values.ID?.trim() ?? "") ? Number(values.ID) : NaN;
      if (!Number.isSafeInteger(id))
        return Promise.resolve(
          Response.json(
            { status: false, message: "Please send the product's ID" },
            { status: 400 },
          ),
        );
      return updateProductFromInput(id, values, images);
    },
    (product) =>
      Response.json({ status: true, message: "Product updated", product: toApiProduct(product) }),
    "update",
  );
}

export function loader() {
  return apiError(405, "Use POST");
}
