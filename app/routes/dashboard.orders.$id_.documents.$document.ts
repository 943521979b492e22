import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireId } from "~/lib/ids";
import {
  JOB_DOCUMENT_KINDS,
  orderDocument,
  type JobDocumentKind,
} from "~/models/job-day/job-documents.server";
import { requireJobInCrewReach } from "~/models/job-day/crew-reach.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { pdfResponse } from "~/services/pdf.server";

/**
 * GET /dashboard/orders/{id}/documents/waste-transfer-note.pdf (or receipt.pdf):
 * a completed job's document, for staff. Opens in the browser; `?download=1` saves it.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  const orderId = requireId(params.id, "Order not found");
  await requireJobInCrewReach(user, orderId);
  const kind = (params.document ?? "").replace(/\.pdf$/, "") as JobDocumentKind;
  const pdf =
    params.document?.endsWith(".pdf") && JOB_DOCUMENT_KINDS.includes(kind)
      ? await orderDocument(orderId, kind)
      : undefined;
  if (!pdf) return new Response("Document not found", { status: 404 });
  const download = new URL(request.url).searchParams.get("download") === "1";
  return pdfResponse(pdf, download ? "attachment" : "inline");
}
