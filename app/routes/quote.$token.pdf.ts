import type { LoaderFunctionArgs } from "@remix-run/node";
import { linkMissResponse } from "~/models/customer-links/customer-link.server";
import { offerPdf } from "~/models/quotes/quote-offer-changes.server";

/** GET /quote/{token}/pdf — the open quote as a PDF, for the holder of its link (only a miss counts). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const pdf = await offerPdf(params.token ?? "");
  if (!pdf)
    return linkMissResponse(context.clientIp, "This quote is not open: see its page for why.");
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${pdf.filename}"`,
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "same-origin",
    },
  });
}
