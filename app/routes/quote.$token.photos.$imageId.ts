import type { LoaderFunctionArgs } from "@remix-run/node";
import { linkPhotoResponse } from "~/models/customer-links/customer-link.server";
import { offerPhoto } from "~/models/quotes/quote-offer.server";

/**
 * GET /quote/{token}/photos/{image id} — a photo of the quote, for the holder
 * of its link while the quote is open or booked (`?w=160` for a thumbnail).
 * A miss counts towards the address's limit of quote links that found nothing.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const photo = await offerPhoto(params.token ?? "", (params.imageId ?? "").toLowerCase());
  return linkPhotoResponse(photo, request, context.clientIp);
}
