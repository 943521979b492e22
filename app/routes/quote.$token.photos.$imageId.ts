import type { LoaderFunctionArgs } from "@remix-run/node";
import { linkMissResponse } from "~/models/customer-links/customer-link.server";
import { offerPhoto } from "~/models/quotes/quote-offer.server";
import { isServablePhoto, photoThumbnail } from "~/services/images.server";
import { askedPhotoWidth, privatePhotoResponse } from "~/lib/photo-response";

/**
 * GET /quote/{token}/photos/{image id} — a photo of the quote, for the holder
 * of its link while the quote is open or booked (`?w=160` for a thumbnail).
 * A miss counts towards the address's limit of quote links that found nothing.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const photo = await offerPhoto(params.token ?? "", (params.imageId ?? "").toLowerCase());
  if (!photo || !isServablePhoto(photo.content_type, photo.bytes))
    return linkMissResponse(context.clientIp, "Photo not found");
  const width = askedPhotoWidth(request.url);
  return privatePhotoResponse(width ? await photoThumbnail(photo.bytes, width) : photo.bytes);
}
