import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireLinkLookupAllowed, offerPdf, recordLinkMiss } from "~/models/quote-offer.server";

/** GET /quote/{token}/pdf — the open quote as a PDF, for the holder of its link (a miss counts). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  await requireLinkLookupAllowed(context.clientIp);
  const pdf = await offerPdf(params.token ?? "");
  if (!pdf) {
    await recordLinkMiss(context.clientIp);
    return new Response("This quote is not open: see its page for why.", { status: 404 });
  }
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${pdf.filename}"`,
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "same-origin",
    },
  });
}
