import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireId } from "~/lib/ids";
import { keptPhotoImage } from "~/models/quotes/pending-uploads.server";
import { requireJobInCrewReach } from "~/models/job-day/crew-reach.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { isServablePhoto, photoThumbnail } from "~/services/images.server";
import { privatePhotoResponse } from "~/lib/photo-response";

/**
 * GET /dashboard/orders/{id}/complete/kept/{kept id} — the thumbnail of a photo the "Complete
 * job" form kept from its last try, for the member of staff who sent it, on that order only.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request);
  const orderId = requireId(params.id, "Order not found");
  await requireJobInCrewReach(staff, orderId);
  const photo = await keptPhotoImage(
    { form: "job", orderId, userId: staff.id },
    params.keptId ?? "",
  );
  if (!photo || !isServablePhoto(photo.content_type, photo.bytes))
    return new Response("Photo not found", { status: 404 });
  return privatePhotoResponse(await photoThumbnail(photo.bytes, 240));
}
