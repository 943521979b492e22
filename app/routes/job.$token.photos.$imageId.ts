import type { LoaderFunctionArgs } from "@remix-run/node";
import { jobPhoto } from "~/models/job-day/job-customer-page.server";
import { linkPhotoResponse } from "~/models/customer-links/customer-link.server";

/**
 * GET /job/{token}/photos/{image id} — a before or after photo of a completed
 * job, for the holder of its link (`?w=320` for a thumbnail). A miss counts
 * towards the address's limit of links that found nothing.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const photo = await jobPhoto(params.token ?? "", (params.imageId ?? "").toLowerCase());
  return linkPhotoResponse(photo, request, context.clientIp);
}
