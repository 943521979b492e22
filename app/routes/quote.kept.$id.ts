import type { LoaderFunctionArgs } from "@remix-run/node";
import { isFormToken, keptPhotoImage } from "~/models/quotes/pending-uploads.server";
import { linkMissResponse } from "~/models/customer-links/customer-link.server";
import { isServablePhoto, photoThumbnail } from "~/services/images.server";
import { privatePhotoResponse } from "~/lib/photo-response";

/**
 * GET /quote/kept/{id}?form={form token} — the thumbnail of a photo the quote form kept from its
 * last try, for that form only: the id alone shows nothing. A miss counts towards the address's
 * limit of links that found nothing, as a quote link's does.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("form");
  const photo = isFormToken(token)
    ? await keptPhotoImage({ form: "quote", token }, params.id ?? "")
    : undefined;
  if (!photo || !isServablePhoto(photo.content_type, photo.bytes))
    return linkMissResponse(context.clientIp, "Photo not found");
  return privatePhotoResponse(await photoThumbnail(photo.bytes, 240));
}
