import type { LoaderFunctionArgs } from "@remix-run/node";
import { countLinkLookup, offerPdf } from "~/models/quote-offer.server";

/** GET /quote/{token}/pdf — the open quote as a PDF, for the holder of its link. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const lookup = await countLinkLookup(context.clientIp);
  if (!lookup.allowed)
    return new Response(lookup.message, {
      status: 429,
      headers: { "Retry-After": String(lookup.retryAfterSeconds) },
    });
  const pdf = await offerPdf(params.token ?? "");
  if (!pdf) return new Response("This quote is no longer open.", { status: 404 });
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${pdf.filename}"`,
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "same-origin",
    },
  });
}
