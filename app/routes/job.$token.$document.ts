import type { LoaderFunctionArgs } from "@remix-run/node";
import { jobDocumentForCustomer } from "~/models/job-day/job-customer-page.server";
import { JOB_DOCUMENT_KINDS, type JobDocumentKind } from "~/models/job-day/job-documents.server";
import { linkMissResponse } from "~/models/customer-links/customer-link.server";
import { pdfResponse } from "~/services/pdf.server";

/**
 * GET /job/{token}/waste-transfer-note.pdf and /job/{token}/receipt.pdf — a
 * completed job's documents, for the holder of its link (only a miss counts).
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const kind = (params.document ?? "").replace(/\.pdf$/, "") as JobDocumentKind;
  const pdf =
    params.document?.endsWith(".pdf") && JOB_DOCUMENT_KINDS.includes(kind)
      ? await jobDocumentForCustomer(params.token ?? "", kind)
      : undefined;
  if (!pdf) return linkMissResponse(context.clientIp, "Document not found");
  return pdfResponse(pdf, "inline", { "Referrer-Policy": "same-origin" });
}
