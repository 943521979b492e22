import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportFilename, wasteTransfersJson } from "~/lib/waste-export";
import { checkTransferRange, wasteTransfers } from "~/models/job-day/waste-export.server";
import { requireStaff } from "~/models/staff/staff-auth.server";

/** GET /dashboard/transfers/export.json?from=…&to=… — the range's waste lines as JSON. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const q = new URL(request.url).searchParams;
  const range = checkTransferRange({ from: q.get("from"), to: q.get("to") });
  if (!range.ok) throw new Response(range.message, { status: 400 });
  const body = wasteTransfersJson(range, await wasteTransfers(range));
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFilename(range, "json")}"`,
      "Cache-Control": "no-store",
    },
  });
}
