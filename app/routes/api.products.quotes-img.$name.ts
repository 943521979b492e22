import type { LoaderFunctionArgs } from "@remix-run/node";
import { getQuotePhoto } from "~/models/quotes/quote.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { isServablePhoto, photoThumbnail } from "~/services/images.server";

/**
 * GET /api/products/quotes-img/{name} — a customer's quote photo, for
 * signed-in staff only (401 for anyone else). `?w=320` gives a thumbnail.
 * Only JPEG that we encoded is served, never as a download and never under
 * the uploader's file name; photos kept as sent by older versions (HEIC) are
 * not served at all.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "api");
  const photo = await getQuotePhoto((params.name ?? "").replace(/\.\w+$/, "").toLowerCase());
  if (!photo) return Response.json({ status: false, message: "Photo not found" }, { status: 404 });
  if (!isServablePhoto(photo.content_type, photo.bytes)) {
    return Response.json(
      { status: false, message: "This photo was sent in a format we cannot show." },
      { status: 404 },
    );
  }
  const headers = {
    "Cache-Control": "private, max-age=86400",
    "Content-Type": "image/jpeg",
    "Content-Disposition": "inline",
  };
  const width = Number(new URL(request.url).searchParams.get("w"));
  if (width >= 64 && width <= 1024) {
    const thumb = await photoThumbnail(photo.bytes, width);
    return new Response(new Uint8Array(thumb), { headers });
  }
  return new Response(new Uint8Array(photo.bytes), { headers });
}
