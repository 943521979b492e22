import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireId } from "~/lib/ids";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { tipRunSheetFile } from "~/models/waste-tracking/tip-run-handoff.server";
import { pdfResponse } from "~/services/pdf.server";

/** GET /dashboard/tip-runs/{id}/sheet.pdf — the load's printable sheet, with the site's QR code. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const file = await tipRunSheetFile(requireId(params.id, "Tip run not found"));
  if (!file) return new Response("Tip run not found", { status: 404 });
  return pdfResponse(file, "inline");
}
