import type { LoaderFunctionArgs } from "@remix-run/node";
import { jobPhoto } from "~/models/job-day/job-customer-page.server";
import { linkMissResponse } from "~/models/customer-links/customer-link.server";
import { isServablePhoto, photoThumbnail } from "~/services/images.server";
import { askedPhotoWidth, privatePhotoResponse } from "~/lib/photo-response";

/**
 * GET /job/{token}/photos/{image id} — a before or after photo of a completed
 * job, for the holder of its link (`?w=320` for a thumbnail). A miss counts
 * towards the address's limit of links that found nothing.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const photo = await jobPhoto(params.token ?? "", (params.imageId ?? "").toLowerCase());
  if (!photo || !isServablePhoto(photo.content_type, photo.bytes))
    return linkMissResponse(context.clientIp, "Photo not found");
  const width = askedPhotoWidth(request.url);
  return privatePhotoResponse(width ? await photoThumbnail(photo.bytes, width) : photo.bytes);
}
