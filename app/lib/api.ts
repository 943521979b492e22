import type { z } from "zod";
import type { Product } from "~/models/product.server";
import { penceToPounds } from "./format";

/** A product as the spec's /api clients read it (§3): pound numbers, spec field names. */
export function toApiProduct(product: Product) {
  return {
    ID: product.id,
    product_name: product.name,
    product_price: penceToPounds(product.pricePence),
    product_description: product.description,
    product_category: product.category,
    img_url: product.imageId,
    inside_dismantle_price: penceToPounds(product.insideDismantlePence),
    inside_no_dismantle_price: penceToPounds(product.insideNoDismantlePence),
    outside_price: penceToPounds(product.outsidePence),
  };
}

/** JSON errors of the /api routes: `{ message }` with the status. */
export function apiError(status: number, message: string): Response {
  return Response.json({ message }, { status });
}

/**
 * The JSON body of an /api call, checked by its schema. Anything else
 * (not JSON, `null`, an array where an object belongs, wrong types) is
 * thrown as a 400 naming the first problem, never a 500.
 */
export async function readApiJson<T extends z.ZodType>(
  request: Request,
  schema: T,
): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch (error) {
    // The server's own refusal (a body over its cap) passes through as it is.
    if (error instanceof Response) throw error;
    throw apiError(400, "Please send a JSON body.");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
    throw apiError(400, `${where}${issue?.message ?? "Invalid request body"}`);
  }
  return parsed.data;
}
