import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireId } from "~/lib/ids";
import { askedPhotoWidth, privatePhotoResponse } from "~/lib/photo-response";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { ticketPhoto } from "~/models/waste-tracking/tip-run-ticket.server";
import { photoThumbnail } from "~/services/images.server";

/** GET /dashboard/tip-runs/{id}/ticket.jpg — the load's weighbridge ticket photo, staff only; `?w=` a thumbnail. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const bytes = await ticketPhoto(requireId(params.id, "Tip run not found"));
  if (!bytes) return new Response("Photo not found", { status: 404 });
  const width = askedPhotoWidth(request.url);
  return privatePhotoResponse(width ? await photoThumbnail(bytes, width) : bytes);
}
