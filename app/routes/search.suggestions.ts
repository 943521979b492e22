import type { LoaderFunctionArgs } from "@remix-run/node";
import { suggestProductNames } from "~/models/catalogue/product.server";

/** GET /search/suggestions?q= — product names for the header's live suggestions. */
export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const suggestions = await suggestProductNames(q, 8);
  return Response.json({ suggestions }, { headers: { "Cache-Control": "public, max-age=60" } });
}
