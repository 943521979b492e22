import type { LoaderFunctionArgs } from "@remix-run/node";
import sharp from "sharp";
import { getQuotePhoto } from "~/models/quote.server";
import { requireStaff } from "~/services/auth.server";

/**
 * GET /api/products/quotes-img/{name} — a customer's quote photo, for
 * signed-in staff only (401 for anyone else). `?w=320` gives a thumbnail.
 * HEIC that browsers cannot show is offered as a download.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "api");
  const photo = await getQuotePhoto((params.name ?? "").replace(/\.\w+$/, "").toLowerCase());
  if (!photo) return Response.json({ status: false, message: "Photo not found" }, { status: 404 });
  const headers: Record<string, string> = {
    "Cache-Control": "private, max-age=86400",
    "Content-Type": photo.content_type,
  };
  if (photo.content_type !== "image/jpeg") {
    const name = (photo.original_filename ?? "photo.heic").replace(/[^\w.-]+/g, "_");
    headers["Content-Disposition"] = `attachment; filename="${name}"`;
    return new Response(new Uint8Array(photo.bytes), { headers });
  }
  const width = Number(new URL(request.url).searchParams.get("w"));
  if (width >= 64 && width <= 1024) {
    const thumb = await sharp(photo.bytes)
      .resize({ width, withoutEnlargement: true })
      .jpeg({ quality: 75 })
      .toBuffer();
    return new Response(new Uint8Array(thumb), { headers });
  }
  return new Response(new Uint8Array(photo.bytes), { headers });
}
